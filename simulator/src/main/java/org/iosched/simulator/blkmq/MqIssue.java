package org.iosched.simulator.blkmq;

import java.util.ArrayList;
import java.util.List;
import org.iosched.api.BlockDevice;
import org.iosched.api.MqScheduler;
import org.iosched.api.Request;
import org.iosched.simulator.blk.AsyncDispatchGap;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.InvariantViolationException;
import org.iosched.simulator.trace.BlockTrace;

/**
 * Insertion and issue of a blk-mq queue (block/blk-mq.c): {@code blk_mq_insert_request(s)} into the scheduler, a
 * software queue or {@code hctx->dispatch}; direct issue ({@code blk_mq_try_issue_directly}); and
 * {@code blk_mq_dispatch_rq_list}: a dispatch budget and a driver tag (none: {@code SCHED_RESTART} is set and the
 * rest waits on {@code hctx->dispatch}), then the driver ({@code queue_rq} with {@code blk_mq_start_request}); a
 * request the device refuses ({@link BlockDevice#canAccept}, BLK_STS_DEV_RESOURCE) goes back to the head of the
 * list, its driver tag released, the scheduler not told. {@code dispatch_busy} is the kernel's EWMA.
 */
final class MqIssue {
    private final MqRequestQueue q;
    private final EventQueue clock;
    private final BlockTrace trace;
    private final AsyncDispatchGap asyncGap;
    private final ScsiBudget budget;
    /** One request as a list (reused). */
    private final List<Request> one = new ArrayList<>(1);

    MqIssue(MqRequestQueue q) {
        this.q = q;
        this.clock = q.clock;
        this.trace = q.trace;
        this.asyncGap = q.asyncGap;
        this.budget = q.budget;
    }

    /**
     * {@code blk_mq_insert_requests} without a scheduler: direct issue while not busy and not from schedule, the
     * rest to the software queue; then the hardware queue runs.
     */
    void insertRequestsNone(Hctx h, List<Request> batch, boolean fromSchedule) {
        int i = 0;
        if (h.dispatchBusy == 0 && !fromSchedule) {
            for (; i < batch.size(); i++) {
                if (!issueDirectly(h, batch.get(i), i == batch.size() - 1, true)) {
                    i++;
                    break;
                }
            }
        }
        for (; i < batch.size(); i++) {
            Request rq = batch.get(i);
            insertIntoSoftwareQueue(h, rq, false);
        }
        q.sched.runHwQueue(h, fromSchedule);
    }

    private void insertIntoSoftwareQueue(Hctx h, Request rq, boolean atHead) {
        MqRq rs = MqRq.of(rq);
        trace.request('I', rq);
        if (rq.insertTime() < 0) {
            rq.markInserted(clock.now());
        }
        rs.where = MqRq.SOFTWARE_QUEUE;
        int index = Math.max(0, rq.softwareQueue());
        h.addToCtx(index, rq, atHead);
    }

    /**
     * The scheduler's {@code insert_requests}; the requests {@code elv_attempt_insert_merge} absorbed are freed
     * after the insertion ({@code blk_mq_free_requests}).
     */
    void insertIntoScheduler(Hctx h, List<Request> batch, int flags) {
        long now = clock.now();
        for (int i = 0; i < batch.size(); i++) {
            Request rq = batch.get(i);
            MqRq rs = MqRq.of(rq);
            trace.request('I', rq);
            if (rq.insertTime() < 0) {
                rq.markInserted(now);
            }
            rs.where = MqRq.SCHEDULER;
            if (!rq.isSync()) {
                asyncGap.queued(now);
            }
            q.cpus.charge(q.cpus.elevator());
        }
        List<Request> mergedAway = q.merge.mergedAway;
        mergedAway.clear();
        q.scheduler.insertRequests(h, batch, flags);
        for (int i = 0; i < mergedAway.size(); i++) {
            q.end.freeMergedAway(mergedAway.get(i));
        }
        mergedAway.clear();
    }

    /**
     * {@code blk_mq_insert_request}: the flush machinery's flush request to the head of {@code hctx->dispatch},
     * others to the scheduler or the software queue (at the head with {@link MqScheduler#INSERT_AT_HEAD}).
     */
    void insertRequest(Request rq, int flags) {
        Hctx h = (Hctx) rq.hardwareQueue();
        MqRq rs = MqRq.of(rq);
        if (rs.flushRequest) {
            trace.request('I', rq);
            rs.where = MqRq.DISPATCH_LIST;
            h.dispatch.addFirst(rq);
        } else if (q.scheduler != null) {
            one.clear();
            one.add(rq);
            insertIntoScheduler(h, one, flags);
            one.clear();
        } else {
            insertIntoSoftwareQueue(h, rq, (flags & MqScheduler.INSERT_AT_HEAD) != 0);
        }
    }

