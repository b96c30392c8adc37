package org.iosched.scheduler.bfq;

/**
 * Waker detection and I/O injection: the queue whose completions wake a sync queue's process
 * ({@code bfq_check_waker}), what {@code bfq_select_queue} serves while the in-service queue idles (its process's
 * async queue, its waker, the first queue it wakes, else {@code bfq_choose_bfqq_for_injection} within the inject
 * limit), and the inject limit adapted from the measured service time ({@code bfq_update_inject_limit},
 * {@code bfq_reset_inject_limit}).
 */
final class BfqInjection {
    private final BfqData bfqd;

    BfqInjection(BfqData bfqd) {
        this.bfqd = bfqd;
    }

    /**
     * {@code bfq_check_waker}: the queue that completed a request less than 4 ms before this queue's process, with
     * nothing else in BFQ, sent one is a tentative waker; detected three times (the detection restarting after
     * {@code 128 * slice_idle}) it becomes the queue's waker and the queue joins the head of its woken list.
     */
    void checkWaker(BfqQueue bfqq, long nowNs) {
        BfqQueue last = bfqd.lastCompletedRqQueue;
        if (last == null || last == bfqq || bfqq.hasShortTtime
                || nowNs - bfqd.lastCompletion >= 4 * Bfq.NSEC_PER_MSEC) {
            return;
        }
        if (last != bfqq.tentativeWaker || nowNs > bfqq.wakerDetectionStarted + 128 * bfqd.sliceIdle) {
            bfqq.tentativeWaker = last;
            bfqq.numWakerDetections = 1;
            bfqq.wakerDetectionStarted = nowNs;
            if (bfqd.tracing()) {
                bfqd.log(bfqq, "set tentative waker " + last.name());
            }
        } else {
            bfqq.numWakerDetections++;
        }
        if (bfqq.numWakerDetections == 3) {
            if (bfqd.tracing()) {
                bfqd.log(bfqq, "set waker " + last.name());
            }
            bfqq.setWaker(last);
        }
    }

    /** {@code bfq_reset_inject_limit}. */
    void resetInjectLimit(BfqQueue bfqq) {
        bfqq.lastServiceTimeNs = 0;
        bfqd.waitedRq = null;
        bfqq.injectLimit = bfqq.hasShortTtime ? 0 : 1;
        bfqq.decreaseTimeJiffies = bfqd.nowJiffies();
    }

    /**
     * {@code bfq_update_inject_limit}: at the completion of the request the in-service queue waited for, the limit
     * goes down if the service took half again its undisturbed time, up if not.
     */
    void updateInjectLimit(BfqQueue bfqq) {
        long totTimeNs = bfqd.now() - bfqd.lastEmptyOccupiedNs;
        int oldLimit = bfqq.injectLimit;
        if (bfqq.lastServiceTimeNs > 0 && bfqd.rqsInjected) {
            long threshold = (bfqq.lastServiceTimeNs * 3) >> 1;
            if (totTimeNs >= threshold && oldLimit > 0) {
                bfqq.injectLimit--;
                bfqq.decreaseTimeJiffies = bfqd.nowJiffies();
            } else if (totTimeNs < threshold && oldLimit <= bfqd.maxRqInDriver) {
                bfqq.injectLimit++;
            }
        }
        if ((bfqq.lastServiceTimeNs == 0 && bfqd.totRqInDriver == 1) || totTimeNs < bfqq.lastServiceTimeNs) {
            if (bfqq.lastServiceTimeNs == 0) {
                bfqq.injectLimit = Math.max(1, oldLimit);
            }
            bfqq.lastServiceTimeNs = totTimeNs;
        } else if (!bfqd.rqsInjected && bfqd.totRqInDriver == 1) {
            bfqq.lastServiceTimeNs = totTimeNs;
        }
        bfqd.waitedRq = null;
        bfqd.rqsInjected = false;
    }

    /**
     * What {@code bfq_select_queue} serves while the in-service queue {@code bfqq} is empty but kept: its process's
     * async queue, its waker, the first queue it woke, or a queue from {@link #chooseBfqqForInjection}.
     */
    BfqQueue injectionCandidate(BfqQueue bfqq) {
        BfqIoContext bic = bfqq.ioContext;
        BfqQueue async = bic != null ? bic.asyncQueue : null;
        if (async != null && async.busy && async.nextRq != null && async.nextRq.ioContext == bic
                && bfqd.budgets.servToCharge(async.nextRq.rq, async) <= async.budgetLeft()) {
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
        if (!bfqd.idling.idlingBoostsThrWithoutIssues(bfqq)
                && (bfqq.wrCoeff == 1 || bfqd.wrBusyQueues > 1 || !bfqq.hasShortTtime)) {
            return chooseBfqqForInjection();
        }
        return null;
    }

    /** Busy, with a next request its budget covers. */
    private boolean fitsNextRequest(BfqQueue q) {
        return q.busy && q.nextRq != null && bfqd.budgets.servToCharge(q.nextRq.rq, q) <= q.budgetLeft();
    }

    /** {@code bfq_choose_bfqq_for_injection}. */
    private BfqQueue chooseBfqqForInjection() {
        BfqQueue inService = bfqd.inServiceQueue;
        int limit = inService.injectLimit;
        boolean inServiceAlwaysInject = inService.wrCoeff == 1 || !inService.hasShortTtime;
        // the kernel adds slice_idle in ns to a jiffies value here; kept literally
        if (limit == 0 && inService.lastServiceTimeNs == 0 && inService.waitRequest
                && bfqd.lastIdlingStartJiffies + bfqd.sliceIdle <= bfqd.nowJiffies()) {
            limit = 1;
        }
        if (bfqd.totRqInDriver >= limit) {
            return null;
        }
        for (BfqQueue bfqq = bfqd.lists.activeHead; bfqq != null; bfqq = bfqq.listNext) {
            if (!bfqq.isEmpty() && (inServiceAlwaysInject || bfqq.wrCoeff > 1)
                    && bfqd.budgets.servToCharge(bfqq.nextRq.rq, bfqq) <= bfqq.budgetLeft()) {
                if (bfqd.nonrot && bfqq.nextRq.rq.sectors() >= Bfq.SECT_THR_NONROT && bfqd.totRqInDriver >= 1) {
                    continue;
                }
                bfqd.rqsInjected = true;
                return bfqq;
            }
        }
        return null;
    }
}
