package org.iosched.scheduler.bfq;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.iosched.api.Cgroup;
import org.iosched.api.Jiffies;
import org.iosched.api.JiffiesCache;
import org.iosched.api.MqSchedulerContext;
import org.iosched.api.Task;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;

/**
 * {@code struct bfq_data}: BFQ's state for one request queue, shared by the components that implement its policy
 * ({@link BfqDepths}, {@link BfqRequests}, {@link BfqDispatch}, {@link BfqQueues}, {@link BfqGroups},
 * {@link BfqQueueMerge}, {@link BfqBudgets}, {@link BfqWeightRaising}, {@link BfqIdling}, {@link BfqInjection},
 * {@link BfqPeakRate}, {@link Wf2q}); the tunables as the kernel keeps them in {@code bfqd}, the clock in
 * nanoseconds and jiffies, and the {@code bfq_log*} trace helpers.
 */
final class BfqData {
    /** A time in the far past: "never" for jiffies and nanosecond stamps. */
    static final long MINUS_INFINITY = Long.MIN_VALUE / 4;
    /** Index of sync requests in the per-direction arrays ({@code queued[]}, {@code bfq_fifo_expire[]}). */
    static final int SYNC = 1;
    /** Index of async requests. */
    static final int ASYNC = 0;

    final MqSchedulerContext ctx;
    final Jiffies jiffies;
    /** {@link #jiffies}' readings of now, remembered for the tick. */
    private final JiffiesCache jiffiesNow;
    private final TraceSink trace;
    /** {@code blk_queue_nonrot}. */
    final boolean nonrot;

    // tunables
    /** {@code bfq_slice_idle}, ns. */
    final long sliceIdle;
    /** {@code bfq_fifo_expire[ASYNC, SYNC]}, ns. */
    final long[] fifoExpire = new long[2];
    /** {@code bfq_back_max}, KiB. */
    final long backMax;
    /** {@code bfq_back_penalty}. */
    final long backPenalty;
    /** {@code bfq_timeout} in jiffies. */
    final long timeout;
    /** {@code bfq_timeout}'s compile-time default ({@code HZ / 8}) in ms, for time charging. */
    final long defaultTimeoutMs;
    /** {@code bfq_user_max_budget}: 0 for auto-tuning from the peak rate. */
    final long userMaxBudget;
    /** {@code low_latency}. */
    final boolean lowLatency;
    /** {@code strict_guarantees}. */
    final boolean strictGuarantees;
    /** {@code bfq_wr_rt_max_time}, jiffies. */
    final long wrRtMaxTime;
    /** {@code bfq_wr_min_idle_time}, jiffies. */
    final long wrMinIdleTime;
    /** {@code bfq_wr_min_inter_arr_async}, jiffies. */
    final long wrMinInterArrAsync;
    /** {@code bfq_burst_interval}, jiffies. */
    final long burstInterval;

    // structure
    /** {@code active_list}, {@code idle_list}. */
    final QueueLists lists = new QueueLists();
    /** {@code root_group}. */
    final BfqGroup rootGroup;
    /** The io contexts ({@code bfq_io_cq}) of the tasks that sent I/O here, by task. */
    final Map<Task, BfqIoContext> contexts = new IdentityHashMap<>();
    /** {@code in_service_queue}. */
    BfqQueue inServiceQueue;
    /** {@code bio_bfqq}: the queue of the bio being merged. */
    BfqQueue bioQueue;
    /** {@code bio_bic}: the io context of that bio. */
    BfqIoContext bioContext;

    // counters
    /** {@code busy_queues[3]}: busy queues per class. */
    final int[] busyQueues = new int[3];
    /** {@code wr_busy_queues}. */
    int wrBusyQueues;
    /** {@code queued}: requests inside BFQ. */
    int queued;
    /** {@code tot_rq_in_driver}. */
    int totRqInDriver;
    /** {@code max_rq_in_driver}. */
    int maxRqInDriver;
    /** {@code hw_tag}: -1 unknown, 0 no queueing, 1 queueing. */
    int hwTag = -1;
    /** {@code hw_tag_samples}. */
    int hwTagSamples;
    /** {@code nonrot_with_queueing}. */
    boolean nonrotWithQueueing;
    /** {@code bfq_budgets_assigned}: a decaying count of budgets assigned, up to 256. */
    int budgetsAssigned;
    /** {@code bfq_max_budget}. */
    long maxBudget;
    /** {@code num_groups_with_pending_reqs}. */
    int numGroupsWithPendingReqs;
    /** {@code queue_weights_tree} as counts per weight. */
    final int[] weightCounts = new int[Bfq.MAX_WEIGHT + 1];
    /** Weights with a non-zero count in {@link #weightCounts}. */
    int distinctWeights;

    // positions and timings
    /** {@code last_position}. */
    long lastPosition;
    /** {@code in_serv_last_pos}. */
    long inServLastPos;
    /** {@code last_completion}, ns. */
    long lastCompletion;
    /** {@code last_completed_rq_bfqq}. */
    BfqQueue lastCompletedRqQueue;
    /** {@code last_empty_occupied_ns}. */
    long lastEmptyOccupiedNs;
    /** {@code wait_dispatch}. */
    boolean waitDispatch;
    /** {@code waited_rq}. */
    BfqRequest waitedRq;
    /** {@code rqs_injected}. */
    boolean rqsInjected;
    /** {@code last_budget_start}, ns. */
    long lastBudgetStart;
    /** {@code last_idling_start}, ns. */
    long lastIdlingStart;
    /** {@code last_idling_start_jiffies}. */
    long lastIdlingStartJiffies;

