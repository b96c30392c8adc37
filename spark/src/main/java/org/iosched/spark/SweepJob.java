package org.iosched.spark;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.iosched.api.InvalidInputException;
import org.iosched.runner.RunService;
import org.iosched.runner.scenario.MetricSpec;
import org.iosched.runner.scenario.RunOutcome;
import org.iosched.runner.scenario.Scenario;
import org.iosched.runner.scenario.ScenarioFormat;
import org.iosched.runner.scenario.ScenarioParser;
import org.iosched.runner.scenario.ScenarioPlan;
import org.iosched.runner.scenario.ScenarioPlanner;
import org.iosched.runner.scenario.ScenarioReport;
import org.iosched.runner.scenario.ScenarioResult;
import org.iosched.runner.scenario.ScenarioRun;
import org.iosched.runner.scenario.ScenarioRunner;
import org.iosched.simulator.engine.PluginFailureException;
import org.iosched.workload.text.InputText;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * A scenario's plan as a Spark job: {@code spark-submit --class org.iosched.spark.SweepJob iosched-spark.jar
 * scenario.yaml --output DIR}. The driver parses and plans the scenario as {@code iosched scenario} does
 * (every error before anything runs); each (row, seed) is one task that plans and runs one simulation on an
 * executor; the outcomes come back to the driver, ordered by their place in the plan, and make the same
 * tables as {@code iosched scenario}, byte for byte, since a run depends only on its plan and seed.
 *
 * <p>Writes into {@code DIR} (any Hadoop file system): {@code table.txt}, {@code table.md}, {@code table.csv},
 * {@code table.json} (the four {@code --output-format}s) and {@code runs.parquet}, one row per run
 * ({@link RunsTable}).
 *
 * <p>Limitations: a run is never split across tasks (a simulation is single-threaded); files a workload names
 * by a relative path and a {@code --plugins} directory must be at the same path on every node.
 */
@Command(name = "iosched-spark", mixinStandardHelpOptions = true,
        description = "Run a scenario's plan (rows x seeds) on Spark, one task per simulation; write its tables"
                + " (text, markdown, csv, json) and one Parquet row per run into DIR.")
public final class SweepJob implements Callable<Integer> {
    private static final String NAME = "iosched-spark";

    @Parameters(index = "0", paramLabel = "FILE", description = "The scenario file (YAML).")
    java.nio.file.Path file;

    @Option(names = "--output", paramLabel = "DIR", required = true,
            description = "Where the tables and runs.parquet go (a local path or any Hadoop file system URI).")
    String output;

