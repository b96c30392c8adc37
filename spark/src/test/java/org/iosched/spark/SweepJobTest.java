package org.iosched.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.iosched.runner.RunService;
import org.iosched.runner.scenario.Scenario;
import org.iosched.runner.scenario.ScenarioFormat;
import org.iosched.runner.scenario.ScenarioParser;
import org.iosched.runner.scenario.ScenarioPlan;
import org.iosched.runner.scenario.ScenarioPlanner;
import org.iosched.runner.scenario.ScenarioReport;
import org.iosched.runner.scenario.ScenarioResult;
import org.iosched.runner.scenario.ScenarioRunner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark job in {@code local[2]} against a serial run of the local runner, on a small sweep whose runs are
 * bounded by simulated work (1 MiB of direct 4 KiB reads per job): the same tables byte for byte, and one
 * Parquet row per run read back with Spark SQL. One Spark session and one sweep for the whole class.
 */
class SweepJobTest {
    /** 2 schedulers x 2 swept nr_requests = 4 rows, x 2 seeds = 8 runs. */
    private static final String SCENARIO = """
            name: sweep
            title: readers on an SSD by scheduler and nr_requests
            device: ssd
            seeds: [1, 2]
            workload:
              fio: |
                [global]
                direct=1
                ioengine=psync
                bs=4k
                size=1m
                [seq]
                rw=read
                [rand]
                rw=randread
                numjobs=2
            axes:
              - name: scheduler
                variants:
                  - {label: cfq, scheduler: cfq}
                  - {label: deadline, scheduler: deadline}
              - name: nr_requests
                set: queue.nr_requests
                values: 16..128 step 112
            metrics:
              - {label: seq bw, jobs: seq, metric: read.bw}
              - {label: rand p99, jobs: rand, metric: read.clat.p99, aggregate: max}
              - {label: runtime, jobs: seq, metric: runtime}
            """;

    @TempDir
    static Path directory;

    private static SparkSession spark;
    private static Path scenario;
    private static Path output;
    private static int exitCode;
    private static String stderr;
    private static ScenarioResult local;

    @BeforeAll
    static void sweepOnSparkAndLocally() throws IOException {
        spark = SparkSession.builder().master("local[2]").appName("SweepJobTest")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "2")
                .getOrCreate();
        scenario = directory.resolve("sweep.yaml");
        Files.writeString(scenario, SCENARIO, StandardCharsets.UTF_8);
        output = directory.resolve("out");
        StringWriter err = new StringWriter();
        exitCode = SweepJob.run(spark, new String[] {scenario.toString(), "--output", output.toString()},
                new PrintWriter(new StringWriter()), new PrintWriter(err, true));
        stderr = err.toString();

        Scenario parsed = ScenarioParser.parse(scenario);
        RunService service = RunServices.service(null);
        ScenarioPlan plan = new ScenarioPlanner(service).plan(parsed, List.of(), List.of());
        local = new ScenarioRunner(service).run(plan, 1);
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
    }

    @Test
    void theJobPrintsItsPlanAndSucceeds() {
        assertThat(exitCode).as(stderr).isZero();
        assertThat(stderr).contains("iosched-spark: scenario sweep: 4 rows x 2 seeds = 8 runs");
    }

    @Test
    void everyTableIsByteIdenticalToASerialLocalRun() throws IOException {
        assertThat(local.rows()).extracting(r -> r.planned().row().label()).containsExactly(
                "cfq / nr_requests=16", "cfq / nr_requests=128", "deadline / nr_requests=16",
                "deadline / nr_requests=128");
        for (ScenarioFormat format : ScenarioFormat.values()) {
            String name = switch (format) {
                case TEXT -> "table.txt";
                case MARKDOWN -> "table.md";
                case CSV -> "table.csv";
                case JSON -> "table.json";
            };
            byte[] expected = ScenarioReport.render(local, format).getBytes(StandardCharsets.UTF_8);
            assertThat(Files.readAllBytes(output.resolve(name))).as(name).isEqualTo(expected);
        }
    }

    @Test
    void theParquetHoldsOneRowPerRunWithItsSettingsSeedAndMetrics() {
        Dataset<Row> runs = spark.read().parquet(output.resolve("runs.parquet").toString());
        assertThat(runs.schema().fieldNames()).containsExactly("run", "row", "label", "axis_scheduler",
                "axis_nr_requests", "scheduler", "device", "seed", "settings", "metric_seq_bw", "metric_rand_p99",
                "metric_runtime", "notices");
        // one file, written in plan order; sorted here rather than by a Spark shuffle
        List<Row> rows = new java.util.ArrayList<>(runs.collectAsList());
        rows.sort(java.util.Comparator.comparingInt(r -> r.getInt(0)));
        assertThat(rows).hasSize(8);
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            ScenarioResult.Row expected = local.rows().get(i / 2);
            assertThat(row.getInt(row.fieldIndex("run"))).isEqualTo(i);
            assertThat(row.getString(row.fieldIndex("label"))).isEqualTo(expected.planned().row().label());
            assertThat(row.getLong(row.fieldIndex("seed"))).isEqualTo(i % 2 == 0 ? 1L : 2L);
            assertThat(row.getString(row.fieldIndex("scheduler"))).isEqualTo(i < 4 ? "cfq" : "deadline");
            assertThat(row.<String, String>getJavaMap(row.fieldIndex("settings")))
                    .containsEntry("queue.nr_requests", i % 4 < 2 ? "16" : "128");
            for (int m = 0; m < 3; m++) {
                assertThat(row.getDouble(row.fieldIndex(List.of("metric_seq_bw", "metric_rand_p99",
                        "metric_runtime").get(m)))).isEqualTo(expected.values().get(m).perSeed()[i % 2]);
            }
        }
        // and queried with Spark SQL: the runs of one row, by seed
        runs.createOrReplaceTempView("runs");
        List<Row> deadline = spark.sql("SELECT seed, metric_seq_bw FROM runs WHERE axis_scheduler = 'deadline'"
                + " AND settings['queue.nr_requests'] = '128' AND seed = 2").collectAsList();
        assertThat(deadline).hasSize(1);
        assertThat(deadline.get(0).getDouble(1)).isEqualTo(local.rows().get(3).values().get(0).perSeed()[1]);
    }

    @Test
    void aUserErrorIsOneLineAndExitCode2BeforeAnythingRuns() throws IOException {
        Path bad = directory.resolve("bad.yaml");
        Files.writeString(bad, SCENARIO.replace("16..128 step 112", "128..16"), StandardCharsets.UTF_8);
        StringWriter err = new StringWriter();
        int code = SweepJob.run(spark, new String[] {bad.toString(), "--output", directory.resolve("bad").toString()},
                new PrintWriter(new StringWriter()), new PrintWriter(err, true));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString().strip().lines()).singleElement().asString()
                .startsWith("iosched-spark: " + bad + ":24: range '128..16' of axis 'nr_requests' ends below its start");
        assertThat(directory.resolve("bad")).doesNotExist();

        StringWriter usage = new StringWriter();
        assertThat(SweepJob.run(spark, new String[] {bad.toString()}, new PrintWriter(new StringWriter()),
                new PrintWriter(usage, true))).isEqualTo(2);
        assertThat(usage.toString()).contains("--output");
    }
}
