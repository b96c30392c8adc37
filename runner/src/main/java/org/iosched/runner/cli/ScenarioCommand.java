package org.iosched.runner.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.inject.Guice;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.iosched.api.InvalidInputException;
import org.iosched.runner.RunService;
import org.iosched.runner.plot.ScenarioCharts;
import org.iosched.runner.plot.ScenarioHtml;
import org.iosched.runner.plugin.PluginModule;
import org.iosched.runner.scenario.Scenario;
import org.iosched.runner.scenario.ScenarioFormat;
import org.iosched.runner.scenario.ScenarioParser;
import org.iosched.runner.scenario.ScenarioPlan;
import org.iosched.runner.scenario.ScenarioPlanner;
import org.iosched.runner.scenario.ScenarioReport;
import org.iosched.runner.scenario.ScenarioResult;
import org.iosched.runner.scenario.ScenarioRunner;
import org.iosched.workload.text.InputText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code iosched scenario FILE...}: run each scenario file's matrix of configurations (each seed an independent
 * simulation, in parallel on the available cores) and print one comparison table per file, in the order given.
 * Several files are parsed and planned before anything runs, and their runs share the cores.
 */
@Command(name = "scenario", mixinStandardHelpOptions = true,
        description = "Run a scenario: a matrix of schedulers, switches, devices and workloads, replicated over"
                + " seeds, reported as one table beside the seed thread's numbers.")
public final class ScenarioCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    GlobalOptions global;

    @Mixin
    RunControlOptions runControl;

    @Parameters(arity = "1..*", paramLabel = "FILE",
            description = "Scenario files (YAML), e.g. scenarios/seeds/*.yaml: one table each, in this order; their"
                    + " runs share the cores.")
    List<Path> files = new ArrayList<>();

    @Option(names = "--output-format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text, markdown, csv or json (default: ${DEFAULT-VALUE}).")
    String outputFormat;

    @Option(names = "--output", paramLabel = "FILE", description = "Write the report to FILE instead of stdout.")
    Path output;

    @Option(names = "--plot", paramLabel = "DIR",
            description = "Also write one bar chart (PNG) per metric into DIR (mean over the seeds, min-max bars),"
                    + " and per row the bandwidth, IOPS and clat CDF charts of its first seed's jobs.")
    Path plot;

    @Option(names = "--report", paramLabel = "FILE",
            description = "Also write one self-contained HTML page to FILE: the table beside the thread's numbers,"
                    + " the charts (inline), the settings of every row.")
    Path report;

    @Option(names = "--seeds", paramLabel = "N", split = ",",
            description = "Seeds replacing the scenario's own (each row runs once per seed).")
    List<Long> seeds = new ArrayList<>();

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "A setting for every row, applied after the scenario's (as in 'iosched run --set').")
    List<String> set = new ArrayList<>();

    @Option(names = "--max-runs", paramLabel = "N", defaultValue = "" + ScenarioPlanner.DEFAULT_MAX_RUNS,
            description = "Refuse a plan of more than N runs (rows x seeds; default: ${DEFAULT-VALUE}).")
    long maxRuns;

    @Override
    public Integer call() {
        ScenarioFormat format = ScenarioFormat.fromCliName(outputFormat);
        if (maxRuns < 1) {
            throw new InvalidInputException("--max-runs", 0, "bad value " + maxRuns + "; accepted: 1 or more runs");
        }
        CliChecks.noEmptyNames(spec, "--seeds", "seeds, e.g. 1,2,3");
        CliChecks.writableFile("--output", output);
        CliChecks.writableDirectory("--plot", plot);
        CliChecks.writableFile("--report", report);
        if (files.size() > 1 && format == ScenarioFormat.CSV) {
            throw new InvalidInputException("--output-format", 0, "csv holds one scenario's table (each has its own"
                    + " columns), not " + files.size() + "; accepted with several files: text, markdown, json");
        }
        if (files.size() > 1 && report != null) {
            throw new InvalidInputException("--report", 0, "one page holds one scenario, not " + files.size()
                    + "; accepted: --report with one scenario file");
        }
        // every file's mistakes before anything runs
        List<Scenario> scenarios = new ArrayList<>(files.size());
        List<ScenarioPlanner.Size> sizes = new ArrayList<>(files.size());
        for (Path file : files) {
            Scenario scenario = ScenarioParser.parse(file);
            sizes.add(ScenarioPlanner.size(scenario, seeds, maxRuns));
            scenarios.add(scenario);
        }
        RunService service = Guice.createInjector(new PluginModule(global.discover())).getInstance(RunService.class);
        ScenarioPlanner planner = new ScenarioPlanner(service);
        List<ScenarioPlan> plans = new ArrayList<>(scenarios.size());
        int simulations = 0;
        for (Scenario scenario : scenarios) {
            ScenarioPlan plan = planner.plan(scenario, seeds, set);
            plans.add(plan);
            simulations += plan.simulations();
        }
        // the plans go to stderr, so that the report on stdout stays clean
        PrintWriter err = spec.commandLine().getErr();
        for (int i = 0; i < scenarios.size(); i++) {
            err.println("iosched: scenario " + InputText.echo(scenarios.get(i).name()) + ": " + sizes.get(i));
        }
        err.flush();
        // one file's report as before; several files' text or markdown tables a blank line apart, printed as each
        // is ready, their JSON reports one array, printed at the end
        boolean array = files.size() > 1 && format == ScenarioFormat.JSON;
        List<ObjectNode> trees = new ArrayList<>();
        StringBuilder written = new StringBuilder();
        try (RunControlOptions.Session session = runControl.open(err)) {
            session.control().planned(simulations);
            new ScenarioRunner(service, session.control()).runAll(plans, Runtime.getRuntime().availableProcessors(),
                    result -> {
                        writeFiles(result);
                        if (array) {
                            trees.add(ScenarioReport.jsonTree(result));
                            return;
                        }
                        session.beforeReport();
                        emit((written.length() > 0 ? "\n" : "") + ScenarioReport.render(result, format), written);
                    });
            if (array) {
                session.beforeReport();
                emit(ScenarioReport.jsonArray(trees), written);
            }
            if (output != null) {
                try {
                    Files.writeString(output, written, StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new InvalidInputException(output.toString(), 0, "cannot write output: " + e.getMessage());
                }
            }
            return session.exitCode();
        }
    }

    /** Report text: onto stdout now, or kept for {@code --output}. */
    private void emit(String text, StringBuilder written) {
        written.append(text);
        if (output == null) {
            PrintWriter out = spec.commandLine().getOut();
            out.print(text);
            out.flush();
        }
    }

    /** One scenario's charts and page, when asked. */
    private void writeFiles(ScenarioResult result) {
        if (plot != null) {
            ScenarioCharts.write(result, plot);
        }
        if (report != null) {
            try {
                Files.writeString(report, ScenarioHtml.render(result), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new InvalidInputException(report.toString(), 0, "cannot write the report: " + e.getMessage());
            }
        }
    }
}
