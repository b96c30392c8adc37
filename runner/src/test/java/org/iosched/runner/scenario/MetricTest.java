package org.iosched.runner.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.iosched.api.JobDescriptor;
import org.iosched.simulator.result.DirectionStats;
import org.iosched.simulator.result.DiskStats;
import org.iosched.simulator.result.JobResult;
import org.iosched.simulator.result.LatencyStats;
import org.iosched.simulator.result.SimulationResult;
import org.junit.jupiter.api.Test;

/** Metric values, job selection and aggregation, on hand-built results. */
class MetricTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void bandwidthIsKibPerSecondOfTheDirectionsRuntime() {
        JobResult job = reader("r", 0, 2048 * 1024, 512, 2 * SECOND, latency(10, 100_000, 900_000, 300_000));
        assertThat(metric("read.bw", null).of(job)).isEqualTo(1024.0);
        assertThat(metric("read.bw", "MiB/s").of(job)).isEqualTo(1.0);
        assertThat(metric("read.iops", null).of(job)).isEqualTo(256.0);
        assertThat(metric("write.bw", null).of(job)).as("a reader's write bandwidth").isZero();
    }

    @Test
    void theHeaderAddsTheUnitOnceEvenWhenTheLabelAlreadyNamesIt() {
        Metric ms = new Metric.Latency("read", "clat", "p99", 99, Metric.TimeUnit.MS);
        Metric usec = new Metric.Latency("read", "clat", "p99", 99, Metric.TimeUnit.USEC);
        assertThat(new MetricSpec("p99", null, ms, null, -1, 1).header()).isEqualTo("p99 (ms)");
        assertThat(new MetricSpec("p99 (ms)", null, ms, null, -1, 1).header()).isEqualTo("p99 (ms)");
        assertThat(new MetricSpec("p99 (us)", null, usec, null, -1, 1).header()).isEqualTo("p99 (us)");
        assertThat(new MetricSpec("p99 (ms)", null, usec, null, -1, 1).header())
                .as("a label naming another unit still shows the one the values are in").isEqualTo("p99 (ms) (usec)");
        assertThat(new MetricSpec("gap", null, new Metric.DeviceStatistic("block.max_async_dispatch_gap_ms"), null, -1, 1)
                .header()).isEqualTo("gap");
    }

    @Test
    void latenciesAreInUsecUnlessTheUnitSaysOtherwise() {
        JobResult job = reader("r", 0, 4096, 1, SECOND, latency(10, 100_000, 900_000, 300_000));
        assertThat(metric("read.clat.max", null).of(job)).isEqualTo(900.0);
        assertThat(metric("read.clat.max", "ms").of(job)).isEqualTo(0.9);
        assertThat(metric("read.clat.min", "ns").of(job)).isEqualTo(100_000.0);
        assertThat(metric("read.clat.mean", "s").of(job)).isCloseTo(0.0003, within(1e-12));
        assertThat(metric("read.lat.max", null).of(job)).isEqualTo(900.0);
        assertThat(metric("write.clat.max", null).of(job)).as("no writes, no latency").isNaN();
    }

    @Test
    void listedPercentilesAreFiosAndOthersComeFromTheHistogram() {
        SortedMap<Double, Long> listed = new TreeMap<>(Map.of(99.0, 800_000L, 50.0, 200_000L));
        SortedMap<Long, Long> bins = new TreeMap<>(Map.of(100_000L, 4L, 200_000L, 4L, 800_000L, 2L));
        LatencyStats stats = new LatencyStats(10, 100_000, 900_000, 300_000, 1, listed, bins);
        JobResult job = reader("r", 0, 4096, 1, SECOND, stats);
        assertThat(metric("read.clat.p99", null).of(job)).isEqualTo(800.0);
        assertThat(metric("read.clat.p40", null).of(job)).as("4th of 10 samples").isEqualTo(100.0);
        assertThat(metric("read.clat.p41", null).of(job)).as("5th of 10 samples").isEqualTo(200.0);
        assertThat(metric("read.clat.p100", null).of(job)).as("bounded by the exact max").isEqualTo(800.0);
    }

    @Test
    void syncRateIsFsyncsPerSecondOfTheJobsRuntime() {
        LatencyStats fsyncs = latency(49, 1_000, 30_000_000, 20_000_000);
        JobResult job = new JobResult(descriptor(0, "w", 0), 1, 0, SECOND, DirectionStats.empty(),
                DirectionStats.empty(), DirectionStats.empty(), fsyncs);
        assertThat(metric("sync.iops", null).of(job)).isEqualTo(49.0);
        assertThat(metric("sync.lat.max", "ms").of(job)).isEqualTo(30.0);
    }

    @Test
    void runtimeIsTheJobsRuntimeInMs() {
        JobResult job = new JobResult(descriptor(0, "app", 0), 1, SECOND, SECOND + 2_500_000_000L,
                DirectionStats.empty(), DirectionStats.empty(), DirectionStats.empty(), LatencyStats.empty());
        assertThat(metric("runtime", null).of(job)).isEqualTo(2500.0);
        assertThat(metric("runtime", "s").of(job)).isEqualTo(2.5);
    }

    @Test
    void globsMatchWholeNamesWithStarAndQuestionMark() {
        JobSelector glob = JobSelector.parse("prio4-*", "f", 1);
        assertThat(glob.matches(descriptor(0, "prio4-1", 0))).isTrue();
        assertThat(glob.matches(descriptor(0, "prio4-", 0))).isTrue();
        assertThat(glob.matches(descriptor(0, "xprio4-1", 0))).isFalse();
        JobSelector one = JobSelector.parse("r?.x", "f", 1);
        assertThat(one.matches(descriptor(0, "r1.x", 0))).isTrue();
        assertThat(one.matches(descriptor(0, "r1yx", 0))).as("a dot is literal").isFalse();
        assertThat(JobSelector.parse("group:2", "f", 1).matches(descriptor(0, "any", 2))).isTrue();
        assertThat(JobSelector.parse("group:2", "f", 1).matches(descriptor(0, "any", 1))).isFalse();
        assertThat(JobSelector.parse("seq", "f", 1)).isEqualTo(new JobSelector.Name("seq"));
    }

    @Test
    void aggregatesSkipJobsWithoutAValue() {
        double[] values = {3, Double.NaN, 1, 8};
        assertThat(Aggregate.SUM.apply(values)).isEqualTo(12.0);
        assertThat(Aggregate.MAX.apply(values)).isEqualTo(8.0);
        assertThat(Aggregate.MIN.apply(values)).isEqualTo(1.0);
        assertThat(Aggregate.MEAN.apply(values)).isEqualTo(4.0);
        assertThat(Aggregate.SUM.apply(new double[] {Double.NaN})).isNaN();
    }

    @Test
    void aColumnCombinesTheSelectedJobsOfOneRun() {
        SimulationResult result = result(List.of(
                reader("prio0", 0, 4096 * 1024, 1024, SECOND, latency(1, 5, 5, 5)),
                reader("prio4-1", 1, 1024 * 1024, 256, SECOND, latency(1, 7_000_000, 7_000_000, 7_000_000)),
                reader("prio4-2", 2, 3072 * 1024, 768, SECOND, latency(1, 2_000_000, 2_000_000, 2_000_000))),
                Map.of("gc_runs", 3));
        Scenario scenario = Scenarios.parse(Scenarios.HEAD + """
                metrics:
                  - {label: agg, jobs: "prio4-*", metric: read.bw, aggregate: sum}
                  - {label: minbw, jobs: "prio4-*", metric: read.bw, aggregate: min}
                  - {label: maxlat, jobs: "prio4-*", metric: read.clat.max, unit: ms, aggregate: max}
                  - {label: rt, jobs: prio0, metric: read.bw}
                  - {label: grp, jobs: "group:0", metric: read.iops, aggregate: mean}
                  - {label: gc, metric: "stat:gc_runs"}
                """);
        List<Double> values = scenario.metrics().stream()
                .map(m -> ScenarioRunner.value(m, result)).toList();
        assertThat(values).containsExactly(4096.0, 1024.0, 7.0, 4096.0, (1024.0 + 256 + 768) / 3, 3.0);
    }

    private static Metric.JobMetric metric(String text, String unit) {
        return (Metric.JobMetric) Metric.parse(text, unit, "f", 1);
    }

    private static LatencyStats latency(long count, long min, long max, double mean) {
        return new LatencyStats(count, min, max, mean, 0, new TreeMap<>(), new TreeMap<>(Map.of(max, count)));
    }

    private static JobDescriptor descriptor(int index, String name, int group) {
        return new JobDescriptor(index, name, group, false, "", Map.of(), List.of());
    }

    private static JobResult reader(String name, int index, long bytes, long ios, long runtime, LatencyStats clat) {
        DirectionStats read = new DirectionStats(bytes, ios, runtime, LatencyStats.empty(), clat, clat);
        return new JobResult(descriptor(index, name, 0), 100 + index, 0, runtime, read, DirectionStats.empty(),
                DirectionStats.empty(), LatencyStats.empty());
    }

    private static SimulationResult result(List<JobResult> jobs, Map<String, Number> statistics) {
        return new SimulationResult("cfq", "ssd", 1, Map.of(), SECOND, jobs,
                new DiskStats("sda", 0, 0, 0, 0, 0, 0, 0, 0.0, 0, 0), List.of(), statistics);
    }
}
