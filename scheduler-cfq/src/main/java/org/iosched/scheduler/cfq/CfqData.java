package org.iosched.scheduler.cfq;

import java.util.HashMap;
import java.util.Map;
import org.iosched.api.Cgroup;
import org.iosched.api.Jiffies;
import org.iosched.api.JiffiesCache;
import org.iosched.api.SchedulerContext;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;

/**
 * {@code struct cfq_data}: CFQ's state for one request queue, shared by the components that implement its
 * policy ({@link CfqQueues}, {@link CfqRequests}, {@link CfqServiceTrees}, {@link CfqSlices}, {@link CfqSelection},
 * {@link CfqDispatch}, {@link CfqIdling}, {@link CfqPreemption}). Also the clock in jiffies and the
 * {@code cfq_log*} trace helpers.
 */
final class CfqData {
    /**
     * The jiffies reading at virtual time 0: away from 0, which CFQ uses as "not set" ({@code slice_start},
     * {@code last_request_pos}); the kernel starts near {@code INITIAL_JIFFIES} for the same effect.
     */
    static final long JIFFIES_BASE = 1_000_000L;

    final SchedulerContext ctx;
    final CfqTunables tunables;
    final Jiffies clock;
    /** {@link #clock}'s readings of now, remembered for the tick (read several times a request). */
    private final JiffiesCache jiffiesNow;
    /** {@code blk_queue_nonrot}. */
    final boolean nonrot;
    private final TraceSink trace;
    /** {@code idle_slice_timer}. */
    final Timer idleSliceTimer;

    /** {@code grp_service_tree}. */
    final GroupServiceTree grpServiceTree = new GroupServiceTree();
    /** {@code root_group}. */
    final CfqGroup rootGroup;
    /** Groups other than the root, by cgroup path ({@code cfqg_list}). */
    final Map<String, CfqGroup> groups = new HashMap<>();

    WorkloadPrio servingPrio = WorkloadPrio.BE;
    WorkloadType servingType = WorkloadType.ASYNC;
    /** {@code workload_expires}, jiffies. */
    long workloadExpires;
    CfqGroup servingGroup;

    /** {@code prio_trees[8]}: busy queues by the sector of their next request, per original io priority level. */
    final PrioTree[] prioTrees;

    int busyQueues;
    int busySyncQueues;
    /** {@code rq_in_driver}: activated by the driver, not yet completed. */
    int rqInDriver;
    /** {@code rq_in_flight[]}: dispatched and not completed, indexed by whether the queue is sync. */
    final int[] rqInFlight = new int[2];
    /** {@code rq_queued}: requests inside CFQ. */
    int rqQueued;
    /** {@code hw_tag}: -1 unknown (behaves as NCQ), 0 no NCQ, 1 NCQ. */
    int hwTag = -1;
    int hwTagEstDepth;
    int hwTagSamples;

    CfqQueue activeQueue;
    CfqIoContext activeCic;

    /** 3.0's device-wide async queues: {@code async_cfqq[0]} RT, {@code [1]} BE, by level. */
    final CfqQueue[][] asyncCfqq = new CfqQueue[2][CfqTunables.PRIO_LEVELS];
    CfqQueue asyncIdleCfqq;

    /** {@code last_position}: end sector of the last request the driver took. */
    long lastPosition;
    /** {@code last_delayed_sync}, jiffies. */
    long lastDelayedSync;
    /** 2.6.33-2.6.36 {@code noidle_tree_requires_idle} (only with {@code noidle_on_req_noidle=0}). */
    boolean noidleTreeRequiresIdle;
    /** Insertion counter for service tree tie-breaks. */
    long rbSeq;

    final CfqSlices slices;
    final CfqRequests requests;
    final CfqServiceTrees trees;
    final CfqQueues queues;
    final CfqSelection selection;
    final CfqDispatch dispatch;
    final CfqIdling idling;
    final CfqPreemption preemption;

    CfqData(SchedulerContext ctx, CfqTunables tunables, Jiffies clock) {
        this.ctx = ctx;
        this.tunables = tunables;
        this.clock = clock;
        this.jiffiesNow = new JiffiesCache(clock);
        this.nonrot = !ctx.device().rotational();
        this.trace = ctx.trace();
        // cfq_init_queue: "Give preference to root group over other groups"
        this.rootGroup = new CfqGroup(Cgroup.ROOT.path(), 2 * CfqTunables.BLKIO_WEIGHT_DEFAULT);
        this.rootGroup.seenCgroupWeight = Cgroup.DEFAULT_WEIGHT;
        this.prioTrees = new PrioTree[CfqTunables.PRIO_LEVELS];
        for (int i = 0; i < prioTrees.length; i++) {
            prioTrees[i] = new PrioTree();
        }
        this.slices = new CfqSlices(this);
        this.requests = new CfqRequests(this);
        this.trees = new CfqServiceTrees(this);
        this.queues = new CfqQueues(this);
        this.selection = new CfqSelection(this);
        this.dispatch = new CfqDispatch(this);
        this.idling = new CfqIdling(this);
        this.preemption = new CfqPreemption(this);
        this.idleSliceTimer = ctx.newTimer(idling::idleSliceTimer);
        // "we optimistically start assuming sync ops weren't delayed in last second"
        this.lastDelayedSync = now() - clock.hz();
    }

    /** {@code jiffies}. */
    long now() {
        return jiffiesNow.at(ctx.now());
    }

    /** {@code iops_mode}: no idling on an NCQ device, so charge requests rather than time. */
    boolean iopsMode() {
        return tunables.sliceIdle() == 0 && hwTag != 0;
    }

    /** {@code cfq_schedule_dispatch}: ask the block layer to run the queue if anything is busy. */
    void scheduleDispatch() {
        if (busyQueues > 0) {
            if (tracing()) {
                log("schedule dispatch");
            }
            ctx.kick();
        }
    }

    /** Arm {@code idle_slice_timer} for jiffy {@code expires} ({@code mod_timer}). */
    void armIdleTimer(long expires) {
        idleSliceTimer.arm(clock.startOf(expires));
    }

    /** Whether trace messages are read; build them only then. */
    boolean tracing() {
        return trace.enabled();
    }

    /** {@code cfq_log_cfqq}: {@code cfq<pid><S|A> <group path> <message>}. */
    void log(CfqQueue cfqq, String message) {
        trace.message("cfq" + cfqq.pid + (cfqq.sync ? 'S' : 'A') + ' ' + cfqq.cfqg.path + ' ' + message);
    }

    /** {@code cfq_log_cfqg}: {@code <group path> <message>}. */
    void log(CfqGroup cfqg, String message) {
        trace.message(cfqg.path + ' ' + message);
    }

    /** {@code cfq_log}: {@code cfq <message>}. */
    void log(String message) {
        trace.message("cfq " + message);
    }
}
