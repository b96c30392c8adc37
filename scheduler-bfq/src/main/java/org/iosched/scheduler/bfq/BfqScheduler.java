package org.iosched.scheduler.bfq;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.iosched.api.Bio;
import org.iosched.api.Cgroup;
import org.iosched.api.HardwareQueue;
import org.iosched.api.IoPriority;
import org.iosched.api.Jiffies;
import org.iosched.api.JiffiesCache;
import org.iosched.api.MqScheduler;
import org.iosched.api.MqSchedulerContext;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.SeekChoice;
import org.iosched.api.Task;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;

/**
 * BFQ as Linux 6.6 has it ({@code block/bfq-iosched.c}, {@code bfq-wf2q.c}, {@code bfq-cgroup.c}): one scheduler per
 * request queue, shared by every hardware queue ({@code QUEUE_FLAG_SQ_SCHED}), serving one queue at a time with a
 * budget of sectors, queues chosen by B-WF2Q+ ({@link Wf2q}).
 *
 * <h2>Features</h2>
 * <ul>
 *   <li>Queues: a sync queue per process (io context), async queues shared per group and io priority; weights
 *       {@code (8 - level) * 10} from the io priority; classes RT &gt; BE &gt; IDLE; one group per cgroup of the
 *       request, an entity of weight {@code io.bfq.weight} (default 100) in the root group's BE tree.</li>
 *   <li>Budgets in sectors, {@code max_budget} auto-tuned from the peak rate (or fixed), {@code timeout_sync}
 *       budget timeouts (30 times longer for interactively raised queues), budget feedback by expiry reason,
 *       time charging of slow queues, the async charge factor in symmetric scenarios, peak-rate estimation.</li>
 *   <li>Requests within a queue: the FIFO ({@code fifo_expire_sync}/{@code _async}) at most once per service
 *       slot, else the closest in sector order with {@code back_seek_max}/{@code back_seek_penalty}.</li>
 *   <li>Idling ({@code bfq_better_to_idle}): for sequential I/O-bound queues with short think time on rotational
 *       or non-queueing devices, and for service guarantees (asymmetric weights, classes or groups; raised
 *       queues; a lone busy queue), {@code slice_idle} (2 ms for seeky queues in symmetric scenarios, at least
 *       20 ms for raised ones), {@code strict_guarantees}, hardware-tag detection, think time, seekiness and
 *       I/O-boundness as the kernel samples them.</li>
 *   <li>I/O injection while the in-service queue idles: its process's async queue, then any active queue
 *       within the inject limit, the limit adapted from the measured service time.</li>
 *   <li>Weight raising ({@code low_latency}): interactive (coefficient 30 for {@code bfq_wr_duration}, 3..25 s
 *       from the peak rate, ended after 120000 sectors) and soft real-time (3000 for 300 ms), async raising,
 *       burst detection (8 queues created within 180 ms are not raised), depth limiting of async and write
 *       requests and of queues over their share of the tags.</li>
 *   <li>Queue merging: stable merging of a sync queue created within 180 ms of its group's last one with the same
 *       priority (at once on a queueing SSD, else after 600 ms unless idling boosts the queue's throughput), early
 *       queue merging (EQM, on devices other than queueing SSDs) with the in-service queue or the queue whose next
 *       request is within 8192 sectors, for queues less than 100 ms into their service; shared queues
 *       ({@code bfqSHARED-}) take the I/O-bound flag, waker and raising; one that turns seeky is split at its
 *       processes' next requests unless stably merged, the process getting its saved state back.</li>
 *   <li>Waker detection ({@code bfq_check_waker}: the queue that completed within 4 ms before a sync queue's only
 *       request, three times within {@code 128 * slice_idle}) and injection, while the in-service queue idles, from
 *       its process's async queue, its waker, the first queue it wakes, or by the inject limit.</li>
 *   <li>The kernel's {@code bfq_log} messages in the block trace ({@code bfq<pid><S|A> ...}, {@code bfq ...}).</li>
 * </ul>
 *
 * <h2>Limitations</h2>
 * <ul>
 *   <li>Single actuator only. EQM's nearest queue in the position tree is the nearer neighbour of the sector (the
 *       kernel tries the red-black tree parent of the missing key first); a process's delayed stable merge is taken
 *       by its sync queue only (6.12's check: 6.6 may also take it for the async queue).</li>
 *   <li>A group lives as long as the run (the kernel frees it with its blkg).</li>
 *   <li>A task's cgroup or io priority change gives it new queues; the old ones drain (the kernel moves the
 *       sync queue).</li>
 *   <li>The io context's priority is the task's class and level (the simulator's tasks always have one), so
 *       "no explicit ioprio" and "BE at the nice level" are the same.</li>
 * </ul>
 */
public final class BfqScheduler implements MqScheduler, Wf2q.WeightListener {
    private static final long MINUS_INFINITY = Long.MIN_VALUE / 4;
    private static final int SYNC = 1;
    private static final int ASYNC = 0;

    private final MqSchedulerContext context;
    private final Jiffies jiffies;
    /** {@link #jiffies}' readings of now, remembered for the tick. */
    private final JiffiesCache jiffiesNow;
    private final TraceSink trace;
    private final Wf2q wf2q;
    private final Timer idleSliceTimer;
    private final boolean nonrot;

    // tunables
    private final long sliceIdle;
    private final long[] fifoExpire = new long[2];
    private final long backMax;
    private final long backPenalty;
    /** {@code bfq_timeout} in jiffies. */
    private final long timeout;
    /** {@code bfq_timeout}'s compile-time default ({@code HZ / 8}) in ms, for time charging. */
    private final long defaultTimeoutMs;
    private final long userMaxBudget;
    private final boolean lowLatency;
    private final boolean strictGuarantees;
    private final Map<String, Integer> groupWeights;
    private final long wrRtMaxTime;
    private final long wrMinIdleTime;
    private final long wrMinInterArrAsync;
    private final long burstInterval;

    // structure
    private final QueueLists lists = new QueueLists();
    private final BfqGroup rootGroup;
    private final Map<String, BfqGroup> groups = new HashMap<>();
    private final Map<Task, BfqIoContext> contexts = new IdentityHashMap<>();
    private BfqRequest dispatchHead;
    private BfqRequest dispatchTail;
    private BfqRequest freeNodes;
    private BfqQueue inServiceQueue;
    private BfqQueue bioQueue;
    /** {@code bio_bic}: the io context of that bio. */
    private BfqIoContext bioContext;

    // counters
    private final int[] busyQueues = new int[3];
    private int wrBusyQueues;
    private int queued;
    private int totRqInDriver;
    private int maxRqInDriver;
    private int hwTag = -1;
    private int hwTagSamples;
    private boolean nonrotWithQueueing;
    private int budgetsAssigned;
    private long maxBudget;
    private int numGroupsWithPendingReqs;
    private final int[] weightCounts = new int[Bfq.MAX_WEIGHT + 1];
    private int distinctWeights;

    // positions and timings
    private long lastPosition;
    private long inServLastPos;
    private long lastCompletion;
    private BfqQueue lastCompletedRqQueue;
    private long lastEmptyOccupiedNs;
    private boolean waitDispatch;
    private BfqRequest waitedRq;
    private boolean rqsInjected;
    private long lastBudgetStart;
    private long lastIdlingStart;
    private long lastIdlingStartJiffies;

    // peak rate
    private long peakRate;
    private final long rateDurProd;
    private long firstDispatch;
    private long lastDispatch;
    private int peakRateSamples;
    private int sequentialSamples;
    private long totSectorsDispatched;
    private long lastRqMaxSize;
    private long deltaFromFirst;

    // bursts
    private long lastInsInBurst = MINUS_INFINITY;
    private int burstSize;
    private boolean largeBurst;
    private final List<BfqQueue> burstList = new ArrayList<>();
    private BfqEntity burstParentEntity;

    // depth limiting
    private final int[][] wordDepths = new int[2][2];
    private int fullDepthShift;

    BfqScheduler(MqSchedulerContext context, BfqTunables tunables) {
        this.context = context;
        this.jiffies = new Jiffies(context.hz());
        this.jiffiesNow = new JiffiesCache(jiffies);
        this.trace = context.trace();
        this.nonrot = !context.device().rotational();
        this.wf2q = new Wf2q(jiffies, context::now, this);
        this.idleSliceTimer = context.newTimer(this::idleSliceTimerFired);
        this.sliceIdle = tunables.sliceIdleNs();
        this.fifoExpire[SYNC] = tunables.fifoExpireSyncMs() * Bfq.NSEC_PER_MSEC;
        this.fifoExpire[ASYNC] = tunables.fifoExpireAsyncMs() * Bfq.NSEC_PER_MSEC;
        this.backMax = tunables.backSeekMaxKib();
        this.backPenalty = tunables.backSeekPenalty();
        long defaultTimeout = Math.max(1, jiffies.hz() / Bfq.TIMEOUT_DIVISOR);
        this.defaultTimeoutMs = jiffies.toMillis(defaultTimeout);
        this.timeout = tunables.timeoutSyncMs() == BfqTunables.DEFAULT_TIMEOUT_SYNC_MS ? defaultTimeout
                : jiffies.fromMillis(tunables.timeoutSyncMs());
        this.userMaxBudget = tunables.maxBudget();
        this.lowLatency = tunables.lowLatency();
        this.strictGuarantees = tunables.strictGuarantees();
        this.groupWeights = tunables.groupWeights();
        this.wrRtMaxTime = jiffies.fromMillis(Bfq.WR_RT_MAX_TIME_MS);
        this.wrMinIdleTime = jiffies.fromMillis(Bfq.WR_MIN_IDLE_TIME_MS);
        this.wrMinInterArrAsync = jiffies.fromMillis(Bfq.WR_MIN_INTER_ARR_ASYNC_MS);
        this.burstInterval = jiffies.fromMillis(Bfq.BURST_INTERVAL_MS);
        int rot = nonrot ? 1 : 0;
        // bfq_init_queue: peak_rate = 2/3 of the reference, rate_dur_prod = ref_rate * ref_wr_duration (jiffies)
        this.peakRate = Bfq.REF_RATE[rot] * 2L / 3;
        this.rateDurProd = Bfq.REF_RATE[rot] * jiffies.fromMillis(Bfq.REF_WR_DURATION_MS[rot]);
        this.nonrotWithQueueing = nonrot;
        this.maxBudget = userMaxBudget > 0 ? userMaxBudget : Bfq.DEFAULT_MAX_BUDGET;
        this.rootGroup = new BfqGroup(Cgroup.ROOT.path(), Bfq.GROUP_WEIGHT_DEFAULT, null, lists, nowJiffies());
        groups.put(Cgroup.ROOT.path(), rootGroup);
    }

    // ---------------------------------------------------------------- time and trace

    private long now() {
        return context.now();
    }

    private long nowJiffies() {
        return jiffiesNow.at(context.now());
    }

    /** {@code bfq_log_bfqq}. */
    private void log(BfqQueue bfqq, String message) {
        trace.message(bfqq.name() + ' ' + message);
    }

    /** {@code bfq_log}. */
    private void log(String message) {
        trace.message("bfq " + message);
    }

    // ---------------------------------------------------------------- depth limiting

    @Override
    public void initHardwareQueue(HardwareQueue hctx) {
        depthUpdated(hctx);
    }

    /** {@code bfq_depth_updated} and {@code bfq_update_depths}. */
    @Override
    public void depthUpdated(HardwareQueue hctx) {
        int shift = hctx.schedulerTagShift();
        int depth = 1 << shift;
        fullDepthShift = shift;
        wordDepths[0][0] = Math.max(depth >> 1, 1);
        wordDepths[0][1] = Math.max((depth * 3) >> 2, 1);
        wordDepths[1][0] = Math.max((depth * 3) >> 4, 1);
        wordDepths[1][1] = Math.max((depth * 6) >> 4, 1);
        hctx.setMinShallowDepth(1);
    }

    /** {@code bfq_limit_depth}. */
    @Override
    public int limitDepth(Op op, int flags, Task task, HardwareQueue hctx) {
        boolean sync = RequestFlags.isSync(op, flags);
        int depth;
        long limit = context.nrRequests();
        if (sync && !op.isWrite()) {
            depth = 0;
        } else {
            depth = wordDepths[wrBusyQueues > 0 ? 1 : 0][sync ? 1 : 0];
            limit = (limit * depth) >> fullDepthShift;
        }
        BfqIoContext bic = task == null ? null : contexts.get(task);
        BfqQueue bfqq = bic == null ? null : sync ? bic.syncQueue : bic.asyncQueue;
        if (bfqq != null && requestOverLimit(bfqq, limit)) {
            depth = 1;
        }
        if (trace.enabled()) {
            log("[bfq_limit_depth] wr_busy " + wrBusyQueues + " sync " + (sync ? 1 : 0) + " depth " + depth);
        }
        return depth;
    }

