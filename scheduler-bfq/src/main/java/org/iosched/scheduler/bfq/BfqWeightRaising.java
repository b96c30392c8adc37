package org.iosched.scheduler.bfq;

/**
 * Weight raising ({@code low_latency}) and bursts: a queue turning busy ({@code bfq_bfqq_handle_idle_busy_switch},
 * which may also preempt the in-service queue) is raised as interactive or soft real-time
 * ({@code bfq_update_bfqq_wr_on_rq_arrival}), for {@code bfq_wr_duration} or 300 ms, the raising ended or switched
 * at dispatch ({@code bfq_update_wr_data}, {@code bfq_bfqq_end_wr}) and the soft real-time deadline computed at
 * expiry ({@code bfq_bfqq_softrt_next_start}); queues created in a large burst are not raised
 * ({@code bfq_handle_burst}, {@code bfq_reset_burst_list}, {@code bfq_add_to_burst}).
 */
final class BfqWeightRaising {
    private final BfqData bfqd;

    BfqWeightRaising(BfqData bfqd) {
        this.bfqd = bfqd;
    }

    /** {@code bfq_wr_duration}: {@code rate_dur_prod / peak_rate} jiffies, clamped to 3..25 s. */
    long wrDuration() {
        long duration = bfqd.rateDurProd / bfqd.peakRate;
        return Math.max(bfqd.jiffies.fromMillis(3000), Math.min(bfqd.jiffies.fromMillis(25000), duration));
    }

