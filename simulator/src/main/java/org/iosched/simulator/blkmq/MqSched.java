package org.iosched.simulator.blkmq;

import java.util.ArrayList;
import java.util.List;
import org.iosched.api.HardwareQueue;
import org.iosched.api.Request;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.InvariantViolationException;

/**
 * Running the hardware queues of a blk-mq queue and the scheduler dispatch (block/blk-mq-sched.c, with
 * {@code blk_mq_run_hw_queue} of blk-mq.c): a run is synchronous in the caller, or kblockd's work (an event at the
 * same time, on the hardware queue's first CPU; a pending run is not doubled). The dispatch loop
 * ({@code blk_mq_sched_dispatch_requests}): {@code hctx->dispatch} first (and not the scheduler if it did not
 * drain), then one request at a time from the scheduler ({@code has_work}, {@code dispatch_request}, a driver tag;
 * at most one request per round when {@code dispatch_busy}), the 3 ms re-run ({@code BLK_MQ_BUDGET_DELAY}) when the
 * scheduler returned nothing; without a scheduler every software queue at once, or one request at a time
 * round-robin when busy. {@code blk_mq_sched_restart} runs the queue again after a tag was freed.
 */
final class MqSched {
    private static final int DISPATCHED = 1;
    private static final int NOTHING = 0;
    private static final int AGAIN = -1;

    private final MqRequestQueue q;
    private final EventQueue clock;
    private final Hctx[] hctxs;
    private final Hctx[] cpuToHctx;
    private final int nrRequests;
    // reused lists: the dispatch allocates nothing per request
    private final List<Request> fromDispatchList = new ArrayList<>();
    private final List<Request> pulled = new ArrayList<>();
    private final List<Request> fromSoftwareQueues = new ArrayList<>();
    /** One hardware queue's share of a pulled list (dispatchByHctx). */
    private final List<Request> oneHctxPart = new ArrayList<>();
    /** {@code QUEUE_FLAG_SQ_SCHED}. */
    boolean singleQueueScheduling;
    private boolean dispatching;

    MqSched(MqRequestQueue q) {
        this.q = q;
        this.clock = q.clock;
        this.hctxs = q.hctxs;
        this.cpuToHctx = q.cpuToHctx;
        this.nrRequests = q.nrRequests;
    }

    /** {@code blk_mq_hctx_has_pending}. */
    private boolean hasPending(Hctx h) {
        return !h.dispatch.isEmpty() || h.ctxPending() || (q.scheduler != null && q.scheduler.hasWork(h));
    }

    /** {@code blk_mq_run_hw_queue}. */
    void runHwQueue(Hctx h, boolean async) {
        if (!hasPending(h)) {
            return;
        }
        if (async) {
            delayRun(h, 0);
            return;
        }
        dispatchRequests(h);
    }

    /**
     * {@code blk_mq_run_hw_queues}; with {@code QUEUE_FLAG_SQ_SCHED} ({@code blk_mq_get_sq_hctx}) only the current
     * CPU's hardware queue, and the others for what bypasses the scheduler on their {@code hctx->dispatch}.
     */
    void runHwQueues(boolean async) {
        Hctx sq = sqHctx();
        for (Hctx h : hctxs) {
            if (runs(h, sq)) {
                runHwQueue(h, async);
            }
        }
    }

    // blk_mq_get_sq_hctx: the current CPU's hardware queue under QUEUE_FLAG_SQ_SCHED, else null (run them all)
    private Hctx sqHctx() {
        return singleQueueScheduling && hctxs.length > 1 ? cpuToHctx[q.cpus.currentCpu()] : null;
    }

    // whether running the hardware queues runs h: every one without SQ_SCHED, else sq and those with hctx->dispatch
    private static boolean runs(Hctx h, Hctx sq) {
        return sq == null || h == sq || !h.dispatch.isEmpty();
    }

    /** {@code blk_mq_delay_run_hw_queue}: kblockd's {@code run_work} after {@code delayNanos} (re-timed if pending). */
    private void delayRun(Hctx h, long delayNanos) {
        long at = clock.now() + delayNanos;
        if (h.runWork.isPending() && h.runWork.expiresAt() <= at) {
            return;
        }
        h.runWork.arm(at);
    }

    /** {@code blk_mq_run_work_fn}'s timer: the delayed work is queued on the hardware queue's CPU's kblockd. */
    void runWorkFired(Hctx h) {
        int outer = q.cpus.enterInterrupt(h.cpus[0]);
        try {
            q.kblockd.runSoon(h.kblockdRun);
        } finally {
            q.cpus.exitInterrupt(outer);
        }
    }

    /** {@code blk_mq_sched_dispatch_requests}. */
    void dispatchRequests(Hctx h) {
        if (dispatching) {
            // a run from inside the driver's submit (the device called ready()): kblockd picks it up
            delayRun(h, 0);
            return;
        }
        dispatching = true;
        try {
            if (dispatchOnce(h) == AGAIN && dispatchOnce(h) == AGAIN) {
                delayRun(h, 0);
            }
        } finally {
            dispatching = false;
        }
    }