    /** {@code bfqq_request_over_limit}: some entity from the top down has allocated its share of {@code limit}. */
    private boolean requestOverLimit(BfqQueue bfqq, long limit) {
        BfqEntity entity = bfqq.entity;
        if (!entity.onStOrInService) {
            return false;
        }
        BfqEntity upper = entity.parent;
        if (upper != null && !upper.onStOrInService) {
            return false;
        }
        if (upper != null) {
            long wsum = upper.serviceTree().wsum;
            if (wsum != 0) {
                limit = (limit * upper.weight + wsum / 2) / wsum;
                if (upper.allocated >= limit) {
                    logOverLimit(bfqq, upper.allocated, limit, 1);
                    return true;
                }
            }
        }
        long wsum = 0;
        for (int i = 0; i <= entity.classIndex; i++) {
            wsum = wsum * Bfq.IOPRIO_NR_LEVELS + entity.schedData.trees[i].wsum;
        }
        if (wsum != 0) {
            limit = (limit * entity.weight + wsum / 2) / wsum;
            if (entity.allocated >= limit) {
                logOverLimit(bfqq, entity.allocated, limit, 0);
                return true;
            }
        }
        return false;
    }

    private void logOverLimit(BfqQueue bfqq, int allocated, long limit, int level) {
        if (trace.enabled()) {
            log(bfqq, "too many requests: allocated " + allocated + " limit " + limit + " level " + level);
        }
    }

    // ---------------------------------------------------------------- per-request state

    private BfqRequest bind(Request rq) {
        BfqRequest node = freeNodes;
        if (node == null) {
            node = new BfqRequest(rq);
        } else {
            freeNodes = node.fifoNext;
            node.fifoNext = null;
            node.rq = rq;
        }
        rq.setSchedulerData(node);
        return node;
    }

    private void release(BfqRequest node) {
        node.rq.setSchedulerData(null);
        node.rq = null;
        node.queue = null;
        node.ioContext = null;
        node.started = false;
        node.inFifo = false;
        node.inSortList = false;
        node.inDispatchList = false;
        node.fifoPrev = null;
        node.fifoNext = freeNodes;
        freeNodes = node;
    }

    /** {@code bfq_prepare_request}: no queue yet, it is chosen at insertion ({@code bfq_init_rq}). */
    @Override
    public void prepareRequest(Request rq) {
        BfqRequest node = BfqRequest.of(rq);
        if (node == null) {
            bind(rq);
        } else {
            node.queue = null;
            node.ioContext = null;
            node.started = false;
        }
    }

    /** {@code bfq_finish_request}. */
    @Override
    public void finishRequest(Request rq) {
        BfqRequest node = BfqRequest.of(rq);
        if (node == null) {
            return;
        }
        finishRequeue(node);
        if (!node.inSortList && !node.inDispatchList && !node.inFifo) {
            release(node);
        } else {
            rq.setSchedulerData(null);
        }
    }

    /** {@code bfq_finish_requeue_request} as the {@code requeue_request} hook. */
    @Override
    public void requeueRequest(Request rq) {
        BfqRequest node = BfqRequest.of(rq);
        if (node != null) {
            finishRequeue(node);
        }
    }

    /** {@code bfq_finish_requeue_request}. */
    private void finishRequeue(BfqRequest node) {
        BfqQueue bfqq = node.queue;
        if (bfqq == null) {
            node.started = false;
            return;
        }
        if (node.started) {
            if (node == waitedRq) {
                updateInjectLimit(bfqq);
            }
            completedRequest(bfqq);
        }
        bfqq.addAllocated(-1);
        node.ioContext.requests--;
        node.queue = null;
        node.ioContext = null;
        node.started = false;
        putQueueIfUnused(bfqq);
    }

    // ---------------------------------------------------------------- io contexts, groups, queues

    @Override
    public void exitIoContext(Task task) {
        BfqIoContext bic = contexts.get(task);
        if (bic != null) {
            bic.exited = true;
            BfqQueue sync = bic.syncQueue;
            // bfq_exit_icq_bfqq -> bfq_exit_bfqq: an in-service queue without process is expired
            if (sync != null && sync == inServiceQueue && sync.isEmpty()) {
                bfqqExpire(sync, false, Bfq.BUDGET_TIMEOUT);
                scheduleDispatch();
            }
            if (sync != null) {
                putCooperator(sync);
                releaseProcessRef(sync);
            }
            bic.stableMergeQueue = null;
            contexts.remove(task);
        }
    }

    private BfqIoContext ioContext(Task task) {
        BfqIoContext bic = contexts.get(task);
        if (bic == null) {
            bic = new BfqIoContext(task);
            contexts.put(task, bic);
        }
        return bic;
    }

    /**
     * {@code bfq_bio_bfqg} / {@code bfq_find_set_group}: the group of a cgroup, created on first use with the
     * groups of its ancestors, each a child of its parent cgroup's group ({@code bfq_group_set_parent}).
     */
    private BfqGroup group(Cgroup cgroup) {
        if (cgroup == null || cgroup.isRoot()) {
            return rootGroup;
        }
        return group(cgroup.path());
    }

    private BfqGroup group(String path) {
        if (path.isEmpty() || path.equals(Cgroup.ROOT.path())) {
            return rootGroup;
        }
        BfqGroup group = groups.get(path);
        if (group == null) {
            int slash = path.lastIndexOf('/');
            BfqGroup parent = group(slash <= 0 ? Cgroup.ROOT.path() : path.substring(0, slash));
            int weight = groupWeights.getOrDefault(path, Bfq.GROUP_WEIGHT_DEFAULT);
            group = new BfqGroup(path, weight, parent, lists, nowJiffies());
            groups.put(path, group);
        }
        return group;
    }

    /** {@code bfq_set_next_ioprio_data}. */
    private void setNextIoprioData(BfqQueue bfqq, BfqIoContext bic) {
        int ioprioClass = IoPriority.classValue(bic.ioprio);
        switch (ioprioClass) {
            case Bfq.IOPRIO_CLASS_RT -> {
                bfqq.newIoprio = IoPriority.level(bic.ioprio);
                bfqq.newIoprioClass = Bfq.IOPRIO_CLASS_RT;
            }
            case Bfq.IOPRIO_CLASS_IDLE -> {
                bfqq.newIoprioClass = Bfq.IOPRIO_CLASS_IDLE;
                bfqq.newIoprio = Bfq.IOPRIO_NR_LEVELS - 1;
            }
            default -> {
                bfqq.newIoprio = IoPriority.level(bic.ioprio);
                bfqq.newIoprioClass = Bfq.IOPRIO_CLASS_BE;
            }
        }
        if (bfqq.newIoprio >= Bfq.IOPRIO_NR_LEVELS) {
            bfqq.newIoprio = Bfq.IOPRIO_NR_LEVELS - 1;
        }
        bfqq.entity.newWeight = Bfq.ioprioToWeight(bfqq.newIoprio);
        if (trace.enabled()) {
            log(bfqq, "new_ioprio " + bfqq.newIoprio + " new_weight " + bfqq.entity.newWeight);
        }
        bfqq.entity.prioChanged = true;
    }

    /** {@code bfq_init_bfqq}. */
    private void initBfqq(BfqQueue bfqq, BfqIoContext bic) {
        long nowNs = now();
        long nowJ = nowJiffies();
        if (bic != null) {
            setNextIoprioData(bfqq, bic);
        }
        if (bfqq.sync) {
            // bfq_class_idle() reads ioprio_class, still 0 here: every new sync queue starts with a short think time
            bfqq.hasShortTtime = true;
            bfqq.justCreated = true;
        }
        bfqq.ttimeLastEndRequest = nowNs + 1;
        bfqq.creationTime = nowJ;
        bfqq.ioStartTime = nowNs;
        bfqq.ioBound = true;
        bfqq.maxBudget = 2L * maxBudgetNow() / 3;
        bfqq.budgetTimeout = MINUS_INFINITY;
        bfqq.wrCoeff = 1;
        bfqq.lastWrStartFinish = nowJ;
        bfqq.wrStartAtSwitchToSrt = MINUS_INFINITY;
        bfqq.splitTime = MINUS_INFINITY;
        bfqq.softRtNextStart = nowJ;
        bfqq.seekHistory = 1;
        bfqq.decreaseTimeJiffies = nowJ;
    }

    /** {@code bfq_init_entity}. */
    private static void initEntity(BfqEntity entity, BfqGroup group) {
        BfqQueue bfqq = entity.queue;
        entity.weight = entity.newWeight;
        entity.origWeight = entity.newWeight;
        bfqq.ioprio = bfqq.newIoprio;
        bfqq.ioprioClass = bfqq.newIoprioClass;
        entity.classIndex = bfqq.ioprioClass - 1;
        entity.parent = group.entity;
        entity.schedData = group.schedData;
    }

    /** {@code bfq_get_queue}: the async queue of the group and priority, or a new queue; a new sync queue may merge. */
    private BfqQueue getQueue(BfqIoContext bic, boolean sync, boolean respawn) {
        BfqGroup group = bic.group;
        int ioprioClass = IoPriority.classValue(bic.ioprio);
        int level = IoPriority.level(bic.ioprio);
        if (!sync) {
            BfqQueue async = asyncSlot(group, ioprioClass, level);
            if (async != null) {
                return async;
            }
        }
        BfqQueue bfqq = new BfqQueue(bic.task.pid(), sync, group);
        initBfqq(bfqq, bic);
        initEntity(bfqq.entity, group);
        if (trace.enabled()) {
            log(bfqq, "allocated");
        }
        if (!sync) {
            if (ioprioClass == Bfq.IOPRIO_CLASS_IDLE) {
                group.asyncIdleQueue = bfqq;
            } else {
                group.asyncQueues[ioprioClass == Bfq.IOPRIO_CLASS_RT ? 0 : 1][level] = bfqq;
            }
            return bfqq;
        }
        bfqq.procRefs = 1;
        bfqq.ioContext = bic;
        bic.syncQueue = bfqq;
        return respawn ? bfqq : doOrSchedStableMerge(bfqq, bic);
    }

    // ---------------------------------------------------------------- queue merging

    /**
     * {@code bfq_do_or_sched_stable_merge}: a sync queue created within {@code bfq_burst_interval} of the group's
     * last one, with the same priority, is merged into it at once on a queueing SSD, else a merge is scheduled for
     * when it has shown its I/O (600 ms); otherwise (none, created more than 600 ms later, or another priority) it
     * becomes the group's last created queue.
     */
    private BfqQueue doOrSchedStableMerge(BfqQueue bfqq, BfqIoContext bic) {
        BfqGroup group = bfqq.group;
        BfqQueue last = group.lastQueueCreated;
        if (last == null || last.creationTime + jiffies.fromMillis(Bfq.ACTIVATION_STABLE_MERGING_MS) < bfqq.creationTime
                || bfqq.entity.parent != last.entity.parent || bfqq.ioprio != last.ioprio
                || bfqq.ioprioClass != last.ioprioClass) {
            group.lastQueueCreated = bfqq;
        } else if (last.creationTime + burstInterval >= bfqq.creationTime) {
            if (nonrotWithQueueing) {
                BfqQueue newq = setupMerge(bfqq, last);
                if (newq != null) {
                    if (newq.ioContext != null) {
                        newq.ioContext.stablyMerged = true;
                    }
                    bic.stablyMerged = true;
                    mergeBfqqs(bic, bfqq, newq);
                    return newq;
                }
            } else {
                bic.stableMergeQueue = last;
            }
        }
        return bfqq;
    }

    /** {@code bfq_setup_merge}: schedule the merge of {@code bfqq} into the end of {@code newq}'s merge chain. */
    private BfqQueue setupMerge(BfqQueue bfqq, BfqQueue newq) {
        if (!newq.hasProcessRefs()) {
            return null;
        }
        while (newq.newQueue != null) {
            if (newq.newQueue == bfqq) {
                return null;
            }
            newq = newq.newQueue;
        }
        if (!bfqq.hasProcessRefs() || !newq.hasProcessRefs() || newq.entity.parent != bfqq.entity.parent) {
            return null;
        }
        if (trace.enabled()) {
            log(bfqq, "scheduling merge with queue " + newq.pid);
        }
        bfqq.newQueue = newq;
        newq.procRefs += bfqq.procRefs;
        return newq;
    }

    /** {@code bfq_too_late_for_merging}: served, and more than 100 ms since its first I/O. */
    private boolean tooLateForMerging(BfqQueue bfqq) {
        return bfqq.serviceFromBacklogged > 0
                && bfqq.firstIoTime + jiffies.fromMillis(Bfq.MERGE_TIME_LIMIT_MS) < nowJiffies();
    }

    /** {@code bfq_may_be_close_cooperator}. */
    private boolean mayBeCloseCooperator(BfqQueue bfqq, BfqQueue newq) {
        return !tooLateForMerging(newq) && !bfqq.classIdle() && !newq.classIdle()
                && bfqq.ioprioClass == newq.ioprioClass && !bfqq.seeky() && !newq.seeky() && bfqq.sync && newq.sync;
    }

