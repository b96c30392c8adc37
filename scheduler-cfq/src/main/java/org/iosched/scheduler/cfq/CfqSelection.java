package org.iosched.scheduler.cfq;

/**
 * Which queue is served: the group choice ({@code cfq_choose_cfqg}), the class and workload choice with the
 * workload slice ({@code choose_service_tree}, {@code cfq_choose_wl}), {@code cfq_select_queue} with its
 * keep/idle/expire decisions, activation ({@code __cfq_set_active_queue}) and expiry
 * ({@code __cfq_slice_expired}).
 */
final class CfqSelection {
    private static final WorkloadType[] TYPES = WorkloadType.values();
    private static final WorkloadPrio[] FORCED_ORDER = {WorkloadPrio.BE, WorkloadPrio.RT};

    private final CfqData cfqd;

    CfqSelection(CfqData cfqd) {
        this.cfqd = cfqd;
    }

    /** {@code cfq_get_next_cfqg}: the leftmost group; min_vdisktime follows it. */
    CfqGroup nextCfqg() {
        GroupServiceTree st = cfqd.grpServiceTree;
        CfqGroup cfqg = st.first();
        if (cfqg != null) {
            st.updateMinVdisktime();
        }
        return cfqg;
    }

    /** {@code cfq_choose_cfqg}: serve the leftmost group, restoring its saved workload if it has one. */
    void chooseCfqg() {
        CfqGroup cfqg = nextCfqg();
        cfqd.servingGroup = cfqg;
        if (cfqg == null) {
            return;
        }
        long now = cfqd.now();
        if (cfqg.savedWorkloadSlice != 0) {
            cfqd.workloadExpires = now + cfqg.savedWorkloadSlice;
            cfqd.servingType = cfqg.savedWorkload;
            cfqd.servingPrio = cfqg.savedServingPrio;
        } else {
            cfqd.workloadExpires = now - 1;
        }
        chooseServiceTree(cfqg);
    }

    /**
     * {@code choose_service_tree}: class RT, else BE, else IDLE; keep the current workload type while its tree
     * has queues and its slice lasts; otherwise choose a type and give it a slice of the group's slice in
     * proportion to its queues (async scaled by slice_async/slice_sync, sync at least 2 * slice_idle).
     */
    void chooseServiceTree(CfqGroup cfqg) {
        long now = cfqd.now();
        WorkloadPrio originalPrio = cfqd.servingPrio;
        if (cfqg.busyQueues(WorkloadPrio.RT) > 0) {
            cfqd.servingPrio = WorkloadPrio.RT;
        } else if (cfqg.busyQueues(WorkloadPrio.BE) > 0) {
            cfqd.servingPrio = WorkloadPrio.BE;
        } else {
            cfqd.servingPrio = WorkloadPrio.IDLE;
            cfqd.workloadExpires = now + 1;
            return;
        }
        if (originalPrio == cfqd.servingPrio) {
            int count = cfqg.serviceTree(cfqd.servingPrio, cfqd.servingType).count();
            if (count > 0 && now <= cfqd.workloadExpires) {
                return;
            }
        }

        cfqd.servingType = chooseWl(cfqg, cfqd.servingPrio);
        long count = cfqg.serviceTree(cfqd.servingPrio, cfqd.servingType).count();
        long groupSlice = cfqd.slices.groupSlice(cfqg);
        int prio = cfqd.servingPrio.ordinal();
        long slice = groupSlice * count
                / Math.max(cfqg.busyQueuesAvg[prio], cfqg.busyQueues(cfqd.servingPrio));
        CfqTunables t = cfqd.tunables;
        if (cfqd.servingType == WorkloadType.ASYNC) {
            // async queues are system wide (root group in 3.0): bound by the device-wide async share
            long tmp = t.targetLatency() * cfqg.busyAsyncQueues() / cfqd.busyQueues;
            slice = Math.min(slice, tmp);
            slice = slice * t.sliceAsync() / t.sliceSync();
        } else {
            slice = Math.max(slice, 2 * t.sliceIdle());
        }
        slice = Math.max(slice, CfqTunables.CFQ_MIN_TT);
        if (cfqd.tracing()) {
            cfqd.log("workload slice:" + slice);
        }
        cfqd.workloadExpires = now + slice;
        if (!t.noidleOnReqNoidle()) {
            // 2.6.33-2.6.36: a new workload idles at the end of the noidle tree only after a !NOIDLE request
            cfqd.noidleTreeRequiresIdle = false;
        }
    }

