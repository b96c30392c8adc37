package org.iosched.runner.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iosched.simulator.result.DiskStats;
import org.iosched.simulator.result.SimulationResult;
import org.junit.jupiter.api.Test;

/** The four output formats, on hand-made results so that every character is known. */
class ScenarioReportTest {
    private static final String SCENARIO = """
            name: demo
            title: fsync rate in a cgroup
            thread: shared/seeds/000.txt
            description: one writer
            device: hdd-7200
            workload:
              fio: |
                [w]
                rw=write
            metrics:
              - {label: iops, jobs: w, metric: write.iops}
              - {label: max lat, jobs: w, metric: write.clat.max, unit: ms}
            axes:
              - name: scheduler
                variants:
                  - {label: cfq, scheduler: cfq}
                  - {label: patched, scheduler: cfq, set: {cfq.group_preempt_sync_noidle: 1}}
            reference:
              - row: {scheduler: cfq}
                values: {iops: 49}
              - row: {scheduler: patched}
                values: {iops: 798}
            """;

    @Test
    void textHasATitleTheSetupAndOneLinePerRowWithTheThreadBesideOurs() {
        assertThat(ScenarioReport.render(result(List.of(1L, 2L, 3L)), ScenarioFormat.TEXT)).isEqualTo("""
                demo: fsync rate in a cgroup
                device hdd-7200; seeds 1, 2, 3 (cells: mean (min-max) over the seeds); 'thread' columns: the thread's own numbers; kernel 3.0
                thread: shared/seeds/000.txt

                scheduler              iops  thread      max lat (ms)
                ---------  ----------------  ------  ----------------
                cfq        50.0 (48.0-52.0)      49                 -
                patched       800 (790-810)     798  12.3 (12.3-12.3)

                notes:
                  patched: stopped at the time limit
                """);
    }

    @Test
    void aSingleSeedShowsPlainNumbers() {
        String text = ScenarioReport.render(result(List.of(7L)), ScenarioFormat.TEXT);
        assertThat(text).contains("device hdd-7200; seed 7; 'thread' columns").contains("cfq        48.0      49")
                .doesNotContain("(48");
    }

    @Test
    void markdownIsASectionWithADescriptionAndATable() {
        assertThat(ScenarioReport.render(result(List.of(7L)), ScenarioFormat.MARKDOWN)).isEqualTo("""
                ### demo: fsync rate in a cgroup

                one writer

                device hdd-7200; seed 7; 'thread' columns: the thread's own numbers; kernel 3.0; thread: `shared/seeds/000.txt`

                | scheduler | iops | thread | max lat (ms) |
                |---|---:|---:|---:|
                | cfq | 48.0 | 49 | - |
                | patched | 790 | 798 | 12.3 |

                - patched: stopped at the time limit
                """);
    }

    @Test
    void csvHasPlainNumbersWithMinAndMaxColumns() {
        assertThat(ScenarioReport.render(result(List.of(1L, 2L, 3L)), ScenarioFormat.CSV)).isEqualTo("""
                scheduler,iops,iops min,iops max,iops thread,max lat (ms),max lat (ms) min,max lat (ms) max
                cfq,50.0,48.0,52.0,49,-,-,-
                patched,800,790,810,798,12.3,12.3,12.3
                """);
    }

    @Test
    void jsonHoldsTheScenarioEveryRowsSettingsPerSeedValuesAggregatesAndReferences() throws Exception {
        JsonNode root = new ObjectMapper().readTree(ScenarioReport.render(result(List.of(1L, 2L, 3L)), ScenarioFormat.JSON));
        assertThat(root.at("/scenario/name").asText()).isEqualTo("demo");
        assertThat(root.at("/scenario/seeds").toString()).isEqualTo("[1,2,3]");
        assertThat(root.at("/scenario/metrics/1/unit").asText()).isEqualTo("ms");
        JsonNode patched = root.at("/rows/1");
        assertThat(patched.at("/label").asText()).isEqualTo("patched");
        assertThat(patched.at("/variants/scheduler").asText()).isEqualTo("patched");
        assertThat(patched.at("/set").toString()).isEqualTo("{\"cfq.group_preempt_sync_noidle\":\"1\"}");
        assertThat(patched.at("/settings/cfq.slice_idle").asText()).isEqualTo("8");
        assertThat(patched.at("/seeds/2/seed").asLong()).isEqualTo(3);
        assertThat(patched.at("/seeds/2/values/iops").asDouble()).isEqualTo(810.0);
        assertThat(patched.at("/metrics/iops/mean").asDouble()).isEqualTo(800.0);
        assertThat(patched.at("/metrics/iops/min").asDouble()).isEqualTo(790.0);
        assertThat(patched.at("/reference/iops").isNumber()).isTrue();
        assertThat(patched.at("/reference/iops").asInt()).isEqualTo(798);
        assertThat(root.at("/rows/0/metrics/max lat/mean").isNull()).as("no value: null").isTrue();
        assertThat(patched.at("/notices/0").asText()).isEqualTo("stopped at the time limit");
    }

    /** Two rows: cfq with iops 48, 50, 52 and no latency; patched with iops 790, 800, 810 and 12.3 ms. */
    private static ScenarioResult result(List<Long> seeds) {
        Scenario scenario = Scenarios.parse(SCENARIO);
        List<ScenarioRow> rows = ScenarioMatrix.expand(scenario, List.of());
        double[][] iops = {{48, 50, 52}, {790, 800, 810}};
        double[][] latency = {{Double.NaN, Double.NaN, Double.NaN}, {12.3, 12.3, 12.3}};
        List<ScenarioResult.Row> results = new ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            ScenarioRow row = rows.get(r);
            SimulationResult sample = new SimulationResult("cfq", "hdd-7200", seeds.get(0),
                    Map.of("cfq.slice_idle", "8"), 1, List.of(), new DiskStats("sda", 0, 0, 0, 0, 0, 0, 0, 0.0, 0, 0),
                    List.of(), Map.of());
            List<MetricValues> values = List.of(
                    new MetricValues(scenario.metrics().get(0), java.util.Arrays.copyOf(iops[r], seeds.size())),
                    new MetricValues(scenario.metrics().get(1), java.util.Arrays.copyOf(latency[r], seeds.size())));
            List<String> notices = r == 1 ? List.of("stopped at the time limit") : List.of();
            results.add(new ScenarioResult.Row(new ScenarioPlan.Row(row, row.settings(), List.of(), List.of()), sample, values,
                    notices));
        }
        return new ScenarioResult(new ScenarioPlan(scenario, seeds, List.of()), results);
    }
}