    /**
     * {@code bfq_setup_cooperator}: a scheduled merge; else, on a device that is not a queueing SSD, a due delayed
     * stable merge, or an early merge (EQM) with the in-service queue or the queue whose next request is close to
     * {@code sector} (within 8192 sectors), for a queue created less than 100 ms of service ago.
     */
    private BfqQueue setupCooperator(BfqQueue bfqq, long sector, BfqIoContext bic) {
        if (bfqq.newQueue != null) {
            return bfqq.newQueue;
        }
        long nowJ = nowJiffies();
        long late = jiffies.fromMillis(Bfq.LATE_STABLE_MERGING_MS);
        // simplified: only a sync queue takes its process's delayed stable merge (6.12's check; 6.6 may also take
        // it for the process's async queue)
        if (!nonrotWithQueueing && bic != null && bfqq.sync && bic.stableMergeQueue != null && !bfqq.justCreated
                && bfqq.splitTime + late < nowJ && bfqq.creationTime + late < nowJ) {
            BfqQueue stable = bic.stableMergeQueue;
            boolean procRef = bfqq.hasProcessRefs() && stable.hasProcessRefs();
            bic.stableMergeQueue = null;
            if (!idlingBoostsThrWithoutIssues(bfqq) && procRef) {
                BfqQueue newq = setupMerge(bfqq, stable);
                if (newq != null) {
                    bic.stablyMerged = true;
                    if (newq.ioContext != null) {
                        newq.ioContext.stablyMerged = true;
                    }
                }
                return newq;
            }
            return null;
        }
        if (nonrotWithQueueing || tooLateForMerging(bfqq) || totBusyQueues() == 1) {
            return null;
        }
        BfqQueue inService = inServiceQueue;
        if (inService != null && inService != bfqq && Math.abs(sector - inServLastPos) <= Bfq.CLOSE_THR
                && bfqq.entity.parent == inService.entity.parent && mayBeCloseCooperator(bfqq, inService)) {
            BfqQueue newq = setupMerge(bfqq, inService);
            if (newq != null) {
                return newq;
            }
        }
        BfqQueue close = findCloseCooperator(bfqq, sector);
        if (close != null && mayBeCloseCooperator(bfqq, close)) {
            return setupMerge(bfqq, close);
        }
        return null;
    }

    /**
     * {@code bfqq_find_close} / {@code bfq_find_close_cooperator}: the queue of the group's position tree whose next
     * request starts at {@code sector}, else the nearest one within 8192 sectors (simplified: the nearer of the two
     * neighbours, where the kernel tries the red-black tree parent of the missing key first); never {@code cur}.
     */
    private BfqQueue findCloseCooperator(BfqQueue cur, long sector) {
        java.util.TreeMap<Long, BfqQueue> tree = cur.group.posTree;
        if (tree.isEmpty()) {
            return null;
        }
        BfqQueue found = tree.get(sector);
        if (found == null) {
            java.util.Map.Entry<Long, BfqQueue> lo = tree.lowerEntry(sector);
            java.util.Map.Entry<Long, BfqQueue> hi = tree.higherEntry(sector);
            long dLo = lo == null ? Long.MAX_VALUE : sector - lo.getKey();
            long dHi = hi == null ? Long.MAX_VALUE : hi.getKey() - sector;
            if (Math.min(dLo, dHi) <= Bfq.CLOSE_THR) {
                found = dLo <= dHi ? lo.getValue() : hi.getValue();
            }
        }
        return found == cur ? null : found;
    }

    /** {@code bfq_pos_tree_add_move}: (re)file the queue under its next request's sector, if it may still merge. */
    private void posTreeAddMove(BfqQueue bfqq) {
        posTreeRemove(bfqq);
        if (tooLateForMerging(bfqq) || bfqq.classIdle() || bfqq.nextRq == null) {
            return;
        }
        long key = bfqq.nextRq.rq.sector();
        if (bfqq.group.posTree.putIfAbsent(key, bfqq) == null) {
            bfqq.inPosTree = true;
            bfqq.posKey = key;
        }
    }

    private static void posTreeRemove(BfqQueue bfqq) {
        if (bfqq.inPosTree) {
            bfqq.group.posTree.remove(bfqq.posKey);
            bfqq.inPosTree = false;
        }
    }

    /** {@code bfq_bfqq_save_state}: into the queue's owning io context, if it has one. */
    private void saveState(BfqQueue bfqq) {
        BfqIoContext bic = bfqq.ioContext;
        if (bic == null) {
            return;
        }
        bic.savedLastServTimeNs = bfqq.lastServiceTimeNs;
        bic.savedInjectLimit = bfqq.injectLimit;
        bic.savedDecreaseTimeJif = bfqq.decreaseTimeJiffies;
        bic.savedWeight = bfqq.entity.origWeight;
        bic.savedTtimeLastEndRequest = bfqq.ttimeLastEndRequest;
        bic.savedTtimeTotal = bfqq.ttimeTotal;
        bic.savedTtimeSamples = bfqq.ttimeSamples;
        bic.savedTtimeMean = bfqq.ttimeMean;
        bic.savedHasShortTtime = bfqq.hasShortTtime;
        bic.savedIoBound = bfqq.ioBound;
        bic.savedIoStartTime = bfqq.ioStartTime;
        bic.savedTotIdleTime = bfqq.totIdleTime;
        bic.savedInLargeBurst = bfqq.inLargeBurst;
        bic.wasInBurstList = bfqq.inBurstList;
        if (bfqq.justCreated && !bfqq.inLargeBurst && lowLatency) {
            // merged right after creation: keep the interactive raising it would have had
            bic.savedWrCoeff = Bfq.WR_COEFF;
            bic.savedWrStartAtSwitchToSrt = MINUS_INFINITY;
            bic.savedWrCurMaxTime = wrDuration();
            bic.savedLastWrStartFinish = nowJiffies();
        } else {
            bic.savedWrCoeff = bfqq.wrCoeff;
            bic.savedWrStartAtSwitchToSrt = bfqq.wrStartAtSwitchToSrt;
            bic.savedServiceFromWr = bfqq.serviceFromWr;
            bic.savedLastWrStartFinish = bfqq.lastWrStartFinish;
            bic.savedWrCurMaxTime = bfqq.wrCurMaxTime;
        }
    }

    /** {@code bfq_bfqq_resume_state}: a queue split off a shared one takes its process's saved state back. */
    private void resumeState(BfqQueue bfqq, BfqIoContext bic, boolean alreadyExisting) {
        boolean busy = alreadyExisting && bfqq.busy;
        int oldWrCoeff = 1;
        bfqq.hasShortTtime = bic.savedHasShortTtime;
        bfqq.ioBound = bic.savedIoBound;
        bfqq.lastServiceTimeNs = bic.savedLastServTimeNs;
        bfqq.injectLimit = bic.savedInjectLimit;
        bfqq.decreaseTimeJiffies = bic.savedDecreaseTimeJif;
        bfqq.entity.newWeight = bic.savedWeight;
        bfqq.ttimeLastEndRequest = bic.savedTtimeLastEndRequest;
        bfqq.ttimeTotal = bic.savedTtimeTotal;
        bfqq.ttimeSamples = bic.savedTtimeSamples;
        bfqq.ttimeMean = bic.savedTtimeMean;
        bfqq.ioStartTime = bic.savedIoStartTime;
        bfqq.totIdleTime = bic.savedTotIdleTime;
        if (lowLatency) {
            oldWrCoeff = bfqq.wrCoeff;
            bfqq.wrCoeff = bic.savedWrCoeff;
        }
        bfqq.serviceFromWr = bic.savedServiceFromWr;
        bfqq.wrStartAtSwitchToSrt = bic.savedWrStartAtSwitchToSrt;
        bfqq.lastWrStartFinish = bic.savedLastWrStartFinish;
        bfqq.wrCurMaxTime = bic.savedWrCurMaxTime;
        if (bfqq.wrCoeff > 1 && (bfqq.inLargeBurst || bfqq.lastWrStartFinish + bfqq.wrCurMaxTime < nowJiffies())) {
            if (trace.enabled()) {
                log(bfqq, "resume state: switching off wr");
            }
            bfqq.wrCoeff = 1;
        }
        bfqq.entity.prioChanged = true;
        if (!busy) {
            return;
        }
        if (oldWrCoeff == 1 && bfqq.wrCoeff > 1) {
            wrBusyQueues++;
        } else if (oldWrCoeff > 1 && bfqq.wrCoeff == 1) {
            wrBusyQueues--;
        }
    }

    /**
     * {@code bfq_merge_bfqqs}: the process of {@code bic} moves from {@code bfqq} to {@code newq}, which takes the
     * I/O-bound flag, the waker and the weight raising of {@code bfqq} and becomes a shared (coop) queue.
     */
    private void mergeBfqqs(BfqIoContext bic, BfqQueue bfqq, BfqQueue newq) {
        if (trace.enabled()) {
            // the kernel prints the pid as an unsigned long: a shared queue's -1 shows as 2^64 - 1
            log(bfqq, "merging with queue " + Long.toUnsignedString(newq.pid));
        }
        saveState(bfqq);
        saveState(newq);
        if (bfqq.ioBound) {
            newq.ioBound = true;
        }
        bfqq.ioBound = false;
        if (bfqq.wakerQueue != null && newq.wakerQueue == null && bfqq.wakerQueue != newq) {
            newq.setWaker(bfqq.wakerQueue);
        }
        if (newq.wrCoeff == 1 && bfqq.wrCoeff > 1) {
            newq.wrCoeff = bfqq.wrCoeff;
            newq.wrCurMaxTime = bfqq.wrCurMaxTime;
            newq.lastWrStartFinish = bfqq.lastWrStartFinish;
            newq.wrStartAtSwitchToSrt = bfqq.wrStartAtSwitchToSrt;
            if (newq.busy) {
                wrBusyQueues++;
            }
            newq.entity.prioChanged = true;
        }
        if (bfqq.wrCoeff > 1) {
            bfqq.wrCoeff = 1;
            bfqq.entity.prioChanged = true;
            if (bfqq.busy) {
                wrBusyQueues--;
            }
        }
        if (trace.enabled()) {
            log(newq, "merge_bfqqs: wr_busy " + wrBusyQueues);
        }
        bic.syncQueue = newq;
        newq.coop = true;
        newq.ioContext = null;
        newq.pid = -1;
        bfqq.ioContext = null;
        reassignLastBfqq(bfqq, newq);
        releaseProcessRef(bfqq);
    }

    /** {@code bfq_reassign_last_bfqq}. */
    private static void reassignLastBfqq(BfqQueue cur, BfqQueue newq) {
        if (cur.group.lastQueueCreated == cur) {
            cur.group.lastQueueCreated = newq;
        }
    }

    /** {@code bfq_release_process_ref}: an empty queue no process uses leaves the busy queues (unless in service). */
    private void releaseProcessRef(BfqQueue bfqq) {
        if (bfqq.busy && bfqq.isEmpty() && bfqq != inServiceQueue) {
            delBusy(bfqq, false);
        }
        reassignLastBfqq(bfqq, null);
        bfqq.procRefs--;
        putQueueIfUnused(bfqq);
    }

    /**
     * {@code bfq_split_bfqq}: a process leaves a shared queue that turned seeky; the last one keeps it (no longer
     * shared), the others get a new queue (null returned).
     */
    private BfqQueue splitBfqq(BfqIoContext bic, BfqQueue bfqq) {
        if (trace.enabled()) {
            log(bfqq, "splitting queue");
        }
        if (bfqq.procRefs == 1) {
            bfqq.pid = bic.task.pid();
            bfqq.coop = false;
            bfqq.splitCoop = false;
            return bfqq;
        }
        bic.syncQueue = null;
        putCooperator(bfqq);
        releaseProcessRef(bfqq);
        return null;
    }

    /** {@code bfq_put_cooperator}: drop the reference a scheduled merge took on each queue of the chain. */
    private void putCooperator(BfqQueue bfqq) {
        for (BfqQueue q = bfqq.newQueue; q != null; q = q.newQueue) {
            q.procRefs--;
            putQueueIfUnused(q);
        }
    }

    /** {@code bfq_async_queue_prio}. */
    private static BfqQueue asyncSlot(BfqGroup group, int ioprioClass, int level) {
        return switch (ioprioClass) {
            case Bfq.IOPRIO_CLASS_RT -> group.asyncQueues[0][level];
            case Bfq.IOPRIO_CLASS_IDLE -> group.asyncIdleQueue;
            case Bfq.IOPRIO_CLASS_BE -> group.asyncQueues[1][level];
            default -> group.asyncQueues[1][Bfq.DEFAULT_QUEUE_IOPRIO];
        };
    }

