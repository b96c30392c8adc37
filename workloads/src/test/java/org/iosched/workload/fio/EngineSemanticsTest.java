package org.iosched.workload.fio;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.FileIo;
import org.iosched.workload.testing.FakeWorkloadContext;
import org.junit.jupiter.api.Test;

class EngineSemanticsTest {
    @Test
    void syncEngineIssuesOneBlockingIoAtATimeAndReportsNoSlat() {
        FakeWorkloadContext ctx = Fio.run("""
                [job]
                rw=randread
                bs=4k
                size=1m
                ioengine=psync
                iodepth=16
                filename=/dev/sdb
                """);
        assertThat(ctx.finished()).isTrue();
        assertThat(ctx.recorded).hasSize(256);
        assertThat(ctx.maxInFlightByPid.values()).containsExactly(1);
        assertThat(ctx.recorded).allSatisfy(r -> {
            assertThat(r.slat()).isEqualTo(-1);
            assertThat(r.clat()).isEqualTo(100_000);
        });
        assertThat(ctx.finishTime()).isEqualTo(256 * 100_000L);
    }

    @Test
    void libaioKeepsIodepthIosInFlight() {
        FakeWorkloadContext ctx = Fio.run("""
                [job]
                rw=read
                bs=4k
                size=1m
                ioengine=libaio
                iodepth=8
                direct=1
                filename=/dev/sdb
                """);
        assertThat(ctx.maxInFlightByPid.values()).containsExactly(8);
        assertThat(ctx.recorded).hasSize(256);
        assertThat(ctx.recorded).allSatisfy(r -> {
            assertThat(r.slat()).isZero();
            assertThat(r.clat()).isEqualTo(100_000);
        });
        assertThat(ctx.submissionsOf(FileIo.Kind.READ)).allSatisfy(s -> assertThat(s.direct()).isTrue());
        assertThat(ctx.finishTime()).isEqualTo(256 / 8 * 100_000L);
    }

    @Test
    void timeBasedJobRunsForItsRuntime() {
        FakeWorkloadContext ctx = Fio.run("""
                [job]
                rw=read
                bs=4k
                size=64k
                time_based
                runtime=1
                filename=/dev/sdb
                """);
        assertThat(ctx.jobStarts).containsEntry(0, 0L);
        assertThat(ctx.jobEnds.get(0)).isEqualTo(1_000_000_000L);
        assertThat(ctx.recorded).hasSize(10_000);
    }
}
