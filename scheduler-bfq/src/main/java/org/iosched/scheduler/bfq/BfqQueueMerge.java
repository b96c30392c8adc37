package org.iosched.scheduler.bfq;

import java.util.Map;
import java.util.TreeMap;

/**
 * Queue merging: stable merging of sync queues created together ({@code bfq_do_or_sched_stable_merge}, the delayed
 * merge in {@code bfq_setup_cooperator}), early queue merging (EQM) with the in-service queue or the queue whose next
 * request is close ({@code bfq_setup_cooperator}, the position tree of {@code bfq_pos_tree_add_move}), the merge
 * itself ({@code bfq_merge_bfqqs}, with the state each process saves) and the split of a shared queue that turned
 * seeky ({@code bfq_split_bfqq}, {@code bfq_bfqq_resume_state}).
 */
final class BfqQueueMerge {
    private final BfqData bfqd;

    BfqQueueMerge(BfqData bfqd) {
        this.bfqd = bfqd;
    }

    /**
     * {@code bfq_do_or_sched_stable_merge}: a sync queue created within {@code bfq_burst_interval} of the group's
     * last one, with the same priority, is merged into it at once on a queueing SSD, else a merge is scheduled for
     * when it has shown its I/O (600 ms); otherwise (none, created more than 600 ms later, or another priority) it
     * becomes the group's last created queue.
     */
    BfqQueue doOrSchedStableMerge(BfqQueue bfqq, BfqIoContext bic) {
        BfqGroup group = bfqq.group;
        BfqQueue last = group.lastQueueCreated;
        if (last == null
                || last.creationTime + bfqd.jiffies.fromMillis(Bfq.ACTIVATION_STABLE_MERGING_MS) < bfqq.creationTime
                || bfqq.entity.parent != last.entity.parent || bfqq.ioprio != last.ioprio
                || bfqq.ioprioClass != last.ioprioClass) {
            group.lastQueueCreated = bfqq;
        } else if (last.creationTime + bfqd.burstInterval >= bfqq.creationTime) {
            if (bfqd.nonrotWithQueueing) {
                BfqQueue newq = setupMerge(bfqq, last);
                if (newq != null) {
                    if (newq.ioContext != null) {
                        newq.ioContext.stablyMerged = true;
                    }
                    bic.stablyMerged = true;
                    mergeBfqqs(bic, bfqq, newq);
                    return newq;
                }
            } else {
                bic.stableMergeQueue = last;
            }
        }
        return bfqq;
    }

    /** {@code bfq_setup_merge}: schedule the merge of {@code bfqq} into the end of {@code newq}'s merge chain. */
    private BfqQueue setupMerge(BfqQueue bfqq, BfqQueue newq) {
        if (!newq.hasProcessRefs()) {
            return null;
        }
        while (newq.newQueue != null) {
            if (newq.newQueue == bfqq) {
                return null;
            }
            newq = newq.newQueue;
        }
        if (!bfqq.hasProcessRefs() || !newq.hasProcessRefs() || newq.entity.parent != bfqq.entity.parent) {
            return null;
        }
        if (bfqd.tracing()) {
            bfqd.log(bfqq, "scheduling merge with queue " + newq.pid);
        }
        bfqq.newQueue = newq;
        newq.procRefs += bfqq.procRefs;
        return newq;
    }

    /** {@code bfq_too_late_for_merging}: served, and more than 100 ms since its first I/O. */
    private boolean tooLateForMerging(BfqQueue bfqq) {
        return bfqq.serviceFromBacklogged > 0
                && bfqq.firstIoTime + bfqd.jiffies.fromMillis(Bfq.MERGE_TIME_LIMIT_MS) < bfqd.nowJiffies();
    }

    /** {@code bfq_may_be_close_cooperator}. */
    private boolean mayBeCloseCooperator(BfqQueue bfqq, BfqQueue newq) {
        return !tooLateForMerging(newq) && !bfqq.classIdle() && !newq.classIdle()
                && bfqq.ioprioClass == newq.ioprioClass && !bfqq.seeky() && !newq.seeky() && bfqq.sync && newq.sync;
    }

