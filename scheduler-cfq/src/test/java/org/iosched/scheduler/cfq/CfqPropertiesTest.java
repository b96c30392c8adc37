package org.iosched.scheduler.cfq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.iosched.api.Cgroup;
import org.iosched.api.DeviceInfo;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.iosched.testkit.FakeSchedulerContext;

/** Properties over random workloads run through {@link JobLoop}; seeds are pinned so that runs repeat. */
class CfqPropertiesTest {
    private static final long MS = JobLoop.MS;
    private static final List<DeviceInfo> DEVICES =
            List.of(FakeSchedulerContext.HDD, FakeSchedulerContext.HDD_NCQ, FakeSchedulerContext.SSD);

    private static <T> T pick(SplittableRandom r, List<T> values) {
        return values.get(r.nextInt(values.size()));
    }

    private static String bool(SplittableRandom r) {
        return r.nextBoolean() ? "1" : "0";
    }

    private static Map<String, String> randomTunables(SplittableRandom r) {
        Map<String, String> t = new HashMap<>();
        t.put("slice_idle", pick(r, List.of("0", "3", "8", "20")));
        t.put("group_idle", pick(r, List.of("0", "8")));
        t.put("quantum", Integer.toString(1 + r.nextInt(16)));
        t.put("low_latency", bool(r));
        t.put("slice_sync", pick(r, List.of("20", "100")));
        t.put("fifo_expire_sync", pick(r, List.of("10", "125")));
        t.put("group_preempt_sync_noidle", bool(r));
        t.put("async_min_dispatch", bool(r));
        t.put("fifo_expired_must_dispatch", bool(r));
        t.put("soft_quantum", bool(r));
        t.put("sync_async_together", bool(r));
        t.put("noidle_on_req_noidle", bool(r));
        t.put("async_queues_per_group", bool(r));
        return t;
    }

    private static IoPrioClass randomClass(SplittableRandom r) {
        int p = r.nextInt(100);
        return p < 15 ? IoPrioClass.RT : p < 85 ? IoPrioClass.BE : IoPrioClass.IDLE;
    }

    /** A random mix of tasks, classes, cgroups, operations, switches, ioprio and cgroup changes and drains. */
    private static JobLoop randomMix(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        JobLoop loop = new JobLoop(pick(r, List.of(100, 250, 300, 1000)), pick(r, DEVICES), randomTunables(r));
        List<Cgroup> cgroups = List.of(Cgroup.ROOT, new Cgroup("/a", 100 + r.nextInt(901)),
                new Cgroup("/b", 100 + r.nextInt(901)));
        int jobs = 1 + r.nextInt(6);
        long start = loop.ctx.now();
        for (int j = 0; j < jobs; j++) {
            Task task = loop.task("j" + j, randomClass(r), r.nextInt(8), pick(r, cgroups));
            int kind = r.nextInt(5);
            Op op = kind <= 1 ? Op.READ : Op.WRITE;
            int flags = switch (kind) {
                case 1 -> RequestFlags.META;
                case 3 -> RequestFlags.SYNC;
                case 4 -> RequestFlags.SYNC | RequestFlags.NOIDLE;
                default -> 0;
            };
            JobLoop.Job job = loop.job(task, op, flags, 8 * (1 + r.nextInt(32)), r.nextBoolean(),
                    1 + r.nextInt(8), 5 + r.nextInt(40), j * 10_000_000L, 1_000_000);
            job.exitWhenDone = r.nextBoolean();
            loop.ctx.schedule(start + r.nextInt(200) * MS, job::start);
            if (r.nextInt(4) == 0) {
                loop.ctx.schedule(start + r.nextInt(300) * MS,
                        () -> task.setIoprio(randomClass(r), r.nextInt(8)));
            }
            if (r.nextInt(4) == 0) {
                loop.ctx.schedule(start + r.nextInt(300) * MS, () -> task.setCgroup(pick(r, cgroups)));
            }
        }
        if (r.nextInt(3) == 0) {
            loop.forceDrainAt(start + r.nextInt(300) * MS);
        }
        return loop;
    }

    @Property(tries = 60, seed = "20110623")
    void noRequestIsLostOrDispatchedTwiceUnderRandomMixes(@ForAll long seed) {
        JobLoop loop = randomMix(seed);
        long start = loop.ctx.now();
        loop.runToCompletion(start + 3_600_000 * MS);

        Set<Long> dispatchedIds = new HashSet<>();
        for (Request rq : loop.ctx.dispatched()) {
            assertThat(dispatchedIds.add(rq.id())).as("%s dispatched once", rq).isTrue();
        }
        assertThat(dispatchedIds).isEqualTo(loop.inserted.keySet());
        assertThat(loop.completed.keySet()).isEqualTo(loop.inserted.keySet());
        assertThat(loop.pending).isEmpty();
        CfqData cfqd = ((CfqScheduler) loop.scheduler).data();
        assertThat(loop.scheduler.hasQueued()).isFalse();
        assertThat(cfqd.rqInFlight).containsExactly(0, 0);
        assertThat(cfqd.rqInDriver).isZero();
        assertThat(cfqd.rootGroup.dispatched).isZero();
        cfqd.groups.values().forEach(g -> assertThat(g.dispatched).isZero());
        loop.inserted.values().forEach(rq -> assertThat(rq.schedulerData()).isNull());
    }

