package org.iosched.runner.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.iosched.api.InvalidInputException;
import org.iosched.runner.RunService;
import org.junit.jupiter.api.Test;

/** Replicated seeds run as independent simulations: in parallel with the same outcome as serially. */
class ScenarioRunnerTest {
    private static final RunService SERVICE = Scenarios.service();
    private static final String MATRIX = Scenarios.HEAD + """
            seeds: [1, 2, 3]
            metrics:
              - {label: seq bw, jobs: seq, metric: read.bw}
              - {label: rand bw, jobs: rand, metric: read.bw, aggregate: sum}
              - {label: rand max, jobs: rand, metric: read.clat.max, unit: ms, aggregate: max}
              - {label: writes, jobs: seq, metric: write.clat.mean}
              - {label: held, metric: "stat:max_commands_held"}
              - {label: gc, metric: "stat:gc_runs"}
            axes:
              - name: scheduler
                variants:
                  - {label: cfq}
                  - {label: deadline, scheduler: deadline}
              - name: device
                variants:
                  - {label: ssd}
                  - {label: hdd, device: hdd}
            reference:
              - row: {scheduler: cfq, device: hdd}
                values: {seq bw: 12000}
            """;

    @Test
    void parallelRunsGiveByteIdenticalReportsToSerialRuns() {
        ScenarioPlan plan = new ScenarioPlanner(SERVICE).plan(Scenarios.parse(MATRIX), List.of(), List.of());
        ScenarioResult serial = new ScenarioRunner(SERVICE).run(plan, 1);
        ScenarioResult parallel = new ScenarioRunner(SERVICE).run(plan, 4);
        for (ScenarioFormat format : ScenarioFormat.values()) {
            assertThat(ScenarioReport.render(parallel, format)).as(format.cliName())
                    .isEqualTo(ScenarioReport.render(serial, format));
        }
        assertThat(parallel.rows()).extracting(ScenarioResult.Row::values)
                .isEqualTo(serial.rows().stream().map(ScenarioResult.Row::values).toList());
    }

    @Test
    void plansRunTogetherGiveEachTheReportItsOwnRunGivesInTheirOrder() {
        ScenarioPlanner planner = new ScenarioPlanner(SERVICE);
        ScenarioPlan first = planner.plan(Scenarios.parse(MATRIX), List.of(2L, 5L), List.of());
        ScenarioPlan second = planner.plan(Scenarios.parse(MATRIX.replace("name: small", "name: other")),
                List.of(7L), List.of("cfq.quantum=2"));
        List<ScenarioResult> together = new ArrayList<>();
        new ScenarioRunner(SERVICE).runAll(List.of(first, second, first), 3, together::add);
        assertThat(together).hasSize(3);
        ScenarioResult firstAlone = new ScenarioRunner(SERVICE).run(first, 1);
        ScenarioResult secondAlone = new ScenarioRunner(SERVICE).run(second, 1);
        assertThat(together.get(1).plan().scenario().name()).isEqualTo("other");
        for (ScenarioFormat format : ScenarioFormat.values()) {
            assertThat(ScenarioReport.render(together.get(0), format)).as(format.cliName())
                    .isEqualTo(ScenarioReport.render(firstAlone, format))
                    .isEqualTo(ScenarioReport.render(together.get(2), format));
            assertThat(ScenarioReport.render(together.get(1), format)).as(format.cliName())
                    .isEqualTo(ScenarioReport.render(secondAlone, format));
        }
    }

    @Test
    void everySeedIsItsOwnSimulationAndTheRowShowsTheirMeanMinAndMax() {
        ScenarioResult result = Scenarios.run(MATRIX);
        assertThat(result.rows()).extracting(r -> r.planned().row().label())
                .containsExactly("cfq / ssd", "cfq / hdd", "deadline / ssd", "deadline / hdd");
        MetricValues randomOnDisk = result.rows().get(1).values().get(1);
        double[] perSeed = randomOnDisk.perSeed();
        assertThat(perSeed).hasSize(3).doesNotContain(Double.NaN);
        assertThat(perSeed[0]).as("random offsets differ by seed").isNotEqualTo(perSeed[1]);
        assertThat(randomOnDisk.mean()).isEqualTo((perSeed[0] + perSeed[1] + perSeed[2]) / 3);
        assertThat(randomOnDisk.min()).isLessThan(randomOnDisk.mean());
        assertThat(randomOnDisk.max()).isGreaterThan(randomOnDisk.mean());
        assertThat(result.rows().get(0).values().get(3).perSeed()).as("a reader has no write latency")
                .containsOnly(Double.NaN);
        assertThat(result.rows().get(0).values().get(4).mean()).as("commands the SSD held at once").isPositive();
        assertThat(result.rows().get(0).values().get(5).perSeed()).as("the SSD's garbage collections")
                .doesNotContain(Double.NaN);
        assertThat(result.rows().get(1).values().get(5).perSeed()).as("a disk has no garbage collection")
                .containsOnly(Double.NaN);
        assertThat(result.rows().get(1).sample().seed()).isEqualTo(1);
        assertThat(result.rows().get(3).resolvedSettings()).containsKey("deadline.fifo_batch");
    }

    @Test
    void theSameScenarioAndSeedsGiveTheSameNumbersRunAfterRun() {
        String once = ScenarioReport.render(Scenarios.run(MATRIX), ScenarioFormat.JSON);
        assertThat(ScenarioReport.render(Scenarios.run(MATRIX), ScenarioFormat.JSON)).isEqualTo(once);
    }

    @Test
    void aStatisticTheRunDoesNotReportIsAnErrorAtTheMetricsLine() {
        assertThatThrownBy(() -> Scenarios.run(Scenarios.HEAD + "metrics:\n  - {label: gap, metric: 'stat:nope'}\n"))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.line()).isEqualTo(18))
                .hasMessageContaining("metric 'gap': no run reports a statistic 'nope'; they report: ")
                .hasMessageContaining("max_commands_held");
    }

    @Test
    void parallelismBelowOneIsRefused() {
        ScenarioPlan plan = new ScenarioPlanner(SERVICE).plan(Scenarios.parse(MATRIX), List.of(1L), List.of());
        assertThatThrownBy(() -> new ScenarioRunner(SERVICE).run(plan, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
