package org.iosched.scheduler.cfq;

/**
 * Moving requests to the dispatch queue: {@code cfq_dispatch_requests} (one request per call, as the block
 * layer asks), {@code cfq_may_dispatch} with its in-flight rules, quantum, {@code promote_sync} and async depth
 * ramp, {@code cfq_slice_used_soon}, {@code cfq_dispatch_request} with the once-per-slice FIFO check,
 * {@code cfq_dispatch_insert} and the forced drain.
 */
final class CfqDispatch {
    private static final int ASYNC = 0;
    private static final int SYNC = 1;

    private final CfqData cfqd;

    CfqDispatch(CfqData cfqd) {
        this.cfqd = cfqd;
    }

    /**
     * {@code cfq_dispatch_requests}: select a queue and dispatch one request from it. An async queue that has
     * used its request budget, or an idle-class queue, is expired right away if others wait.
     */
    int dispatchRequests(boolean force) {
        if (cfqd.busyQueues == 0) {
            return 0;
        }
        if (force) {
            return forcedDispatch();
        }
        CfqQueue cfqq = cfqd.selection.selectQueue();
        if (cfqq == null || !dispatchRequest(cfqq)) {
            return 0;
        }
        cfqq.sliceDispatch++;
        cfqq.mustDispatch = false;
        if (cfqd.busyQueues > 1 && ((!cfqq.sync && cfqq.sliceDispatch >= cfqd.slices.prioToMaxRq(cfqq))
                || cfqq.classIdle())) {
            cfqq.sliceEnd = cfqd.now() + 1;
            cfqd.selection.sliceExpired(false);
        }
        if (cfqd.tracing()) {
            cfqd.log(cfqq, "dispatched a request");
        }
        return 1;
    }

    /** {@code cfq_forced_dispatch}: drain every queue (scheduler switch, barrier). */
    private int forcedDispatch() {
        cfqd.selection.sliceExpired(false);
        int dispatched = 0;
        CfqQueue cfqq;
        while ((cfqq = cfqd.selection.nextQueueForced()) != null) {
            cfqd.selection.setActive(cfqq);
            while (cfqq.nextRq != null) {
                dispatchInsert(cfqq.nextRq);
                dispatched++;
            }
            // an empty queue is not expired by default; do it explicitly
            cfqd.selection.sliceExpired(cfqq, false);
        }
        if (cfqd.tracing()) {
            cfqd.log("forced_dispatch=" + dispatched);
        }
        return dispatched;
    }

    /** {@code cfq_slice_used_soon}: no completion yet to estimate from, or in-flight requests would overrun. */
    boolean sliceUsedSoon(CfqQueue cfqq) {
        if (cfqq.sliceNew) {
            return true;
        }
        return cfqd.now() + cfqd.tunables.sliceIdle() * cfqq.dispatched > cfqq.sliceEnd;
    }

    /** {@code cfq_may_dispatch}: whether {@code cfqq} may put one more request in flight now. */
    boolean mayDispatch(CfqQueue cfqq) {
        CfqTunables t = cfqd.tunables;
        if (t.fifoExpiredMustDispatch() && cfqq.mustDispatch) {
            // 4.9 (3932a86b): an expired request, or a small one that ended idling, goes out regardless
            return true;
        }
        if (!t.syncAsyncTogether()) {
            // drain async requests before starting sync I/O we will idle on
            if (cfqd.idling.shouldIdle(cfqq) && cfqd.rqInFlight[ASYNC] > 0) {
                return false;
            }
            // an async queue waits while sync I/O is in flight
            if (cfqd.rqInFlight[SYNC] > 0 && !cfqq.sync) {
                return false;
            }
        }
        long maxDispatch = Math.max(t.quantum() / 2, 1);
        if (cfqq.classIdle()) {
            maxDispatch = 1;
        }
        if (cfqq.dispatched >= maxDispatch) {
            // an idle-class queue only ever has one request in flight
            if (cfqq.classIdle()) {
                return false;
            }
            // the only sync queue is not limited: it could preempt the async ones anyway
            boolean promoteSync = cfqq.sync && cfqd.busySyncQueues == 1;
            if (t.softQuantum()) {
                if (cfqd.busyQueues > 1 && sliceUsedSoon(cfqq) && !promoteSync) {
                    return false;
                }
                // deeper early in the slice, up to quantum; no limit for the sole busy queue
                maxDispatch = cfqd.busyQueues == 1 || promoteSync ? Long.MAX_VALUE : t.quantum();
            } else {
                // 2.6.33: a hard limit while other queues are busy (simplified: promote_sync, added later, is kept)
                if (cfqd.busyQueues > 1 && !promoteSync) {
                    return false;
                }
                maxDispatch = Long.MAX_VALUE;
            }
        }
        if (!cfqq.sync && t.lowLatency()) {
            // async depth ramps up with the time since a sync request was last delayed
            long lastSync = cfqd.now() - cfqd.lastDelayedSync;
            long depth = lastSync / t.sliceSync();
            if (depth == 0 && cfqq.dispatched == 0) {
                depth = 1;
            }
            maxDispatch = Math.min(maxDispatch, depth);
        }
        return cfqq.dispatched < maxDispatch;
    }

    /** {@code cfq_check_fifo}: once per slice, the oldest request if its FIFO time has come. */
    CfqRq checkFifo(CfqQueue cfqq) {
        if (cfqq.fifoExpire) {
            return null;
        }
        cfqq.fifoExpire = true;
        CfqRq crq = cfqq.fifoFirst();
        if (crq == null) {
            return null;
        }
        if (cfqd.now() < crq.fifoTime) {
            crq = null;
        }
        if (cfqd.tracing()) {
            cfqd.log(cfqq, "fifo=" + (crq == null ? "(null)" : "rq" + crq.id));
        }
        return crq;
    }

    /** {@code cfq_dispatch_request}: dispatch the FIFO-expired request or {@code next_rq}, if allowed. */
    boolean dispatchRequest(CfqQueue cfqq) {
        CfqRq crq = null;
        boolean fifoFirst = cfqd.tunables.fifoExpiredMustDispatch();
        if (fifoFirst) {
            crq = checkFifo(cfqq);
            if (crq != null) {
                cfqq.mustDispatch = true;
            }
        }
        if (!mayDispatch(cfqq)) {
            return false;
        }
        if (!fifoFirst) {
            crq = checkFifo(cfqq);
        }
        if (crq == null) {
            crq = cfqq.nextRq;
        }
        dispatchInsert(crq);
        if (cfqd.activeCic == null) {
            cfqd.activeCic = crq.cic;
        }
        return true;
    }

    /** {@code cfq_dispatch_insert}: to the dispatch queue ({@code elv_dispatch_sort}); count it in flight. */
    void dispatchInsert(CfqRq crq) {
        CfqQueue cfqq = crq.cfqq;
        if (cfqd.tracing()) {
            cfqd.log(cfqq, "dispatch_insert");
        }
        cfqq.nextRq = cfqd.requests.findNextRq(cfqq, crq);
        cfqd.requests.removeRequest(crq);
        crq.inFlight = true;
        cfqq.dispatched++;
        crq.cfqg.dispatched++;
        cfqd.ctx.dispatchSort(crq.rq);
        cfqd.rqInFlight[cfqq.sync ? SYNC : ASYNC]++;
        cfqq.nrSectors += crq.rq.sectors();
    }
}