    /** {@code bfq_init_rq}: the io context and queue of a request being inserted. */
    private BfqQueue initRq(BfqRequest node) {
        Request rq = node.rq;
        if (node.queue != null) {
            return node.queue;
        }
        Task task = rq.task();
        if (task == null) {
            return null;
        }
        BfqIoContext bic = ioContext(task);
        // bfq_check_ioprio_change
        int ioprio = IoPriority.of(task);
        if (bic.ioprio != ioprio) {
            bic.ioprio = ioprio;
            bic.asyncQueue = null;
            if (bic.syncQueue != null) {
                setNextIoprioData(bic.syncQueue, bic);
            }
        }
        // bfq_bic_update_cgroup; simplified: new queues in the new group, the old ones drain
        BfqGroup group = group(rq.cgroup() != null ? rq.cgroup() : task.cgroup());
        if (bic.group != group) {
            bic.group = group;
            bic.asyncQueue = null;
            if (bic.syncQueue != null) {
                BfqQueue old = bic.syncQueue;
                old.ioContext = null;
                bic.syncQueue = null;
                releaseProcessRef(old);
            }
        }
        boolean sync = rq.isSync();
        BfqQueue bfqq = sync ? bic.syncQueue : bic.asyncQueue;
        boolean split = false;
        boolean alreadyExisting = false;
        if (bfqq == null) {
            bfqq = getQueue(bic, sync, false);
            if (!sync) {
                bic.asyncQueue = bfqq;
            }
        } else if (sync && bfqq.coop && bfqq.splitCoop && !bic.stablyMerged) {
            // the shared queue turned seeky: break it apart
            BfqQueue old = bfqq;
            if (bfqq.inLargeBurst) {
                bic.savedInLargeBurst = true;
            }
            bfqq = splitBfqq(bic, bfqq);
            split = true;
            if (bfqq == null) {
                bfqq = respawnSplitQueue(bic, old);
            } else {
                alreadyExisting = true;
            }
        }
        bfqq.addAllocated(1);
        bic.requests++;
        node.ioContext = bic;
        node.queue = bfqq;
        if (bfqq.sync && bfqq.procRefs == 1) {
            bfqq.ioContext = bic;
            if (split) {
                resumeState(bfqq, bic, alreadyExisting);
            }
        }
        if (bfqq.justCreated && (burstSize > 0 || totBusyQueues() == 0)) {
            handleBurst(bfqq);
        }
        return bfqq;
    }

    /**
     * {@code bfq_get_bfqq_handle_split} for a split: a fresh sync queue for the process, back in the burst list if it
     * was in it, with the shared queue's waker.
     */
    private BfqQueue respawnSplitQueue(BfqIoContext bic, BfqQueue old) {
        BfqQueue bfqq = getQueue(bic, true, true);
        if ((bic.wasInBurstList && largeBurst) || bic.savedInLargeBurst) {
            bfqq.inLargeBurst = true;
        } else {
            bfqq.inLargeBurst = false;
            if (bic.wasInBurstList) {
                burstList.add(0, bfqq);
                bfqq.inBurstList = true;
            }
        }
        bfqq.splitTime = nowJiffies();
        bfqq.setWaker(old.wakerQueue);
        return bfqq;
    }

    // ---------------------------------------------------------------- bursts

    /** {@code bfq_handle_burst}. */
    private void handleBurst(BfqQueue bfqq) {
        long nowJ = nowJiffies();
        if (bfqq.inBurstList || bfqq.inLargeBurst || bfqq.splitTime + jiffies.fromMillis(10) >= nowJ) {
            return;
        }
        if (lastInsInBurst + burstInterval < nowJ || bfqq.entity.parent != burstParentEntity) {
            largeBurst = false;
            resetBurstList(bfqq);
        } else if (largeBurst) {
            bfqq.inLargeBurst = true;
        } else {
            addToBurst(bfqq);
        }
        lastInsInBurst = nowJ;
    }

    /** {@code bfq_reset_burst_list}. */
    private void resetBurstList(BfqQueue bfqq) {
        for (int i = 0; i < burstList.size(); i++) {
            burstList.get(i).inBurstList = false;
        }
        burstList.clear();
        if (totBusyQueues() == 0) {
            burstList.add(bfqq);
            bfqq.inBurstList = true;
            burstSize = 1;
        } else {
            burstSize = 0;
        }
        burstParentEntity = bfqq.entity.parent;
    }

    /** {@code bfq_add_to_burst}. */
    private void addToBurst(BfqQueue bfqq) {
        burstSize++;
        if (burstSize == Bfq.LARGE_BURST_THRESH) {
            largeBurst = true;
            for (int i = 0; i < burstList.size(); i++) {
                burstList.get(i).inLargeBurst = true;
                burstList.get(i).inBurstList = false;
            }
            bfqq.inLargeBurst = true;
            burstList.clear();
        } else {
            burstList.add(bfqq);
            bfqq.inBurstList = true;
        }
    }

    // ---------------------------------------------------------------- weights tree, groups with pending requests

    /** {@code bfq_weights_tree_add}. */
    private void weightsTreeAdd(BfqQueue bfqq) {
        if (bfqq.countedWeight != 0) {
            return;
        }
        int weight = Math.min(Bfq.MAX_WEIGHT, bfqq.entity.weight);
        if (weightCounts[weight]++ == 0) {
            distinctWeights++;
        }
        bfqq.countedWeight = weight;
    }

    /** {@code bfq_weights_tree_remove}. */
    private void weightsTreeRemove(BfqQueue bfqq) {
        int weight = bfqq.countedWeight;
        if (weight == 0) {
            return;
        }
        if (--weightCounts[weight] == 0) {
            distinctWeights--;
        }
        bfqq.countedWeight = 0;
    }

    @Override
    public void queueWeightChanged(BfqQueue queue, int oldWeight) {
        weightsTreeRemove(queue);
        if (queue.wrCoeff == 1) {
            weightsTreeAdd(queue);
        }
    }

    private void addInGroupsWithPendingReqs(BfqQueue bfqq) {
        if (!bfqq.entity.inGroupsWithPendingRequests) {
            bfqq.entity.inGroupsWithPendingRequests = true;
            if (bfqq.group.queuesWithPendingRequests++ == 0) {
                numGroupsWithPendingReqs++;
            }
        }
    }

    private void delInGroupsWithPendingReqs(BfqQueue bfqq) {
        if (bfqq.entity.inGroupsWithPendingRequests) {
            bfqq.entity.inGroupsWithPendingRequests = false;
            if (--bfqq.group.queuesWithPendingRequests == 0) {
                numGroupsWithPendingReqs--;
            }
        }
    }

    /** {@code bfq_asymmetric_scenario}. */
    boolean asymmetricScenario(BfqQueue bfqq) {
        boolean smallestWeight = false;
        if (bfqq != null && bfqq.countedWeight != 0) {
            int smallest = 1;
            while (smallest <= Bfq.MAX_WEIGHT && weightCounts[smallest] == 0) {
                smallest++;
            }
            smallestWeight = bfqq.countedWeight == smallest;
        }
        boolean variedQueueWeights = !smallestWeight && distinctWeights >= 2;
        boolean multipleClassesBusy = (busyQueues[0] > 0 && busyQueues[1] > 0)
                || (busyQueues[0] > 0 && busyQueues[2] > 0) || (busyQueues[1] > 0 && busyQueues[2] > 0);
        return variedQueueWeights || multipleClassesBusy || numGroupsWithPendingReqs > 1;
    }

    private int totBusyQueues() {
        return busyQueues[0] + busyQueues[1] + busyQueues[2];
    }

    // ---------------------------------------------------------------- busy set

    /** {@code bfq_add_bfqq_busy}. */
    private void addBusy(BfqQueue bfqq) {
        wf2q.activateRequeue(bfqq.entity, bfqq.nonBlockingWaitRq, false, false);
        bfqq.busy = true;
        busyQueues[bfqq.ioprioClass - 1]++;
        if (bfqq.dispatched == 0) {
            addInGroupsWithPendingReqs(bfqq);
            if (bfqq.wrCoeff == 1) {
                weightsTreeAdd(bfqq);
            }
        }
        if (bfqq.wrCoeff > 1) {
            wrBusyQueues++;
        }
    }

    /** {@code bfq_del_bfqq_busy}. */
    private void delBusy(BfqQueue bfqq, boolean expiration) {
        bfqq.busy = false;
        busyQueues[bfqq.ioprioClass - 1]--;
        if (bfqq.wrCoeff > 1) {
            wrBusyQueues--;
        }
        wf2q.deactivate(bfqq.entity, true, expiration);
        if (bfqq.dispatched == 0) {
            delInGroupsWithPendingReqs(bfqq);
            weightsTreeRemove(bfqq);
        }
    }

    /** {@code bfq_requeue_bfqq}. */
    private void requeueBfqq(BfqQueue bfqq, boolean expiration) {
        wf2q.activateRequeue(bfqq.entity, false, bfqq == inServiceQueue, expiration);
    }

    /** {@code bfq_bfqq_served}. */
    private void bfqqServed(BfqQueue bfqq, long served) {
        if (bfqq.serviceFromBacklogged == 0) {
            bfqq.firstIoTime = nowJiffies();
        }
        if (bfqq.wrCoeff > 1) {
            bfqq.serviceFromWr += served;
        }
        bfqq.serviceFromBacklogged += served;
        Wf2q.served(bfqq.entity, served);
    }

    // ---------------------------------------------------------------- budgets

    /** {@code bfq_max_budget}. */
    private long maxBudgetNow() {
        return budgetsAssigned < Bfq.STATS_MIN_BUDGETS ? Bfq.DEFAULT_MAX_BUDGET : maxBudget;
    }

    /** {@code bfq_min_budget}. */
    private long minBudget() {
        return budgetsAssigned < Bfq.STATS_MIN_BUDGETS ? Bfq.DEFAULT_MAX_BUDGET / 32 : maxBudget / 32;
    }

    /** {@code bfq_serv_to_charge}. */
    private long servToCharge(Request rq, BfqQueue bfqq) {
        if (bfqq.sync || bfqq.wrCoeff > 1 || asymmetricScenario(bfqq)) {
            return rq.sectors();
        }
        return (long) rq.sectors() * Bfq.ASYNC_CHARGE_FACTOR;
    }

    /** {@code bfq_updated_next_req}. */
    private void updatedNextReq(BfqQueue bfqq) {
        BfqRequest next = bfqq.nextRq;
        if (next == null || bfqq == inServiceQueue) {
            return;
        }
        BfqEntity entity = bfqq.entity;
        long newBudget = Math.max(Math.max(bfqq.maxBudget, servToCharge(next.rq, bfqq)), entity.service);
        if (entity.budget != newBudget) {
            entity.budget = newBudget;
            if (trace.enabled()) {
                log(bfqq, "updated next rq: new budget " + newBudget);
            }
            requeueBfqq(bfqq, false);
        }
    }

    /** {@code bfq_wr_duration}: {@code rate_dur_prod / peak_rate} jiffies, clamped to 3..25 s. */
    long wrDuration() {
        long duration = rateDurProd / peakRate;
        return Math.max(jiffies.fromMillis(3000), Math.min(jiffies.fromMillis(25000), duration));
    }

    private void switchBackToInteractiveWr(BfqQueue bfqq) {
        bfqq.wrCoeff = Bfq.WR_COEFF;
        bfqq.wrCurMaxTime = wrDuration();
        bfqq.lastWrStartFinish = bfqq.wrStartAtSwitchToSrt;
    }

    /** {@code bfq_bfqq_update_budg_for_activation}. */
    private boolean updateBudgetForActivation(BfqQueue bfqq, boolean arrivedInTime) {
        BfqEntity entity = bfqq.entity;
        if (bfqq.nonBlockingWaitRq && arrivedInTime && bfqq.budgetLeft() > 0) {
            entity.budget = Math.min(bfqq.budgetLeft(), bfqq.maxBudget);
            entity.service = 0;
            return true;
        }
        entity.service = 0;
        entity.budget = Math.max(bfqq.maxBudget, servToCharge(bfqq.nextRq.rq, bfqq));
        bfqq.nonBlockingWaitRq = false;
        return false;
    }

    /** {@code bfq_update_bfqq_wr_on_rq_arrival}. */
    private void updateWrOnRqArrival(BfqQueue bfqq, int oldWrCoeff, boolean wrOrDeservesWr, boolean interactive,
                                     boolean inBurst, boolean softRt) {
        if (oldWrCoeff == 1 && wrOrDeservesWr) {
            if (interactive) {
                bfqq.serviceFromWr = 0;
                bfqq.wrCoeff = Bfq.WR_COEFF;
                bfqq.wrCurMaxTime = wrDuration();
            } else {
                bfqq.wrStartAtSwitchToSrt = MINUS_INFINITY;
                bfqq.wrCoeff = Bfq.WR_COEFF * Bfq.SOFTRT_WEIGHT_FACTOR;
                bfqq.wrCurMaxTime = wrRtMaxTime;
            }
            bfqq.entity.budget = Math.min(bfqq.entity.budget, 2 * minBudget());
        } else if (oldWrCoeff > 1) {
            if (interactive) {
                bfqq.wrCoeff = Bfq.WR_COEFF;
                bfqq.wrCurMaxTime = wrDuration();
            } else if (inBurst) {
                bfqq.wrCoeff = 1;
            } else if (softRt) {
                if (bfqq.wrCurMaxTime != wrRtMaxTime) {
                    bfqq.wrStartAtSwitchToSrt = bfqq.lastWrStartFinish;
                    bfqq.wrCurMaxTime = wrRtMaxTime;
                    bfqq.wrCoeff = Bfq.WR_COEFF * Bfq.SOFTRT_WEIGHT_FACTOR;
                }
                bfqq.lastWrStartFinish = nowJiffies();
            }
        }
    }

