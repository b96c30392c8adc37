package org.iosched.scheduler.bfq;

import org.iosched.api.Bio;
import org.iosched.api.MqScheduler;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.SeekChoice;

/**
 * Requests inside BFQ: binding the per-request state ({@code bfq_prepare_request}, {@code bfq_finish_request}),
 * insertion ({@code bfq_insert_request}, {@code __bfq_insert_request}, {@code bfq_add_request},
 * {@code bfq_rq_enqueued}), the next request of a queue ({@code bfq_choose_req}, {@code bfq_check_fifo},
 * {@code bfq_find_next_rq}), removal ({@code bfq_remove_request}), request and bio merging
 * ({@code bfq_bio_merge}, {@code bfq_request_merge}, {@code bfq_allow_bio_merge}, {@code bfq_request_merged},
 * {@code bfq_requests_merged}) and completion ({@code bfq_completed_request},
 * {@code bfq_finish_requeue_request}).
 */
final class BfqRequests {
    private final BfqData bfqd;
    /** Released per-request states, linked by {@code fifoNext}, for reuse. */
    private BfqRequest freeNodes;

    BfqRequests(BfqData bfqd) {
        this.bfqd = bfqd;
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
    void prepareRequest(Request rq) {
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
    void finishRequest(Request rq) {
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

    /** {@code bfq_finish_requeue_request}: a started request completes (or is requeued); its queue drops it. */
    void finishRequeue(BfqRequest node) {
        BfqQueue bfqq = node.queue;
        if (bfqq == null) {
            node.started = false;
            return;
        }
        if (node.started) {
            if (node == bfqd.waitedRq) {
                bfqd.injection.updateInjectLimit(bfqq);
            }
            completedRequest(bfqq);
        }
        bfqq.addAllocated(-1);
        node.ioContext.requests--;
        node.queue = null;
        node.ioContext = null;
        node.started = false;
        bfqd.queues.putQueueIfUnused(bfqq);
    }

    // ---------------------------------------------------------------- insertion

    /** {@code rq_mergeable}. */
    private static boolean mergeable(Request rq) {
        return rq.op() != Op.FLUSH
                && (rq.flags() & (RequestFlags.NOMERGE | RequestFlags.PREFLUSH | RequestFlags.FUA)) == 0;
    }

    /** {@code bfq_insert_request}. */
    void insertRequest(Request rq, int flags) {
        BfqRequest node = BfqRequest.of(rq);
        if (node == null) {
            node = bind(rq);
        }
        BfqQueue bfqq = bfqd.queues.initRq(node);
        if (bfqd.ctx.tryInsertMerge(rq)) {
            return;
        }
        if ((flags & MqScheduler.INSERT_AT_HEAD) != 0) {
            bfqd.dispatch.dispatchAdd(node, true);
        } else if (bfqq == null) {
            bfqd.dispatch.dispatchAdd(node, false);
        } else {
            insertIntoQueue(node, bfqq);
            if (mergeable(rq)) {
                bfqd.ctx.hashAdd(rq);
                if (bfqd.ctx.lastMerge() == null) {
                    bfqd.ctx.setLastMerge(rq);
                }
            }
        }
    }

    /** {@code __bfq_insert_request}: an early merge may move the request (and its process) to another queue first. */
    private void insertIntoQueue(BfqRequest node, BfqQueue bfqq) {
        BfqQueue newq = bfqd.merge.setupCooperator(bfqq, node.rq.sector(), node.ioContext);
        if (newq != null) {
            newq.addAllocated(1);
            bfqq.addAllocated(-1);
            if (node.ioContext.syncQueue == bfqq) {
                bfqd.merge.mergeBfqqs(node.ioContext, bfqq, newq);
            }
            bfqq.justCreated = false;
            node.queue = newq;
            bfqd.queues.putQueueIfUnused(bfqq);
            bfqq = newq;
        }
        bfqd.idling.updateIoThinktime(bfqq);
        bfqd.idling.updateHasShortTtime(bfqq, node.ioContext);
        bfqd.idling.updateIoSeektime(bfqq, node.rq);
        addRequest(node, bfqq);
        node.fifoTime = bfqd.now() + bfqd.fifoExpire[node.rq.isSync() ? BfqData.SYNC : BfqData.ASYNC];
        bfqq.fifoAddTail(node);
        rqEnqueued(bfqq, node.rq);
    }

    /** {@code bfq_add_request}. */
    private void addRequest(BfqRequest node, BfqQueue bfqq) {
        Request rq = node.rq;
        int oldWrCoeff = bfqq.wrCoeff;
        boolean interactive = false;
        long nowNs = bfqd.now();
        if (bfqd.tracing()) {
            bfqd.log(bfqq, "add_request " + (rq.isSync() ? 1 : 0));
        }
        bfqq.queued[rq.isSync() ? BfqData.SYNC : BfqData.ASYNC]++;
        bfqd.queued++;
        if (bfqq.sync && node.ioContext.requests <= 1) {
            bfqd.injection.checkWaker(bfqq, nowNs);
            long nowJ = bfqd.nowJiffies();
            if (bfqq.decreaseTimeJiffies + bfqd.jiffies.fromMillis(1000) <= nowJ) {
                bfqd.injection.resetInjectLimit(bfqq);
            }
            if (bfqq == bfqd.inServiceQueue
                    && (bfqd.totRqInDriver == 0
                            || (bfqq.lastServiceTimeNs > 0 && bfqd.rqsInjected && bfqd.totRqInDriver > 0))
                    && bfqq.decreaseTimeJiffies + bfqd.jiffies.fromMillis(10) <= nowJ) {
                bfqd.lastEmptyOccupiedNs = nowNs;
                bfqd.waitDispatch = true;
                if (bfqd.totRqInDriver == 0) {
                    bfqd.rqsInjected = false;
                }
            }
        }
        if (bfqq.sync) {
            bfqd.idling.updateIoIntensity(bfqq, nowNs);
        }
        bfqq.sortAdd(node);
        BfqRequest prev = bfqq.nextRq;
        bfqq.nextRq = chooseReq(bfqq.nextRq, node, bfqd.lastPosition);
        if (!bfqd.nonrotWithQueueing && prev != bfqq.nextRq) {
            bfqd.merge.posTreeAddMove(bfqq);
        }
        if (!bfqq.busy) {
            interactive = bfqd.wr.handleIdleBusySwitch(bfqq, oldWrCoeff, node.ioContext);
        } else {
            if (bfqd.lowLatency && oldWrCoeff == 1 && !rq.isSync()
                    && bfqq.lastWrStartFinish + bfqd.wrMinInterArrAsync < bfqd.nowJiffies()) {
                bfqq.wrCoeff = Bfq.WR_COEFF;
                bfqq.wrCurMaxTime = bfqd.wr.wrDuration();
                bfqd.wrBusyQueues++;
                bfqq.entity.prioChanged = true;
            }
            if (prev != bfqq.nextRq) {
                bfqd.budgets.updatedNextReq(bfqq);
            }
        }
        if (bfqd.lowLatency && (oldWrCoeff == 1 || bfqq.wrCoeff == 1 || interactive)) {
            bfqq.lastWrStartFinish = bfqd.nowJiffies();
        }
    }

    /** {@code bfq_rq_enqueued}: a request for the idling in-service queue ends the idling (unless small and early). */
    private void rqEnqueued(BfqQueue bfqq, Request rq) {
        if (rq.hasFlag(RequestFlags.META)) {
            bfqq.metaPending++;
        }
        bfqq.lastRequestPos = rq.sector() + rq.sectors();
        if (bfqq == bfqd.inServiceQueue && bfqq.waitRequest) {
            boolean smallReq = bfqq.queued[rq.isSync() ? BfqData.SYNC : BfqData.ASYNC] == 1 && rq.sectors() < 32;
            boolean budgetTimeout = bfqd.budgets.budgetTimeout(bfqq);
            if (smallReq && bfqd.idling.idlingBoostsThrWithoutIssues(bfqq) && !budgetTimeout) {
                return;
            }
            bfqq.waitRequest = false;
            bfqd.idleSliceTimer.cancel();
            if (budgetTimeout) {
                bfqd.budgets.bfqqExpire(bfqq, false, Bfq.BUDGET_TIMEOUT);
            }
        }
    }

    // ---------------------------------------------------------------- the next request of a queue

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
        return SeekChoice.firstGoesFirst(rq1.rq.sector(), rq2.rq.sector(), last, bfqd.backMax * 2, bfqd.backPenalty)
                ? rq1 : rq2;
    }

    /** {@code bfq_check_fifo}: the FIFO head if expired, consulted once per service slot. */
    private BfqRequest checkFifo(BfqQueue bfqq, BfqRequest last) {
        if (bfqq.fifoExpire) {
            return null;
        }
        bfqq.fifoExpire = true;
        BfqRequest rq = bfqq.fifoHead;
        if (rq == null || rq == last || bfqd.now() < rq.fifoTime) {
            return null;
        }
        if (bfqd.tracing()) {
            bfqd.log(bfqq, "check_fifo: returned " + rq.rq.id());
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

    /** {@code bfq_remove_request}: out of its queue; an emptied queue leaves the busy queues unless in service. */
    void removeRequest(BfqRequest node) {
        BfqQueue bfqq = node.queue;
        Request rq = node.rq;
        if (bfqq.nextRq == node) {
            bfqq.nextRq = findNextRq(bfqq, node);
            bfqd.budgets.updatedNextReq(bfqq);
        }
        if (node.inFifo) {
            bfqq.fifoRemove(node);
        }
        bfqq.queued[rq.isSync() ? BfqData.SYNC : BfqData.ASYNC]--;
        bfqd.queued--;
        bfqq.sortRemove(node);
        bfqd.ctx.hashRemove(rq);
        if (bfqd.ctx.lastMerge() == rq) {
            bfqd.ctx.setLastMerge(null);
        }
        if (bfqq.isEmpty()) {
            bfqq.nextRq = null;
            if (bfqq.busy && bfqq != bfqd.inServiceQueue) {
                bfqd.wf2q.delBfqqBusy(bfqq, false);
                bfqq.entity.budget = 0;
                bfqq.entity.service = 0;
            }
            BfqQueueMerge.posTreeRemove(bfqq);
        } else if (!bfqd.nonrotWithQueueing) {
            bfqd.merge.posTreeAddMove(bfqq);
        }
        if (rq.hasFlag(RequestFlags.META)) {
            bfqq.metaPending--;
        }
    }

    // ---------------------------------------------------------------- merging

    /** {@code bfq_bio_merge}: the generic merge, with the bio's queue remembered for the hooks it calls. */
    boolean bioMerge(Bio bio) {
        BfqIoContext bic = bio.task() == null ? null : bfqd.contexts.get(bio.task());
        bfqd.bioContext = bic;
        bfqd.bioQueue = bic == null ? null : bio.isSync() ? bic.syncQueue : bic.asyncQueue;
        return bfqd.ctx.tryMerge(bio);
    }

    /** {@code bfq_request_merge}: a request of the bio's queue starting where the bio ends. */
    Request requestMerge(Bio bio) {
        if (bfqd.bioQueue == null) {
            return null;
        }
        BfqRequest found = bfqd.bioQueue.sortFind(bio.endSector());
        return found == null ? null : found.rq;
    }

    /** {@code bfq_allow_bio_merge}: only into a request of the bio's own queue (after a possible early merge). */
    boolean allowMerge(Request rq, Bio bio) {
        if (bio.isSync() && !rq.isSync()) {
            return false;
        }
        if (bfqd.bioQueue == null) {
            return false;
        }
        BfqQueue newq = bfqd.merge.setupCooperator(bfqd.bioQueue, bio.sector(), bfqd.bioContext);
        if (newq != null) {
            bfqd.merge.mergeBfqqs(bfqd.bioContext, bfqd.bioQueue, newq);
            bfqd.bioQueue = newq;
        }
        BfqRequest node = BfqRequest.of(rq);
        return node != null && bfqd.bioQueue == node.queue;
    }

    /** {@code bfq_request_merged}: a front merge may move the request before its predecessor: re-sort it. */
    void requestMerged(Request rq, boolean front) {
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
            bfqq.nextRq = chooseReq(bfqq.nextRq, node, bfqd.lastPosition);
            if (prev != bfqq.nextRq) {
                bfqd.budgets.updatedNextReq(bfqq);
                if (!bfqd.nonrotWithQueueing) {
                    bfqd.merge.posTreeAddMove(bfqq);
                }
            }
        }
    }

    /** {@code bfq_requests_merged}: the survivor keeps the older FIFO time; the absorbed request leaves. */
    void requestsMerged(Request rq, Request next) {
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

    /** {@code elv_rb_former_request}: the request before {@code rq} in its queue's sector order. */
    static Request formerRequest(Request rq) {
        BfqRequest node = BfqRequest.of(rq);
        if (node == null || node.queue == null || !node.inSortList) {
            return null;
        }
        int at = node.queue.indexOf(node);
        return at > 0 ? node.queue.sortList[at - 1].rq : null;
    }

    /** {@code elv_rb_latter_request}: the request after {@code rq} in its queue's sector order. */
    static Request nextRequest(Request rq) {
        BfqRequest node = BfqRequest.of(rq);
        if (node == null || node.queue == null || !node.inSortList) {
            return null;
        }
        int at = node.queue.indexOf(node);
        return at + 1 < node.queue.sortSize ? node.queue.sortList[at + 1].rq : null;
    }

    // ---------------------------------------------------------------- completion

    /**
     * {@code bfq_completed_request}: the queue's in-driver count drops; the in-service queue idles, is expired or
     * keeps its slot; the hardware queues run when the driver is empty.
     */
    void completedRequest(BfqQueue bfqq) {
        bfqd.rate.updateHwTag();
        bfqd.totRqInDriver--;
        bfqq.dispatched--;
        if (bfqq.dispatched == 0 && !bfqq.busy) {
            bfqq.budgetTimeout = bfqd.nowJiffies();
            bfqd.wf2q.delInGroupsWithPendingReqs(bfqq);
            bfqd.idling.weightsTreeRemove(bfqq);
        }
        long nowNs = bfqd.now();
        bfqq.ttimeLastEndRequest = nowNs;
        long deltaUs = (nowNs - bfqd.lastCompletion) / 1000;
        if (deltaUs > Bfq.MIN_TT / 1000
                && (bfqd.lastRqMaxSize << Bfq.RATE_SHIFT) / deltaUs < 1L << (Bfq.RATE_SHIFT - 10)) {
            bfqd.rate.updateRateReset(null);
        }
        bfqd.lastCompletion = nowNs;
        // a shared queue receives I/O at a high rate: it could pass for a waker, so it is none
        bfqd.lastCompletedRqQueue = bfqq.coop ? null : bfqq;
        if (bfqq.softRtUpdate && bfqq.dispatched == 0 && bfqq.isEmpty() && bfqq.wrCoeff != Bfq.WR_COEFF) {
            bfqq.softRtNextStart = bfqd.wr.softRtNextStart(bfqq);
        }
        if (bfqd.inServiceQueue == bfqq) {
            if (bfqd.idling.mustIdle(bfqq)) {
                if (bfqq.dispatched == 0) {
                    bfqd.idling.armSliceTimer();
                }
                return;
            } else if (bfqd.budgets.mayExpireForBudgetTimeout(bfqq)) {
                bfqd.budgets.bfqqExpire(bfqq, false, Bfq.BUDGET_TIMEOUT);
            } else if (bfqq.isEmpty() && (bfqq.dispatched == 0 || !bfqd.idling.betterToIdle(bfqq))) {
                bfqd.budgets.bfqqExpire(bfqq, false, Bfq.NO_MORE_REQUESTS);
            }
        }
        if (bfqd.totRqInDriver == 0) {
            bfqd.scheduleDispatch();
        }
    }
}
