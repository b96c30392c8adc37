package org.iosched.runner.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.iosched.api.InvalidInputException;
import org.iosched.runner.RunPlan;
import org.iosched.runner.RunService;
import org.junit.jupiter.api.Test;

/** Planning checks every name, setting and job selector before anything runs, and says which line is wrong. */
class ScenarioPlannerTest {
    private static final String METRIC = "metrics:\n  - {label: bw, jobs: seq, metric: read.bw}\n";
    private static final RunService SERVICE = Scenarios.service();

    @Test
    void everyRowIsPlannedOncePerSeed() {
        ScenarioPlan plan = plan(Scenarios.HEAD + "seeds: [5, 6]\n" + METRIC
                + "axes:\n  - name: s\n    variants: [{label: cfq}, {label: noop, scheduler: noop}]\n", List.of(), List.of());
        assertThat(plan.seeds()).containsExactly(5L, 6L);
        assertThat(plan.simulations()).isEqualTo(4);
        assertThat(plan.rows().get(1).runs()).extracting(RunPlan::seed).containsExactly(5L, 6L);
        assertThat(plan.rows().get(1).runs().get(0).schedulers()).extracting(p -> p.name()).containsExactly("noop");
    }

    @Test
    void seedsFromTheCommandLineReplaceTheScenarios() {
        ScenarioPlan plan = plan(Scenarios.HEAD + "seeds: [5, 6]\n" + METRIC, List.of(9L), List.of());
        assertThat(plan.seeds()).containsExactly(9L);
        assertThatThrownBy(() -> plan(Scenarios.HEAD + METRIC, List.of(2L, 2L), List.of()))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("--seeds: a seed is listed twice");
    }

    @Test
    void unknownPluginsAreReportedAtTheLineNamingThem() {
        assertError(Scenarios.HEAD + METRIC + "axes:\n  - name: s\n    variants:\n      - {label: b, scheduler: anticipatory}\n",
                22, "unknown scheduler 'anticipatory'; available: bfq, cfq, deadline, kyber, mq-deadline, none, noop");
        assertError(Scenarios.HEAD.replace("device: ssd", "device: floppy") + METRIC, 3, "unknown device 'floppy'");
        assertError("name: n\ntitle: t\ndevice: ssd\nscheduler: cfq\nworkload:\n  kind: iolog\n  text: x\n" + METRIC, 6,
                "unknown workload 'iolog'");
    }

    @Test
    void aBadSettingIsReportedAtItsLine() {
        assertError(Scenarios.HEAD + "set:\n  cfq.quantumm: 3\n" + METRIC, 18, "row 'cfq': unknown tunable 'cfq.quantumm'");
        assertError(Scenarios.HEAD + "set:\n  cfq.quantum: many\n" + METRIC, 18, "bad value cfq.quantum=many");
        assertError(Scenarios.HEAD + "set:\n  queue.nr_requests: 1\n" + METRIC, 18, "bad value queue.nr_requests=1");
        assertError(Scenarios.HEAD + "set:\n  kernel.nonsense: 1\n" + METRIC, 18, "'kernel.nonsense'");
        assertError(Scenarios.HEAD + "set:\n  bogus.x: 1\n" + METRIC, 18, "unknown key prefix 'bogus'");
    }

    @Test
    void aVariantsSchedulerTunableMustFitItsRow() {
        assertError(Scenarios.HEAD + METRIC + "axes:\n  - name: s\n    variants:\n"
                + "      - label: d\n        scheduler: deadline\n        set: {cfq.quantum: 4}\n", 24,
                "tunables for 'cfq' are set but cfq is not part of this run");
    }

    @Test
    void sharedSchedulerTunablesApplyToTheRowsRunningThatScheduler() {
        ScenarioPlan plan = plan(Scenarios.HEAD + "set: {cfq.quantum: 4}\n" + METRIC
                + "axes:\n  - name: s\n    variants: [{label: cfq}, {label: deadline, scheduler: deadline}]\n",
                List.of(), List.of("deadline.fifo_batch=1"));
        assertThat(plan.rows().get(0).settings()).extracting(Setting::assignment).containsExactly("cfq.quantum=4");
        assertThat(plan.rows().get(0).runs().get(0).schedulerSettings().get("cfq")).containsEntry("quantum", "4");
        assertThat(plan.rows().get(1).settings()).extracting(Setting::assignment).containsExactly("deadline.fifo_batch=1");
    }