    /**
     * {@code bfq_setup_cooperator}: a scheduled merge; else, on a device that is not a queueing SSD, a due delayed
     * stable merge, or an early merge (EQM) with the in-service queue or the queue whose next request is close to
     * {@code sector} (within 8192 sectors), for a queue created less than 100 ms of service ago.
     */
    BfqQueue setupCooperator(BfqQueue bfqq, long sector, BfqIoContext bic) {
        if (bfqq.newQueue != null) {
            return bfqq.newQueue;
        }
        long nowJ = bfqd.nowJiffies();
        long late = bfqd.jiffies.fromMillis(Bfq.LATE_STABLE_MERGING_MS);
        // simplified: only a sync queue takes its process's delayed stable merge (6.12's check; 6.6 may also take
        // it for the process's async queue)
        if (!bfqd.nonrotWithQueueing && bic != null && bfqq.sync && bic.stableMergeQueue != null && !bfqq.justCreated
                && bfqq.splitTime + late < nowJ && bfqq.creationTime + late < nowJ) {
            BfqQueue stable = bic.stableMergeQueue;
            boolean procRef = bfqq.hasProcessRefs() && stable.hasProcessRefs();
            bic.stableMergeQueue = null;
            if (!bfqd.idling.idlingBoostsThrWithoutIssues(bfqq) && procRef) {
                BfqQueue newq = setupMerge(bfqq, stable);
                if (newq != null) {
                    bic.stablyMerged = true;
                    if (newq.ioContext != null) {
                        newq.ioContext.stablyMerged = true;
                    }
                }
                return newq;
            }
            return null;
        }
        if (bfqd.nonrotWithQueueing || tooLateForMerging(bfqq) || bfqd.totBusyQueues() == 1) {
            return null;
        }
        BfqQueue inService = bfqd.inServiceQueue;
        if (inService != null && inService != bfqq && Math.abs(sector - bfqd.inServLastPos) <= Bfq.CLOSE_THR
                && bfqq.entity.parent == inService.entity.parent && mayBeCloseCooperator(bfqq, inService)) {
            BfqQueue newq = setupMerge(bfqq, inService);
            if (newq != null) {
                return newq;
            }
        }
        BfqQueue close = findCloseCooperator(bfqq, sector);
        if (close != null && mayBeCloseCooperator(bfqq, close)) {
            return setupMerge(bfqq, close);
        }
        return null;
    }

    /**
     * {@code bfqq_find_close} / {@code bfq_find_close_cooperator}: the queue of the group's position tree whose next
     * request starts at {@code sector}, else the nearest one within 8192 sectors (simplified: the nearer of the two
     * neighbours, where the kernel tries the red-black tree parent of the missing key first); never {@code cur}.
     */
    private static BfqQueue findCloseCooperator(BfqQueue cur, long sector) {
        TreeMap<Long, BfqQueue> tree = cur.group.posTree;
        if (tree.isEmpty()) {
            return null;
        }
        BfqQueue found = tree.get(sector);
        if (found == null) {
            Map.Entry<Long, BfqQueue> lo = tree.lowerEntry(sector);
            Map.Entry<Long, BfqQueue> hi = tree.higherEntry(sector);
            long dLo = lo == null ? Long.MAX_VALUE : sector - lo.getKey();
            long dHi = hi == null ? Long.MAX_VALUE : hi.getKey() - sector;
            if (Math.min(dLo, dHi) <= Bfq.CLOSE_THR) {
                found = dLo <= dHi ? lo.getValue() : hi.getValue();
            }
        }
        return found == cur ? null : found;
    }

    /** {@code bfq_pos_tree_add_move}: (re)file the queue under its next request's sector, if it may still merge. */
    void posTreeAddMove(BfqQueue bfqq) {
        posTreeRemove(bfqq);
        if (tooLateForMerging(bfqq) || bfqq.classIdle() || bfqq.nextRq == null) {
            return;
        }
        long key = bfqq.nextRq.rq.sector();
        if (bfqq.group.posTree.putIfAbsent(key, bfqq) == null) {
            bfqq.inPosTree = true;
            bfqq.posKey = key;
        }
    }

