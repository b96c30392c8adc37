package org.iosched.simulator.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.iosched.api.FileIo;
import org.iosched.api.JobDescriptor;
import org.iosched.simulator.stats.JobStatistics;
import org.junit.jupiter.api.Test;

class JobResultTest {
    @Test
    void groupReportingSumsIoTakesTheLongestRuntimeAndTheFirstJobsIdentity() {
        JobStatistics stats = new JobStatistics(List.of(
                new JobDescriptor(0, "reader.0", 0, true, "rw=read", Map.of(), List.of()),
                new JobDescriptor(1, "reader.1", 0, true, "rw=read", Map.of(), List.of())));
        stats.userTaskCreated(1000);
        stats.userTaskCreated(1001);
        stats.started(0, 0);
        stats.started(1, 10);
        for (int i = 0; i < 10; i++) {
            stats.recordIo(0, FileIo.Kind.READ, 4096, -1, 1_000);
        }
        for (int i = 0; i < 30; i++) {
            stats.recordIo(1, FileIo.Kind.READ, 4096, -1, 3_000);
        }
        stats.finished(0, 1_000_000_000L);
        stats.finished(1, 2_000_000_010L);
        List<JobResult> jobs = stats.results(3_000_000_000L);

        JobResult merged = JobResult.merge("reader", jobs);

        assertThat(merged.job().name()).isEqualTo("reader");
        assertThat(merged.job().index()).isZero();
        assertThat(merged.pid()).isEqualTo(1000);
        assertThat(merged.startNanos()).isZero();
        assertThat(merged.endNanos()).isEqualTo(2_000_000_010L);
        assertThat(merged.read().totalIos()).isEqualTo(40);
        assertThat(merged.read().ioBytes()).isEqualTo(40 * 4096);
        assertThat(merged.read().runtimeNanos()).isEqualTo(2_000_000_000L);
        assertThat(merged.read().bandwidthBytesPerSec()).isEqualTo(40 * 4096 / 2.0);
        assertThat(merged.read().clat().meanNanos()).isEqualTo(2_500.0);
        assertThat(merged.read().clat().count()).isEqualTo(40);
        assertThat(merged.write()).isEqualTo(DirectionStats.empty());
    }
}
