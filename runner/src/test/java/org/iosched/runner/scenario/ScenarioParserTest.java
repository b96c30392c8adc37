package org.iosched.runner.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.iosched.api.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioParserTest {
    private static final String METRIC = "metrics:\n  - {label: bw, jobs: seq, metric: read.bw}\n";

    @Test
    void aFullScenarioIsReadWithEveryPart() {
        Scenario s = Scenarios.parse("""
                name: demo
                title: a title
                thread: shared/seeds/000.txt
                description: |
                  scaled down
                device: hdd-7200
                seeds: [3, 1, 2]
                workload:
                  fio: |
                    [seq]
                    rw=read
                  env: {N: 4}
                set:
                  queue.nr_requests: 64
                  cfq.low_latency: off
                axes:
                  - name: scheduler
                    variants:
                      - {label: cfq, scheduler: cfq}
                      - label: deadline
                        scheduler: deadline
                        device: ssd
                        set: {deadline.fifo_batch: 1}
                        workload: {env: {N: 8}}
                exclude:
                  - {scheduler: deadline}
                metrics:
                  - {label: bw, jobs: seq, metric: read.bw}
                  - {label: tail, jobs: "s*", metric: read.clat.p99.9, unit: ms, aggregate: max, decimals: 1}
                  - {label: gap, metric: "stat:block.max_async_dispatch_gap_ms"}
                reference:
                  - row: {scheduler: cfq}
                    values: {bw: 49, tail: ~100}
                """);
        assertThat(s.name()).isEqualTo("demo");
        assertThat(s.thread()).isEqualTo("shared/seeds/000.txt");
        assertThat(s.description()).isEqualTo("scaled down");
        assertThat(s.device()).isEqualTo(new Named("hdd-7200", 6));
        assertThat(s.scheduler()).isNull();
        assertThat(s.seeds()).containsExactly(3L, 1L, 2L);
        assertThat(s.workload().kind()).isEqualTo("fio");
        assertThat(s.workload().text()).isEqualTo("[seq]\nrw=read\n");
        assertThat(s.workload().firstTextLine()).isEqualTo(10);
        assertThat(s.workload().environment()).containsEntry("N", "4");
        assertThat(s.set()).extracting(Setting::assignment).containsExactly("queue.nr_requests=64", "cfq.low_latency=off");
        assertThat(s.set().get(1).line()).isEqualTo(15);
        Variant deadline = s.axes().get(0).variant("deadline");
        assertThat(deadline.scheduler().name()).isEqualTo("deadline");
        assertThat(deadline.device().name()).isEqualTo("ssd");
        assertThat(deadline.workload().text()).isNull();
        assertThat(deadline.workload().environment()).containsEntry("N", "8");
        assertThat(s.exclusions()).singleElement().extracting(Combination::labels)
                .isEqualTo(java.util.Map.of("scheduler", "deadline"));
        assertThat(s.metrics()).extracting(MetricSpec::label).containsExactly("bw", "tail", "gap");
        assertThat(s.metrics().get(1).metric()).isEqualTo(
                new Metric.Latency("read", "clat", "p99.9", 99.9, Metric.TimeUnit.MS));
        assertThat(s.metrics().get(1).decimals()).isEqualTo(1);
        assertThat(s.metrics().get(1).header()).isEqualTo("tail (ms)");
        assertThat(s.metrics().get(2).metric()).isEqualTo(new Metric.DeviceStatistic("block.max_async_dispatch_gap_ms"));
        assertThat(s.references().get(0).values()).containsEntry("bw", new ReferenceValue("49", true))
                .containsEntry("tail", new ReferenceValue("~100", false));
    }

    @Test
    void seedsDefaultToOne() {
        assertThat(Scenarios.parse(Scenarios.HEAD + METRIC).seeds()).containsExactly(1L);
    }

    @Test
    void malformedYamlIsReportedAtItsLine() {
        assertError(Scenarios.HEAD + "metrics: [ {label: x\n", 17, "malformed YAML");
    }

    @Test
    void unknownKeysAreErrorsListingTheAcceptedOnes() {
        assertError(Scenarios.HEAD + "colour: red\n" + METRIC, 17,
                "unknown key 'colour' in the scenario; accepted: axes, description, device");
        assertError(Scenarios.HEAD + "metrics:\n  - {label: bw, jobs: seq, metric: read.bw, units: ms}\n", 18,
                "unknown key 'units' in a metric");
        assertError(Scenarios.HEAD + METRIC + "axes:\n  - name: s\n    variants:\n      - {label: a, schedular: cfq}\n",
                22, "unknown key 'schedular' in a variant of axis s");
        assertError("name: n\ntitle: t\ndevice: ssd\nworkload:\n  fio: x\n  environment: {}\n" + METRIC, 6,
                "unknown key 'environment' in the workload");
    }

    @Test
    void aKeyGivenTwiceIsAnError() {
        assertError(Scenarios.HEAD + "device: hdd\n" + METRIC, 17, "duplicate key 'device' (first at line 3)");
    }

    @Test
    void requiredKeysAndShapesAreChecked() {
        assertError("name: n\ntitle: t\nworkload: {fio: x}\n" + METRIC, 1, "the scenario needs 'device'");
        assertError(Scenarios.HEAD, 1, "the scenario needs 'metrics'");
        assertError(Scenarios.HEAD + "metrics: []\n", 17, "metrics must list at least one column");
        assertError(Scenarios.HEAD + "metrics: {label: x}\n", 17, "metrics must be a list, not a mapping");
        assertError(Scenarios.HEAD + "set: [a]\n" + METRIC, 17, "set must be a mapping of keys, not a list");
        assertError(Scenarios.HEAD + "set: {slice_idle: 0}\n" + METRIC, 17, "bad setting 'slice_idle'");
        assertError("name: n\ntitle: t\ndevice: ssd\nworkload: {kind: fio}\n" + METRIC, 4,
                "the workload needs its text");
        assertError("name: n\ntitle: t\ndevice: ssd\nworkload: {fio: a, file: b}\n" + METRIC, 4,
                "one of fio:, text: or file:");
        assertError("name: n\ntitle: t\ndevice: ssd\nworkload: {kind: replay, fio: a}\n" + METRIC, 4,
                "fio: holds a fio job file, but kind is replay");
        assertError("- a\n- b\n", 1, "the scenario must be a mapping of keys, not a list");
        assertError("", 0, "the scenario file is empty");
    }

    @Test
    void seedsAreIntegersListedOnce() {
        assertError(Scenarios.HEAD + "seeds: [1, 1]\n" + METRIC, 17, "seed 1 is listed twice");
        assertError(Scenarios.HEAD + "seeds: [one]\n" + METRIC, 17, "bad seed 'one'");
        assertError(Scenarios.HEAD + "seeds: []\n" + METRIC, 17, "at least one seed");
    }

    @Test
    void unknownMetricsUnitsAndAggregatesListWhatIsAccepted() {
        assertError(Scenarios.HEAD + "metrics:\n  - {label: x, jobs: seq, metric: read.bandwidth}\n", 18,
                "unknown metric 'read.bandwidth'; accepted: read.bw");
        assertError(Scenarios.HEAD + "metrics:\n  - {label: x, jobs: seq, metric: read.clat.median}\n", 18,
                "unknown latency statistic 'median'");
        assertError(Scenarios.HEAD + "metrics:\n  - {label: x, jobs: seq, metric: read.clat.p101}\n", 18,
                "bad percentile in read.clat.p101");
        assertError(Scenarios.HEAD + "metrics:\n  - {label: x, jobs: seq, metric: read.clat.max, unit: min}\n", 18,
                "unknown unit 'min' for read.clat.max; accepted: ns, usec, ms, s");
        assertError(Scenarios.HEAD + "metrics:\n  - {label: x, jobs: seq, metric: read.iops, unit: ms}\n", 18,
                "read.iops takes no unit");
        assertError(Scenarios.HEAD + "metrics:\n  - {label: x, jobs: 's*', metric: read.bw, aggregate: avg}\n", 18,
                "unknown aggregate 'avg'; accepted: sum, max, min, mean");
        assertError(Scenarios.HEAD + "metrics:\n  - {label: x, jobs: group:x, metric: read.bw, aggregate: sum}\n", 18,
                "bad reporting group 'x'");
        assertError(Scenarios.HEAD + "metrics:\n  - {label: x, jobs: seq, metric: read.bw, decimals: 12}\n", 18,
                "bad decimals '12'");
    }

    @Test
    void aSelectorThatCanMatchSeveralJobsNeedsAnAggregate() {
        assertError(Scenarios.HEAD + "metrics:\n  - {label: x, jobs: 'r*', metric: read.bw}\n", 18,
                "jobs: r* can match several jobs; say how to combine them with aggregate");
        assertError(Scenarios.HEAD + "metrics:\n  - {label: x, jobs: 'group:0', metric: read.bw}\n", 18,
                "aggregate");
    }

    @Test
    void metricsNeedJobsExceptRunStatistics() {
        assertError(Scenarios.HEAD + "metrics:\n  - {label: x, metric: read.bw}\n", 18, "needs jobs:");
        assertError(Scenarios.HEAD + "metrics:\n  - {label: x, jobs: seq, metric: 'stat:gc_runs'}\n", 18,
                "stat:gc_runs is a statistic of the whole run; it takes no jobs: or aggregate:");
        assertError(Scenarios.HEAD + "metrics:\n  - {label: x, jobs: seq, metric: read.bw}\n"
                + "  - {label: x, jobs: seq, metric: read.iops}\n", 19, "two metrics are labelled 'x'");
    }

    @Test
    void axesHaveUniqueNamesAndLabels() {
        String axes = "axes:\n  - name: s\n    variants:\n      - {label: a}\n      - {label: a}\n";
        assertError(Scenarios.HEAD + METRIC + axes, 23, "axis 's' has two variants labelled 'a'");
        String twice = "axes:\n  - name: s\n    variants: [{label: a}]\n  - name: s\n    variants: [{label: b}]\n";
        assertError(Scenarios.HEAD + METRIC + twice, 22, "axis 's' is given twice");
        assertError(Scenarios.HEAD + METRIC + "axes:\n  - name: s\n    variants: []\n", 21, "axis 's' has no variants");
    }

    @Test
    void excludeAndReferenceRowsNameExistingAxesAndVariants() {
        String axes = "axes:\n  - name: s\n    variants: [{label: a}, {label: b}]\n";
        assertError(Scenarios.HEAD + METRIC + axes + "exclude:\n  - {t: a}\n", 23,
                "unknown key 't' in an exclude entry; accepted: s");
        assertError(Scenarios.HEAD + METRIC + axes + "exclude:\n  - {s: c}\n", 23,
                "axis 's' has no variant 'c'; its variants: a, b");
        assertError(Scenarios.HEAD + METRIC + axes + "reference:\n  - row: {s: a}\n    values: {iops: 3}\n", 24,
                "unknown key 'iops' in reference values; accepted: bw");
    }

    @Test
    void anchorsAndAliasesAreRefused() {
        assertError(Scenarios.HEAD + "set: &s {cfq.quantum: 4}\n" + METRIC, 17, "anchors and aliases are not supported");
    }

    @Test
    void aWorkloadFileIsReadRelativeToTheScenario(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("jobs"));
        Files.writeString(dir.resolve("jobs/a.fio"), "[seq]\nrw=read\n");
        Path file = dir.resolve("s.yaml");
        Files.writeString(file, "name: n\ntitle: t\ndevice: ssd\nworkload:\n  file: jobs/a.fio\n" + METRIC);
        Scenario s = ScenarioParser.parse(file);
        assertThat(s.workload().text()).isEqualTo("[seq]\nrw=read\n");
        assertThat(s.workload().sourceName()).isEqualTo(dir.resolve("jobs/a.fio").toString());
        assertThat(s.workload().firstTextLine()).isZero();

        Files.writeString(file, "name: n\ntitle: t\ndevice: ssd\nworkload:\n  file: jobs/b.fio\n" + METRIC);
        assertThatThrownBy(() -> ScenarioParser.parse(file)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining(file + ":5: workload file").hasMessageContaining("does not exist");
    }

    @Test
    void aMissingScenarioFileIsAUserError(@TempDir Path dir) {
        assertThatThrownBy(() -> ScenarioParser.parse(dir.resolve("none.yaml")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("no such file");
    }

    private static void assertError(String yaml, int line, String message) {
        assertThatThrownBy(() -> Scenarios.parse(yaml))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> {
                    assertThat(e.source()).isEqualTo(Scenarios.FILE);
                    assertThat(e.line()).as(e.getMessage()).isEqualTo(line);
                })
                .hasMessageContaining(message);
    }
}
