package org.iosched.scheduler.cfq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iosched.api.Cgroup;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Op;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.iosched.testkit.FakeSchedulerContext;
import org.junit.jupiter.api.Test;

/**
 * The phenomena of the seed threads ({@code shared/seeds/}) and of deceptive idleness, reproduced on the fake
 * device loop for the reasons they happened in the kernel. The end-to-end versions on the real simulator are
 * the integration tests' business; these pin the mechanisms.
 */
class SeedScenarioTest {
    private static final long MS = JobLoop.MS;

    private static long aggregateReads(String sliceIdle) {
        JobLoop loop = new JobLoop(250, FakeSchedulerContext.HDD, Map.of("slice_idle", sliceIdle));
        JobLoop.Job a = loop.sequentialReader(loop.task("a", IoPrioClass.BE, 4, Cgroup.ROOT), 0, Long.MAX_VALUE);
        JobLoop.Job b = loop.sequentialReader(loop.task("b", IoPrioClass.BE, 4, Cgroup.ROOT), 1L << 30,
                Long.MAX_VALUE);
        a.start();
        b.start();
        loop.runUntil(loop.ctx.now() + 5_000 * MS);
        return a.done + b.done;
    }

    @Test
    void idlingGivesTwoSequentialReadersOnADiskAtLeastTwiceTheThroughputOfNotIdling() {
        // deceptive idleness: without idling every read of one reader is followed by a long seek to the other
        assertThat(aggregateReads("8")).isGreaterThan(2 * aggregateReads("0"));
    }

    /** A writer in /test doing write+fsync with its journal thread in root (seed 000); fsyncs per second. */
    private static double fsyncsPerSecond(String groupPreempt) {
        JobLoop loop = new JobLoop(1000, FakeSchedulerContext.HDD,
                Map.of("group_preempt_sync_noidle", groupPreempt));
        loop.serviceModel = rq -> 100_000;   // barriers off, write cache: 0.1 ms a write
        Task fio = loop.task("fio", IoPrioClass.BE, 4, new Cgroup("/test", 1000));
        Task jbd2 = loop.task("jbd2/sda1-8", IoPrioClass.BE, 4, Cgroup.ROOT);
        long[] fsyncs = {0};
        long[] pos = {0, 1L << 30};
        int writeSync = RequestFlags.SYNC | RequestFlags.NOIDLE;
        Runnable[] cycle = new Runnable[1];
        cycle[0] = () -> {
            pos[0] += 8;
            pos[1] += 8;
            loop.submit(fio, Op.WRITE, writeSync, pos[0], 8, () -> loop.ctx.schedule(loop.ctx.now() + 20_000,
                    () -> loop.submit(jbd2, Op.WRITE, writeSync, pos[1], 8, () -> {
                        fsyncs[0]++;
                        loop.ctx.schedule(loop.ctx.now() + 20_000, cycle[0]);
                    })));
        };
        cycle[0].run();
        loop.runUntil(loop.ctx.now() + 5_000 * MS);
        return fsyncs[0] / 5.0;
    }

    @Test
    void seed000AnFsyncInACgroupWaitsOutTwoIdleWindowsAndGroupPreemptionRemovesThem() {
        double linux30 = fsyncsPerSecond("0");
        double patched = fsyncsPerSecond("1");
        // two 8 ms idle windows per fsync (the thread measured 49/s), against hundreds (798/s) with the patch
        assertThat(linux30).isBetween(50.0, 70.0);
        assertThat(patched).isGreaterThan(10 * linux30);
    }

