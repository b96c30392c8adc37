package org.iosched.runner.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.iosched.api.InvalidInputException;
import org.junit.jupiter.api.Test;

class ScenarioMatrixTest {
    private static final String METRIC = "metrics:\n  - {label: bw, jobs: seq, metric: read.bw}\n";
    private static final String TWO_AXES = """
            axes:
              - name: barrier
                variants:
                  - {label: "off", set: {device.write_cache: 1}}
                  - {label: "on", set: {device.write_cache: 0}}
              - name: scheduler
                variants:
                  - {label: cfq, scheduler: cfq}
                  - {label: patched, scheduler: cfq, set: {cfq.group_preempt_sync_noidle: 1}}
                  - {label: deadline, scheduler: deadline, device: hdd}
            """;

    @Test
    void rowsAreTheCartesianProductWithTheFirstAxisOutermost() {
        List<ScenarioRow> rows = ScenarioMatrix.expand(Scenarios.parse(Scenarios.HEAD + METRIC + TWO_AXES), List.of());
        assertThat(rows).extracting(ScenarioRow::label).containsExactly("off / cfq", "off / patched",
                "off / deadline", "on / cfq", "on / patched", "on / deadline");
        assertThat(rows.get(2).variants()).containsExactly(Map.entry("barrier", "off"), Map.entry("scheduler", "deadline"));
    }

    @Test
    void variantsOverrideTheBase() {
        List<ScenarioRow> rows = ScenarioMatrix.expand(Scenarios.parse(Scenarios.HEAD
                + "set: {device.write_cache: 1, queue.nr_requests: 64}\n" + METRIC + TWO_AXES), List.of());
        ScenarioRow onPatched = rows.get(4);
        assertThat(onPatched.scheduler().name()).isEqualTo("cfq");
        assertThat(onPatched.device().name()).isEqualTo("ssd");
        assertThat(onPatched.settings()).extracting(Setting::assignment)
                .containsExactly("queue.nr_requests=64", "device.write_cache=0", "cfq.group_preempt_sync_noidle=1");
        assertThat(rows.get(5).scheduler().name()).isEqualTo("deadline");
        assertThat(rows.get(5).device().name()).isEqualTo("hdd");
        assertThat(onPatched.line()).as("the line of its last variant").isEqualTo(28);
    }

    @Test
    void commandLineSettingsComeLastAndOverrideEverything() {
        Setting cli = new Setting("device.write_cache", "1", "--set", 0);
        List<ScenarioRow> rows = ScenarioMatrix.expand(Scenarios.parse(Scenarios.HEAD + METRIC + TWO_AXES), List.of(cli));
        assertThat(rows).allSatisfy(row -> assertThat(row.settings()).contains(cli)
                .filteredOn(s -> s.key().equals("device.write_cache")).hasSize(1));
    }

    @Test
    void excludedCombinationsAreLeftOut() {
        List<ScenarioRow> rows = ScenarioMatrix.expand(Scenarios.parse(Scenarios.HEAD + METRIC + TWO_AXES
                + "exclude:\n  - {barrier: \"on\", scheduler: patched}\n  - {scheduler: deadline}\n"), List.of());
        assertThat(rows).extracting(ScenarioRow::label).containsExactly("off / cfq", "off / patched", "on / cfq");
    }

    @Test
    void excludingEveryRowIsAnError() {
        assertError(Scenarios.HEAD + METRIC + TWO_AXES + "exclude:\n  - {barrier: \"on\"}\n  - {barrier: \"off\"}\n",
                30, "exclude: leaves no row to run");
    }