    @Option(names = "--seeds", paramLabel = "N", split = ",",
            description = "Seeds replacing the scenario's own (each row runs once per seed).")
    List<Long> seeds = new ArrayList<>();

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "A setting for every row, applied after the scenario's (as in 'iosched run --set').")
    List<String> set = new ArrayList<>();

    @Option(names = "--max-runs", paramLabel = "N", defaultValue = "" + ScenarioPlanner.DEFAULT_MAX_RUNS,
            description = "Refuse a plan of more than N runs (rows x seeds; default: ${DEFAULT-VALUE}).")
    long maxRuns;

    @Option(names = "--plugins", paramLabel = "DIR",
            description = "A plugins directory, at the same path on the driver and every executor.")
    String plugins;

    private SparkSession spark;
    private PrintWriter err;
    private ScenarioResult result;

    /**
     * The job under {@code spark-submit}, in the session it configures: exit code 0, 2 for a user error, 3 when a
     * plugin threw, 1 otherwise.
     */
    public static void main(String[] args) {
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        int code = run(null, args, new PrintWriter(System.out, true, StandardCharsets.UTF_8), err);
        err.flush();
        if (code != 0) {
            System.exit(code);
        }
    }

    /**
     * Run the job with {@code args}.
     *
     * @param spark the session to use, or null to get (and at the end stop) the one spark-submit configures
     * @return the exit code
     */
    public static int run(SparkSession spark, String[] args, PrintWriter out, PrintWriter err) {
        SweepJob job = new SweepJob();
        job.err = err;
        CommandLine command = new CommandLine(job);
        command.setOut(out);
        command.setErr(err);
        try {
            CommandLine.ParseResult parsed = command.parseArgs(args);
            if (CommandLine.printHelpIfRequested(parsed)) {
                return 0;
            }
        } catch (CommandLine.ParameterException e) {
            err.println(NAME + ": " + InputText.oneLine(e.getMessage()) + " (see '" + NAME + " --help')");
            return 2;
        }
        boolean own = spark == null;
        job.spark = own ? SparkSession.builder().appName(NAME).getOrCreate() : spark;
        try {
            return job.call();
        } catch (InvalidInputException e) {
            err.println(NAME + ": " + InputText.oneLine(InputText.cutLongWords(e.getMessage())));
            return 2;
        } catch (PluginFailureException e) {
            err.println(NAME + ": " + InputText.oneLine(e.getMessage()));
            return 3;
        } finally {
            if (own) {
                job.spark.stop();
            }
        }
    }

    @Override
    public Integer call() {
        if (maxRuns < 1) {
            throw new InvalidInputException("--max-runs", 0, "bad value " + maxRuns + "; accepted: 1 or more runs");
        }
        Scenario scenario = ScenarioParser.parse(file);
        ScenarioPlanner.Size size = ScenarioPlanner.size(scenario, seeds, maxRuns);
        RunService service = RunServices.service(plugins);
        ScenarioPlan plan = new ScenarioPlanner(service).plan(scenario, seeds, set);
        err.println(NAME + ": scenario " + InputText.echo(scenario.name()) + ": " + size);
        err.flush();
        List<RunOutcome> outcomes = execute(plan);
        result = ScenarioRunner.assemble(plan, outcomes, null);
        write(plan, outcomes);
        return 0;
    }

    /** Every run of the plan as one Spark task; the outcomes in plan order. */
    private List<RunOutcome> execute(ScenarioPlan plan) {
        List<ScenarioRun> runs = ScenarioRun.of(plan);
        List<MetricSpec> metrics = plan.scenario().metrics();
        String pluginsDirectory = plugins;
        JavaSparkContext context = JavaSparkContext.fromSparkContext(spark.sparkContext());
        // one partition per run: a task is one simulation, scheduled wherever a core is free
        JavaRDD<SweepTask> tasks = context.parallelize(runs, runs.size()).map(run -> {
            try {
                return SweepTask.success(run.index(), run.run(RunServices.service(pluginsDirectory), metrics));
            } catch (InvalidInputException e) {
                return SweepTask.failure(run.index(), e);
            } catch (PluginFailureException e) {
                return SweepTask.failure(run.index(), run.rowLabel(), run.seed(), e);
            }
        });
        List<SweepTask> done = new ArrayList<>(tasks.collect());
        done.sort(Comparator.comparingInt(SweepTask::index));
        List<RunOutcome> outcomes = new ArrayList<>(done.size());
        for (SweepTask task : done) {
            if (task.outcome() == null) {
                throw task.error();
            }
            outcomes.add(task.outcome());
        }
        return outcomes;
    }

    private void write(ScenarioPlan plan, List<RunOutcome> outcomes) {
        org.apache.hadoop.fs.Path directory = new org.apache.hadoop.fs.Path(output);
        try {
            FileSystem fs = directory.getFileSystem(spark.sparkContext().hadoopConfiguration());
            fs.mkdirs(directory);
            for (ScenarioFormat format : ScenarioFormat.values()) {
                String name = "table." + (format == ScenarioFormat.MARKDOWN ? "md" : format == ScenarioFormat.TEXT
                        ? "txt" : format.cliName());
                try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path(directory, name), true)) {
                    out.write(ScenarioReport.render(result, format)
                            .getBytes(StandardCharsets.UTF_8));
                }
            }
        } catch (IOException e) {
            throw new InvalidInputException("--output", 0, "cannot write to " + output + ": " + e.getMessage());
        }
        RunsTable.of(spark, plan, outcomes).coalesce(1).write().mode(SaveMode.Overwrite)
                .parquet(new org.apache.hadoop.fs.Path(directory, "runs.parquet").toString());
    }
}