    @Property(tries = 20, seed = "20110623")
    void theSameInputsGiveTheSameDispatchOrder(@ForAll long seed) {
        JobLoop first = randomMix(seed);
        first.runToCompletion(first.ctx.now() + 3_600_000 * MS);
        JobLoop second = randomMix(seed);
        second.runToCompletion(second.ctx.now() + 3_600_000 * MS);
        assertThat(second.ctx.dispatched().stream().map(Request::id).toList())
                .isEqualTo(first.ctx.dispatched().stream().map(Request::id).toList());
        assertThat(second.ctx.now()).isEqualTo(first.ctx.now());
    }

    /** Sequential jobs of random classes in the root group, each in its own region (no aliases). */
    private static JobLoop classMix(long seed, boolean withIdle) {
        SplittableRandom r = new SplittableRandom(seed);
        JobLoop loop = new JobLoop(250, pick(r, DEVICES), Map.of("slice_idle", pick(r, List.of("0", "8"))));
        int jobs = 2 + r.nextInt(5);
        long start = loop.ctx.now();
        for (int j = 0; j < jobs; j++) {
            IoPrioClass cls = j == 0 ? IoPrioClass.RT : j == 1 ? IoPrioClass.BE
                    : withIdle ? randomClass(r) : (r.nextBoolean() ? IoPrioClass.RT : IoPrioClass.BE);
            Task task = loop.task("j" + j, cls, r.nextInt(8), Cgroup.ROOT);
            boolean async = r.nextInt(4) == 0;
            JobLoop.Job job = loop.job(task, async ? Op.WRITE : Op.READ, 0, 8 * (1 + r.nextInt(16)), false,
                    1 + r.nextInt(4), 20 + r.nextInt(60), j * 10_000_000L, 1_000_000);
            loop.ctx.schedule(start + r.nextInt(500) * MS, job::start);
        }
        return loop;
    }

    private static int pendingOfClass(JobLoop loop, IoPrioClass cls) {
        int n = 0;
        for (Request rq : loop.pending.values()) {
            if (rq.task().ioprioClass() == cls) {
                n++;
            }
        }
        return n;
    }

    @Property(tries = 40, seed = "20110623")
    void anRtQueueAlwaysGoesBeforeBeWhileItHasRequestsWaiting(@ForAll long seed) {
        JobLoop loop = classMix(seed, false);
        int[] beDispatched = {0};
        loop.observer = rq -> {
            if (rq.task().ioprioClass() == IoPrioClass.BE) {
                beDispatched[0]++;
                assertThat(pendingOfClass(loop, IoPrioClass.RT)).as("RT requests waiting when %s went", rq)
                        .isZero();
            }
        };
        loop.runToCompletion(loop.ctx.now() + 3_600_000 * MS);
        assertThat(loop.completed.keySet()).isEqualTo(loop.inserted.keySet());
        assertThat(beDispatched[0]).isPositive();
    }

    @Property(tries = 40, seed = "20110623")
    void anIdleClassQueueIsServedOnlyWhenNothingElseWaits(@ForAll long seed) {
        JobLoop loop = classMix(seed, true);
        loop.observer = rq -> {
            if (rq.task().ioprioClass() == IoPrioClass.IDLE) {
                assertThat(pendingOfClass(loop, IoPrioClass.RT) + pendingOfClass(loop, IoPrioClass.BE))
                        .as("RT/BE requests waiting when %s went", rq).isZero();
            }
        };
        loop.runToCompletion(loop.ctx.now() + 3_600_000 * MS);
        assertThat(loop.completed.keySet()).isEqualTo(loop.inserted.keySet());
    }

    /**
     * Greedy sequential readers, one per cgroup, at the default HZ: each group's share of disk time is within 10%
     * of its weight share. (Weights from 400: a much smaller group's slice is comparable to the seek of its first
     * request, which CFQ does not charge because the slice starts at the first completion, so such a group gets
     * more than its share, in the kernel too.)
     */
    @Property(tries = 20, seed = "20110623")
    void groupDiskTimeFollowsWeightsWithinTenPercentForGreedySequentialReaders(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        JobLoop loop = new JobLoop(250, FakeSchedulerContext.HDD, Map.of());
        int groups = 2 + r.nextInt(2);
        int[] weights = new int[groups];
        long totalWeight = 0;
        for (int i = 0; i < groups; i++) {
            weights[i] = 100 * (4 + r.nextInt(7));
            totalWeight += weights[i];
            Task reader = loop.task("r" + i, IoPrioClass.BE, 4, new Cgroup("/g" + i, weights[i]));
            loop.sequentialReader(reader, i * 100_000_000L, Long.MAX_VALUE).start();
        }
        loop.runUntil(loop.ctx.now() + 20_000 * MS);
        long busy = 0;
        for (long t : loop.deviceTime.values()) {
            busy += t;
        }
        for (int i = 0; i < groups; i++) {
            double share = loop.deviceTime.get("/g" + i) / (double) busy;
            double expected = weights[i] / (double) totalWeight;
            assertThat(share).as("group /g%d weight %d", i, weights[i])
                    .isCloseTo(expected, org.assertj.core.data.Percentage.withPercentage(10));
        }
    }
}