    /** {@code __blk_mq_sched_dispatch_requests}. */
    private int dispatchOnce(Hctx h) {
        MqIssue issue = q.issue;
        boolean needDispatch;
        if (!h.dispatch.isEmpty()) {
            List<Request> list = fromDispatchList;
            list.clear();
            list.addAll(h.dispatch);
            h.dispatch.clear();
            h.restart = true;
            boolean drained = issue.dispatchRqList(h, list, 0);
            list.clear();
            if (!drained) {
                return NOTHING;
            }
            needDispatch = true;
        } else {
            needDispatch = h.dispatchBusy > 0;
        }
        if (q.scheduler != null) {
            int ret;
            do {
                ret = doDispatchSched(h);
            } while (ret == DISPATCHED);
            return ret;
        }
        if (needDispatch) {
            doDispatchCtx(h);
        } else {
            List<Request> list = fromSoftwareQueues;
            list.clear();
            h.drainCtxs(list);
            if (!list.isEmpty()) {
                issue.dispatchRqList(h, list, 0);
            }
            list.clear();
        }
        return NOTHING;
    }

    /** {@code __blk_mq_do_dispatch_sched}: one round of pulling from the scheduler. */
    private int doDispatchSched(Hctx h) {
        GuardedMqScheduler scheduler = q.scheduler;
        ScsiBudget budget = q.budget;
        int max = h.dispatchBusy > 0 ? 1 : nrRequests;
        List<Request> list = pulled;
        list.clear();
        boolean runQueue = false;
        boolean busy = false;
        do {
            if (!scheduler.hasWork(h)) {
                break;
            }
            if (!h.dispatch.isEmpty()) {
                busy = true;
                break;
            }
            if (!budget.get(h)) {
                break;
            }
            budget.take();
            Request rq = scheduler.dispatchRequest(h);
            if (rq == null) {
                budget.put();
                runQueue = true;
                break;
            }
            takeFromScheduler(rq);
            list.add(rq);
            if (!q.tags.getDriverTag((Hctx) rq.hardwareQueue(), rq)) {
                // blk_mq_get_driver_tag failed: stop pulling, the device is full
                break;
            }
        } while (list.size() < max);
        boolean dispatched = false;
        if (list.isEmpty()) {
            if (runQueue) {
                // blk_mq_delay_run_hw_queues(BLK_MQ_BUDGET_DELAY), SQ_SCHED's single queue as in runHwQueues
                Hctx sq = sqHctx();
                for (Hctx other : hctxs) {
                    if (!other.runWork.isPending() && runs(other, sq)) {
                        delayRun(other, MqRequestQueue.DELAY_RUN_NANOS);
                    }
                }
            }
        } else {
            dispatched = dispatchByHctx(list);
        }
        list.clear();
        return busy ? AGAIN : dispatched ? DISPATCHED : NOTHING;
    }

    // schedulers with device-wide state return requests of other hardware queues: one list per queue
    private boolean dispatchByHctx(List<Request> list) {
        boolean mixed = false;
        HardwareQueue first = list.get(0).hardwareQueue();
        for (int i = 1; i < list.size() && !mixed; i++) {
            mixed = list.get(i).hardwareQueue() != first;
        }
        if (!mixed) {
            return q.issue.dispatchRqList((Hctx) first, list, list.size());
        }
        boolean all = true;
        List<Request> part = oneHctxPart;
        for (Hctx h : hctxs) {
            part.clear();
            for (int i = 0; i < list.size(); i++) {
                Request rq = list.get(i);
                if (rq.hardwareQueue() == h) {
                    part.add(rq);
                }
            }
            if (!part.isEmpty()) {
                all &= q.issue.dispatchRqList(h, part, part.size());
            }
        }
        part.clear();
        return all;
    }

    private void takeFromScheduler(Request rq) {
        MqRq rs = MqRq.of(rq);
        if (rs == null || rs.where != MqRq.SCHEDULER) {
            throw new InvariantViolationException(q.scheduler.label() + " dispatched " + rq + " but it is "
                    + (rs == null ? "not a live request" : MqRq.describe(rs.where)) + " (dispatched twice?)");
        }
        q.merge.dispatched(rs);
        rs.where = MqRq.DISPATCH_LIST;
    }

    /** {@code blk_mq_do_dispatch_ctx}: one request at a time, round-robin over the software queues. */
    private void doDispatchCtx(Hctx h) {
        ScsiBudget budget = q.budget;
        int n = h.ctxCount();
        while (true) {
            if (!budget.get(h)) {
                return;
            }
            budget.take();
            Request rq = null;
            for (int i = 0; i < n && rq == null; i++) {
                int index = (h.dispatchFrom + i) % n;
                rq = h.pollCtx(index);
                if (rq != null) {
                    h.dispatchFrom = (index + 1) % n;
                }
            }
            if (rq == null) {
                budget.put();
                return;
            }
            List<Request> single = fromSoftwareQueues;
            single.clear();
            single.add(rq);
            boolean queued = q.issue.dispatchRqList(h, single, 1);
            single.clear();
            if (!queued) {
                return;
            }
        }
    }

    /** {@code blk_mq_sched_restart}. */
    void schedRestart(Hctx h) {
        if (h.restart) {
            h.restart = false;
            runHwQueue(h, true);
        }
    }
}