    /** The {@code rb_erase} of the queue from its group's position tree ({@code bfqq->pos_root}). */
    static void posTreeRemove(BfqQueue bfqq) {
        if (bfqq.inPosTree) {
            bfqq.group.posTree.remove(bfqq.posKey);
            bfqq.inPosTree = false;
        }
    }

    /** {@code bfq_bfqq_save_state}: into the queue's owning io context, if it has one. */
    private void saveState(BfqQueue bfqq) {
        BfqIoContext bic = bfqq.ioContext;
        if (bic == null) {
            return;
        }
        bic.savedLastServTimeNs = bfqq.lastServiceTimeNs;
        bic.savedInjectLimit = bfqq.injectLimit;
        bic.savedDecreaseTimeJif = bfqq.decreaseTimeJiffies;
        bic.savedWeight = bfqq.entity.origWeight;
        bic.savedTtimeLastEndRequest = bfqq.ttimeLastEndRequest;
        bic.savedTtimeTotal = bfqq.ttimeTotal;
        bic.savedTtimeSamples = bfqq.ttimeSamples;
        bic.savedTtimeMean = bfqq.ttimeMean;
        bic.savedHasShortTtime = bfqq.hasShortTtime;
        bic.savedIoBound = bfqq.ioBound;
        bic.savedIoStartTime = bfqq.ioStartTime;
        bic.savedTotIdleTime = bfqq.totIdleTime;
        bic.savedInLargeBurst = bfqq.inLargeBurst;
        bic.wasInBurstList = bfqq.inBurstList;
        if (bfqq.justCreated && !bfqq.inLargeBurst && bfqd.lowLatency) {
            // merged right after creation: keep the interactive raising it would have had
            bic.savedWrCoeff = Bfq.WR_COEFF;
            bic.savedWrStartAtSwitchToSrt = BfqData.MINUS_INFINITY;
            bic.savedWrCurMaxTime = bfqd.wr.wrDuration();
            bic.savedLastWrStartFinish = bfqd.nowJiffies();
        } else {
            bic.savedWrCoeff = bfqq.wrCoeff;
            bic.savedWrStartAtSwitchToSrt = bfqq.wrStartAtSwitchToSrt;
            bic.savedServiceFromWr = bfqq.serviceFromWr;
            bic.savedLastWrStartFinish = bfqq.lastWrStartFinish;
            bic.savedWrCurMaxTime = bfqq.wrCurMaxTime;
        }
    }

    /** {@code bfq_bfqq_resume_state}: a queue split off a shared one takes its process's saved state back. */
    void resumeState(BfqQueue bfqq, BfqIoContext bic, boolean alreadyExisting) {
        boolean busy = alreadyExisting && bfqq.busy;
        int oldWrCoeff = 1;
        bfqq.hasShortTtime = bic.savedHasShortTtime;
        bfqq.ioBound = bic.savedIoBound;
        bfqq.lastServiceTimeNs = bic.savedLastServTimeNs;
        bfqq.injectLimit = bic.savedInjectLimit;
        bfqq.decreaseTimeJiffies = bic.savedDecreaseTimeJif;
        bfqq.entity.newWeight = bic.savedWeight;
        bfqq.ttimeLastEndRequest = bic.savedTtimeLastEndRequest;
        bfqq.ttimeTotal = bic.savedTtimeTotal;
        bfqq.ttimeSamples = bic.savedTtimeSamples;
        bfqq.ttimeMean = bic.savedTtimeMean;
        bfqq.ioStartTime = bic.savedIoStartTime;
        bfqq.totIdleTime = bic.savedTotIdleTime;
        if (bfqd.lowLatency) {
            oldWrCoeff = bfqq.wrCoeff;
            bfqq.wrCoeff = bic.savedWrCoeff;
        }
        bfqq.serviceFromWr = bic.savedServiceFromWr;
        bfqq.wrStartAtSwitchToSrt = bic.savedWrStartAtSwitchToSrt;
        bfqq.lastWrStartFinish = bic.savedLastWrStartFinish;
        bfqq.wrCurMaxTime = bic.savedWrCurMaxTime;
        if (bfqq.wrCoeff > 1
                && (bfqq.inLargeBurst || bfqq.lastWrStartFinish + bfqq.wrCurMaxTime < bfqd.nowJiffies())) {
            if (bfqd.tracing()) {
                bfqd.log(bfqq, "resume state: switching off wr");
            }
            bfqq.wrCoeff = 1;
        }
        bfqq.entity.prioChanged = true;
        if (!busy) {
            return;
        }
        if (oldWrCoeff == 1 && bfqq.wrCoeff > 1) {
            bfqd.wrBusyQueues++;
        } else if (oldWrCoeff > 1 && bfqq.wrCoeff == 1) {
            bfqd.wrBusyQueues--;
        }
    }