    /** {@code bfq_bfqq_handle_idle_busy_switch}; returns {@code interactive}. */
    private boolean handleIdleBusySwitch(BfqQueue bfqq, int oldWrCoeff, BfqIoContext rqContext) {
        long nowJ = nowJiffies();
        boolean idleForLongTime = bfqq.dispatched == 0 && bfqq.budgetTimeout + wrMinIdleTime < nowJ;
        boolean arrivedInTime = now() <= bfqq.ttimeLastEndRequest + sliceIdle * 3;
        boolean inBurst = bfqq.inLargeBurst;
        boolean softRt = Bfq.WR_MAX_SOFTRT_RATE > 0 && !bfqq.totallySeeky() && !inBurst
                && bfqq.softRtNextStart < nowJ && bfqq.dispatched == 0 && bfqq.entity.newWeight == 40;
        boolean interactive = !inBurst && idleForLongTime && bfqq.entity.newWeight == 40;
        boolean wrOrDeservesWr = lowLatency && (bfqq.wrCoeff > 1
                || (bfqq.sync && (bfqq.ioContext != null || (rqContext != null && rqContext.stablyMerged))
                        && (interactive || softRt)));
        boolean wantsToPreempt = updateBudgetForActivation(bfqq, arrivedInTime);
        if (!bfqq.justCreated && idleForLongTime && bfqq.budgetTimeout + jiffies.fromMillis(10000) < nowJ) {
            if (bfqq.inBurstList) {
                burstList.remove(bfqq);
                bfqq.inBurstList = false;
            }
            bfqq.inLargeBurst = false;
        }
        bfqq.justCreated = false;
        if (lowLatency) {
            if (bfqq.splitTime > nowJ) {
                bfqq.splitTime = nowJ - wrMinIdleTime - 1;
            }
            if (bfqq.splitTime + wrMinIdleTime < nowJ) {
                updateWrOnRqArrival(bfqq, oldWrCoeff, wrOrDeservesWr, interactive, inBurst, softRt);
                if (oldWrCoeff != bfqq.wrCoeff) {
                    bfqq.entity.prioChanged = true;
                }
            }
        }
        bfqq.lastIdleBacklogged = nowJ;
        bfqq.serviceFromBacklogged = 0;
        bfqq.softRtUpdate = false;
        addBusy(bfqq);
        BfqQueue inService = inServiceQueue;
        if (inService != null
                && ((wantsToPreempt && bfqq.wrCoeff >= inService.wrCoeff)
                        || higherClassOrWeight(bfqq, inService) || !betterToIdle(inService))
                && nextQueueMayPreempt()) {
            bfqqExpire(inService, false, Bfq.PREEMPTED);
        }
        return interactive;
    }

    /** {@code next_queue_may_preempt}. */
    private boolean nextQueueMayPreempt() {
        SchedData sd = rootGroup.schedData;
        return sd.nextInService != sd.inServiceEntity;
    }

    /** {@code bfq_bfqq_higher_class_or_weight}. */
    private static boolean higherClassOrWeight(BfqQueue bfqq, BfqQueue inService) {
        if (bfqq.ioprioClass < inService.ioprioClass) {
            return true;
        }
        int weight;
        int inServiceWeight;
        if (inService.entity.parent == bfqq.entity.parent) {
            weight = bfqq.entity.weight;
            inServiceWeight = inService.entity.weight;
        } else {
            weight = bfqq.entity.parent != null ? bfqq.entity.parent.weight : bfqq.entity.weight;
            inServiceWeight = inService.entity.parent != null ? inService.entity.parent.weight
                    : inService.entity.weight;
        }
        return weight > inServiceWeight;
    }

    // ---------------------------------------------------------------- insertion

    @Override
    public void insertRequests(HardwareQueue hctx, List<Request> requests, int flags) {
        for (int i = 0; i < requests.size(); i++) {
            insertRequest(requests.get(i), flags);
        }
    }

    /** {@code rq_mergeable}. */
    private static boolean mergeable(Request rq) {
        return rq.op() != Op.FLUSH
                && (rq.flags() & (RequestFlags.NOMERGE | RequestFlags.PREFLUSH | RequestFlags.FUA)) == 0;
    }

    /** {@code bfq_insert_request}. */
    private void insertRequest(Request rq, int flags) {
        BfqRequest node = BfqRequest.of(rq);
        if (node == null) {
            node = bind(rq);
        }
        BfqQueue bfqq = initRq(node);
        if (context.tryInsertMerge(rq)) {
            return;
        }
        if ((flags & INSERT_AT_HEAD) != 0) {
            dispatchAdd(node, true);
        } else if (bfqq == null) {
            dispatchAdd(node, false);
        } else {
            insertIntoQueue(node, bfqq);
            if (mergeable(rq)) {
                context.hashAdd(rq);
                if (context.lastMerge() == null) {
                    context.setLastMerge(rq);
                }
            }
        }
    }

    private void dispatchAdd(BfqRequest node, boolean head) {
        node.inDispatchList = true;
        if (head) {
            node.fifoPrev = null;
            node.fifoNext = dispatchHead;
            if (dispatchHead == null) {
                dispatchTail = node;
            } else {
                dispatchHead.fifoPrev = node;
            }
            dispatchHead = node;
        } else {
            node.fifoNext = null;
            node.fifoPrev = dispatchTail;
            if (dispatchTail == null) {
                dispatchHead = node;
            } else {
                dispatchTail.fifoNext = node;
            }
            dispatchTail = node;
        }
    }

    private BfqRequest dispatchPop() {
        BfqRequest node = dispatchHead;
        dispatchHead = node.fifoNext;
        if (dispatchHead == null) {
            dispatchTail = null;
        } else {
            dispatchHead.fifoPrev = null;
        }
        node.fifoNext = null;
        node.inDispatchList = false;
        return node;
    }

    /** {@code __bfq_insert_request}: an early merge may move the request (and its process) to another queue first. */
    private void insertIntoQueue(BfqRequest node, BfqQueue bfqq) {
        BfqQueue newq = setupCooperator(bfqq, node.rq.sector(), node.ioContext);
        if (newq != null) {
            newq.addAllocated(1);
            bfqq.addAllocated(-1);
            if (node.ioContext.syncQueue == bfqq) {
                mergeBfqqs(node.ioContext, bfqq, newq);
            }
            bfqq.justCreated = false;
            node.queue = newq;
            putQueueIfUnused(bfqq);
            bfqq = newq;
        }
        updateIoThinktime(bfqq);
        updateHasShortTtime(bfqq, node.ioContext);
        updateIoSeektime(bfqq, node.rq);
        addRequest(node, bfqq);
        node.fifoTime = now() + fifoExpire[node.rq.isSync() ? SYNC : ASYNC];
        bfqq.fifoAddTail(node);
        rqEnqueued(bfqq, node.rq);
    }

    /** {@code bfq_update_io_thinktime}. */
    private void updateIoThinktime(BfqQueue bfqq) {
        if (bfqq.dispatched > 0 || bfqq.busy) {
            return;
        }
        long elapsed = Math.min(now() - bfqq.ttimeLastEndRequest, 2 * sliceIdle);
        bfqq.ttimeSamples = (7 * bfqq.ttimeSamples + 256) / 8;
        bfqq.ttimeTotal = (7 * bfqq.ttimeTotal + 256 * elapsed) / 8;
        bfqq.ttimeMean = (bfqq.ttimeTotal + 128) / bfqq.ttimeSamples;
    }

    /** {@code bfq_update_has_short_ttime}. */
    private void updateHasShortTtime(BfqQueue bfqq, BfqIoContext bic) {
        if (!bfqq.sync || bfqq.classIdle() || sliceIdle == 0) {
            return;
        }
        long nowJ = nowJiffies();
        if (bfqq.splitTime + wrMinIdleTime >= nowJ) {
            return;
        }
        boolean hasShortTtime = true;
        if (bic.exited || (bfqq.ttimeSamples > 80 && bfqq.ttimeMean > sliceIdle >> 1)) {
            hasShortTtime = false;
        }
        boolean stateChanged = hasShortTtime != bfqq.hasShortTtime;
        bfqq.hasShortTtime = hasShortTtime;
        if (stateChanged && bfqq.lastServiceTimeNs == 0
                && (bfqq.decreaseTimeJiffies + jiffies.fromMillis(100) <= nowJ || !hasShortTtime)) {
            resetInjectLimit(bfqq);
        }
    }

    /** {@code BFQ_RQ_SEEKY} with {@code get_sdist}. */
    private boolean rqSeeky(long lastPos, Request rq) {
        long distance = lastPos != 0 ? Math.abs(rq.sector() - lastPos) : 0;
        return distance > Bfq.SEEK_THR && (!nonrot || rq.sectors() < Bfq.SECT_THR_NONROT);
    }

    /** {@code bfq_update_io_seektime}. */
    private void updateIoSeektime(BfqQueue bfqq, Request rq) {
        bfqq.seekHistory = (bfqq.seekHistory << 1) | (rqSeeky(bfqq.lastRequestPos, rq) ? 1 : 0);
        if (bfqq.wrCoeff > 1 && bfqq.wrCurMaxTime == wrRtMaxTime && bfqq.totallySeeky()) {
            if (bfqq.wrStartAtSwitchToSrt + wrDuration() < nowJiffies()) {
                endWr(bfqq);
            } else {
                switchBackToInteractiveWr(bfqq);
                bfqq.entity.prioChanged = true;
            }
        }
    }

    /** {@code bfq_reset_inject_limit}. */
    private void resetInjectLimit(BfqQueue bfqq) {
        bfqq.lastServiceTimeNs = 0;
        waitedRq = null;
        bfqq.injectLimit = bfqq.hasShortTtime ? 0 : 1;
        bfqq.decreaseTimeJiffies = nowJiffies();
    }

    /** {@code bfq_update_io_intensity}. */
    private void updateIoIntensity(BfqQueue bfqq, long nowNs) {
        long totIoTime = nowNs - bfqq.ioStartTime;
        if (bfqq.isEmpty() && bfqq.dispatched == 0) {
            bfqq.totIdleTime += nowNs - bfqq.ttimeLastEndRequest;
        }
        if (bfqq.justCreated) {
            return;
        }
        bfqq.ioBound = bfqq.totIdleTime * 5 <= totIoTime;
        if (totIoTime > 200 * Bfq.NSEC_PER_MSEC) {
            bfqq.ioStartTime = nowNs - (totIoTime >> 1);
            bfqq.totIdleTime >>= 1;
        }
    }

    /**
     * {@code bfq_check_waker}: the queue that completed a request less than 4 ms before this queue's process, with
     * nothing else in BFQ, sent one is a tentative waker; detected three times (the detection restarting after
     * {@code 128 * slice_idle}) it becomes the queue's waker and the queue joins the head of its woken list.
     */
    private void checkWaker(BfqQueue bfqq, long nowNs) {
        BfqQueue last = lastCompletedRqQueue;
        if (last == null || last == bfqq || bfqq.hasShortTtime || nowNs - lastCompletion >= 4 * Bfq.NSEC_PER_MSEC) {
            return;
        }
        if (last != bfqq.tentativeWaker || nowNs > bfqq.wakerDetectionStarted + 128 * sliceIdle) {
            bfqq.tentativeWaker = last;
            bfqq.numWakerDetections = 1;
            bfqq.wakerDetectionStarted = nowNs;
            if (trace.enabled()) {
                log(bfqq, "set tentative waker " + last.name());
            }
        } else {
            bfqq.numWakerDetections++;
        }
        if (bfqq.numWakerDetections == 3) {
            if (trace.enabled()) {
                log(bfqq, "set waker " + last.name());
            }
            bfqq.setWaker(last);
        }
    }

    /**
     * {@code bfq_put_queue} of a sync queue whose process exited once no request holds it: it leaves its waker's
     * woken list, the queues it woke lose their waker, and it is no longer the last to complete.
     */
    private void putQueueIfUnused(BfqQueue bfqq) {
        if (bfqq.freed || !bfqq.sync || bfqq.hasProcessRefs() || bfqq.entity.allocated > 0) {
            return;
        }
        bfqq.freed = true;
        bfqq.leaveWokenList();
        for (BfqQueue woken : bfqq.wokenList) {
            woken.wakerQueue = null;
            woken.inWokenListOf = null;
        }
        bfqq.wokenList.clear();
        if (lastCompletedRqQueue == bfqq) {
            lastCompletedRqQueue = null;
        }
    }