    /** 16 readers with two reads in flight each and a buffered writer (seed 001): longest async gap, ms. */
    private static long longestAsyncGapMs(Map<String, String> tunables) {
        JobLoop loop = new JobLoop(250, FakeSchedulerContext.HDD_NCQ, tunables);
        for (int i = 0; i < 16; i++) {
            loop.job(loop.task("r" + i, IoPrioClass.BE, 4, Cgroup.ROOT), Op.READ, 0, 256, false, 2,
                    Long.MAX_VALUE, i * 50_000_000L, 40_000_000).start();
        }
        long[] last = {loop.ctx.now()};
        long[] gap = {0};
        loop.observer = rq -> {
            if (!rq.isSync()) {
                gap[0] = Math.max(gap[0], loop.ctx.now() - last[0]);
                last[0] = loop.ctx.now();
            }
        };
        loop.job(loop.task("dd", IoPrioClass.BE, 4, Cgroup.ROOT), Op.WRITE, 0, 256, false, 32, Long.MAX_VALUE,
                900_000_000L, 100_000_000).start();
        loop.runUntil(loop.ctx.now() + 30_000 * MS);
        return Math.max(gap[0], loop.ctx.now() - last[0]) / MS;
    }

    @Test
    void seed001InLinux30ReadersPreemptTheAsyncQueueBeforeItEverDispatches() {
        assertThat(longestAsyncGapMs(Map.of())).isEqualTo(30_000);
    }

    @Test
    void seed001EitherFixLetsTheWriterThrough() {
        assertThat(longestAsyncGapMs(Map.of("async_min_dispatch", "1"))).isLessThan(5_000);
        assertThat(longestAsyncGapMs(Map.of("fifo_expired_must_dispatch", "1"))).isLessThan(5_000);
    }

    /** Two random readers at iodepth 32 on an NCQ disk (seed 003): the deepest one queue got in the driver. */
    private static int deepestQueue(String softQuantum) {
        JobLoop loop = new JobLoop(250, FakeSchedulerContext.HDD_NCQ, Map.of("soft_quantum", softQuantum));
        for (int i = 0; i < 2; i++) {
            loop.job(loop.task("r" + i, IoPrioClass.BE, 4, Cgroup.ROOT), Op.READ, 0, 8, true, 32, Long.MAX_VALUE,
                    i * 100_000_000L, 100_000_000).start();
        }
        CfqData cfqd = ((CfqScheduler) loop.scheduler).data();
        int[] deepest = {0};
        loop.observer = rq -> deepest[0] = Math.max(deepest[0], cfqd.activeQueue == null ? 0
                : cfqd.activeQueue.dispatched);
        loop.runUntil(loop.ctx.now() + 3_000 * MS);
        return deepest[0];
    }

    @Test
    void seed003TheQuantumTweakLetsAQueueGoFromFourToEightInFlight() {
        assertThat(deepestQueue("0")).isEqualTo(4);
        assertThat(deepestQueue("1")).isEqualTo(8);
    }

    /** An fsync-ing writer and a buffered writer with slice_idle=0 (seed 004): async dispatches made while sync was in flight. */
    private static int asyncStartedBesideSync(String together) {
        JobLoop loop = new JobLoop(250, FakeSchedulerContext.HDD_NCQ,
                Map.of("slice_idle", "0", "sync_async_together", together));
        loop.job(loop.task("fsync", IoPrioClass.BE, 4, Cgroup.ROOT), Op.WRITE,
                RequestFlags.SYNC | RequestFlags.NOIDLE, 8, false, 1, Long.MAX_VALUE, 0, 10_000_000).start();
        loop.job(loop.task("dd", IoPrioClass.BE, 4, Cgroup.ROOT), Op.WRITE, 0, 256, false, 16, Long.MAX_VALUE,
                500_000_000L, 100_000_000).start();
        CfqData cfqd = ((CfqScheduler) loop.scheduler).data();
        int[] beside = {0};
        loop.observer = rq -> {
            if (!rq.isSync() && cfqd.rqInFlight[1] > 0) {
                beside[0]++;
            }
        };
        loop.runUntil(loop.ctx.now() + 3_000 * MS);
        return beside[0];
    }

    @Test
    void seed004DispatchingSyncAndAsyncTogetherLetsAsyncJoinSyncInTheDriver() {
        assertThat(asyncStartedBesideSync("0")).isZero();
        assertThat(asyncStartedBesideSync("1")).isPositive();
    }
}