    /** {@code cfq_choose_wl}: the type whose first queue has the lowest rb_key (ASYNC, SYNC_NOIDLE, SYNC scan). */
    WorkloadType chooseWl(CfqGroup cfqg, WorkloadPrio prio) {
        WorkloadType best = WorkloadType.SYNC_NOIDLE;
        boolean keyValid = false;
        long lowestKey = 0;
        for (WorkloadType type : TYPES) {
            CfqQueue queue = cfqg.serviceTree(prio, type).first();
            if (queue != null && (!keyValid || queue.rbKey < lowestKey)) {
                lowestKey = queue.rbKey;
                best = type;
                keyValid = true;
            }
        }
        return best;
    }

    /** {@code cfq_get_next_queue}: the first queue of the serving tree, or null. */
    CfqQueue nextQueue() {
        if (cfqd.rqQueued == 0 || cfqd.servingGroup == null) {
            return null;
        }
        return cfqd.servingGroup.serviceTree(cfqd.servingPrio, cfqd.servingType).first();
    }

    /** {@code cfq_get_next_queue_forced}: any queue of the leftmost group (BE, RT, IDLE trees in that order). */
    CfqQueue nextQueueForced() {
        if (cfqd.rqQueued == 0) {
            return null;
        }
        CfqGroup cfqg = nextCfqg();
        if (cfqg == null) {
            return null;
        }
        for (WorkloadPrio prio : FORCED_ORDER) {
            for (WorkloadType type : TYPES) {
                CfqQueue cfqq = cfqg.serviceTree(prio, type).first();
                if (cfqq != null) {
                    return cfqq;
                }
            }
        }
        return cfqg.serviceTreeIdle.first();
    }

    /** {@code cfq_set_active_queue}: activate {@code cfqq}, or the next queue of the serving tree. */
    CfqQueue setActiveQueue(CfqQueue cfqq) {
        if (cfqq == null) {
            cfqq = nextQueue();
        }
        setActive(cfqq);
        return cfqq;
    }

    /** {@code __cfq_set_active_queue}: a fresh activation; the slice itself starts at the first completion. */
    void setActive(CfqQueue cfqq) {
        if (cfqq != null) {
            if (cfqd.tracing()) {
                cfqd.log(cfqq, "set_active wl_prio:" + cfqd.servingPrio.ordinal()
                        + " wl_type:" + cfqd.servingType.ordinal());
            }
            cfqq.sliceStart = 0;
            cfqq.dispatchStart = cfqd.now();
            cfqq.allocatedSlice = 0;
            cfqq.sliceEnd = 0;
            cfqq.sliceDispatch = 0;
            cfqq.nrSectors = 0;
            cfqq.waitRequest = false;
            cfqq.mustDispatch = false;
            cfqq.mustAllocSlice = false;
            cfqq.fifoExpire = false;
            cfqq.sliceNew = true;
            cfqd.idleSliceTimer.cancel();
        }
        cfqd.activeQueue = cfqq;
    }