    /** {@code bfq_add_request}. */
    private void addRequest(BfqRequest node, BfqQueue bfqq) {
        Request rq = node.rq;
        int oldWrCoeff = bfqq.wrCoeff;
        boolean interactive = false;
        long nowNs = now();
        if (trace.enabled()) {
            log(bfqq, "add_request " + (rq.isSync() ? 1 : 0));
        }
        bfqq.queued[rq.isSync() ? SYNC : ASYNC]++;
        queued++;
        if (bfqq.sync && node.ioContext.requests <= 1) {
            checkWaker(bfqq, nowNs);
            long nowJ = nowJiffies();
            if (bfqq.decreaseTimeJiffies + jiffies.fromMillis(1000) <= nowJ) {
                resetInjectLimit(bfqq);
            }
            if (bfqq == inServiceQueue
                    && (totRqInDriver == 0 || (bfqq.lastServiceTimeNs > 0 && rqsInjected && totRqInDriver > 0))
                    && bfqq.decreaseTimeJiffies + jiffies.fromMillis(10) <= nowJ) {
                lastEmptyOccupiedNs = nowNs;
                waitDispatch = true;
                if (totRqInDriver == 0) {
                    rqsInjected = false;
                }
            }
        }
        if (bfqq.sync) {
            updateIoIntensity(bfqq, nowNs);
        }
        bfqq.sortAdd(node);
        BfqRequest prev = bfqq.nextRq;
        bfqq.nextRq = chooseReq(bfqq.nextRq, node, lastPosition);
        if (!nonrotWithQueueing && prev != bfqq.nextRq) {
            posTreeAddMove(bfqq);
        }
        if (!bfqq.busy) {
            interactive = handleIdleBusySwitch(bfqq, oldWrCoeff, node.ioContext);
        } else {
            if (lowLatency && oldWrCoeff == 1 && !rq.isSync()
                    && bfqq.lastWrStartFinish + wrMinInterArrAsync < nowJiffies()) {
                bfqq.wrCoeff = Bfq.WR_COEFF;
                bfqq.wrCurMaxTime = wrDuration();
                wrBusyQueues++;
                bfqq.entity.prioChanged = true;
            }
            if (prev != bfqq.nextRq) {
                updatedNextReq(bfqq);
            }
        }
        if (lowLatency && (oldWrCoeff == 1 || bfqq.wrCoeff == 1 || interactive)) {
            bfqq.lastWrStartFinish = nowJiffies();
        }
    }

    /** {@code bfq_rq_enqueued}. */
    private void rqEnqueued(BfqQueue bfqq, Request rq) {
        if (rq.hasFlag(RequestFlags.META)) {
            bfqq.metaPending++;
        }
        bfqq.lastRequestPos = rq.sector() + rq.sectors();
        if (bfqq == inServiceQueue && bfqq.waitRequest) {
            boolean smallReq = bfqq.queued[rq.isSync() ? SYNC : ASYNC] == 1 && rq.sectors() < 32;
            boolean budgetTimeout = budgetTimeout(bfqq);
            if (smallReq && idlingBoostsThrWithoutIssues(bfqq) && !budgetTimeout) {
                return;
            }
            bfqq.waitRequest = false;
            idleSliceTimer.cancel();
            if (budgetTimeout) {
                bfqqExpire(bfqq, false, Bfq.BUDGET_TIMEOUT);
            }
        }
    }

    /** {@code bfq_choose_req}: which of two requests to serve first, seen from {@code last}. */
    BfqRequest chooseReq(BfqRequest rq1, BfqRequest rq2, long last) {
        if (rq1 == null || rq1 == rq2) {
            return rq2;
        }
        if (rq2 == null) {
            return rq1;
        }
        boolean sync1 = rq1.rq.isSync();
        boolean sync2 = rq2.rq.isSync();
        if (sync1 && !sync2) {
            return rq1;
        } else if (sync2 && !sync1) {
            return rq2;
        }
        boolean meta1 = rq1.rq.hasFlag(RequestFlags.META);
        boolean meta2 = rq2.rq.hasFlag(RequestFlags.META);
        if (meta1 && !meta2) {
            return rq1;
        } else if (meta2 && !meta1) {
            return rq2;
        }
        return SeekChoice.firstGoesFirst(rq1.rq.sector(), rq2.rq.sector(), last, backMax * 2, backPenalty) ? rq1 : rq2;
    }

    /** {@code bfq_check_fifo}: the FIFO head if expired, consulted once per service slot. */
    private BfqRequest checkFifo(BfqQueue bfqq, BfqRequest last) {
        if (bfqq.fifoExpire) {
            return null;
        }
        bfqq.fifoExpire = true;
        BfqRequest rq = bfqq.fifoHead;
        if (rq == null || rq == last || now() < rq.fifoTime) {
            return null;
        }
        if (trace.enabled()) {
            log(bfqq, "check_fifo: returned " + rq.rq.id());
        }
        return rq;
    }

    /** {@code bfq_find_next_rq}. */
    private BfqRequest findNextRq(BfqQueue bfqq, BfqRequest last) {
        BfqRequest next = checkFifo(bfqq, last);
        if (next != null) {
            return next;
        }
        int at = bfqq.indexOf(last);
        BfqRequest prev = at > 0 ? bfqq.sortList[at - 1] : null;
        if (at + 1 < bfqq.sortSize) {
            next = bfqq.sortList[at + 1];
        } else if (bfqq.sortSize > 0 && bfqq.sortList[0] != last) {
            next = bfqq.sortList[0];
        }
        return chooseReq(next, prev, last.rq.sector());
    }

    /** {@code bfq_remove_request}. */
    private void removeRequest(BfqRequest node) {
        BfqQueue bfqq = node.queue;
        Request rq = node.rq;
        if (bfqq.nextRq == node) {
            bfqq.nextRq = findNextRq(bfqq, node);
            updatedNextReq(bfqq);
        }
        if (node.inFifo) {
            bfqq.fifoRemove(node);
        }
        bfqq.queued[rq.isSync() ? SYNC : ASYNC]--;
        queued--;
        bfqq.sortRemove(node);
        context.hashRemove(rq);
        if (context.lastMerge() == rq) {
            context.setLastMerge(null);
        }
        if (bfqq.isEmpty()) {
            bfqq.nextRq = null;
            if (bfqq.busy && bfqq != inServiceQueue) {
                delBusy(bfqq, false);
                bfqq.entity.budget = 0;
                bfqq.entity.service = 0;
            }
            posTreeRemove(bfqq);
        } else if (!nonrotWithQueueing) {
            posTreeAddMove(bfqq);
        }
        if (rq.hasFlag(RequestFlags.META)) {
            bfqq.metaPending--;
        }
    }

    // ---------------------------------------------------------------- merging

    /** {@code bfq_bio_merge}: the generic merge, with the bio's queue remembered for the hooks it calls. */
    @Override
    public boolean bioMerge(Bio bio) {
        BfqIoContext bic = bio.task() == null ? null : contexts.get(bio.task());
        bioContext = bic;
        bioQueue = bic == null ? null : bio.isSync() ? bic.syncQueue : bic.asyncQueue;
        return context.tryMerge(bio);
    }

    /** {@code bfq_request_merge}: a request of the bio's queue starting where the bio ends. */
    @Override
    public Request requestMerge(Bio bio) {
        if (bioQueue == null) {
            return null;
        }
        BfqRequest found = bioQueue.sortFind(bio.endSector());
        return found == null ? null : found.rq;
    }

    /** {@code bfq_allow_bio_merge}: only into a request of the bio's own queue. */
    @Override
    public boolean allowMerge(Request rq, Bio bio) {
        if (bio.isSync() && !rq.isSync()) {
            return false;
        }
        if (bioQueue == null) {
            return false;
        }
        BfqQueue newq = setupCooperator(bioQueue, bio.sector(), bioContext);
        if (newq != null) {
            mergeBfqqs(bioContext, bioQueue, newq);
            bioQueue = newq;
        }
        BfqRequest node = BfqRequest.of(rq);
        return node != null && bioQueue == node.queue;
    }

    /** {@code bfq_request_merged}: a front merge may move the request before its predecessor: re-sort it. */
    @Override
    public void requestMerged(Request rq, boolean front) {
        BfqRequest node = BfqRequest.of(rq);
        if (!front || node == null || node.queue == null || !node.inSortList) {
            return;
        }
        BfqQueue bfqq = node.queue;
        int at = bfqq.indexOf(node);
        if (at > 0 && rq.sector() < bfqq.sortList[at - 1].rq.sector()) {
            bfqq.sortRemove(node);
            bfqq.sortAdd(node);
            BfqRequest prev = bfqq.nextRq;
            bfqq.nextRq = chooseReq(bfqq.nextRq, node, lastPosition);
            if (prev != bfqq.nextRq) {
                updatedNextReq(bfqq);
                if (!nonrotWithQueueing) {
                    posTreeAddMove(bfqq);
                }
            }
        }
    }

    /** {@code bfq_requests_merged}. */
    @Override
    public void requestsMerged(Request rq, Request next) {
        BfqRequest survivor = BfqRequest.of(rq);
        BfqRequest gone = BfqRequest.of(next);
        if (survivor == null || gone == null) {
            return;
        }
        BfqQueue bfqq = survivor.queue;
        if (bfqq != null) {
            if (bfqq == gone.queue && survivor.inFifo && gone.inFifo && gone.fifoTime < survivor.fifoTime) {
                bfqq.fifoRemove(survivor);
                bfqq.fifoReplace(gone, survivor);
                survivor.fifoTime = gone.fifoTime;
            }
            if (bfqq.nextRq == gone) {
                bfqq.nextRq = survivor;
            }
        }
        if (gone.inSortList) {
            removeRequest(gone);
        }
    }

    @Override
    public Request formerRequest(Request rq) {
        BfqRequest node = BfqRequest.of(rq);
        if (node == null || node.queue == null || !node.inSortList) {
            return null;
        }
        int at = node.queue.indexOf(node);
        return at > 0 ? node.queue.sortList[at - 1].rq : null;
    }

    @Override
    public Request nextRequest(Request rq) {
        BfqRequest node = BfqRequest.of(rq);
        if (node == null || node.queue == null || !node.inSortList) {
            return null;
        }
        int at = node.queue.indexOf(node);
        return at + 1 < node.queue.sortSize ? node.queue.sortList[at + 1].rq : null;
    }

    // ---------------------------------------------------------------- dispatch

    /** {@code bfq_has_work}. */
    @Override
    public boolean hasWork(HardwareQueue hctx) {
        return dispatchHead != null || queued > 0;
    }

    /** {@code __bfq_dispatch_request}. */
    @Override
    public Request dispatchRequest(HardwareQueue hctx) {
        if (dispatchHead != null) {
            BfqRequest node = dispatchPop();
            if (node.queue != null) {
                node.queue.dispatched++;
                totRqInDriver++;
            }
            node.started = true;
            return node.rq;
        }
        if (trace.enabled()) {
            log("dispatch requests: " + totBusyQueues() + " busy queues");
        }
        if (totBusyQueues() == 0) {
            return null;
        }
        if (strictGuarantees && totRqInDriver > 0) {
            return null;
        }
        BfqQueue bfqq = selectQueue();
        if (bfqq == null) {
            return null;
        }
        BfqRequest node = dispatchRqFromBfqq(bfqq);
        totRqInDriver++;
        node.started = true;
        return node.rq;
    }

    /** {@code bfq_dispatch_rq_from_bfqq}. */
    private BfqRequest dispatchRqFromBfqq(BfqQueue bfqq) {
        BfqRequest node = bfqq.nextRq;
        long charge = servToCharge(node.rq, bfqq);
        bfqqServed(bfqq, charge);
        if (bfqq == inServiceQueue && waitDispatch) {
            waitDispatch = false;
            waitedRq = node;
        }
        // bfq_dispatch_remove
        bfqq.dispatched++;
        updatePeakRate(node);
        removeRequest(node);
        if (bfqq != inServiceQueue) {
            return node;
        }
        updateWrData(bfqq);
        if (totBusyQueues() > 1 && bfqq.classIdle()) {
            bfqqExpire(bfqq, false, Bfq.BUDGET_EXHAUSTED);
        }
        return node;
    }

    /** {@code bfq_select_queue}. */
    private BfqQueue selectQueue() {
        BfqQueue bfqq = inServiceQueue;
        int reason = Bfq.BUDGET_TIMEOUT;
        boolean traceOn = trace.enabled();
        if (bfqq != null) {
            if (traceOn) {
                log(bfqq, "select_queue: already in-service queue");
            }
            if (mayExpireForBudgetTimeout(bfqq) && !mustIdle(bfqq)) {
                bfqqExpire(bfqq, false, reason);
                bfqq = null;
            }
        }
        while (true) {
            if (bfqq == null) {
                bfqq = setInServiceQueue();
                if (bfqq == null) {
                    if (traceOn) {
                        log("select_queue: no queue returned");
                    }
                    return null;
                }
                if (traceOn) {
                    log(bfqq, "select_queue: checking new queue");
                }
            }
            // check_queue: (bfq_find_bfqq_for_underused_actuator returns bfqq itself with one actuator)
            BfqRequest next = bfqq.nextRq;
            if (next != null) {
                if (servToCharge(next.rq, bfqq) > bfqq.budgetLeft()) {
                    reason = Bfq.BUDGET_EXHAUSTED;
                } else {
                    if (bfqq.waitRequest) {
                        bfqq.waitRequest = false;
                        idleSliceTimer.cancel();
                    }
                    return keepQueue(bfqq, traceOn);
                }
            } else if (bfqq.waitRequest || (bfqq.dispatched != 0 && betterToIdle(bfqq))) {
                return keepQueue(injectionCandidate(bfqq), traceOn);
            } else {
                reason = Bfq.NO_MORE_REQUESTS;
            }
            bfqqExpire(bfqq, false, reason);
            bfqq = null;
        }
    }

    private BfqQueue keepQueue(BfqQueue bfqq, boolean traceOn) {
        if (traceOn) {
            if (bfqq != null) {
                log(bfqq, "select_queue: returned this queue");
            } else {
                log("select_queue: no queue returned");
            }
        }
        return bfqq;
    }