    @Test
    void twoVariantsOfOneRowSettingTheSameThingContradictEachOther() {
        String axes = """
                axes:
                  - name: a
                    variants:
                      - {label: x, set: {cfq.quantum: 4}}
                  - name: b
                    variants:
                      - {label: y, set: {cfq.quantum: 8}}
                """;
        assertError(Scenarios.HEAD + METRIC + axes, 25, "variants 'x' (line 22) and 'y' both set cfq.quantum in one row");
        String schedulers = axes.replace("set: {cfq.quantum: 4}", "scheduler: cfq")
                .replace("set: {cfq.quantum: 8}", "scheduler: noop");
        assertError(Scenarios.HEAD + METRIC + schedulers, 25, "both set the scheduler");
        String withSecondVariant = axes.replace("      - {label: y, set: {cfq.quantum: 8}}\n",
                "      - {label: y, set: {cfq.quantum: 8}}\n      - {label: z}\n");
        assertThat(ScenarioMatrix.expand(Scenarios.parse(Scenarios.HEAD + METRIC + withSecondVariant
                + "exclude:\n  - {a: x, b: y}\n"), List.of()))
                .as("an excluded combination may contradict itself").extracting(ScenarioRow::label)
                .containsExactly("x / z");
    }

    @Test
    void aRowWithoutSchedulerIsAnError() {
        String noScheduler = Scenarios.HEAD.replace("scheduler: cfq\n", "");
        assertError(noScheduler + METRIC + "axes:\n  - name: d\n    variants: [{label: a, device: hdd}]\n", 20,
                "row 'a' has no scheduler");
    }

    @Test
    void withoutAxesThereIsOneRowNamedAfterTheScheduler() {
        List<ScenarioRow> rows = ScenarioMatrix.expand(Scenarios.parse(Scenarios.HEAD + METRIC), List.of());
        assertThat(rows).singleElement().satisfies(row -> {
            assertThat(row.label()).isEqualTo("cfq");
            assertThat(row.variants()).isEmpty();
        });
    }

    @Test
    void variantsChangeTheWorkloadTextOrAddEnvironment() {
        String axes = """
                axes:
                  - name: n
                    variants:
                      - {label: one, workload: {env: {N: 1}}}
                      - {label: other, workload: {fio: "[other]\\nrw=read\\n", env: {N: 2}}}
                """;
        List<ScenarioRow> rows = ScenarioMatrix.expand(Scenarios.parse(Scenarios.HEAD + METRIC + axes), List.of());
        assertThat(rows.get(0).workload().text()).startsWith("[global]");
        assertThat(rows.get(0).workload().environment()).containsExactly(Map.entry("N", "1"));
        assertThat(rows.get(1).workload().text()).isEqualTo("[other]\nrw=read\n");
        assertThat(rows.get(1).workload().firstTextLine()).isZero();
        assertThat(rows.get(1).workload().environment()).containsExactly(Map.entry("N", "2"));
    }

    @Test
    void referencesAttachToEveryRowTheyMatch() {
        String references = """
                reference:
                  - row: {barrier: "on"}
                    values: {bw: ~100}
                  - row: {barrier: "off", scheduler: cfq}
                    values: {bw: 49}
                """;
        List<ScenarioRow> rows = ScenarioMatrix.expand(Scenarios.parse(Scenarios.HEAD + METRIC + TWO_AXES + references),
                List.of());
        assertThat(rows).extracting(r -> r.reference().get("bw")).containsExactly(new ReferenceValue("49", true), null,
                null, new ReferenceValue("~100", false), new ReferenceValue("~100", false), new ReferenceValue("~100", false));
    }

    @Test
    void aReferenceMatchingNoRowOrGivingARowTwoValuesIsAnError() {
        String none = "exclude:\n  - {scheduler: deadline}\nreference:\n  - row: {scheduler: deadline}\n    values: {bw: 1}\n";
        assertError(Scenarios.HEAD + METRIC + TWO_AXES + none, 32, "this reference matches no row (after exclude:)");
        String twice = "reference:\n  - row: {scheduler: cfq}\n    values: {bw: 1}\n"
                + "  - row: {barrier: \"off\"}\n    values: {bw: 2}\n";
        assertError(Scenarios.HEAD + METRIC + TWO_AXES + twice, 32,
                "row 'off / cfq' already has a reference value for 'bw' (line 30)");
    }

    private static void assertError(String yaml, int line, String message) {
        assertThatThrownBy(() -> ScenarioMatrix.expand(Scenarios.parse(yaml), List.of()))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> {
                    assertThat(e.source()).isEqualTo(Scenarios.FILE);
                    assertThat(e.line()).as(e.getMessage()).isEqualTo(line);
                })
                .hasMessageContaining(message);
    }
}