    /**
     * {@code cfq_select_queue}: keep the active queue while it has requests and time, or while idling is
     * worth it; otherwise expire it and pick the next group, class, workload and queue (or a close cooperator).
     */
    CfqQueue selectQueue() {
        CfqQueue cfqq = cfqd.activeQueue;
        CfqQueue newCfqq = null;
        if (cfqq != null) {
            if (cfqd.rqQueued == 0) {
                return null;
            }
            if (!(cfqq.waitBusy && !cfqq.isEmpty())) {
                // not waiting for the group to get backlogged: decide whether to keep the queue
                long now = cfqd.now();
                boolean checkGroupIdle;
                if (cfqq.sliceUsed(now) && !cfqq.mustDispatch) {
                    // slice used while idling on the group's only queue: let its in-flight request finish
                    if (cfqq.cfqg.nrCfqq == 1 && cfqq.isEmpty() && cfqq.dispatched > 0
                            && cfqd.idling.shouldIdle(cfqq)) {
                        return null;
                    }
                    checkGroupIdle = true;
                } else if (!cfqq.isEmpty()) {
                    return cfqq;
                } else {
                    newCfqq = cfqd.trees.closeCooperator(cfqq);
                    if (newCfqq != null) {
                        if (cfqq.newCfqq == null) {
                            cfqd.queues.setupMerge(cfqq, newCfqq);
                        }
                        checkGroupIdle = false;
                    } else {
                        if (cfqd.idleSliceTimer.isPending()) {
                            return null;
                        }
                        // a deep seeky queue on a device faster than the queue: stop idling on it
                        if (cfqq.seeky() && cfqq.idleWindow
                                && (cfqq.sliceNew || cfqq.sliceEnd - now > now - cfqq.sliceStart)) {
                            cfqq.deep = false;
                            cfqq.idleWindow = false;
                        }
                        if (cfqq.dispatched > 0 && cfqd.idling.shouldIdle(cfqq)) {
                            return null;
                        }
                        checkGroupIdle = true;
                    }
                }
                if (checkGroupIdle && cfqd.tunables.groupIdle() != 0 && cfqq.cfqg.nrCfqq == 1
                        && cfqq.cfqg.dispatched > 0) {
                    return null;
                }
            }
            sliceExpired(false);
        }
        if (newCfqq == null) {
            chooseCfqg();
        }
        return setActiveQueue(newCfqq);
    }

    /** {@code cfq_slice_expired}: expire the active queue, if any. */
    void sliceExpired(boolean timedOut) {
        CfqQueue cfqq = cfqd.activeQueue;
        if (cfqq != null) {
            sliceExpired(cfqq, timedOut);
        }
    }

    /**
     * {@code __cfq_slice_expired}: stop idling, keep the unused slice as resid if timed out (preempted or
     * expired at completion), charge the group, and take the queue off the round robin if empty.
     */
    void sliceExpired(CfqQueue cfqq, boolean timedOut) {
        long now = cfqd.now();
        if (cfqd.tracing()) {
            cfqd.log(cfqq, "slice expired t=" + (timedOut ? 1 : 0));
        }
        if (cfqq.waitRequest) {
            cfqd.idleSliceTimer.cancel();
        }
        cfqq.waitRequest = false;
        cfqq.waitBusy = false;
        // a shared queue whose processes no longer seek close together will be split
        if (cfqq.coop && cfqq.seeky()) {
            cfqq.splitCoop = true;
        }
        if (timedOut) {
            cfqq.sliceResid = cfqq.sliceNew ? cfqd.slices.scaledSlice(cfqq) : cfqq.sliceEnd - now;
            if (cfqd.tracing()) {
                cfqd.log(cfqq, "resid=" + cfqq.sliceResid);
            }
        }
        cfqd.trees.groupServed(cfqq.cfqg, cfqq);
        if (cfqq.onRr && cfqq.isEmpty()) {
            cfqd.trees.delCfqqRr(cfqq);
        }
        cfqd.trees.resortRrList(cfqq);
        if (cfqq == cfqd.activeQueue) {
            cfqd.activeQueue = null;
        }
        cfqd.activeCic = null;
    }
}
