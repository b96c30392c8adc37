package org.iosched.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iosched.simulator.result.JobResult;
import org.junit.jupiter.api.Test;

/** fio's rule for which jobs share a report block (stat.c __show_run_stats). */
class ReportedJobTest {
    private static JobResult job(int index, String name, int group, boolean groupReporting) {
        return new JobResult(Results.descriptor(index, name, group, groupReporting, "rw=read", Map.of()),
                100 + index, 0, 1, Results.idle(), Results.idle(), Results.idle(), Results.none());
    }

    private static List<String> blocks(JobResult... jobs) {
        List<String> blocks = new ArrayList<>();
        for (ReportedJob reported : ReportedJob.of(Results.simulation(1, List.of(jobs)))) {
            blocks.add(reported.name() + "/g" + reported.groupId() + "x" + reported.members() + "@" + reported.pid());
        }
        return blocks;
    }

    @Test
    void withoutGroupReportingEveryJobIsItsOwnBlock() {
        assertThat(blocks(job(0, "a", 0, false), job(1, "a", 0, false))).containsExactly("a/g0x1@100", "a/g0x1@101");
    }

    @Test
    void groupReportingMergesConsecutiveJobsOfAGroupUnderTheFirstJobsNameAndPid() {
        assertThat(blocks(job(0, "a", 0, true), job(1, "b", 0, true), job(2, "c", 1, true), job(3, "d", 1, true)))
                .containsExactly("a/g0x2@100", "c/g1x2@102");
    }

    @Test
    void aGroupReportingJobJoinsThePreviousJobOfItsGroupEvenIfThatOneDoesNotReportByGroup() {
        assertThat(blocks(job(0, "a", 0, false), job(1, "b", 0, true))).containsExactly("a/g0x2@100");
    }

    @Test
    void aJobWithoutGroupReportingStartsANewBlockInsideAGroup() {
        assertThat(blocks(job(0, "a", 0, true), job(1, "b", 0, false), job(2, "c", 0, true)))
                .containsExactly("a/g0x1@100", "b/g0x2@101");
    }
}
