package org.iosched.scheduler.cfq;

import org.iosched.api.RequestFlags;

/**
 * Preemption: {@code cfq_should_preempt} with the rules of Linux 3.0 in their order, the seed-patch variants
 * behind switches, and {@code cfq_preempt_queue}.
 */
final class CfqPreemption {
    private final CfqData cfqd;

    CfqPreemption(CfqData cfqd) {
        this.cfqd = cfqd;
    }

    /**
     * {@code cfq_should_preempt}: whether the arrival of {@code crq} on {@code newCfqq} should end the active
     * queue's slice. Rules, first match wins: no active queue (no); new is idle class (no); active is idle class
     * (yes); active RT and new not (no); sync request against an async active queue (yes); different groups
     * (no); active slice used (yes); idling at the end of the sync-noidle tree (yes); META against non-META
     * (yes); RT against non-RT (yes); active empty and not worth idling for (yes); not idling (no); request
     * close to the head (yes).
     */
    boolean shouldPreempt(CfqQueue newCfqq, CfqRq crq) {
        CfqQueue cfqq = cfqd.activeQueue;
        CfqTunables t = cfqd.tunables;
        if (cfqq == null) {
            return false;
        }
        if (newCfqq.classIdle()) {
            return false;
        }
        if (cfqq.classIdle()) {
            return true;
        }
        // don't let a non-RT request preempt an ongoing RT slice
        if (cfqq.classRt() && !newCfqq.classRt()) {
            return false;
        }
        // a sync request has priority over a running async queue; with the 4.9 fix not over one whose
        // expired request must go out
        if (crq.sync && !cfqq.sync && !(t.fifoExpiredMustDispatch() && cfqq.mustDispatch)) {
            // seed 001: let the async queue dispatch at least one request first, or it may starve forever
            return !(t.asyncMinDispatch() && cfqq.sliceDispatch == 0);
        }
        if (t.groupPreemptSyncNoidle() && syncNoidleIdling(newCfqq, cfqq, newCfqq.cfqg == cfqq.cfqg ? 2 : 1)) {
            // seed 000: the sync-noidle rule moves above the group check; across groups the new queue
            // must be alone in its own group's tree
            return true;
        }
        if (newCfqq.cfqg != cfqq.cfqg) {
            return false;
        }
        if (cfqq.sliceUsed(cfqd.now())) {
            return true;
        }
        // idling at the end of the sync-noidle tree: its tree holds the empty active queue and the new one
        if (!t.groupPreemptSyncNoidle() && syncNoidleIdling(newCfqq, cfqq, 2)) {
            return true;
        }
        // both sync: metadata goes before regular I/O
        if (crq.rq.hasFlag(RequestFlags.META) && cfqq.metaPending == 0) {
            return true;
        }
        // an RT request preempts a non-RT slice
        if (newCfqq.classRt() && !cfqq.classRt()) {
            return true;
        }
        // an empty active queue that we would not idle on should not be idling
        if (cfqq.isEmpty() && !cfqd.idling.shouldIdle(cfqq)) {
            return true;
        }
        if (cfqd.activeCic == null || !cfqq.waitRequest) {
            return false;
        }
        // as good as a request we would expect from the active queue
        return cfqd.trees.rqClose(crq.pos());
    }

    private boolean syncNoidleIdling(CfqQueue newCfqq, CfqQueue cfqq, int expectedCount) {
        return cfqd.servingType == WorkloadType.SYNC_NOIDLE
                && newCfqq.type() == WorkloadType.SYNC_NOIDLE
                && newCfqq.serviceTree != null && newCfqq.serviceTree.count() == expectedCount
                && cfqq.isEmpty();
    }

    /**
     * {@code cfq_preempt_queue}: expire the active queue (it keeps its unused slice as resid), put the new one at
     * the front of its tree with a fresh slice; a change of workload type drops the group's saved workload.
     */
    void preemptQueue(CfqQueue cfqq) {
        WorkloadType oldType = cfqd.activeQueue.type();
        if (cfqd.tracing()) {
            cfqd.log(cfqq, "preempt");
        }
        cfqd.selection.sliceExpired(true);
        if (oldType != cfqq.type()) {
            cfqq.cfqg.savedWorkloadSlice = 0;
        }
        cfqd.trees.serviceTreeAdd(cfqq, true);
        cfqq.sliceEnd = 0;
        cfqq.sliceNew = true;
    }
}
