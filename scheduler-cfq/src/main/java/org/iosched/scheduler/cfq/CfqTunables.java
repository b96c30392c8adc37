package org.iosched.scheduler.cfq;

import java.util.List;
import org.iosched.api.Jiffies;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;

/**
 * CFQ's tunables as the scheduler uses them: the sysfs set of Linux 3.0 ({@code /sys/block/X/queue/iosched/})
 * converted to jiffies, plus {@code target_latency} (a constant in 3.0, a tunable in 4.x) and the switches that
 * model the seed patches and later kernels. Every switch defaults to Linux 3.0 behaviour.
 *
 * <p>Time tunables are written in milliseconds, as sysfs shows them. A value equal to the default maps to the
 * kernel's compile-time default ({@code HZ/8} for {@code fifo_expire_sync}, which is 31 jiffies = 124 ms at
 * HZ=250); any other value goes through {@code msecs_to_jiffies}, as a sysfs write does (rounding up).
 *
 * @param quantum                 {@code cfq_quantum}: requests a queue may have in flight (soft limit quantum/2)
 * @param fifoExpireSync          {@code cfq_fifo_expire[1]}, jiffies
 * @param fifoExpireAsync         {@code cfq_fifo_expire[0]}, jiffies
 * @param backSeekMax             {@code cfq_back_max}, KiB
 * @param backSeekPenalty         {@code cfq_back_penalty}
 * @param sliceSync               {@code cfq_slice[1]}, jiffies
 * @param sliceAsync              {@code cfq_slice[0]}, jiffies
 * @param sliceAsyncRq            {@code cfq_slice_async_rq}
 * @param sliceIdle               {@code cfq_slice_idle}, jiffies (0 turns idling off and enables IOPS mode)
 * @param groupIdle               {@code cfq_group_idle}, jiffies
 * @param lowLatency              {@code cfq_latency}
 * @param targetLatency           {@code cfq_target_latency}, jiffies
 * @param groupPreemptSyncNoidle  seed 000 (Khlebnikov): sync-noidle preemption across groups
 * @param asyncMinDispatch        seed 001 (Goyal): no sync preemption of an async queue before it dispatched
 * @param fifoExpiredMustDispatch 4.9 (3932a86b): a FIFO-expired request sets must_dispatch
 * @param softQuantum             seed 003 (Li), 2.6.34+: quantum/2 soft limit with {@code cfq_slice_used_soon}
 * @param syncAsyncTogether       seed 004 (Moyer): sync and async may be in flight together
 * @param noidleOnReqNoidle       2.6.37+ (Zoccolo): REQ_NOIDLE clears the idle window
 * @param asyncQueuesPerGroup     4.x: async queues live in each group, not in the root group
 * @param groupScheduling         {@code CONFIG_CFQ_GROUP_IOSCHED}: blkio cgroups get CFQ groups (2.6.33+); off, as
 *                                before 2.6.33, every queue is in the root group whatever its cgroup
 */
