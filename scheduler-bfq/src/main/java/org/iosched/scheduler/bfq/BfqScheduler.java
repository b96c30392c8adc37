package org.iosched.scheduler.bfq;

import java.util.List;
import org.iosched.api.Bio;
import org.iosched.api.HardwareQueue;
import org.iosched.api.Jiffies;
import org.iosched.api.MqScheduler;
import org.iosched.api.MqSchedulerContext;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.Task;

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
 *
 * <p>This class holds the {@code elevator_mq_ops} hooks; the state is {@code BfqData} ({@code struct bfq_data}) and
 * the policy lives in classes named after the sections of the kernel's files (see the package description).
 */
public final class BfqScheduler implements MqScheduler {
    private final BfqData bfqd;

    BfqScheduler(MqSchedulerContext context, BfqTunables tunables) {
        this.bfqd = new BfqData(context, tunables);
    }

    // ---------------------------------------------------------------- depth limiting

    /** {@code bfq_init_hctx}. */
    @Override
    public void initHardwareQueue(HardwareQueue hctx) {
        bfqd.depths.depthUpdated(hctx);
    }

    /** {@code bfq_depth_updated} and {@code bfq_update_depths}. */
    @Override
    public void depthUpdated(HardwareQueue hctx) {
        bfqd.depths.depthUpdated(hctx);
    }

    /** {@code bfq_limit_depth}. */
    @Override
    public int limitDepth(Op op, int flags, Task task, HardwareQueue hctx) {
        return bfqd.depths.limitDepth(op, flags, task);
    }

    // ---------------------------------------------------------------- per-request state, io contexts

    /** {@code bfq_prepare_request}: no queue yet, it is chosen at insertion ({@code bfq_init_rq}). */
    @Override
    public void prepareRequest(Request rq) {
        bfqd.requests.prepareRequest(rq);
    }

    /** {@code bfq_finish_request}. */
    @Override
    public void finishRequest(Request rq) {
        bfqd.requests.finishRequest(rq);
    }

    /** {@code bfq_finish_requeue_request} as the {@code requeue_request} hook. */
    @Override
    public void requeueRequest(Request rq) {
        BfqRequest node = BfqRequest.of(rq);
        if (node != null) {
            bfqd.requests.finishRequeue(node);
        }
    }

    /** {@code bfq_exit_icq}. */
    @Override
    public void exitIoContext(Task task) {
        bfqd.queues.exitIoContext(task);
    }

    // ---------------------------------------------------------------- insertion and merging

    /** {@code bfq_insert_requests}. */
    @Override
    public void insertRequests(HardwareQueue hctx, List<Request> requests, int flags) {
        for (int i = 0; i < requests.size(); i++) {
            bfqd.requests.insertRequest(requests.get(i), flags);
        }
    }

    /** {@code bfq_bio_merge}. */
    @Override
    public boolean bioMerge(Bio bio) {
        return bfqd.requests.bioMerge(bio);
    }

    /** {@code bfq_request_merge}. */
    @Override
    public Request requestMerge(Bio bio) {
        return bfqd.requests.requestMerge(bio);
    }

    /** {@code bfq_allow_bio_merge}. */
    @Override
    public boolean allowMerge(Request rq, Bio bio) {
        return bfqd.requests.allowMerge(rq, bio);
    }

    /** {@code bfq_request_merged}. */
    @Override
    public void requestMerged(Request rq, boolean front) {
        bfqd.requests.requestMerged(rq, front);
    }

    /** {@code bfq_requests_merged}. */
    @Override
    public void requestsMerged(Request rq, Request next) {
        bfqd.requests.requestsMerged(rq, next);
    }

    /** {@code elv_rb_former_request}. */
    @Override
    public Request formerRequest(Request rq) {
        return BfqRequests.formerRequest(rq);
    }

    /** {@code elv_rb_latter_request}. */
    @Override
    public Request nextRequest(Request rq) {
        return BfqRequests.nextRequest(rq);
    }

    // ---------------------------------------------------------------- dispatch

    /** {@code bfq_has_work}. */
    @Override
    public boolean hasWork(HardwareQueue hctx) {
        return bfqd.dispatch.hasWork();
    }

    /** {@code bfq_dispatch_request}. */
    @Override
    public Request dispatchRequest(HardwareQueue hctx) {
        return bfqd.dispatch.dispatchRequest();
    }

    /** {@code bfq_exit_queue}. */
    @Override
    public void exit() {
        bfqd.idleSliceTimer.cancel();
    }

    // ---------------------------------------------------------------- for tests

    /** {@code __bfq_bfqq_recalc_budget}. */
    void recalcBudget(BfqQueue bfqq, int reason) {
        bfqd.budgets.recalcBudget(bfqq, reason);
    }

    /** {@code bfq_wr_duration}. */
    long wrDuration() {
        return bfqd.wr.wrDuration();
    }

    /** The io context of {@code task} ({@code bfq_bic_lookup}). */
    BfqIoContext ioContextOf(Task task) {
        return bfqd.contexts.get(task);
    }

    /** {@code bfqd->in_service_queue}. */
    BfqQueue inServiceQueue() {
        return bfqd.inServiceQueue;
    }

    /** {@code bic_to_bfqq(bic, true)} of {@code task}'s io context. */
    BfqQueue syncQueueOf(Task task) {
        BfqIoContext bic = bfqd.contexts.get(task);
        return bic == null ? null : bic.syncQueue;
    }

    /** {@code bfqd->bfq_max_budget}. */
    long maxBudget() {
        return bfqd.maxBudget;
    }

    /** {@code bfqd->peak_rate}. */
    long peakRate() {
        return bfqd.peakRate;
    }

    /** {@code bfqd->hw_tag}. */
    int hwTag() {
        return bfqd.hwTag;
    }

    /** {@code bfqd->wr_busy_queues}. */
    int wrBusyQueues() {
        return bfqd.wrBusyQueues;
    }

    /** {@code bfqd->budgets_assigned}. */
    int budgetsAssigned() {
        return bfqd.budgetsAssigned;
    }

    /** Sets {@code bfqd->budgets_assigned}. */
    void setBudgetsAssigned(int value) {
        bfqd.budgetsAssigned = value;
    }

    /** Sets {@code bfqd->hw_tag}. */
    void setHwTag(int value) {
        bfqd.hwTag = value;
    }

    /** {@code bfqd->root_group}. */
    BfqGroup rootGroup() {
        return bfqd.rootGroup;
    }

    /** The group of a cgroup path, null if none was created. */
    BfqGroup groupOf(String path) {
        return bfqd.groups.existing(path);
    }

    /** {@code bfqd->bfq_slice_idle}, ns. */
    long sliceIdleNs() {
        return bfqd.sliceIdle;
    }

    /** {@code bfqd->bfq_timeout}, jiffies. */
    long timeoutJiffies() {
        return bfqd.timeout;
    }

    /** The run's jiffies clock. */
    Jiffies jiffies() {
        return bfqd.jiffies;
    }

    /** Whether {@code idle_slice_timer} is pending. */
    boolean idleTimerPending() {
        return bfqd.idleSliceTimer.isPending();
    }

    /** When {@code idle_slice_timer} fires, ns. */
    long idleTimerExpiresAt() {
        return bfqd.idleSliceTimer.expiresAt();
    }

    /** {@code bfqd->tot_rq_in_driver}. */
    int totRqInDriver() {
        return bfqd.totRqInDriver;
    }
}