    /** What {@code bfq_select_queue} serves while the in-service queue {@code bfqq} is empty but kept. */
    private BfqQueue injectionCandidate(BfqQueue bfqq) {
        BfqIoContext bic = bfqq.ioContext;
        BfqQueue async = bic != null ? bic.asyncQueue : null;
        if (async != null && async.busy && async.nextRq != null && async.nextRq.ioContext == bic
                && servToCharge(async.nextRq.rq, async) <= async.budgetLeft()) {
            return async;
        }
        BfqQueue waker = bfqq.wakerQueue;
        if (waker != null && fitsNextRequest(waker)) {
            return waker;
        }
        BfqQueue blocked = bfqq.wokenList.isEmpty() ? null : bfqq.wokenList.get(0);
        if (blocked != null && fitsNextRequest(blocked)) {
            return blocked;
        }
        if (!idlingBoostsThrWithoutIssues(bfqq)
                && (bfqq.wrCoeff == 1 || wrBusyQueues > 1 || !bfqq.hasShortTtime)) {
            return chooseBfqqForInjection();
        }
        return null;
    }

    /** Busy, with a next request its budget covers. */
    private boolean fitsNextRequest(BfqQueue q) {
        return q.busy && q.nextRq != null && servToCharge(q.nextRq.rq, q) <= q.budgetLeft();
    }

    /** {@code bfq_choose_bfqq_for_injection}. */
    private BfqQueue chooseBfqqForInjection() {
        BfqQueue inService = inServiceQueue;
        int limit = inService.injectLimit;
        boolean inServiceAlwaysInject = inService.wrCoeff == 1 || !inService.hasShortTtime;
        // the kernel adds slice_idle in ns to a jiffies value here; kept literally
        if (limit == 0 && inService.lastServiceTimeNs == 0 && inService.waitRequest
                && lastIdlingStartJiffies + sliceIdle <= nowJiffies()) {
            limit = 1;
        }
        if (totRqInDriver >= limit) {
            return null;
        }
        for (BfqQueue bfqq = lists.activeHead; bfqq != null; bfqq = bfqq.listNext) {
            if (!bfqq.isEmpty() && (inServiceAlwaysInject || bfqq.wrCoeff > 1)
                    && servToCharge(bfqq.nextRq.rq, bfqq) <= bfqq.budgetLeft()) {
                if (nonrot && bfqq.nextRq.rq.sectors() >= Bfq.SECT_THR_NONROT && totRqInDriver >= 1) {
                    continue;
                }
                rqsInjected = true;
                return bfqq;
            }
        }
        return null;
    }

    /** {@code bfq_set_in_service_queue} and {@code __bfq_set_in_service_queue}. */
    private BfqQueue setInServiceQueue() {
        BfqQueue bfqq = totBusyQueues() == 0 ? null : wf2q.getNextQueue(rootGroup.schedData);
        if (bfqq != null) {
            long nowJ = nowJiffies();
            bfqq.fifoExpire = false;
            budgetsAssigned = (budgetsAssigned * 7 + 256) / 8;
            if (bfqq.lastWrStartFinish < nowJ && bfqq.wrCoeff > 1 && bfqq.wrCurMaxTime == wrRtMaxTime
                    && bfqq.budgetTimeout < nowJ) {
                if (bfqq.budgetTimeout > bfqq.lastWrStartFinish) {
                    bfqq.lastWrStartFinish += nowJ - bfqq.budgetTimeout;
                } else {
                    bfqq.lastWrStartFinish = nowJ;
                }
            }
            setBudgetTimeout(bfqq);
            if (trace.enabled()) {
                log(bfqq, "set_in_service_queue, cur-budget = " + bfqq.entity.budget);
            }
        }
        inServiceQueue = bfqq;
        inServLastPos = 0;
        return bfqq;
    }

    /** {@code bfq_set_budget_timeout}. */
    private void setBudgetTimeout(BfqQueue bfqq) {
        int timeoutCoeff = bfqq.wrCurMaxTime == wrRtMaxTime ? 1 : bfqq.entity.weight / bfqq.entity.origWeight;
        lastBudgetStart = now();
        bfqq.budgetTimeout = nowJiffies() + timeout * timeoutCoeff;
    }

    /** {@code bfq_update_wr_data}: end or switch raising at dispatch from the in-service queue. */
    private void updateWrData(BfqQueue bfqq) {
        BfqEntity entity = bfqq.entity;
        if (bfqq.wrCoeff > 1) {
            long nowJ = nowJiffies();
            if (trace.enabled()) {
                log(bfqq, "raising period dur " + jiffies.toMillis(nowJ - bfqq.lastWrStartFinish) + "/"
                        + jiffies.toMillis(bfqq.wrCurMaxTime) + " msec, old coeff " + bfqq.wrCoeff + ", w "
                        + entity.weight + "(" + entity.origWeight + ")");
            }
            if (bfqq.inLargeBurst) {
                endWr(bfqq);
            } else if (bfqq.lastWrStartFinish + bfqq.wrCurMaxTime < nowJ) {
                if (bfqq.wrCurMaxTime != wrRtMaxTime || bfqq.wrStartAtSwitchToSrt + wrDuration() < nowJ) {
                    endWr(bfqq);
                } else {
                    switchBackToInteractiveWr(bfqq);
                    entity.prioChanged = true;
                }
            }
            if (bfqq.wrCoeff > 1 && bfqq.wrCurMaxTime != wrRtMaxTime
                    && bfqq.serviceFromWr > Bfq.MAX_SERVICE_FROM_WR) {
                endWr(bfqq);
            }
        }
        if ((entity.weight > entity.origWeight) != (bfqq.wrCoeff > 1)) {
            wf2q.updateWeightPrio(entity.serviceTree(), entity, false);
        }
    }

    /** {@code bfq_bfqq_end_wr}. */
    private void endWr(BfqQueue bfqq) {
        long nowJ = nowJiffies();
        if (bfqq.wrCurMaxTime != wrRtMaxTime) {
            bfqq.softRtNextStart = nowJ;
        }
        if (bfqq.busy) {
            wrBusyQueues--;
        }
        bfqq.wrCoeff = 1;
        bfqq.wrCurMaxTime = 0;
        bfqq.lastWrStartFinish = nowJ;
        bfqq.entity.prioChanged = true;
    }

    // ---------------------------------------------------------------- peak rate

    /** {@code bfq_reset_rate_computation}. */
    private void resetRateComputation(BfqRequest node) {
        if (node != null) {
            lastDispatch = now();
            firstDispatch = lastDispatch;
            peakRateSamples = 1;
            sequentialSamples = 0;
            totSectorsDispatched = node.rq.sectors();
            lastRqMaxSize = node.rq.sectors();
        } else {
            peakRateSamples = 0;
        }
        if (trace.enabled()) {
            log("reset_rate_computation at end, sample " + peakRateSamples + "/" + sequentialSamples + " tot_sects "
                    + totSectorsDispatched);
        }
    }

    /** {@code bfq_update_rate_reset}. */
    private void updateRateReset(BfqRequest node) {
        if (peakRateSamples >= Bfq.RATE_MIN_SAMPLES && deltaFromFirst >= Bfq.RATE_MIN_INTERVAL) {
            deltaFromFirst = Math.max(deltaFromFirst, lastCompletion - firstDispatch);
            long deltaUs = Math.max(1, deltaFromFirst / 1000);
            long rate = (totSectorsDispatched << Bfq.RATE_SHIFT) / deltaUs;
            if (!((sequentialSamples < (3 * peakRateSamples) >> 2 && rate <= peakRate)
                    || rate > 20L << Bfq.RATE_SHIFT)) {
                long weight = (9L * sequentialSamples) / peakRateSamples;
                weight = Math.min(8, weight * deltaFromFirst / Bfq.RATE_REF_INTERVAL);
                long divisor = 10 - weight;
                peakRate = peakRate * (divisor - 1) / divisor;
                peakRate += rate / divisor;
                peakRate = Math.max(1, peakRate);
                updateThrResponsivenessParams();
            }
        }
        resetRateComputation(node);
    }

    /** {@code update_thr_responsiveness_params} with {@code bfq_calc_max_budget}. */
    private void updateThrResponsivenessParams() {
        if (userMaxBudget == 0) {
            maxBudget = peakRate * 1000 * jiffies.toMillis(timeout) >> Bfq.RATE_SHIFT;
            if (trace.enabled()) {
                log("new max_budget = " + maxBudget);
            }
        }
    }

    /** {@code bfq_update_peak_rate}, at every dispatch from a queue. */
    private void updatePeakRate(BfqRequest node) {
        long nowNs = now();
        Request rq = node.rq;
        if (peakRateSamples == 0) {
            if (trace.enabled()) {
                log("update_peak_rate: goto reset, samples " + peakRateSamples);
            }
            resetRateComputation(node);
        } else if (nowNs - lastDispatch > 100 * Bfq.NSEC_PER_MSEC && totRqInDriver == 0) {
            updateRateReset(node);
        } else {
            peakRateSamples++;
            if ((totRqInDriver > 0 || nowNs - lastCompletion < Bfq.MIN_TT) && !rqSeeky(lastPosition, rq)) {
                sequentialSamples++;
            }
            totSectorsDispatched += rq.sectors();
            if (peakRateSamples % 32 != 0) {
                lastRqMaxSize = Math.max(rq.sectors(), lastRqMaxSize);
            } else {
                lastRqMaxSize = rq.sectors();
            }
            deltaFromFirst = nowNs - firstDispatch;
            if (deltaFromFirst >= Bfq.RATE_REF_INTERVAL) {
                updateRateReset(node);
            }
        }
        lastPosition = rq.sector() + rq.sectors();
        if (node.queue == inServiceQueue) {
            inServLastPos = lastPosition;
        }
        lastDispatch = nowNs;
    }

    // ---------------------------------------------------------------- idling

    /** {@code idling_boosts_thr_without_issues}. */
    boolean idlingBoostsThrWithoutIssues(BfqQueue bfqq) {
        boolean rotWithoutQueueing = !nonrot && hwTag == 0;
        if (!bfqq.hasProcessRefs()) {
            return false;
        }
        boolean sequentialAndIoBound = !bfqq.seeky() && bfqq.ioBound && bfqq.hasShortTtime;
        boolean boosts = rotWithoutQueueing || ((!nonrot || hwTag == 0) && sequentialAndIoBound);
        return boosts && wrBusyQueues == 0;
    }

    /** {@code idling_needed_for_service_guarantees}. */
    boolean idlingNeededForServiceGuarantees(BfqQueue bfqq) {
        int totBusy = totBusyQueues();
        if (!bfqq.hasProcessRefs()) {
            return false;
        }
        return (bfqq.wrCoeff > 1 && (wrBusyQueues < totBusy || totRqInDriver >= bfqq.dispatched + 4))
                || asymmetricScenario(bfqq) || totBusy == 1;
    }

    /** {@code bfq_better_to_idle}. */
    boolean betterToIdle(BfqQueue bfqq) {
        if (!bfqq.hasProcessRefs()) {
            return false;
        }
        if (strictGuarantees) {
            return true;
        }
        if (sliceIdle == 0 || !bfqq.sync || bfqq.classIdle()) {
            return false;
        }
        return idlingBoostsThrWithoutIssues(bfqq) || idlingNeededForServiceGuarantees(bfqq);
    }

    /** {@code bfq_bfqq_must_idle}. */
    private boolean mustIdle(BfqQueue bfqq) {
        return bfqq.isEmpty() && betterToIdle(bfqq);
    }

    /** {@code bfq_arm_slice_timer}. */
    private void armSliceTimer() {
        BfqQueue bfqq = inServiceQueue;
        bfqq.waitRequest = true;
        long sl = sliceIdle;
        if (bfqq.seeky() && bfqq.wrCoeff == 1 && !asymmetricScenario(bfqq)) {
            sl = Math.min(sl, Bfq.MIN_TT);
        } else if (bfqq.wrCoeff > 1) {
            sl = Math.max(sl, 20 * Bfq.NSEC_PER_MSEC);
        }
        lastIdlingStart = now();
        lastIdlingStartJiffies = nowJiffies();
        idleSliceTimer.arm(now() + sl);
    }

    /** {@code bfq_idle_slice_timer} and its body. */
    private void idleSliceTimerFired() {
        BfqQueue bfqq = inServiceQueue;
        if (bfqq == null) {
            return;
        }
        bfqq.waitRequest = false;
        int reason;
        if (budgetTimeout(bfqq)) {
            reason = Bfq.BUDGET_TIMEOUT;
        } else if (bfqq.queued[0] == 0 && bfqq.queued[1] == 0) {
            reason = Bfq.TOO_IDLE;
        } else {
            scheduleDispatch();
            return;
        }
        bfqqExpire(bfqq, true, reason);
        scheduleDispatch();
    }

    /** {@code bfq_schedule_dispatch}. */
    private void scheduleDispatch() {
        if (queued != 0) {
            if (trace.enabled()) {
                log("schedule dispatch");
            }
            context.runHardwareQueues(true);
        }
    }

    // ---------------------------------------------------------------- expiration

