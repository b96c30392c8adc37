package org.iosched.simulator.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.iosched.api.FileIo;
import org.iosched.api.JobDescriptor;
import org.iosched.simulator.result.JobResult;
import org.junit.jupiter.api.Test;

class JobStatisticsTest {
    private static JobDescriptor job(int index, String name) {
        return new JobDescriptor(index, name, 0, false, "", Map.of(), List.of());
    }

    private final JobStatistics stats = new JobStatistics(List.of(job(0, "a"), job(1, "b")));

    @Test
    void latIsSlatPlusClatWhenSlatIsKnown() {
        stats.started(0, 0);
        stats.recordIo(0, FileIo.Kind.READ, 4096, 1_000, 9_000);
        stats.recordIo(0, FileIo.Kind.READ, 4096, 3_000, 7_000);
        stats.finished(0, 1_000_000_000L);

        JobResult r = stats.results(2_000_000_000L).get(0);
        assertThat(r.read().slat().meanNanos()).isEqualTo(2_000.0);
        assertThat(r.read().clat().meanNanos()).isEqualTo(8_000.0);
        assertThat(r.read().lat().meanNanos()).isEqualTo(10_000.0);
        assertThat(r.read().lat().minNanos()).isEqualTo(10_000);
    }

    @Test
    void withoutSlatLatIsClatAndSlatIsEmpty() {
        stats.recordIo(0, FileIo.Kind.WRITE, 8192, -1, 5_000);

        JobResult r = stats.results(1).get(0);
        assertThat(r.write().slat().count()).isZero();
        assertThat(r.write().lat()).isEqualTo(r.write().clat());
    }

    @Test
    void bandwidthAndIopsAreOverTheJobsRuntime() {
        stats.started(0, 500_000_000L);
        for (int i = 0; i < 256; i++) {
            stats.recordIo(0, FileIo.Kind.READ, 4096, -1, 1_000);
        }
        stats.finished(0, 1_000_000_000L);

        JobResult r = stats.results(5_000_000_000L).get(0);
        assertThat(r.runtimeNanos()).isEqualTo(500_000_000L);
        assertThat(r.read().runtimeNanos()).isEqualTo(500_000_000L);
        assertThat(r.read().ioBytes()).isEqualTo(1_048_576);
        assertThat(r.read().bandwidthBytesPerSec()).isEqualTo(2_097_152.0);
        assertThat(r.read().iops()).isEqualTo(512.0);
        assertThat(r.write().runtimeNanos()).isZero();
        assertThat(r.write().iops()).isZero();
    }

    @Test
    void aJobThatNeverFinishedEndsWithTheRun() {
        stats.started(1, 100);

        JobResult r = stats.results(900).get(1);
        assertThat(r.startNanos()).isEqualTo(100);
        assertThat(r.endNanos()).isEqualTo(900);
    }

    @Test
    void syncsAreRecordedApart() {
        stats.recordSync(1, 4_000_000);
        stats.recordSync(1, 6_000_000);

        JobResult r = stats.results(1).get(1);
        assertThat(r.sync().count()).isEqualTo(2);
        assertThat(r.sync().meanNanos()).isEqualTo(5_000_000.0);
        assertThat(stats.recorded()).isEqualTo(2);
    }

    @Test
    void theIthUserTaskIsTheIthJobsProcess() {
        stats.userTaskCreated(1000);
        stats.userTaskCreated(1001);
        stats.userTaskCreated(1002);

        assertThat(stats.results(1)).extracting(JobResult::pid).containsExactly(1000, 1001);
    }

    @Test
    void theTaskAWorkloadNamesForAJobIsItsProcessWhateverTheCreationOrder() {
        stats.userTaskCreated(1000);
        stats.userTaskCreated(1001);
        stats.jobTask(0, 1001);
        stats.jobTask(1, 1000);

        assertThat(stats.results(10)).extracting(JobResult::pid).containsExactly(1001, 1000);
    }

    @Test
    void badJobIndexesAndKindsAreRejected() {
        assertThatThrownBy(() -> stats.recordIo(2, FileIo.Kind.READ, 1, -1, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no job 2");
        assertThatThrownBy(() -> stats.recordIo(0, FileIo.Kind.FSYNC, 1, -1, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("recordSync");
    }
}
