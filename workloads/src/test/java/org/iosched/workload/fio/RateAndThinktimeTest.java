package org.iosched.workload.fio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.iosched.workload.testing.FakeWorkloadContext;
import org.junit.jupiter.api.Test;

class RateAndThinktimeTest {
    private static final long MS = 1_000_000L;

    @Test
    void rateDelaysIssueSoThatBandwidthStaysAtTheCap() {
        // 1 MiB/s in 4 KiB blocks: one read every 3.90625 ms
        FakeWorkloadContext ctx = Fio.run("""
                [job]
                rw=read
                bs=4k
                rate=1m
                time_based
                runtime=2
                filename=/dev/sdb
                """);
        long bytes = ctx.recorded.stream().mapToLong(FakeWorkloadContext.Recorded::bytes).sum();
        assertThat(bytes).isBetween((2L << 20) - 8192, (2L << 20) + 8192);
        List<FakeWorkloadContext.Submission> s = ctx.submissions;
        assertThat(s.get(1).time() - s.get(0).time()).isBetween(3_900_000L, 3_910_000L);
    }

    @Test
    void rateIopsCapsOperationsPerSecond() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=randread\nrate_iops=250\ntime_based\nruntime=4\n"
                + "filename=/dev/sdb\n");
        assertThat(ctx.recorded).hasSize(1000);
    }

    @Test
    void aMixedJobIsRateLimitedPerDirection() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=randrw\nrate=400k,100k\ntime_based\nruntime=5\n"
                + "filename=/dev/sdb\n");
        long reads = ctx.recorded.stream().filter(r -> r.kind() == org.iosched.api.FileIo.Kind.READ)
                .mapToLong(FakeWorkloadContext.Recorded::bytes).sum();
        long writes = ctx.recorded.stream().filter(r -> r.kind() == org.iosched.api.FileIo.Kind.WRITE)
                .mapToLong(FakeWorkloadContext.Recorded::bytes).sum();
        assertThat(writes / 5).isBetween(90L << 10, 110L << 10);
        assertThat(reads / 5).isLessThanOrEqualTo(410L << 10);
    }

    @Test
    void poissonRateKeepsTheAverageButVariesTheGaps() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=randread\nrate_iops=100\nrate_process=poisson\ntime_based\n"
                + "runtime=20\nfilename=/dev/sdb\n");
        assertThat(ctx.recorded.size()).isBetween(1800, 2200);
        List<FakeWorkloadContext.Submission> s = ctx.submissions;
        long gap1 = s.get(1).time() - s.get(0).time();
        long gap2 = s.get(2).time() - s.get(1).time();
        assertThat(gap1).isNotEqualTo(gap2);
    }

    @Test
    void rateMinBelowTheAchievedRateStopsTheJobWithAnError() {
        // 4 KiB every 100 ms is 40 KiB/s, far below rate_min
        FakeWorkloadContext ctx = new FakeWorkloadContext().latency(100 * MS);
        FioWorkload w = Fio.workload("[slow]\nrw=read\nrate_min=1m\ntime_based\nruntime=60\nfilename=/dev/sdb\n");
        w.start(ctx);
        ctx.run();
        // fio settles for 2 s, takes a sample, and fails at the next one a rate_cycle (1 s) later
        assertThat(ctx.jobEnds.get(0)).isBetween(3_000 * MS, 3_200 * MS);
        assertThat(w.notices()).anyMatch(n -> n.contains("slow: rate_min=1048576B/s not met, got")
                && n.contains("(err=5"));
        assertThat(ctx.traceMessages).anyMatch(m -> m.startsWith("fio: slow: rate_min=1048576B/s not met"));
    }

    @Test
    void thinktimePausesAfterEveryThinktimeBlocksIos() {
        FakeWorkloadContext ctx = Fio.run("""
                [job]
                rw=read
                size=64k
                thinktime=1ms
                thinktime_blocks=4
                filename=/dev/sdb
                """);
        List<FakeWorkloadContext.Submission> s = ctx.submissions;
        assertThat(s).hasSize(16);
        assertThat(s.get(1).time() - s.get(0).time()).isEqualTo(100_000);
        assertThat(s.get(4).time() - s.get(3).time()).isEqualTo(100_000 + MS);
        assertThat(ctx.finishTime()).isEqualTo(16 * 100_000 + 4 * MS);
    }

    @Test
    void thinktimeWithAnAsyncEngineDrainsTheQueueBeforePausing() {
        FakeWorkloadContext ctx = Fio.run("""
                [job]
                rw=read
                size=64k
                ioengine=libaio
                iodepth=8
                thinktime=1ms
                filename=/dev/sdb
                """);
        // thinking drains the queue: at most 8 in flight before the first completion, then one at a time
        assertThat(ctx.maxInFlightByPid.values()).containsExactly(8);
        assertThat(ctx.recorded).hasSize(16);
        assertThat(ctx.finishTime()).isGreaterThan(8 * MS);
    }

    @Test
    void rampTimeRunsIoButRecordsNothingAndRuntimeCountsAfterIt() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=read\nbs=4k\ntime_based\nruntime=1\nramp_time=500ms\n"
                + "filename=/dev/sdb\n");
        assertThat(ctx.jobStarts).containsEntry(0, 500 * MS);
        assertThat(ctx.jobEnds).containsEntry(0, 1_500 * MS);
        // the read issued at 499.9 ms completes at the end of the ramp and counts, as after fio's stats reset
        assertThat(ctx.recorded).hasSize(10_001).allSatisfy(r -> assertThat(r.time()).isGreaterThanOrEqualTo(500 * MS));
        assertThat(ctx.submissions).hasSize(15_000);
    }

    @Test
    void startdelayCountsFromTheStartOfTheRun() {
        FakeWorkloadContext ctx = Fio.run("[a]\nsize=64k\nfilename=/dev/sdb\n[b]\nsize=64k\nstartdelay=2\n"
                + "filename=/dev/sdb\n");
        assertThat(ctx.jobStarts).containsEntry(0, 0L).containsEntry(1, 2_000 * MS);
    }

    @Test
    void startdelayRangesPickADelayPerCloneWithinTheRange() {
        FakeWorkloadContext ctx = Fio.run("[a]\nsize=64k\nstartdelay=1-3\nnumjobs=4\nfilename=/dev/sdb\n");
        assertThat(ctx.jobStarts.values()).allSatisfy(t -> assertThat(t).isBetween(1_000 * MS, 3_000 * MS));
        assertThat(ctx.jobStarts.values().stream().distinct().count()).isGreaterThan(1);
    }
}
