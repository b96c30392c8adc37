package org.iosched.runner.cli;

import com.google.inject.Guice;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import org.iosched.api.InvalidInputException;
import org.iosched.api.WorkloadSource;
import org.iosched.runner.RunPlan;
import org.iosched.runner.RunService;
import org.iosched.runner.SetOptions;
import org.iosched.runner.plot.TimeSeriesCharts;
import org.iosched.runner.plugin.PluginModule;
import org.iosched.runner.report.FioTerseReport;
import org.iosched.runner.trace.BttSummary;
import org.iosched.runner.trace.TraceOutput;
import org.iosched.simulator.result.SimulationResult;
import org.iosched.workload.text.InputText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code iosched run JOB}: run a fio job file (or a trace) under one or more schedulers. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run a fio job file (or, with --workload replay, a trace) on a simulated device, once per"
                + " scheduler, and print fio's output.")
public final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    GlobalOptions global;

    @Mixin
    RunControlOptions runControl;

    @Parameters(index = "0", paramLabel = "JOB", description = "The fio job file (or trace file).")
    Path job;

    @Option(names = "--device", paramLabel = "NAME", defaultValue = "hdd",
            description = "Device preset (default: ${DEFAULT-VALUE}); see 'iosched list'.")
    String device;

    @Option(names = "--scheduler", paramLabel = "NAME", split = ",", defaultValue = "cfq",
            description = "Scheduler(s) to compare, comma-separated (default: ${DEFAULT-VALUE}).")
    List<String> schedulers;

    @Option(names = "--workload", paramLabel = "NAME", defaultValue = "fio",
            description = "Workload kind: fio (job file) or replay (iolog / blkparse text) (default: ${DEFAULT-VALUE}).")
    String workload;

    @Option(names = "--replay", paramLabel = "MODE",
            description = "With --workload replay: open (keep recorded times) or closed (recorded order).")
    String replayMode;

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "A tunable in sysfs units: <scheduler>.<name>, device.<name>, queue.<name>, kernel.hz, ...")
    List<String> set = new ArrayList<>();

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Run seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--output-format", paramLabel = "FORMAT", defaultValue = "normal",
            description = "normal, normal-2011, json, json+ or terse, or a comma-separated list as fio takes it"
                    + " (normal,terse) (default: ${DEFAULT-VALUE}).")
    String outputFormat;

    @Option(names = "--terse-version", paramLabel = "N", defaultValue = "3",
            description = "fio's terse layout: 2, 3, 4 or 5 (default: ${DEFAULT-VALUE}, fio 3.33's).")
    String terseVersion;

    @Option(names = "--status-interval", paramLabel = "TIME",
            description = "Print the report of the jobs so far every TIME of virtual time (fio's units: an"
                    + " integer with us, ms, s, m, h or d; seconds without a unit), then the final report.")
    String statusInterval;

    @Option(names = "--output", paramLabel = "FILE", description = "Write the report to FILE instead of stdout.")
    Path output;

    @Option(names = "--trace", paramLabel = "FILE",
            description = "Write a blkparse-style trace of every request (FILE.<scheduler> when several run).")
    Path trace;

    @Option(names = "--trace-format", paramLabel = "FORMAT", defaultValue = "text",
            description = "With --trace: text (blkparse's text in FILE), binary (blktrace's records in"
                    + " FILE.blktrace.0, for blkparse -i FILE and btt) or both (default: ${DEFAULT-VALUE}).")
    String traceFormat;

    @Option(names = "--trace-summary",
            description = "With --trace: btt's All Devices block (Q2Q, Q2G, G2I, Q2M, I2D, M2D, D2C, Q2C), their"
                    + " percentiles and seeks, in FILE.btt, also printed after a text report.")
    boolean traceSummary;

    @Option(names = "--plot", paramLabel = "DIR",
            description = "Also write PNG charts per job into DIR: bandwidth and IOPS over time (one point per"
                    + " bwavgtime/iopsavgtime window) and the clat CDF, a line per scheduler and direction.")
    Path plot;

    @Override
    public Integer call() {
        OutputSelection format = OutputSelection.parse(outputFormat, FioTerseReport.version(terseVersion));
        long statusNanos = statusInterval == null ? 0 : StatusInterval.parseNanos(statusInterval);
        TraceOutput traceOutput = TraceOutput.fromCliName(traceFormat);
        CliChecks.noEmptyNames(spec, "--scheduler", "scheduler names, e.g. cfq,deadline (see 'iosched list')");
        CliChecks.writableFile("--trace", trace);
        CliChecks.writableFile("--output", output);
        CliChecks.writableDirectory("--plot", plot);
        if (traceSummary && trace == null) {
            throw new InvalidInputException("--trace-summary", 0, "needs --trace FILE (the summary is read from the trace)");
        }
        if (traceOutput != TraceOutput.TEXT && trace == null) {
            throw new InvalidInputException("--trace-format", 0, "needs --trace FILE (the name of the trace)");
        }
        RunService service = Guice.createInjector(new PluginModule(global.discover())).getInstance(RunService.class);
        List<String> assignments = new ArrayList<>(set);
        if (replayMode != null) {
            if (!workload.equals("replay")) {
                throw new InvalidInputException("--replay", 0, "--replay needs --workload replay");
            }
            assignments.add("replay.mode=" + replayMode);
        }
        SetOptions setOptions = SetOptions.parse(assignments, service.settingOwners());
        Path logDirectory = output != null && output.toAbsolutePath().getParent() != null
                ? output.toAbsolutePath().getParent() : Path.of("").toAbsolutePath();
        RunPlan plan = service.plan(workload, readSource(job, workload.equals("replay")), device, schedulers,
                setOptions, seed, trace, logDirectory);
        try (RunControlOptions.Session session = runControl.open(spec.commandLine().getErr())) {
            session.control().planned(plan.schedulers().size());
            Map<String, List<String>> status = new ConcurrentHashMap<>();
            List<SimulationResult> results = service.run(plan, session.control(), traceOutput, statusNanos, scheduler -> {
                List<String> reports = new ArrayList<>();
                status.put(scheduler, reports);
                return snapshot -> reports.add(ResultWriter.cycle(snapshot, format));
            });
            session.beforeReport();
            ResultWriter.write(results, format, status, output, spec.commandLine().getOut(),
                    spec.commandLine().getErr());
            if (traceSummary) {
                writeTraceSummaries(plan, results, format, traceOutput);
            }
            if (plot != null) {
                writePlots(results);
            }
            return session.exitCode();
        }
    }

    private void writePlots(List<SimulationResult> results) {
        List<TimeSeriesCharts.Run> runs = new ArrayList<>(results.size());
        for (SimulationResult result : results) {
            runs.add(new TimeSeriesCharts.Run(results.size() > 1 ? result.scheduler() : "", result));
        }
        TimeSeriesCharts.write(TimeSeriesCharts.charts("", runs), plot);
    }

    private void writeTraceSummaries(RunPlan plan, List<SimulationResult> results, OutputSelection format,
                                     TraceOutput traceOutput) {
        boolean toStdout = output == null && format.textOnly();
        for (SimulationResult result : results) {
            Path tracePath = RunService.tracePath(plan, result.scheduler());
            Path summaryPath = tracePath.resolveSibling(tracePath.getFileName() + ".btt");
            try {
                String summary;
                if (traceOutput.text()) {
                    try (var reader = Files.newBufferedReader(tracePath, StandardCharsets.UTF_8)) {
                        summary = BttSummary.summarize(reader);
                    }
                } else {
                    summary = BttSummary.summarizeBinary(Files.readAllBytes(TraceOutput.binaryPath(tracePath)));
                }
                Files.writeString(summaryPath, summary, StandardCharsets.UTF_8);
                if (toStdout) {
                    spec.commandLine().getOut().print("\nbtt summary (" + result.scheduler() + "):\n" + summary);
                    spec.commandLine().getOut().flush();
                }
            } catch (IOException e) {
                throw new InvalidInputException(summaryPath.toString(), 0, "cannot write trace summary: " + e.getMessage());
            }
        }
    }

    /** Read a job file as a workload source, with the process environment for {@code ${VAR}}. */
    static WorkloadSource readSource(Path file) {
        return readSource(file, false);
    }

    /**
     * Read a job file, or with {@code trace} a trace that may be blktrace's binary records
     * ({@link InputText#decodeTrace}), as a workload source with the process environment for {@code ${VAR}}.
     */
    static WorkloadSource readSource(Path file, boolean trace) {
        try {
            byte[] bytes = Files.readAllBytes(file);
            String text = trace ? InputText.decodeTrace(file.toString(), bytes)
                    : InputText.decode(file.toString(), bytes);
            Path base = file.toAbsolutePath().getParent();
            return new WorkloadSource(file.toString(), text, base, System.getenv());
        } catch (NoSuchFileException e) {
            throw new InvalidInputException(file.toString(), 0, "unable to open job file: no such file");
        } catch (IOException e) {
            throw new InvalidInputException(file.toString(), 0, "unable to open job file: " + e.getMessage());
        }
    }
}