    /** {@code switch_back_to_interactive_wr}. */
    void switchBackToInteractiveWr(BfqQueue bfqq) {
        bfqq.wrCoeff = Bfq.WR_COEFF;
        bfqq.wrCurMaxTime = wrDuration();
        bfqq.lastWrStartFinish = bfqq.wrStartAtSwitchToSrt;
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
                bfqq.wrStartAtSwitchToSrt = BfqData.MINUS_INFINITY;
                bfqq.wrCoeff = Bfq.WR_COEFF * Bfq.SOFTRT_WEIGHT_FACTOR;
                bfqq.wrCurMaxTime = bfqd.wrRtMaxTime;
            }
            bfqq.entity.budget = Math.min(bfqq.entity.budget, 2 * bfqd.budgets.minBudget());
        } else if (oldWrCoeff > 1) {
            if (interactive) {
                bfqq.wrCoeff = Bfq.WR_COEFF;
                bfqq.wrCurMaxTime = wrDuration();
            } else if (inBurst) {
                bfqq.wrCoeff = 1;
            } else if (softRt) {
                if (bfqq.wrCurMaxTime != bfqd.wrRtMaxTime) {
                    bfqq.wrStartAtSwitchToSrt = bfqq.lastWrStartFinish;
                    bfqq.wrCurMaxTime = bfqd.wrRtMaxTime;
                    bfqq.wrCoeff = Bfq.WR_COEFF * Bfq.SOFTRT_WEIGHT_FACTOR;
                }
                bfqq.lastWrStartFinish = bfqd.nowJiffies();
            }
        }
    }

    /**
     * {@code bfq_bfqq_handle_idle_busy_switch}: the queue's budget, raising and burst state as it turns busy; it
     * joins the busy queues and may preempt the in-service queue. Returns {@code interactive}.
     */
    boolean handleIdleBusySwitch(BfqQueue bfqq, int oldWrCoeff, BfqIoContext rqContext) {
        long nowJ = bfqd.nowJiffies();
        boolean idleForLongTime = bfqq.dispatched == 0 && bfqq.budgetTimeout + bfqd.wrMinIdleTime < nowJ;
        boolean arrivedInTime = bfqd.now() <= bfqq.ttimeLastEndRequest + bfqd.sliceIdle * 3;
        boolean inBurst = bfqq.inLargeBurst;
        boolean softRt = Bfq.WR_MAX_SOFTRT_RATE > 0 && !bfqq.totallySeeky() && !inBurst
                && bfqq.softRtNextStart < nowJ && bfqq.dispatched == 0 && bfqq.entity.newWeight == 40;
        boolean interactive = !inBurst && idleForLongTime && bfqq.entity.newWeight == 40;
        boolean wrOrDeservesWr = bfqd.lowLatency && (bfqq.wrCoeff > 1
                || (bfqq.sync && (bfqq.ioContext != null || (rqContext != null && rqContext.stablyMerged))
                        && (interactive || softRt)));
        boolean wantsToPreempt = bfqd.budgets.updateBudgetForActivation(bfqq, arrivedInTime);
        if (!bfqq.justCreated && idleForLongTime && bfqq.budgetTimeout + bfqd.jiffies.fromMillis(10000) < nowJ) {
            if (bfqq.inBurstList) {
                bfqd.burstList.remove(bfqq);
                bfqq.inBurstList = false;
            }
            bfqq.inLargeBurst = false;
        }
        bfqq.justCreated = false;
        if (bfqd.lowLatency) {
            if (bfqq.splitTime > nowJ) {
                bfqq.splitTime = nowJ - bfqd.wrMinIdleTime - 1;
            }
            if (bfqq.splitTime + bfqd.wrMinIdleTime < nowJ) {
                updateWrOnRqArrival(bfqq, oldWrCoeff, wrOrDeservesWr, interactive, inBurst, softRt);
                if (oldWrCoeff != bfqq.wrCoeff) {
                    bfqq.entity.prioChanged = true;
                }
            }
        }
        bfqq.lastIdleBacklogged = nowJ;
        bfqq.serviceFromBacklogged = 0;
        bfqq.softRtUpdate = false;
        bfqd.wf2q.addBfqqBusy(bfqq);
        BfqQueue inService = bfqd.inServiceQueue;
        if (inService != null
                && ((wantsToPreempt && bfqq.wrCoeff >= inService.wrCoeff)
                        || higherClassOrWeight(bfqq, inService) || !bfqd.idling.betterToIdle(inService))
                && bfqd.wf2q.nextQueueMayPreempt()) {
            bfqd.budgets.bfqqExpire(inService, false, Bfq.PREEMPTED);
        }
        return interactive;
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

    /** {@code bfq_update_wr_data}: end or switch raising at dispatch from the in-service queue. */
    void updateWrData(BfqQueue bfqq) {
        BfqEntity entity = bfqq.entity;
        if (bfqq.wrCoeff > 1) {
            long nowJ = bfqd.nowJiffies();
            if (bfqd.tracing()) {
                bfqd.log(bfqq, "raising period dur " + bfqd.jiffies.toMillis(nowJ - bfqq.lastWrStartFinish) + "/"
                        + bfqd.jiffies.toMillis(bfqq.wrCurMaxTime) + " msec, old coeff " + bfqq.wrCoeff + ", w "
                        + entity.weight + "(" + entity.origWeight + ")");
            }
            if (bfqq.inLargeBurst) {
                endWr(bfqq);
            } else if (bfqq.lastWrStartFinish + bfqq.wrCurMaxTime < nowJ) {
                if (bfqq.wrCurMaxTime != bfqd.wrRtMaxTime || bfqq.wrStartAtSwitchToSrt + wrDuration() < nowJ) {
                    endWr(bfqq);
                } else {
                    switchBackToInteractiveWr(bfqq);
                    entity.prioChanged = true;
                }
            }
            if (bfqq.wrCoeff > 1 && bfqq.wrCurMaxTime != bfqd.wrRtMaxTime
                    && bfqq.serviceFromWr > Bfq.MAX_SERVICE_FROM_WR) {
                endWr(bfqq);
            }
        }
        if ((entity.weight > entity.origWeight) != (bfqq.wrCoeff > 1)) {
            bfqd.wf2q.updateWeightPrio(entity.serviceTree(), entity, false);
        }
    }

    /** {@code bfq_bfqq_end_wr}. */
    void endWr(BfqQueue bfqq) {
        long nowJ = bfqd.nowJiffies();
        if (bfqq.wrCurMaxTime != bfqd.wrRtMaxTime) {
            bfqq.softRtNextStart = nowJ;
        }
        if (bfqq.busy) {
            bfqd.wrBusyQueues--;
        }
        bfqq.wrCoeff = 1;
        bfqq.wrCurMaxTime = 0;
        bfqq.lastWrStartFinish = nowJ;
        bfqq.entity.prioChanged = true;
    }

    /** {@code bfq_bfqq_softrt_next_start}: the earliest time the queue may be raised as soft real-time again. */
    long softRtNextStart(BfqQueue bfqq) {
        long nowJ = bfqd.nowJiffies();
        return Math.max(bfqq.softRtNextStart, Math.max(
                bfqq.lastIdleBacklogged
                        + (long) bfqd.jiffies.hz() * bfqq.serviceFromBacklogged / Bfq.WR_MAX_SOFTRT_RATE,
                nowJ + bfqd.jiffies.fromNanos(bfqd.sliceIdle) + 4));
    }

    // ---------------------------------------------------------------- bursts

    /** {@code bfq_handle_burst}: a sync queue just created joins the current burst or starts a new one. */
    void handleBurst(BfqQueue bfqq) {
        long nowJ = bfqd.nowJiffies();
        if (bfqq.inBurstList || bfqq.inLargeBurst || bfqq.splitTime + bfqd.jiffies.fromMillis(10) >= nowJ) {
            return;
        }
        if (bfqd.lastInsInBurst + bfqd.burstInterval < nowJ || bfqq.entity.parent != bfqd.burstParentEntity) {
            bfqd.largeBurst = false;
            resetBurstList(bfqq);
        } else if (bfqd.largeBurst) {
            bfqq.inLargeBurst = true;
        } else {
            addToBurst(bfqq);
        }
        bfqd.lastInsInBurst = nowJ;
    }

    /** {@code bfq_reset_burst_list}. */
    private void resetBurstList(BfqQueue bfqq) {
        for (int i = 0; i < bfqd.burstList.size(); i++) {
            bfqd.burstList.get(i).inBurstList = false;
        }
        bfqd.burstList.clear();
        if (bfqd.totBusyQueues() == 0) {
            bfqd.burstList.add(bfqq);
            bfqq.inBurstList = true;
            bfqd.burstSize = 1;
        } else {
            bfqd.burstSize = 0;
        }
        bfqd.burstParentEntity = bfqq.entity.parent;
    }

    /** {@code bfq_add_to_burst}: the eighth queue of a burst makes it large, and every queue in it. */
    private void addToBurst(BfqQueue bfqq) {
        bfqd.burstSize++;
        if (bfqd.burstSize == Bfq.LARGE_BURST_THRESH) {
            bfqd.largeBurst = true;
            for (int i = 0; i < bfqd.burstList.size(); i++) {
                bfqd.burstList.get(i).inLargeBurst = true;
                bfqd.burstList.get(i).inBurstList = false;
            }
            bfqq.inLargeBurst = true;
            bfqd.burstList.clear();
        } else {
            bfqd.burstList.add(bfqq);
            bfqq.inBurstList = true;
        }
    }
}
