package org.iosched.scheduler.bfq;

import org.iosched.api.Request;

/**
 * Idling: the per-queue statistics it rests on (think time {@code bfq_update_io_thinktime}, short think time
 * {@code bfq_update_has_short_ttime}, seekiness {@code bfq_update_io_seektime}, I/O-boundness
 * {@code bfq_update_io_intensity}), the symmetry of the scenario ({@code bfq_asymmetric_scenario} over the weights
 * tree), the decision to keep an empty in-service queue ({@code bfq_better_to_idle} from
 * {@code idling_boosts_thr_without_issues} and {@code idling_needed_for_service_guarantees}), and the idle timer
 * ({@code bfq_arm_slice_timer}, {@code bfq_idle_slice_timer}).
 */
final class BfqIdling implements Wf2q.WeightListener {
    private final BfqData bfqd;

    BfqIdling(BfqData bfqd) {
        this.bfqd = bfqd;
    }

    // ---------------------------------------------------------------- per-queue statistics

    /** {@code bfq_update_io_thinktime}: decaying average of the gap since the queue's last completion. */
    void updateIoThinktime(BfqQueue bfqq) {
        if (bfqq.dispatched > 0 || bfqq.busy) {
            return;
        }
        long elapsed = Math.min(bfqd.now() - bfqq.ttimeLastEndRequest, 2 * bfqd.sliceIdle);
        bfqq.ttimeSamples = (7 * bfqq.ttimeSamples + 256) / 8;
        bfqq.ttimeTotal = (7 * bfqq.ttimeTotal + 256 * elapsed) / 8;
        bfqq.ttimeMean = (bfqq.ttimeTotal + 128) / bfqq.ttimeSamples;
    }

    /** {@code bfq_update_has_short_ttime}. */
    void updateHasShortTtime(BfqQueue bfqq, BfqIoContext bic) {
        long sliceIdle = bfqd.sliceIdle;
        if (!bfqq.sync || bfqq.classIdle() || sliceIdle == 0) {
            return;
        }
        long nowJ = bfqd.nowJiffies();
        if (bfqq.splitTime + bfqd.wrMinIdleTime >= nowJ) {
            return;
        }
        boolean hasShortTtime = true;
        if (bic.exited || (bfqq.ttimeSamples > 80 && bfqq.ttimeMean > sliceIdle >> 1)) {
            hasShortTtime = false;
        }
        boolean stateChanged = hasShortTtime != bfqq.hasShortTtime;
        bfqq.hasShortTtime = hasShortTtime;
        if (stateChanged && bfqq.lastServiceTimeNs == 0
                && (bfqq.decreaseTimeJiffies + bfqd.jiffies.fromMillis(100) <= nowJ || !hasShortTtime)) {
            bfqd.injection.resetInjectLimit(bfqq);
        }
    }

    /** {@code BFQ_RQ_SEEKY} with {@code get_sdist}. */
    boolean rqSeeky(long lastPos, Request rq) {
        long distance = lastPos != 0 ? Math.abs(rq.sector() - lastPos) : 0;
        return distance > Bfq.SEEK_THR && (!bfqd.nonrot || rq.sectors() < Bfq.SECT_THR_NONROT);
    }

    /** {@code bfq_update_io_seektime}: a soft real-time queue turned totally seeky falls back to interactive. */
    void updateIoSeektime(BfqQueue bfqq, Request rq) {
        bfqq.seekHistory = (bfqq.seekHistory << 1) | (rqSeeky(bfqq.lastRequestPos, rq) ? 1 : 0);
        if (bfqq.wrCoeff > 1 && bfqq.wrCurMaxTime == bfqd.wrRtMaxTime && bfqq.totallySeeky()) {
            if (bfqq.wrStartAtSwitchToSrt + bfqd.wr.wrDuration() < bfqd.nowJiffies()) {
                bfqd.wr.endWr(bfqq);
            } else {
                bfqd.wr.switchBackToInteractiveWr(bfqq);
                bfqq.entity.prioChanged = true;
            }
        }
    }