    /** {@code bfq_bfqq_budget_timeout}. */
    private boolean budgetTimeout(BfqQueue bfqq) {
        return bfqq.budgetTimeout <= nowJiffies();
    }

    /** {@code bfq_may_expire_for_budg_timeout}. */
    private boolean mayExpireForBudgetTimeout(BfqQueue bfqq) {
        boolean timedOut = budgetTimeout(bfqq);
        boolean left = bfqq.budgetLeft() >= bfqq.entity.budget / 3;
        if (trace.enabled()) {
            log(bfqq, "may_budget_timeout: wait_request " + (bfqq.waitRequest ? 1 : 0) + " left " + (left ? 1 : 0)
                    + " timeout " + (timedOut ? 1 : 0));
        }
        return (!bfqq.waitRequest || left) && timedOut;
    }

    /** {@code bfq_bfqq_is_slow}; stores {@code delta_ms} in {@link #slowDeltaMs}. */
    private boolean bfqqIsSlow(BfqQueue bfqq, boolean compensate) {
        boolean slow = bfqq.seeky();
        if (!bfqq.sync) {
            slowDeltaMs = 0;
            return false;
        }
        long delta = (compensate ? lastIdlingStart : now()) - lastBudgetStart;
        long deltaUs = delta / 1000;
        if (deltaUs < 1000) {
            slowDeltaMs = nonrot ? Bfq.MIN_TT / Bfq.NSEC_PER_MSEC : Bfq.DEFAULT_SLICE_IDLE / Bfq.NSEC_PER_MSEC;
            return slow;
        }
        slowDeltaMs = deltaUs / 1000;
        if (deltaUs > 20000) {
            slow = bfqq.entity.service < maxBudget / 2;
        }
        if (trace.enabled()) {
            log(bfqq, "bfq_bfqq_is_slow: slow " + (slow ? 1 : 0));
        }
        return slow;
    }

    private long slowDeltaMs;

    /** {@code bfq_bfqq_charge_time}: charge a slow queue as if it had used the device at peak rate. */
    private void chargeTime(BfqQueue bfqq, long timeMs) {
        BfqEntity entity = bfqq.entity;
        long bounded = Math.min(timeMs, defaultTimeoutMs);
        long forTime = maxBudget * bounded / defaultTimeoutMs;
        long total = Math.max(forTime, entity.service);
        if (total > entity.budget) {
            entity.budget = total;
        }
        bfqqServed(bfqq, Math.max(0, total - entity.service));
    }

    /** {@code bfq_bfqq_softrt_next_start}. */
    private long softRtNextStart(BfqQueue bfqq) {
        long nowJ = nowJiffies();
        return Math.max(bfqq.softRtNextStart, Math.max(
                bfqq.lastIdleBacklogged + (long) jiffies.hz() * bfqq.serviceFromBacklogged / Bfq.WR_MAX_SOFTRT_RATE,
                nowJ + jiffies.fromNanos(sliceIdle) + 4));
    }

    /** {@code bfq_bfqq_expire}. */
    void bfqqExpire(BfqQueue bfqq, boolean compensate, int reason) {
        BfqEntity entity = bfqq.entity;
        boolean slow = bfqqIsSlow(bfqq, compensate);
        long delta = slowDeltaMs;
        if (bfqq.wrCoeff == 1
                && (slow || (reason == Bfq.BUDGET_TIMEOUT && bfqq.budgetLeft() >= entity.budget / 3))) {
            chargeTime(bfqq, delta);
        }
        if (lowLatency && bfqq.wrCoeff == 1) {
            bfqq.lastWrStartFinish = nowJiffies();
        }
        if (lowLatency && Bfq.WR_MAX_SOFTRT_RATE > 0 && bfqq.isEmpty()) {
            if (bfqq.dispatched == 0) {
                bfqq.softRtNextStart = softRtNextStart(bfqq);
            } else {
                bfqq.softRtUpdate = true;
            }
        }
        if (trace.enabled()) {
            log(bfqq, "expire (" + reason + ", slow " + (slow ? 1 : 0) + ", num_disp " + bfqq.dispatched
                    + ", short_ttime " + (bfqq.hasShortTtime ? 1 : 0) + ")");
        }
        rqsInjected = false;
        waitDispatch = false;
        waitedRq = null;
        recalcBudget(bfqq, reason);
        // __bfq_bfqq_expire: a shared queue that turned seeky is to be split at its processes' next requests
        if (bfqq.coop && bfqq.seeky()) {
            bfqq.splitCoop = true;
        }
        if (bfqq.isEmpty() && !(reason == Bfq.PREEMPTED && idlingNeededForServiceGuarantees(bfqq))) {
            if (bfqq.dispatched == 0) {
                bfqq.budgetTimeout = nowJiffies();
            }
            delBusy(bfqq, true);
        } else {
            requeueBfqq(bfqq, true);
        }
        // __bfq_bfqd_reset_in_service
        bfqq.waitRequest = false;
        idleSliceTimer.cancel();
        inServiceQueue = null;
        wf2q.resetInService(entity);
        if (!bfqq.busy && reason != Bfq.BUDGET_TIMEOUT && reason != Bfq.BUDGET_EXHAUSTED) {
            bfqq.nonBlockingWaitRq = true;
        } else {
            entity.service = 0;
        }
        for (BfqEntity e = entity.parent; e != null; e = e.parent) {
            e.service = 0;
        }
    }

    /** {@code __bfq_bfqq_recalc_budget}: the next budget from why the queue expired. */
    void recalcBudget(BfqQueue bfqq, int reason) {
        long minBudget = minBudget();
        long budget = bfqq.wrCoeff == 1 ? bfqq.maxBudget : 2 * minBudget;
        if (trace.enabled()) {
            log(bfqq, "recalc_budg: last budg " + bfqq.entity.budget + ", budg left " + bfqq.budgetLeft());
            log(bfqq, "recalc_budg: last max_budg " + budget + ", min budg " + minBudget);
            log(bfqq, "recalc_budg: sync " + (bfqq.sync ? 1 : 0) + ", seeky "
                    + (inServiceQueue != null && inServiceQueue.seeky() ? 1 : 0));
        }
        if (bfqq.sync && bfqq.wrCoeff == 1) {
            switch (reason) {
                case Bfq.TOO_IDLE -> {
                    if (bfqq.dispatched > 0) {
                        budget = Math.min(budget * 2, maxBudget);
                    } else if (budget > 5 * minBudget) {
                        budget -= 4 * minBudget;
                    } else {
                        budget = minBudget;
                    }
                }
                case Bfq.BUDGET_TIMEOUT -> budget = Math.min(budget * 2, maxBudget);
                case Bfq.BUDGET_EXHAUSTED -> budget = Math.min(budget * 4, maxBudget);
                case Bfq.NO_MORE_REQUESTS -> budget = Math.max(bfqq.entity.service, minBudget);
                default -> {
                    return;
                }
            }
        } else if (!bfqq.sync) {
            budget = maxBudget;
        }
        bfqq.maxBudget = budget;
        if (budgetsAssigned >= Bfq.STATS_MIN_BUDGETS && userMaxBudget == 0) {
            bfqq.maxBudget = Math.min(bfqq.maxBudget, maxBudget);
        }
        if (bfqq.nextRq != null) {
            bfqq.entity.budget = Math.max(bfqq.maxBudget, servToCharge(bfqq.nextRq.rq, bfqq));
        }
        if (trace.enabled()) {
            log(bfqq, "head sect: " + (bfqq.nextRq != null ? bfqq.nextRq.rq.sectors() : 0) + ", new budget "
                    + bfqq.entity.budget);
        }
    }

    // ---------------------------------------------------------------- completion

    /** {@code bfq_update_hw_tag}. */
    private void updateHwTag() {
        BfqQueue bfqq = inServiceQueue;
        maxRqInDriver = Math.max(maxRqInDriver, totRqInDriver);
        if (hwTag == 1) {
            return;
        }
        if (totRqInDriver + queued <= Bfq.HW_QUEUE_THRESHOLD) {
            return;
        }
        if (bfqq != null && bfqq.hasShortTtime
                && bfqq.dispatched + bfqq.queued[0] + bfqq.queued[1] < Bfq.HW_QUEUE_THRESHOLD
                && totRqInDriver < Bfq.HW_QUEUE_THRESHOLD) {
            return;
        }
        if (hwTagSamples++ < Bfq.HW_QUEUE_SAMPLES) {
            return;
        }
        hwTag = maxRqInDriver > Bfq.HW_QUEUE_THRESHOLD ? 1 : 0;
        maxRqInDriver = 0;
        hwTagSamples = 0;
        nonrotWithQueueing = nonrot && hwTag == 1;
    }

    /** {@code bfq_completed_request}. */
    private void completedRequest(BfqQueue bfqq) {
        updateHwTag();
        totRqInDriver--;
        bfqq.dispatched--;
        if (bfqq.dispatched == 0 && !bfqq.busy) {
            bfqq.budgetTimeout = nowJiffies();
            delInGroupsWithPendingReqs(bfqq);
            weightsTreeRemove(bfqq);
        }
        long nowNs = now();
        bfqq.ttimeLastEndRequest = nowNs;
        long deltaUs = (nowNs - lastCompletion) / 1000;
        if (deltaUs > Bfq.MIN_TT / 1000 && (lastRqMaxSize << Bfq.RATE_SHIFT) / deltaUs < 1L << (Bfq.RATE_SHIFT - 10)) {
            updateRateReset(null);
        }
        lastCompletion = nowNs;
        // a shared queue receives I/O at a high rate: it could pass for a waker, so it is none
        lastCompletedRqQueue = bfqq.coop ? null : bfqq;
        if (bfqq.softRtUpdate && bfqq.dispatched == 0 && bfqq.isEmpty() && bfqq.wrCoeff != Bfq.WR_COEFF) {
            bfqq.softRtNextStart = softRtNextStart(bfqq);
        }
        if (inServiceQueue == bfqq) {
            if (mustIdle(bfqq)) {
                if (bfqq.dispatched == 0) {
                    armSliceTimer();
                }
                return;
            } else if (mayExpireForBudgetTimeout(bfqq)) {
                bfqqExpire(bfqq, false, Bfq.BUDGET_TIMEOUT);
            } else if (bfqq.isEmpty() && (bfqq.dispatched == 0 || !betterToIdle(bfqq))) {
                bfqqExpire(bfqq, false, Bfq.NO_MORE_REQUESTS);
            }
        }
        if (totRqInDriver == 0) {
            scheduleDispatch();
        }
    }

    /** The io context of {@code task} (tests). */
    BfqIoContext ioContextOf(Task task) {
        return contexts.get(task);
    }

    /** {@code bfq_update_inject_limit}. */
    private void updateInjectLimit(BfqQueue bfqq) {
        long totTimeNs = now() - lastEmptyOccupiedNs;
        int oldLimit = bfqq.injectLimit;
        if (bfqq.lastServiceTimeNs > 0 && rqsInjected) {
            long threshold = (bfqq.lastServiceTimeNs * 3) >> 1;
            if (totTimeNs >= threshold && oldLimit > 0) {
                bfqq.injectLimit--;
                bfqq.decreaseTimeJiffies = nowJiffies();
            } else if (totTimeNs < threshold && oldLimit <= maxRqInDriver) {
                bfqq.injectLimit++;
            }
        }
        if ((bfqq.lastServiceTimeNs == 0 && totRqInDriver == 1) || totTimeNs < bfqq.lastServiceTimeNs) {
            if (bfqq.lastServiceTimeNs == 0) {
                bfqq.injectLimit = Math.max(1, oldLimit);
            }
            bfqq.lastServiceTimeNs = totTimeNs;
        } else if (!rqsInjected && totRqInDriver == 1) {
            bfqq.lastServiceTimeNs = totTimeNs;
        }
        waitedRq = null;
        rqsInjected = false;
    }

    @Override
    public void exit() {
        idleSliceTimer.cancel();
    }

    // ---------------------------------------------------------------- for tests

    BfqQueue inServiceQueue() {
        return inServiceQueue;
    }

    BfqQueue syncQueueOf(Task task) {
        BfqIoContext bic = contexts.get(task);
        return bic == null ? null : bic.syncQueue;
    }

    long maxBudget() {
        return maxBudget;
    }

    long peakRate() {
        return peakRate;
    }

    int hwTag() {
        return hwTag;
    }

    int wrBusyQueues() {
        return wrBusyQueues;
    }

    int budgetsAssigned() {
        return budgetsAssigned;
    }

    void setBudgetsAssigned(int value) {
        budgetsAssigned = value;
    }

    void setHwTag(int value) {
        hwTag = value;
    }

    BfqGroup rootGroup() {
        return rootGroup;
    }

    BfqGroup groupOf(String path) {
        return groups.get(path);
    }

    long sliceIdleNs() {
        return sliceIdle;
    }

    long timeoutJiffies() {
        return timeout;
    }

    Jiffies jiffies() {
        return jiffies;
    }

    boolean idleTimerPending() {
        return idleSliceTimer.isPending();
    }

    long idleTimerExpiresAt() {
        return idleSliceTimer.expiresAt();
    }

    int totRqInDriver() {
        return totRqInDriver;
    }
}