    // peak rate
    /** {@code peak_rate}: sectors/µs &lt;&lt; 16. */
    long peakRate;
    /** {@code rate_dur_prod}. */
    final long rateDurProd;
    /** {@code first_dispatch}, ns. */
    long firstDispatch;
    /** {@code last_dispatch}, ns. */
    long lastDispatch;
    /** {@code peak_rate_samples}. */
    int peakRateSamples;
    /** {@code sequential_samples}. */
    int sequentialSamples;
    /** {@code tot_sectors_dispatched}. */
    long totSectorsDispatched;
    /** {@code last_rq_max_size}. */
    long lastRqMaxSize;
    /** {@code delta_from_first}, ns. */
    long deltaFromFirst;

    // bursts
    /** {@code last_ins_in_burst}, jiffies. */
    long lastInsInBurst = MINUS_INFINITY;
    /** {@code burst_size}. */
    int burstSize;
    /** {@code large_burst}. */
    boolean largeBurst;
    /** {@code burst_list}. */
    final List<BfqQueue> burstList = new ArrayList<>();
    /** {@code burst_parent_entity}. */
    BfqEntity burstParentEntity;

    // depth limiting
    /** {@code word_depths[wr][sync]}. */
    final int[][] wordDepths = new int[2][2];
    /** {@code full_depth_shift}. */
    int fullDepthShift;

    final BfqDepths depths;
    final BfqQueues queues;
    final BfqGroups groups;
    final BfqQueueMerge merge;
    final BfqRequests requests;
    final BfqDispatch dispatch;
    final BfqBudgets budgets;
    final BfqWeightRaising wr;
    final BfqIdling idling;
    final BfqInjection injection;
    final BfqPeakRate rate;
    final Wf2q wf2q;
    /** {@code idle_slice_timer}. */
    final Timer idleSliceTimer;

    /** {@code bfq_init_queue}. */
    BfqData(MqSchedulerContext ctx, BfqTunables tunables) {
        this.ctx = ctx;
        this.jiffies = new Jiffies(ctx.hz());
        this.jiffiesNow = new JiffiesCache(jiffies);
        this.trace = ctx.trace();
        this.nonrot = !ctx.device().rotational();
        this.depths = new BfqDepths(this);
        this.queues = new BfqQueues(this);
        this.groups = new BfqGroups(this, tunables.groupWeights());
        this.merge = new BfqQueueMerge(this);
        this.requests = new BfqRequests(this);
        this.dispatch = new BfqDispatch(this);
        this.budgets = new BfqBudgets(this);
        this.wr = new BfqWeightRaising(this);
        this.idling = new BfqIdling(this);
        this.injection = new BfqInjection(this);
        this.rate = new BfqPeakRate(this);
        this.wf2q = new Wf2q(this, jiffies, ctx::now, idling);
        this.idleSliceTimer = ctx.newTimer(idling::idleSliceTimer);
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
        this.wrRtMaxTime = jiffies.fromMillis(Bfq.WR_RT_MAX_TIME_MS);
        this.wrMinIdleTime = jiffies.fromMillis(Bfq.WR_MIN_IDLE_TIME_MS);
        this.wrMinInterArrAsync = jiffies.fromMillis(Bfq.WR_MIN_INTER_ARR_ASYNC_MS);
        this.burstInterval = jiffies.fromMillis(Bfq.BURST_INTERVAL_MS);
        int rot = nonrot ? 1 : 0;
        // peak_rate = 2/3 of the reference, rate_dur_prod = ref_rate * ref_wr_duration (jiffies)
        this.peakRate = Bfq.REF_RATE[rot] * 2L / 3;
        this.rateDurProd = Bfq.REF_RATE[rot] * jiffies.fromMillis(Bfq.REF_WR_DURATION_MS[rot]);
        this.nonrotWithQueueing = nonrot;
        this.maxBudget = userMaxBudget > 0 ? userMaxBudget : Bfq.DEFAULT_MAX_BUDGET;
        this.rootGroup = new BfqGroup(Cgroup.ROOT.path(), Bfq.GROUP_WEIGHT_DEFAULT, null, lists, nowJiffies());
        groups.addRoot(rootGroup);
    }

    /** {@code ktime_get_ns()}: virtual time. */
    long now() {
        return ctx.now();
    }

    /** {@code jiffies}. */
    long nowJiffies() {
        return jiffiesNow.at(ctx.now());
    }

    /** {@code bfq_tot_busy_queues}. */
    int totBusyQueues() {
        return busyQueues[0] + busyQueues[1] + busyQueues[2];
    }

    /** {@code bfq_schedule_dispatch}: run the hardware queues if BFQ holds requests. */
    void scheduleDispatch() {
        if (queued != 0) {
            if (tracing()) {
                log("schedule dispatch");
            }
            ctx.runHardwareQueues(true);
        }
    }

    /** Whether trace messages are read; build them only then. */
    boolean tracing() {
        return trace.enabled();
    }

    /** {@code bfq_log_bfqq}. */
    void log(BfqQueue bfqq, String message) {
        trace.message(bfqq.name() + ' ' + message);
    }

    /** {@code bfq_log}. */
    void log(String message) {
        trace.message("bfq " + message);
    }
}
