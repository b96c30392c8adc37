package org.iosched.runner.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import org.iosched.api.InvalidInputException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Swept axes ({@code values:} ranges and lists of a setting or env variable) and {@code sample:}. */
class ScenarioSweepTest {
    private static final String METRIC = "metrics:\n  - {label: bw, jobs: seq, metric: read.bw}\n";

    private static Scenario parse(String axes) {
        return Scenarios.parse(Scenarios.HEAD + METRIC + axes);
    }

    private static List<String> labels(Scenario scenario) {
        return ScenarioMatrix.expand(scenario, List.of()).stream().map(ScenarioRow::label).toList();
    }

    @Test
    void anIntegerRangeGivesOneVariantPerValueIncludingItsEnd() {
        Scenario s = parse("axes:\n  - name: slice_idle\n    set: cfq.slice_idle\n    values: 0..16 step 4\n");
        assertThat(labels(s)).containsExactly("slice_idle=0", "slice_idle=4", "slice_idle=8", "slice_idle=12",
                "slice_idle=16");
        assertThat(ScenarioMatrix.expand(s, List.of()).get(1).settings()).extracting(Setting::assignment)
                .containsExactly("cfq.slice_idle=4");
    }

    @Test
    void aRangeWithoutStepCountsByOneAndStopsAtTheLastValueNotAboveItsEnd() {
        assertThat(AxisValues.range("f", 1, "a", "3..5")).extracting(AxisValues.Value::text)
                .containsExactly("3", "4", "5");
        assertThat(AxisValues.range("f", 1, "a", "0..10 step 3")).extracting(AxisValues.Value::text)
                .containsExactly("0", "3", "6", "9");
        assertThat(AxisValues.range("f", 1, "a", "-2..2 step 2")).extracting(AxisValues.Value::text)
                .containsExactly("-2", "0", "2");
    }

    @Test
    void aDecimalRangeIsComputedInDecimalWithTheMostDecimalsGiven() {
        assertThat(AxisValues.range("f", 1, "a", "0.5..2 step 0.5")).extracting(AxisValues.Value::text)
                .containsExactly("0.5", "1.0", "1.5", "2.0");
        // 0.1 steps in binary floating point would drift (0.30000000000000004)
        assertThat(AxisValues.range("f", 1, "a", "0..1 step 0.1")).extracting(AxisValues.Value::text)
                .hasSize(11).contains("0.3", "0.7", "1.0");
    }

    @Test
    void aListGivesItsValuesAsWritten() {
        Scenario s = parse("axes:\n  - name: scheduler\n    variants:\n      - {label: cfq, scheduler: cfq}\n"
                + "  - name: quantum\n    set: cfq.quantum\n    values: [4, 8, 16]\n");
        assertThat(labels(s)).containsExactly("cfq / quantum=4", "cfq / quantum=8", "cfq / quantum=16");
    }

    @Test
    void anEnvAxisSweepsAWorkloadVariable() {
        Scenario s = Scenarios.parse(Scenarios.HEAD.replace("size=1m", "size=${SIZE}") + METRIC
                + "axes:\n  - name: size\n    env: SIZE\n    values: [1m, 2m]\n");
        List<ScenarioRow> rows = ScenarioMatrix.expand(s, List.of());
        assertThat(rows).extracting(ScenarioRow::label).containsExactly("size=1m", "size=2m");
        assertThat(rows.get(1).workload().environment()).containsEntry("SIZE", "2m");
        assertThat(rows.get(1).workload().text()).contains("size=${SIZE}");
    }

    @Test
    void badRangesAreErrorsAtTheirLineSayingWhatIsAccepted() {
        String head = "axes:\n  - name: q\n    set: cfq.quantum\n    values: ";
        for (String bad : List.of("1..", "a..b", "1...3", "1..3 step", "1..3 by 2", "5..1", "1..3 step 0",
                "1..3 step -1")) {
            assertThatThrownBy(() -> parse(head + bad + "\n"))
                    .as(bad)
                    .isInstanceOfSatisfying(InvalidInputException.class, e -> {
                        assertThat(e.source()).isEqualTo(Scenarios.FILE);
                        assertThat(e.line()).isEqualTo(lineOf(head) + 3);
                    })
                    .hasMessageContaining("accepted: FROM..TO or FROM..TO step STEP");
        }
        assertThatThrownBy(() -> parse(head + "0..2000000\n")).hasMessageContaining("accepted: at most 1000000");
        assertThatThrownBy(() -> parse(head + "[1, 2, 1]\n")).hasMessageContaining("lists the value '1' twice");
    }

    @Test
    void aSweptAxisNamesOneThingToSweep() {
        assertThatThrownBy(() -> parse("axes:\n  - name: q\n    values: 1..3\n"))
                .hasMessageContaining("give set: KEY").hasMessageContaining("not neither");
        assertThatThrownBy(() -> parse("axes:\n  - name: q\n    set: cfq.quantum\n    env: X\n    values: 1..3\n"))
                .hasMessageContaining("not both");
        assertThatThrownBy(() -> parse("axes:\n  - name: q\n    set: cfq.quantum\n"))
                .hasMessageContaining("needs values:");
        assertThatThrownBy(() -> parse("axes:\n  - name: q\n    set: quantum\n    values: 1..3\n"))
                .hasMessageContaining("keys are <owner>.<name>");
        assertThatThrownBy(() -> parse("axes:\n  - name: q\n    set: cfq.quantum\n    values: 1..3\n"
                + "    variants:\n      - {label: a}\n")).hasMessageContaining("both variants: and values:");
        assertThatThrownBy(() -> parse("axes:\n  - name: q\n")).hasMessageContaining("needs variants:");
    }