    /**
     * {@code bfq_merge_bfqqs}: the process of {@code bic} moves from {@code bfqq} to {@code newq}, which takes the
     * I/O-bound flag, the waker and the weight raising of {@code bfqq} and becomes a shared (coop) queue.
     */
    void mergeBfqqs(BfqIoContext bic, BfqQueue bfqq, BfqQueue newq) {
        if (bfqd.tracing()) {
            // the kernel prints the pid as an unsigned long: a shared queue's -1 shows as 2^64 - 1
            bfqd.log(bfqq, "merging with queue " + Long.toUnsignedString(newq.pid));
        }
        saveState(bfqq);
        saveState(newq);
        if (bfqq.ioBound) {
            newq.ioBound = true;
        }
        bfqq.ioBound = false;
        if (bfqq.wakerQueue != null && newq.wakerQueue == null && bfqq.wakerQueue != newq) {
            newq.setWaker(bfqq.wakerQueue);
        }
        if (newq.wrCoeff == 1 && bfqq.wrCoeff > 1) {
            newq.wrCoeff = bfqq.wrCoeff;
            newq.wrCurMaxTime = bfqq.wrCurMaxTime;
            newq.lastWrStartFinish = bfqq.lastWrStartFinish;
            newq.wrStartAtSwitchToSrt = bfqq.wrStartAtSwitchToSrt;
            if (newq.busy) {
                bfqd.wrBusyQueues++;
            }
            newq.entity.prioChanged = true;
        }
        if (bfqq.wrCoeff > 1) {
            bfqq.wrCoeff = 1;
            bfqq.entity.prioChanged = true;
            if (bfqq.busy) {
                bfqd.wrBusyQueues--;
            }
        }
        if (bfqd.tracing()) {
            bfqd.log(newq, "merge_bfqqs: wr_busy " + bfqd.wrBusyQueues);
        }
        bic.syncQueue = newq;
        newq.coop = true;
        newq.ioContext = null;
        newq.pid = -1;
        bfqq.ioContext = null;
        reassignLastBfqq(bfqq, newq);
        bfqd.queues.releaseProcessRef(bfqq);
    }

    /** {@code bfq_reassign_last_bfqq}. */
    static void reassignLastBfqq(BfqQueue cur, BfqQueue newq) {
        if (cur.group.lastQueueCreated == cur) {
            cur.group.lastQueueCreated = newq;
        }
    }

    /**
     * {@code bfq_split_bfqq}: a process leaves a shared queue that turned seeky; the last one keeps it (no longer
     * shared), the others get a new queue (null returned).
     */
    BfqQueue splitBfqq(BfqIoContext bic, BfqQueue bfqq) {
        if (bfqd.tracing()) {
            bfqd.log(bfqq, "splitting queue");
        }
        if (bfqq.procRefs == 1) {
            bfqq.pid = bic.task.pid();
            bfqq.coop = false;
            bfqq.splitCoop = false;
            return bfqq;
        }
        bic.syncQueue = null;
        bfqd.queues.putCooperator(bfqq);
        bfqd.queues.releaseProcessRef(bfqq);
        return null;
    }
}
