package org.iosched.scheduler.bfq;

import org.iosched.api.Request;

/**
 * Queue selection and dispatch: the dispatch list of requests that bypass the queues ({@code bfqd->dispatch}),
 * {@code __bfq_dispatch_request}, the choice of the queue to serve ({@code bfq_select_queue}: keep the in-service
 * queue, idle on it, inject, or expire it and set the next one in service with {@code bfq_set_in_service_queue}),
 * and the dispatch of its next request ({@code bfq_dispatch_rq_from_bfqq}).
 */
final class BfqDispatch {
    private final BfqData bfqd;
    /** {@code bfqd->dispatch}: requests inserted at the head or without a queue, served first. */
    private BfqRequest dispatchHead;
    private BfqRequest dispatchTail;

    BfqDispatch(BfqData bfqd) {
        this.bfqd = bfqd;
    }

    /** {@code bfq_has_work}. */
    boolean hasWork() {
        return dispatchHead != null || bfqd.queued > 0;
    }

    /** The {@code list_add} / {@code list_add_tail} of a request on {@code bfqd->dispatch}. */
    void dispatchAdd(BfqRequest node, boolean head) {
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

    /** {@code __bfq_dispatch_request}: the dispatch list first, then the next request of the queue selected. */
    Request dispatchRequest() {
        if (dispatchHead != null) {
            BfqRequest node = dispatchPop();
            if (node.queue != null) {
                node.queue.dispatched++;
                bfqd.totRqInDriver++;
            }
            node.started = true;
            return node.rq;
        }
        if (bfqd.tracing()) {
            bfqd.log("dispatch requests: " + bfqd.totBusyQueues() + " busy queues");
        }
        if (bfqd.totBusyQueues() == 0) {
            return null;
        }
        if (bfqd.strictGuarantees && bfqd.totRqInDriver > 0) {
            return null;
        }
        BfqQueue bfqq = selectQueue();
        if (bfqq == null) {
            return null;
        }
        BfqRequest node = dispatchRqFromBfqq(bfqq);
        bfqd.totRqInDriver++;
        node.started = true;
        return node.rq;
    }

    /** {@code bfq_dispatch_rq_from_bfqq} with {@code bfq_dispatch_remove}. */
    private BfqRequest dispatchRqFromBfqq(BfqQueue bfqq) {
        BfqRequest node = bfqq.nextRq;
        long charge = bfqd.budgets.servToCharge(node.rq, bfqq);
        bfqd.wf2q.bfqqServed(bfqq, charge);
        if (bfqq == bfqd.inServiceQueue && bfqd.waitDispatch) {
            bfqd.waitDispatch = false;
            bfqd.waitedRq = node;
        }
        // bfq_dispatch_remove
        bfqq.dispatched++;
        bfqd.rate.updatePeakRate(node);
        bfqd.requests.removeRequest(node);
        if (bfqq != bfqd.inServiceQueue) {
            return node;
        }
        bfqd.wr.updateWrData(bfqq);
        if (bfqd.totBusyQueues() > 1 && bfqq.classIdle()) {
            bfqd.budgets.bfqqExpire(bfqq, false, Bfq.BUDGET_EXHAUSTED);
        }
        return node;
    }

    /** {@code bfq_select_queue}. */
    private BfqQueue selectQueue() {
        BfqQueue bfqq = bfqd.inServiceQueue;
        int reason = Bfq.BUDGET_TIMEOUT;
        boolean traceOn = bfqd.tracing();
        if (bfqq != null) {
            if (traceOn) {
                bfqd.log(bfqq, "select_queue: already in-service queue");
            }
            if (bfqd.budgets.mayExpireForBudgetTimeout(bfqq) && !bfqd.idling.mustIdle(bfqq)) {
                bfqd.budgets.bfqqExpire(bfqq, false, reason);
                bfqq = null;
            }
        }
        while (true) {
            if (bfqq == null) {
                bfqq = setInServiceQueue();
                if (bfqq == null) {
                    if (traceOn) {
                        bfqd.log("select_queue: no queue returned");
                    }
                    return null;
                }
                if (traceOn) {
                    bfqd.log(bfqq, "select_queue: checking new queue");
                }
            }
            // check_queue: (bfq_find_bfqq_for_underused_actuator returns bfqq itself with one actuator)
            BfqRequest next = bfqq.nextRq;
            if (next != null) {
                if (bfqd.budgets.servToCharge(next.rq, bfqq) > bfqq.budgetLeft()) {
                    reason = Bfq.BUDGET_EXHAUSTED;
                } else {
                    if (bfqq.waitRequest) {
                        bfqq.waitRequest = false;
                        bfqd.idleSliceTimer.cancel();
                    }
                    return keepQueue(bfqq, traceOn);
                }
            } else if (bfqq.waitRequest || (bfqq.dispatched != 0 && bfqd.idling.betterToIdle(bfqq))) {
                return keepQueue(bfqd.injection.injectionCandidate(bfqq), traceOn);
            } else {
                reason = Bfq.NO_MORE_REQUESTS;
            }
            bfqd.budgets.bfqqExpire(bfqq, false, reason);
            bfqq = null;
        }
    }

    private BfqQueue keepQueue(BfqQueue bfqq, boolean traceOn) {
        if (traceOn) {
            if (bfqq != null) {
                bfqd.log(bfqq, "select_queue: returned this queue");
            } else {
                bfqd.log("select_queue: no queue returned");
            }
        }
        return bfqq;
    }

    /** {@code bfq_set_in_service_queue} and {@code __bfq_set_in_service_queue}. */
    private BfqQueue setInServiceQueue() {
        BfqQueue bfqq = bfqd.totBusyQueues() == 0 ? null : bfqd.wf2q.getNextQueue(bfqd.rootGroup.schedData);
        if (bfqq != null) {
            long nowJ = bfqd.nowJiffies();
            bfqq.fifoExpire = false;
            bfqd.budgetsAssigned = (bfqd.budgetsAssigned * 7 + 256) / 8;
            if (bfqq.lastWrStartFinish < nowJ && bfqq.wrCoeff > 1 && bfqq.wrCurMaxTime == bfqd.wrRtMaxTime
                    && bfqq.budgetTimeout < nowJ) {
                if (bfqq.budgetTimeout > bfqq.lastWrStartFinish) {
                    bfqq.lastWrStartFinish += nowJ - bfqq.budgetTimeout;
                } else {
                    bfqq.lastWrStartFinish = nowJ;
                }
            }
            bfqd.budgets.setBudgetTimeout(bfqq);
            if (bfqd.tracing()) {
                bfqd.log(bfqq, "set_in_service_queue, cur-budget = " + bfqq.entity.budget);
            }
        }
        bfqd.inServiceQueue = bfqq;
        bfqd.inServLastPos = 0;
        return bfqq;
    }
}