    @Test
    void aSampleDrawsDistinctRowsInMatrixOrderTheSameEveryTime() {
        String axes = "sample: 10\naxes:\n  - name: quantum\n    set: cfq.quantum\n    values: 1..8\n"
                + "  - name: slice_idle\n    set: cfq.slice_idle\n    values: 0..20 step 2\n";
        Scenario s = parse(axes);
        List<String> rows = labels(s);
        assertThat(rows).hasSize(10).doesNotHaveDuplicates();
        assertThat(rows).isEqualTo(labels(parse(axes)));
        List<String> full = labels(parse(axes.replace("sample: 10\n", "")));
        assertThat(full).hasSize(88).containsAll(rows);
        assertThat(rows).isSortedAccordingTo((a, b) -> Integer.compare(full.indexOf(a), full.indexOf(b)));
        // another seed, another sample
        List<String> other = labels(Scenarios.parse(Scenarios.HEAD + "seeds: [7, 1]\n" + METRIC + axes));
        assertThat(other).hasSize(10).isNotEqualTo(rows);
    }

    @Test
    void samplesCoverTheMatrixEvenly() {
        // every row of a 20-row matrix is drawn by some of 200 seeds' samples of 5, about 50 times each
        int[] drawn = new int[20];
        for (int seed = 1; seed <= 200; seed++) {
            Scenario s = Scenarios.parse(Scenarios.HEAD + "seeds: [" + seed + "]\n" + METRIC
                    + "sample: 5\naxes:\n  - name: q\n    set: cfq.quantum\n    values: 1..20\n");
            for (String label : labels(s)) {
                drawn[Integer.parseInt(label.substring("q=".length())) - 1]++;
            }
        }
        for (int count : drawn) {
            assertThat(count).isBetween(25, 80);
        }
    }

    @Test
    void aSampleNotSmallerThanTheMatrixIsTheWholeMatrixAndThePlanSaysSo() {
        Scenario s = parse("sample: 500\naxes:\n  - name: q\n    set: cfq.quantum\n    values: 1..4\n");
        assertThat(labels(s)).hasSize(4);
        ScenarioPlanner.Size size = ScenarioPlanner.size(s, List.of(1L, 2L), 1000);
        assertThat(size.sampled()).isFalse();
        assertThat(size).hasToString("4 rows x 2 seeds = 8 runs (sample: 500 is not smaller than the matrix's 4 rows:"
                + " all of them run)");
    }

    @Test
    void thePlanOfASampleCountsItsRowsAndTheMatrix() {
        Scenario s = parse("sample: 3\naxes:\n  - name: q\n    set: cfq.quantum\n    values: 1..40\n");
        ScenarioPlanner.Size size = ScenarioPlanner.size(s, List.of(), 1000);
        assertThat(size).hasToString("3 of 40 rows (sample, seed 1) x 1 seed = 3 runs");
        assertThat(ScenarioPlanner.size(parse("axes:\n  - name: q\n    set: cfq.quantum\n    values: 1..40\n"),
                List.of(), 1000)).hasToString("40 rows x 1 seed = 40 runs");
        assertThatThrownBy(() -> ScenarioPlanner.size(s, List.of(), 2)).hasMessageContaining("above the limit of 2");
        assertThat(new HashSet<>(labels(s))).hasSize(3);
    }

    @Test
    void badSamplesAreErrors() {
        for (String bad : List.of("0", "-1", "many", "1.5")) {
            assertThatThrownBy(() -> parse("sample: " + bad + "\naxes:\n  - name: q\n    set: cfq.quantum\n"
                    + "    values: 1..4\n")).as(bad).hasMessageContaining("accepted: a number of rows, 1 or more");
        }
    }

    @Test
    void theExampleSweepsAndScenariosPlanWithoutErrors() throws IOException {
        List<Path> files = new java.util.ArrayList<>();
        for (String folder : List.of("sweeps", "examples")) {
            try (Stream<Path> list = Files.list(Path.of("..", "scenarios", folder))) {
                List<Path> found = list.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
                assertThat(found).as(folder).isNotEmpty();
                files.addAll(found);
            }
        }
        for (Path file : files) {
            Scenario scenario = ScenarioParser.parse(file);
            assertThat(file.getFileName().toString()).isEqualTo(scenario.name() + ".yaml");
            ScenarioPlan plan = new ScenarioPlanner(Scenarios.service()).plan(scenario, List.of(), List.of());
            assertThat(plan.simulations()).as(file.toString()).isGreaterThan(1);
        }
    }

    /** The line {@code head} starts on: the one after HEAD and METRIC. */
    private static int lineOf(String head) {
        return (Scenarios.HEAD + METRIC).split("\n", -1).length;
    }
}
