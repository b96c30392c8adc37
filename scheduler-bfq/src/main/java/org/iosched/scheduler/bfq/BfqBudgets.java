package org.iosched.scheduler.bfq;

import org.iosched.api.Request;

/**
 * Budgets and expiry: the budget of a queue in sectors ({@code bfq_max_budget}, {@code bfq_min_budget},
 * {@code bfq_serv_to_charge}, at activation {@code bfq_bfqq_update_budg_for_activation}, on a new next request
 * {@code bfq_updated_next_req}), the budget timeout ({@code bfq_set_budget_timeout},
 * {@code bfq_may_expire_for_budg_timeout}), the expiration of the in-service queue ({@code bfq_bfqq_expire}, with
 * slow queues charged for time) and the budget feedback from why it expired ({@code __bfq_bfqq_recalc_budget}).
 */
final class BfqBudgets {
    private final BfqData bfqd;
    /** {@code delta_ms} as {@link #bfqqIsSlow} leaves it for {@link #bfqqExpire}. */
    private long slowDeltaMs;

    BfqBudgets(BfqData bfqd) {
        this.bfqd = bfqd;
    }

    /** {@code bfq_max_budget}. */
    long maxBudgetNow() {
        return bfqd.budgetsAssigned < Bfq.STATS_MIN_BUDGETS ? Bfq.DEFAULT_MAX_BUDGET : bfqd.maxBudget;
    }

    /** {@code bfq_min_budget}. */
    long minBudget() {
        return bfqd.budgetsAssigned < Bfq.STATS_MIN_BUDGETS ? Bfq.DEFAULT_MAX_BUDGET / 32 : bfqd.maxBudget / 32;
    }

    /** {@code bfq_serv_to_charge}: async requests cost three times their size unless raised or asymmetric. */
    long servToCharge(Request rq, BfqQueue bfqq) {
        if (bfqq.sync || bfqq.wrCoeff > 1 || bfqd.idling.asymmetricScenario(bfqq)) {
            return rq.sectors();
        }
        return (long) rq.sectors() * Bfq.ASYNC_CHARGE_FACTOR;
    }

    /** {@code bfq_updated_next_req}: a queue not in service gets a budget covering its new next request. */
    void updatedNextReq(BfqQueue bfqq) {
        BfqRequest next = bfqq.nextRq;
        if (next == null || bfqq == bfqd.inServiceQueue) {
            return;
        }
        BfqEntity entity = bfqq.entity;
        long newBudget = Math.max(Math.max(bfqq.maxBudget, servToCharge(next.rq, bfqq)), entity.service);
        if (entity.budget != newBudget) {
            entity.budget = newBudget;
            if (bfqd.tracing()) {
                bfqd.log(bfqq, "updated next rq: new budget " + newBudget);
            }
            bfqd.wf2q.requeueBfqq(bfqq, false);
        }
    }