    /**
     * {@code blk_mq_try_issue_directly} / {@code blk_mq_request_issue_directly}: a driver tag and the driver now.
     *
     * @return false when the driver or the tags refused; the request then went to {@code hctx->dispatch}
     */
    boolean issueDirectly(Hctx h, Request rq, boolean last, boolean fromList) {
        if (!budget.get(h)) {
            h.updateDispatchBusy(true);
            bypassInsert(h, rq, false);
            return false;
        }
        budget.take();
        boolean refused = false;
        if (!q.tags.getDriverTag(h, rq) || (refused = !deviceAccepts(h, rq))) {
            budget.put();
            q.tags.releaseDriverTag(rq);
            if (refused && q.qos.size() > 0) {
                // __blk_mq_issue_directly's BLK_STS_DEV_RESOURCE: __blk_mq_requeue_request
                q.qos.requeue(rq);
            }
            h.updateDispatchBusy(true);
            bypassInsert(h, rq, false);
            return false;
        }
        startRequest(h, rq);
        h.updateDispatchBusy(false);
        return true;
    }

    // queue_rq's BLK_STS_DEV_RESOURCE: the device refused the command now; while a command the device takes only
    // alone (a non-queued flush or discard) is on its way, nothing else is offered (the device cannot tell yet)
    private boolean deviceAccepts(Hctx h, Request rq) {
        if (!q.deliveries.holdsAlone() && q.device.canAccept(rq, h.inFlight)) {
            h.deviceBlocked = false;
            return true;
        }
        h.deviceBlocked = true;
        return false;
    }

    /** {@code blk_mq_request_bypass_insert}: {@code hctx->dispatch}, without the scheduler. */
    private void bypassInsert(Hctx h, Request rq, boolean atHead) {
        MqRq rs = MqRq.of(rq);
        trace.request('I', rq);
        if (rq.insertTime() < 0) {
            rq.markInserted(clock.now());
        }
        rs.where = MqRq.DISPATCH_LIST;
        if (atHead) {
            h.dispatch.addFirst(rq);
        } else {
            h.dispatch.addLast(rq);
        }
    }

    /**
     * {@code blk_mq_dispatch_rq_list}: each request gets a dispatch budget (the first {@code budgets} have one already:
     * {@code nr_budgets}) and a driver tag and goes to the driver; what is left gives back its unused budgets and goes
     * to the tail of {@code hctx->dispatch}. Returns whether every request was queued.
     */
    boolean dispatchRqList(Hctx h, List<Request> list, int budgets) {
        int i = 0;
        boolean noTag = false;
        boolean holds = false;
        for (; i < list.size(); i++) {
            Request rq = list.get(i);
            holds = false;
            if (i >= budgets) {
                if (!budget.get(h)) {
                    break;
                }
                budget.take();
            }
            holds = true;
            if (!q.tags.getDriverTag(h, rq)) {
                // blk_mq_mark_tag_wait: non-shared tags set SCHED_RESTART and retry once
                h.restart = true;
                if (!q.tags.getDriverTag(h, rq)) {
                    noTag = true;
                    break;
                }
            }
            if (!deviceAccepts(h, rq)) {
                // BLK_STS_DEV_RESOURCE: back to the list head, driver tag released, the scheduler not told
                q.tags.releaseDriverTag(rq);
                if (q.qos.size() > 0) {
                    q.qos.requeue(rq);
                }
                break;
            }
            startRequest(h, rq);
        }
        if (i < list.size()) {
            int unused = Math.max(0, budgets - i) + (i >= budgets && holds ? 1 : 0);
            for (int k = 0; k < unused; k++) {
                budget.put();
            }
            for (int j = i; j < list.size(); j++) {
                Request rq = list.get(j);
                MqRq.of(rq).where = MqRq.DISPATCH_LIST;
                h.dispatch.addLast(rq);
            }
            if (!h.restart) {
                q.sched.runHwQueue(h, true);
            }
            h.updateDispatchBusy(true);
            return false;
        }
        h.updateDispatchBusy(false);
        return true;
    }

    /** {@code queue_rq} with {@code blk_mq_start_request}. */
    private void startRequest(Hctx h, Request rq) {
        MqRq rs = MqRq.of(rq);
        long now = clock.now();
        trace.request('D', rq);
        if (rs.useSched && rq.insertTime() >= 0 && !rq.isSync() && !rs.flushSeq) {
            asyncGap.dispatched(now);
        }
        rs.where = MqRq.DRIVER;
        h.inFlight++;
        if (h.inFlight > h.driverTags.depth()) {
            throw new InvariantViolationException(q.device.label() + " holds " + h.inFlight + " requests on " + h
                    + ", above its " + h.driverTags.depth() + " driver tags");
        }
        rq.markDispatched(now);
        rq.markIoStarted(now);
        if (q.qos.size() > 0) {
            q.qos.issue(rq);
        }
        q.cpus.charge(q.cpus.dispatch);
        long at = q.cpus.ready();
        if (at > now || !q.deliveries.isEmpty()) {
            // queue_rq: the device sees the command once the dispatching context's CPU work, the driver's included,
            // is done, and after the commands dispatched before it
            q.deliveries.add(rs, at);
            return;
        }
        q.device.submit(rq);
    }
}