    @Test
    void aSharedSettingNoRowUsesIsAnError() {
        assertError(Scenarios.HEAD + "set: {deadline.fifo_batch: 4}\n" + METRIC, 17,
                "deadline.fifo_batch is set but no row runs deadline");
        assertError(Scenarios.HEAD + "set: {cfq.quantum: 4}\n" + METRIC
                + "axes:\n  - name: q\n    variants: [{label: q2, set: {cfq.quantum: 2}}]\n", 17,
                "cfq.quantum is set but every row running cfq sets it otherwise");
        assertThatThrownBy(() -> plan(Scenarios.HEAD + METRIC, List.of(), List.of("noop.x=1")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("--set: noop.x is set but no row runs noop");
    }

    @Test
    void commandLineSettingsAreCheckedLikeRunsSet() {
        assertThatThrownBy(() -> plan(Scenarios.HEAD + METRIC, List.of(), List.of("cfq.quantum=0")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("--set: row 'cfq': bad value cfq.quantum=0");
        assertThatThrownBy(() -> plan(Scenarios.HEAD + METRIC, List.of(), List.of("slice_idle")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("KEY=VALUE");
    }

    @Test
    void anInlineJobErrorPointsAtTheScenarioLineOfTheJobText() {
        assertError(Scenarios.HEAD.replace("rw=randread", "rw=randreed") + METRIC, 15,
                "row 'cfq': workload: fio: failed parsing rw=randreed");
    }

    @Test
    void aMetricSelectingNoJobIsAnError() {
        assertError(Scenarios.HEAD + "metrics:\n  - {label: bw, jobs: 'x*', metric: read.bw, aggregate: sum}\n", 18,
                "metric 'bw': jobs: x* matches no job of any row; the jobs of row 'cfq': seq (group 0), rand (group 0)");
    }

    @Test
    void aMetricOfOneOfTwoWorkloadsIsEmptyInTheOthersRows() {
        String yaml = Scenarios.HEAD + "metrics:\n  - {label: bw, jobs: other, metric: read.bw}\n"
                + "axes:\n  - name: w\n    variants:\n      - {label: base}\n"
                + "      - {label: other, workload: {fio: \"[other]\\ndirect=1\\nrw=read\\nsize=1m\\n\"}}\n";
        ScenarioResult result = new ScenarioRunner(SERVICE).run(plan(yaml, List.of(), List.of()), 1);
        assertThat(result.rows().get(0).values().get(0).perSeed()).containsOnly(Double.NaN);
        assertThat(result.rows().get(1).values().get(0).mean()).isPositive();
    }

    @Test
    void aJobNameSharedByNumjobsClonesNeedsAnAggregate() {
        assertError(Scenarios.HEAD + "metrics:\n  - {label: bw, jobs: rand, metric: read.bw}\n", 18,
                "jobs: rand matches 2 jobs of row 'cfq' (numjobs clones share a name); say how to combine them");
    }

    @Test
    void environmentVariablesReachTheJobText() {
        String yaml = Scenarios.HEAD.replace("numjobs=2", "numjobs=${N}").replace("[global]", "[global]")
                + "metrics:\n  - {label: bw, jobs: rand, metric: read.bw, aggregate: sum}\n"
                + "axes:\n  - name: n\n    variants:\n      - {label: one, workload: {env: {N: 1}}}\n"
                + "      - {label: three, workload: {env: {N: 3}}}\n";
        ScenarioResult result = new ScenarioRunner(SERVICE).run(plan(yaml, List.of(), List.of()), 1);
        assertThat(result.rows().get(0).sample().jobs()).hasSize(2);
        assertThat(result.rows().get(1).sample().jobs()).hasSize(4);
    }

    @Test
    void otherWorkloadKindsTakeTheirTextAndTheirOwnSettings() {
        String yaml = """
                name: replay
                title: a trace replayed
                device: ssd
                scheduler: noop
                workload:
                  kind: replay
                  text: |
                    fio version 2 iolog
                    /dev/sda add
                    /dev/sda open
                    /dev/sda read 0 4096
                    /dev/sda read 8192 4096
                    /dev/sda close
                set: {replay.mode: closed}
                metrics:
                  - {label: reads, jobs: "*", metric: read.iops, aggregate: sum}
                """;
        ScenarioPlan plan = plan(yaml, List.of(), List.of());
        assertThat(plan.rows().get(0).runs().get(0).workload().name()).isEqualTo("replay");
        assertThat(plan.rows().get(0).runs().get(0).workloadSettings()).containsEntry("mode", "closed");
        assertError(yaml.replace("mode: closed", "mode: shut"), 14, "bad value replay.mode=shut");
    }

    private static ScenarioPlan plan(String yaml, List<Long> seeds, List<String> set) {
        return new ScenarioPlanner(SERVICE).plan(Scenarios.parse(yaml), seeds, set);
    }

    private static void assertError(String yaml, int line, String message) {
        assertThatThrownBy(() -> plan(yaml, List.of(), List.of()))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> {
                    assertThat(e.source()).isEqualTo(Scenarios.FILE);
                    assertThat(e.line()).as(e.getMessage()).isEqualTo(line);
                })
                .hasMessageContaining(message);
    }
}