    /** {@code bfq_update_io_intensity}: I/O-bound unless idle more than a fifth of the last ~200 ms. */
    void updateIoIntensity(BfqQueue bfqq, long nowNs) {
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

    // ---------------------------------------------------------------- symmetry

    /** {@code bfq_weights_tree_add}. */
    void weightsTreeAdd(BfqQueue bfqq) {
        if (bfqq.countedWeight != 0) {
            return;
        }
        int weight = Math.min(Bfq.MAX_WEIGHT, bfqq.entity.weight);
        if (bfqd.weightCounts[weight]++ == 0) {
            bfqd.distinctWeights++;
        }
        bfqq.countedWeight = weight;
    }

    /** {@code bfq_weights_tree_remove}. */
    void weightsTreeRemove(BfqQueue bfqq) {
        int weight = bfqq.countedWeight;
        if (weight == 0) {
            return;
        }
        if (--bfqd.weightCounts[weight] == 0) {
            bfqd.distinctWeights--;
        }
        bfqq.countedWeight = 0;
    }

    /** {@code __bfq_entity_update_weight_prio}'s {@code bfq_weights_tree_remove} / {@code _add}. */
    @Override
    public void queueWeightChanged(BfqQueue queue, int oldWeight) {
        weightsTreeRemove(queue);
        if (queue.wrCoeff == 1) {
            weightsTreeAdd(queue);
        }
    }

    /** {@code bfq_asymmetric_scenario}. */
    boolean asymmetricScenario(BfqQueue bfqq) {
        boolean smallestWeight = false;
        int[] weightCounts = bfqd.weightCounts;
        if (bfqq != null && bfqq.countedWeight != 0) {
            int smallest = 1;
            while (smallest <= Bfq.MAX_WEIGHT && weightCounts[smallest] == 0) {
                smallest++;
            }
            smallestWeight = bfqq.countedWeight == smallest;
        }
        boolean variedQueueWeights = !smallestWeight && bfqd.distinctWeights >= 2;
        int[] busyQueues = bfqd.busyQueues;
        boolean multipleClassesBusy = (busyQueues[0] > 0 && busyQueues[1] > 0)
                || (busyQueues[0] > 0 && busyQueues[2] > 0) || (busyQueues[1] > 0 && busyQueues[2] > 0);
        return variedQueueWeights || multipleClassesBusy || bfqd.numGroupsWithPendingReqs > 1;
    }

    // ---------------------------------------------------------------- the idling decision

    /** {@code idling_boosts_thr_without_issues}. */
    boolean idlingBoostsThrWithoutIssues(BfqQueue bfqq) {
        boolean nonrot = bfqd.nonrot;
        boolean rotWithoutQueueing = !nonrot && bfqd.hwTag == 0;
        if (!bfqq.hasProcessRefs()) {
            return false;
        }
        boolean sequentialAndIoBound = !bfqq.seeky() && bfqq.ioBound && bfqq.hasShortTtime;
        boolean boosts = rotWithoutQueueing || ((!nonrot || bfqd.hwTag == 0) && sequentialAndIoBound);
        return boosts && bfqd.wrBusyQueues == 0;
    }

    /** {@code idling_needed_for_service_guarantees}. */
    boolean idlingNeededForServiceGuarantees(BfqQueue bfqq) {
        int totBusy = bfqd.totBusyQueues();
        if (!bfqq.hasProcessRefs()) {
            return false;
        }
        return (bfqq.wrCoeff > 1 && (bfqd.wrBusyQueues < totBusy || bfqd.totRqInDriver >= bfqq.dispatched + 4))
                || asymmetricScenario(bfqq) || totBusy == 1;
    }

    /** {@code bfq_better_to_idle}. */
    boolean betterToIdle(BfqQueue bfqq) {
        if (!bfqq.hasProcessRefs()) {
            return false;
        }
        if (bfqd.strictGuarantees) {
            return true;
        }
        if (bfqd.sliceIdle == 0 || !bfqq.sync || bfqq.classIdle()) {
            return false;
        }
        return idlingBoostsThrWithoutIssues(bfqq) || idlingNeededForServiceGuarantees(bfqq);
    }

    /** {@code bfq_bfqq_must_idle}. */
    boolean mustIdle(BfqQueue bfqq) {
        return bfqq.isEmpty() && betterToIdle(bfqq);
    }

    // ---------------------------------------------------------------- the idle timer

    /** {@code bfq_arm_slice_timer}: 2 ms for a seeky queue in a symmetric scenario, at least 20 ms if raised. */
    void armSliceTimer() {
        BfqQueue bfqq = bfqd.inServiceQueue;
        bfqq.waitRequest = true;
        long sl = bfqd.sliceIdle;
        if (bfqq.seeky() && bfqq.wrCoeff == 1 && !asymmetricScenario(bfqq)) {
            sl = Math.min(sl, Bfq.MIN_TT);
        } else if (bfqq.wrCoeff > 1) {
            sl = Math.max(sl, 20 * Bfq.NSEC_PER_MSEC);
        }
        bfqd.lastIdlingStart = bfqd.now();
        bfqd.lastIdlingStartJiffies = bfqd.nowJiffies();
        bfqd.idleSliceTimer.arm(bfqd.now() + sl);
    }

    /** {@code bfq_idle_slice_timer} and {@code bfq_idle_slice_timer_body}. */
    void idleSliceTimer() {
        BfqQueue bfqq = bfqd.inServiceQueue;
        if (bfqq == null) {
            return;
        }
        bfqq.waitRequest = false;
        int reason;
        if (bfqd.budgets.budgetTimeout(bfqq)) {
            reason = Bfq.BUDGET_TIMEOUT;
        } else if (bfqq.queued[0] == 0 && bfqq.queued[1] == 0) {
            reason = Bfq.TOO_IDLE;
        } else {
            bfqd.scheduleDispatch();
            return;
        }
        bfqd.budgets.bfqqExpire(bfqq, true, reason);
        bfqd.scheduleDispatch();
    }
}