    /**
     * {@code bfq_bfqq_update_budg_for_activation}: a queue that expired while waiting for a request it received in
     * time keeps its remaining budget (and wants to preempt); else a fresh budget.
     */
    boolean updateBudgetForActivation(BfqQueue bfqq, boolean arrivedInTime) {
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

    /** {@code bfq_set_budget_timeout}: {@code timeout_sync}, times the raising coefficient of interactive queues. */
    void setBudgetTimeout(BfqQueue bfqq) {
        int timeoutCoeff = bfqq.wrCurMaxTime == bfqd.wrRtMaxTime ? 1 : bfqq.entity.weight / bfqq.entity.origWeight;
        bfqd.lastBudgetStart = bfqd.now();
        bfqq.budgetTimeout = bfqd.nowJiffies() + bfqd.timeout * timeoutCoeff;
    }

    /** {@code bfq_bfqq_budget_timeout}. */
    boolean budgetTimeout(BfqQueue bfqq) {
        return bfqq.budgetTimeout <= bfqd.nowJiffies();
    }

    /** {@code bfq_may_expire_for_budg_timeout}. */
    boolean mayExpireForBudgetTimeout(BfqQueue bfqq) {
        boolean timedOut = budgetTimeout(bfqq);
        boolean left = bfqq.budgetLeft() >= bfqq.entity.budget / 3;
        if (bfqd.tracing()) {
            bfqd.log(bfqq, "may_budget_timeout: wait_request " + (bfqq.waitRequest ? 1 : 0) + " left " + (left ? 1 : 0)
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
        long delta = (compensate ? bfqd.lastIdlingStart : bfqd.now()) - bfqd.lastBudgetStart;
        long deltaUs = delta / 1000;
        if (deltaUs < 1000) {
            slowDeltaMs = bfqd.nonrot ? Bfq.MIN_TT / Bfq.NSEC_PER_MSEC : Bfq.DEFAULT_SLICE_IDLE / Bfq.NSEC_PER_MSEC;
            return slow;
        }
        slowDeltaMs = deltaUs / 1000;
        if (deltaUs > 20000) {
            slow = bfqq.entity.service < bfqd.maxBudget / 2;
        }
        if (bfqd.tracing()) {
            bfqd.log(bfqq, "bfq_bfqq_is_slow: slow " + (slow ? 1 : 0));
        }
        return slow;
    }

    /**
     * {@code bfq_bfqq_expire} with {@code __bfq_bfqq_expire} and {@code __bfq_bfqd_reset_in_service}: charge a slow
     * queue for time, compute its next budget, take it off or put it back on its tree, and leave no queue in service.
     */
    void bfqqExpire(BfqQueue bfqq, boolean compensate, int reason) {
        BfqEntity entity = bfqq.entity;
        boolean slow = bfqqIsSlow(bfqq, compensate);
        long delta = slowDeltaMs;
        if (bfqq.wrCoeff == 1
                && (slow || (reason == Bfq.BUDGET_TIMEOUT && bfqq.budgetLeft() >= entity.budget / 3))) {
            bfqd.wf2q.chargeTime(bfqq, delta);
        }
        if (bfqd.lowLatency && bfqq.wrCoeff == 1) {
            bfqq.lastWrStartFinish = bfqd.nowJiffies();
        }
        if (bfqd.lowLatency && Bfq.WR_MAX_SOFTRT_RATE > 0 && bfqq.isEmpty()) {
            if (bfqq.dispatched == 0) {
                bfqq.softRtNextStart = bfqd.wr.softRtNextStart(bfqq);
            } else {
                bfqq.softRtUpdate = true;
            }
        }
        if (bfqd.tracing()) {
            bfqd.log(bfqq, "expire (" + reason + ", slow " + (slow ? 1 : 0) + ", num_disp " + bfqq.dispatched
                    + ", short_ttime " + (bfqq.hasShortTtime ? 1 : 0) + ")");
        }
        bfqd.rqsInjected = false;
        bfqd.waitDispatch = false;
        bfqd.waitedRq = null;
        recalcBudget(bfqq, reason);
        // __bfq_bfqq_expire: a shared queue that turned seeky is to be split at its processes' next requests
        if (bfqq.coop && bfqq.seeky()) {
            bfqq.splitCoop = true;
        }
        if (bfqq.isEmpty() && !(reason == Bfq.PREEMPTED && bfqd.idling.idlingNeededForServiceGuarantees(bfqq))) {
            if (bfqq.dispatched == 0) {
                bfqq.budgetTimeout = bfqd.nowJiffies();
            }
            bfqd.wf2q.delBfqqBusy(bfqq, true);
        } else {
            bfqd.wf2q.requeueBfqq(bfqq, true);
        }
        // __bfq_bfqd_reset_in_service
        bfqq.waitRequest = false;
        bfqd.idleSliceTimer.cancel();
        bfqd.inServiceQueue = null;
        bfqd.wf2q.resetInService(entity);
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
        long maxBudget = bfqd.maxBudget;
        long budget = bfqq.wrCoeff == 1 ? bfqq.maxBudget : 2 * minBudget;
        if (bfqd.tracing()) {
            bfqd.log(bfqq, "recalc_budg: last budg " + bfqq.entity.budget + ", budg left " + bfqq.budgetLeft());
            bfqd.log(bfqq, "recalc_budg: last max_budg " + budget + ", min budg " + minBudget);
            bfqd.log(bfqq, "recalc_budg: sync " + (bfqq.sync ? 1 : 0) + ", seeky "
                    + (bfqd.inServiceQueue != null && bfqd.inServiceQueue.seeky() ? 1 : 0));
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
        if (bfqd.budgetsAssigned >= Bfq.STATS_MIN_BUDGETS && bfqd.userMaxBudget == 0) {
            bfqq.maxBudget = Math.min(bfqq.maxBudget, maxBudget);
        }
        if (bfqq.nextRq != null) {
            bfqq.entity.budget = Math.max(bfqq.maxBudget, servToCharge(bfqq.nextRq.rq, bfqq));
        }
        if (bfqd.tracing()) {
            bfqd.log(bfqq, "head sect: " + (bfqq.nextRq != null ? bfqq.nextRq.rq.sectors() : 0) + ", new budget "
                    + bfqq.entity.budget);
        }
    }
}