record CfqTunables(long quantum, long fifoExpireSync, long fifoExpireAsync, long backSeekMax, long backSeekPenalty,
                   long sliceSync, long sliceAsync, long sliceAsyncRq, long sliceIdle, long groupIdle,
                   boolean lowLatency, long targetLatency,
                   boolean groupPreemptSyncNoidle, boolean asyncMinDispatch, boolean fifoExpiredMustDispatch,
                   boolean softQuantum, boolean syncAsyncTogether, boolean noidleOnReqNoidle,
                   boolean asyncQueuesPerGroup, boolean groupScheduling) {

    static final String QUANTUM = "quantum";
    static final String FIFO_EXPIRE_SYNC = "fifo_expire_sync";
    static final String FIFO_EXPIRE_ASYNC = "fifo_expire_async";
    static final String BACK_SEEK_MAX = "back_seek_max";
    static final String BACK_SEEK_PENALTY = "back_seek_penalty";
    static final String SLICE_SYNC = "slice_sync";
    static final String SLICE_ASYNC = "slice_async";
    static final String SLICE_ASYNC_RQ = "slice_async_rq";
    static final String SLICE_IDLE = "slice_idle";
    static final String GROUP_IDLE = "group_idle";
    static final String LOW_LATENCY = "low_latency";
    static final String TARGET_LATENCY = "target_latency";
    static final String GROUP_PREEMPT_SYNC_NOIDLE = "group_preempt_sync_noidle";
    static final String ASYNC_MIN_DISPATCH = "async_min_dispatch";
    static final String FIFO_EXPIRED_MUST_DISPATCH = "fifo_expired_must_dispatch";
    static final String SOFT_QUANTUM = "soft_quantum";
    static final String SYNC_ASYNC_TOGETHER = "sync_async_together";
    static final String NOIDLE_ON_REQ_NOIDLE = "noidle_on_req_noidle";
    static final String ASYNC_QUEUES_PER_GROUP = "async_queues_per_group";
    static final String GROUP_SCHEDULING = "group_scheduling";

    private static final long UINT_MAX = 0xffff_ffffL;

    /** What {@code iosched list} shows and {@link Settings#resolve} checks. */
    static final List<TunableDescriptor> DESCRIPTORS = List.of(
            TunableDescriptor.integer(QUANTUM, 8, "requests", 1, UINT_MAX,
                    "requests one queue may have in flight: quantum/2 normally, up to quantum early in a slice"),
            TunableDescriptor.integer(FIFO_EXPIRE_SYNC, 125, "ms", 1, UINT_MAX,
                    "age after which a sync request is served out of sector order (HZ/8)"),
            TunableDescriptor.integer(FIFO_EXPIRE_ASYNC, 250, "ms", 1, UINT_MAX,
                    "age after which an async request is served out of sector order (HZ/4)"),
            TunableDescriptor.integer(BACK_SEEK_MAX, 16384, "KiB", 0, UINT_MAX,
                    "longest backward seek still taken in elevator order"),
            TunableDescriptor.integer(BACK_SEEK_PENALTY, 2, "", 1, UINT_MAX,
                    "cost factor of a backward seek against a forward one"),
            TunableDescriptor.integer(SLICE_SYNC, 100, "ms", 1, UINT_MAX,
                    "base time slice of a sync queue at prio 4 (HZ/10)"),
            TunableDescriptor.integer(SLICE_ASYNC, 40, "ms", 1, UINT_MAX,
                    "base time slice of an async queue at prio 4 (HZ/25)"),
            TunableDescriptor.integer(SLICE_ASYNC_RQ, 2, "requests", 1, UINT_MAX,
                    "async dispatches per slice are 2*slice_async_rq*(8-prio)"),
            TunableDescriptor.integer(SLICE_IDLE, 8, "ms", 0, UINT_MAX,
                    "how long to idle for the next request of a sync queue; 0 turns idling off (IOPS mode with NCQ)"),
            TunableDescriptor.integer(GROUP_IDLE, 8, "ms", 0, UINT_MAX,
                    "how long to idle on a group's last queue when queue idling does not apply"),
            TunableDescriptor.bool(LOW_LATENCY, true,
                    "scale slices so that all busy queues fit in target_latency; ramp async depth"),
            TunableDescriptor.integer(TARGET_LATENCY, 300, "ms", 1, UINT_MAX,
                    "latency target that group and workload slices share (a constant, HZ*3/10, in 3.0)"),
            TunableDescriptor.bool(GROUP_PREEMPT_SYNC_NOIDLE, false,
                    "seed 000 (Khlebnikov 2011): a sync-noidle request may preempt an idling sync-noidle queue of another group"),
            TunableDescriptor.bool(ASYNC_MIN_DISPATCH, false,
                    "seed 001 (Goyal 2011): a sync request does not preempt an async queue that has not dispatched yet"),
            TunableDescriptor.bool(FIFO_EXPIRED_MUST_DISPATCH, false,
                    "4.9 fix 3932a86b (Costa 2016): an expired FIFO request sets must_dispatch, which bypasses dispatch limits and sync preemption"),
            TunableDescriptor.bool(SOFT_QUANTUM, true,
                    "seed 003 (Li 2010, in 2.6.34): soft limit quantum/2 raised to quantum while the slice lasts; 0 = hard limit quantum/2 as in 2.6.33"),
            TunableDescriptor.bool(SYNC_ASYNC_TOGETHER, false,
                    "seed 004 (Moyer 2010): do not drain async before idling sync, nor hold async while sync is in flight"),
            TunableDescriptor.bool(NOIDLE_ON_REQ_NOIDLE, true,
                    "2.6.37+ (Zoccolo): a REQ_NOIDLE request clears its queue's idle window; 0 = 2.6.33-36 noidle_tree_requires_idle"),
            TunableDescriptor.bool(ASYNC_QUEUES_PER_GROUP, false,
                    "4.x: async queues per cgroup (charged to the bio's cgroup); 0 = 3.0, all async queues in the root group"),
            TunableDescriptor.bool(GROUP_SCHEDULING, true,
                    "CONFIG_CFQ_GROUP_IOSCHED (2.6.33+): blkio cgroups become CFQ groups; 0 = a kernel without it"
                            + " (2.6.32 and before): every queue in the root group"));

    /** {@code CFQ_MIN_TT}: the shortest workload slice, in jiffies. */
    static final long CFQ_MIN_TT = 2;
    /** {@code CFQ_SLICE_SCALE}. */
    static final int CFQ_SLICE_SCALE = 5;
    /** {@code CFQ_HW_QUEUE_MIN}. */
    static final int CFQ_HW_QUEUE_MIN = 5;
    /** {@code CFQ_SERVICE_SHIFT}. */
    static final int CFQ_SERVICE_SHIFT = 12;
    /** {@code CFQQ_SEEK_THR}, sectors. */
    static final long CFQQ_SEEK_THR = 8 * 100;
    /** {@code CFQQ_CLOSE_THR}, sectors. */
    static final long CFQQ_CLOSE_THR = 8 * 1024;
    /** {@code CFQQ_SECT_THR_NONROT}, sectors. */
    static final long CFQQ_SECT_THR_NONROT = 2 * 32;
    /** {@code cfq_hist_divisor}. */
    static final int CFQ_HIST_DIVISOR = 4;
    /** {@code BLKIO_WEIGHT_DEFAULT}. */
    static final int BLKIO_WEIGHT_DEFAULT = 500;
    /** {@code IOPRIO_BE_NR} / {@code CFQ_PRIO_LISTS}. */
    static final int PRIO_LEVELS = 8;
    /** {@code IOPRIO_NORM}. */
    static final int IOPRIO_NORM = 4;
    /** {@code PAGE_CACHE_SIZE}, bytes. */
    static final long PAGE_SIZE = 4096;

    /** Reads validated settings; defaults become the kernel's HZ-based compile-time values. */
    static CfqTunables from(Settings settings, Jiffies jiffies) {
        int hz = jiffies.hz();
        return new CfqTunables(
                settings.getLong(QUANTUM),
                time(settings, FIFO_EXPIRE_SYNC, 125, hz / 8, jiffies),
                time(settings, FIFO_EXPIRE_ASYNC, 250, hz / 4, jiffies),
                settings.getLong(BACK_SEEK_MAX),
                settings.getLong(BACK_SEEK_PENALTY),
                time(settings, SLICE_SYNC, 100, hz / 10, jiffies),
                // cfq_init: "could be 0 on HZ < 1000 setups" - forced to one jiffy
                Math.max(1, time(settings, SLICE_ASYNC, 40, hz / 25, jiffies)),
                settings.getLong(SLICE_ASYNC_RQ),
                defaultAtLeastOne(settings, SLICE_IDLE, 8, hz / 125, jiffies),
                defaultAtLeastOne(settings, GROUP_IDLE, 8, hz / 125, jiffies),
                settings.getBoolean(LOW_LATENCY),
                time(settings, TARGET_LATENCY, 300, hz * 3L / 10, jiffies),
                settings.getBoolean(GROUP_PREEMPT_SYNC_NOIDLE),
                settings.getBoolean(ASYNC_MIN_DISPATCH),
                settings.getBoolean(FIFO_EXPIRED_MUST_DISPATCH),
                settings.getBoolean(SOFT_QUANTUM),
                settings.getBoolean(SYNC_ASYNC_TOGETHER),
                settings.getBoolean(NOIDLE_ON_REQ_NOIDLE),
                settings.getBoolean(ASYNC_QUEUES_PER_GROUP),
                settings.getBoolean(GROUP_SCHEDULING));
    }

    // Simplified: a value equal to the default counts as unset (an explicit "125" gives HZ/8 = 31, not 32, jiffies)
    private static long time(Settings settings, String name, long defaultMillis, long defaultJiffies,
                             Jiffies jiffies) {
        long millis = settings.getLong(name);
        return millis == defaultMillis ? defaultJiffies : jiffies.fromMillis(millis);
    }

    // cfq_init forces the compile-time slice_idle/group_idle to >= 1 jiffy; a sysfs write of 0 stays 0
    private static long defaultAtLeastOne(Settings settings, String name, long defaultMillis, long defaultJiffies,
                                          Jiffies jiffies) {
        long millis = settings.getLong(name);
        return millis == defaultMillis ? Math.max(1, defaultJiffies) : jiffies.fromMillis(millis);
    }

    /** {@code cfq_slice[sync]}. */
    long slice(boolean sync) {
        return sync ? sliceSync : sliceAsync;
    }

    /** {@code cfq_fifo_expire[sync]}. */
    long fifoExpire(boolean sync) {
        return sync ? fifoExpireSync : fifoExpireAsync;
    }
}
