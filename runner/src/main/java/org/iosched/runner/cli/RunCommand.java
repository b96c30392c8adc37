package org.iosched.runner.cli;

import com.google.inject.Guice;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.iosched.api.InvalidInputException;
import org.iosched.workload.text.InputText;
import org.iosched.api.WorkloadSource;
import org.iosched.runner.RunPlan;
import org.iosched.runner.RunService;
import org.iosched.runner.SetOptions;
import org.iosched.runner.plot.TimeSeriesCharts;
import org.iosched.runner.plugin.PluginModule;
import org.iosched.runner.trace.BttSummary;
import org.iosched.simulator.SimulationResult;
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
            description = "normal, normal-2011, json or json+ (default: ${DEFAULT-VALUE}).")
    String outputFormat;

    @Option(names = "--output", paramLabel = "FILE", description = "Write the report to FILE instead of stdout.")
    Path output;

    @Option(names = "--trace", paramLabel = "FILE",
            description = "Write a blkparse-style trace of every request (FILE.<scheduler> when several run).")
    Path trace;

    @Option(names = "--trace-summary",
            description = "With --trace: a btt-style summary (Q2G, Q2I, Q2D, D2C, Q2C with percentiles; seeks) in"
                    + " FILE.btt, also printed after a text report.")
    boolean traceSummary;

    @Option(names = "--plot", paramLabel = "DIR",
            description = "Also write PNG charts per job into DIR: bandwidth and IOPS over time (one point per"
                    + " bwavgtime/iopsavgtime window) and the clat CDF, a line per scheduler and direction.")
    Path plot;

    @Override
    public Integer call() {
        OutputFormat format = OutputFormat.fromCliName(outputFormat);
        CliChecks.noEmptyNames(spec, "--scheduler", "scheduler names, e.g. cfq,deadline (see 'iosched list')");
        CliChecks.writableFile("--trace", trace);
        CliChecks.writableFile("--output", output);
        CliChecks.writableDirectory("--plot", plot);
        if (traceSummary && trace == null) {
            throw new InvalidInputException("--trace-summary", 0, "needs --trace FILE (the summary is read from the trace)");
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
        RunPlan plan = service.plan(workload, readSource(job), device, schedulers, setOptions, seed, trace, logDirectory);
        try (RunControlOptions.Session session = runControl.open(spec.commandLine().getErr())) {
            session.control().planned(plan.schedulers().size());
            List<SimulationResult> results = service.run(plan, session.control());
            session.beforeReport();
            ResultWriter.write(results, format, output, spec.commandLine().getOut());
            if (traceSummary) {
                writeTraceSummaries(plan, results, format);
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

    private void writeTraceSummaries(RunPlan plan, List<SimulationResult> results, OutputFormat format) {
        boolean toStdout = output == null && (format == OutputFormat.NORMAL || format == OutputFormat.NORMAL_2011);
        for (SimulationResult result : results) {
            Path tracePath = RunService.tracePath(plan, result.scheduler());
            Path summaryPath = tracePath.resolveSibling(tracePath.getFileName() + ".btt");
            try (var reader = Files.newBufferedReader(tracePath, StandardCharsets.UTF_8)) {
                String summary = BttSummary.summarize(reader);
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
        try {
            String text = InputText.decode(file.toString(), Files.readAllBytes(file));
            Path base = file.toAbsolutePath().getParent();
            return new WorkloadSource(file.toString(), text, base, System.getenv());
        } catch (NoSuchFileException e) {
            throw new InvalidInputException(file.toString(), 0, "unable to open job file: no such file");
        } catch (IOException e) {
            throw new InvalidInputException(file.toString(), 0, "unable to open job file: " + e.getMessage());
        }
    }
}
