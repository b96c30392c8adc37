package org.iosched.scheduler.cfq;

import org.iosched.api.Bio;
import org.iosched.api.IoScheduler;
import org.iosched.api.Jiffies;
import org.iosched.api.MayQueue;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.SchedulerContext;
import org.iosched.api.Settings;
import org.iosched.api.Task;

/**
 * CFQ, the Completely Fair Queueing I/O scheduler, as Linux 3.0 {@code block/cfq-iosched.c} behaves; the
 * {@code elevator_ops} hooks ({@code cfq_insert_request}, {@code cfq_dispatch_requests},
 * {@code cfq_completed_request}, ...) over the components that hold its policy.
 *
 * <p><b>Features.</b>
 * <ul>
 *   <li>Per-process sync queues and shared async queues per (class, level), async in the root group (3.0) or
 *       per group ({@code async_queues_per_group}); a sector-sorted tree and a FIFO per queue; {@code next_rq}
 *       by elevator order with {@code back_seek_max}/{@code back_seek_penalty}.</li>
 *   <li>Service trees per class (RT, BE, IDLE) and workload type (ASYNC, SYNC_NOIDLE, SYNC) in each blkio
 *       group; groups served by vdisktime with weights (root group 1000, others their {@code blkio.weight});
 *       workload and group slices sharing {@code target_latency}; {@code low_latency} slice scaling and the
 *       async depth ramp.</li>
 *   <li>Time slices by priority starting at the first completion; {@code cfq_may_dispatch} (quantum, soft
 *       limit with {@code cfq_slice_used_soon}, {@code promote_sync}, sync/async in-flight rules); FIFO checked
 *       once per slice.</li>
 *   <li>Idling with think time, seek history, {@code slice_idle}, {@code group_idle} and {@code wait_busy};
 *       every {@code cfq_should_preempt} rule in 3.0's order; time or IOPS charging ({@code iops_mode});
 *       {@code hw_tag} detection; close cooperators and queue merge/split; {@code ELV_MQUEUE_MUST}.</li>
 *   <li>Switches for the seed patches and later kernels (see {@link CfqTunables}); the kernel's
 *       {@code cfq_log} messages in the block trace.</li>
 * </ul>
 *
 * <p><b>Time base.</b> Every time is kept in jiffies of the run's {@code HZ} ({@link SchedulerContext#hz()}),
 * derived from virtual time and rounded as the kernel's integer arithmetic rounds: at HZ=250 {@code slice_idle}
 * is 2 jiffies, {@code slice_sync} 25, {@code fifo_expire_sync} 31 (124 ms), and the idle timer, armed for
 * {@code jiffies + 2}, fires at the second tick boundary (4 to 8 ms later), as a {@code timer_list} does.
 *
 * <p><b>Limitations.</b> Not modelled:
 * {@code cfq_prio_boost} for tasks holding file-system exclusive resources (has_fs_excl), the OOM fallback
 * queue, blkio statistics. A task without an explicit io priority gets the level its nice value implies for
 * both its sync and async queues (the kernel puts such a task's async I/O at BE/4). Queues enter the
 * prio tree with the sector their next request had then; the kernel's tree reads the live value.
 *
 * <p><b>Notes.</b> The block layer must call {@link #activate}, {@link #completed} and {@link #putRequest} for
 * every request that went through {@link #add}; {@code rq_in_driver} counts activations, as in the kernel.
 * Requests CFQ did not dispatch (flush steps, requests inserted at the back) are ignored by these hooks, as the
 * kernel calls them only for {@code REQ_SORTED} requests.
 * Requests with the same start sector in one queue are aliases: the older goes to the dispatch queue, as
 * 3.0's {@code elv_rb_add} loop does.
 */
public final class CfqScheduler implements IoScheduler {
    private final CfqData cfqd;

    /**
     * @param context  the request queue's services
     * @param settings validated {@link CfqSchedulerProvider} tunables
     */
    public CfqScheduler(SchedulerContext context, Settings settings) {
        Jiffies clock = new Jiffies(context.hz(), CfqData.JIFFIES_BASE);
        this.cfqd = new CfqData(context, CfqTunables.from(settings, clock), clock);
    }

    CfqData data() {
        return cfqd;
    }

    @Override
    public void setRequest(Request rq) {
        cfqd.queues.setRequest(rq);
    }

    @Override
    public void putRequest(Request rq) {
        cfqd.queues.putRequest(rq);
    }

    @Override
    public MayQueue mayQueue(Task task, Op op, int flags) {
        return cfqd.queues.mayQueue(task, op, flags);
    }

    /** {@code cfq_merge}: a request of the bio's own queue starting where the bio ends. */
    @Override
    public Request findFrontMerge(Bio bio) {
        CfqQueue cfqq = cfqd.queues.existingQueue(bio.task(), bio.cgroup(), bio.isSync());
        if (cfqq == null) {
            return null;
        }
        CfqRq crq = cfqd.requests.findAt(cfqq, bio.endSector());
        return crq == null ? null : crq.rq;
    }

    /** {@code cfq_allow_merge}: never a sync bio into an async request; only into the bio's own queue. */
    @Override
    public boolean allowMerge(Request rq, Bio bio) {
        if (bio.isSync() && !rq.isSync()) {
            return false;
        }
        CfqRq crq = CfqRq.of(rq);
        CfqQueue cfqq = cfqd.queues.existingQueue(bio.task(), bio.cgroup(), bio.isSync());
        return crq != null && cfqq == crq.cfqq;
    }

    /** {@code cfq_merged_request}: a front merge moved the request's start; re-sort it. */
    @Override
    public void merged(Request rq, boolean front) {
        CfqRq crq = CfqRq.of(rq);
        if (front && crq != null && crq.queued) {
            cfqd.requests.repositionRqRb(crq);
        }
    }

    /** {@code cfq_merged_requests}: the survivor keeps the older FIFO time; the absorbed request leaves. */
    @Override
    public void requestsMerged(Request rq, Request next) {
        CfqRq crq = CfqRq.of(rq);
        CfqRq ncrq = CfqRq.of(next);
        if (crq == null || ncrq == null || !ncrq.queued) {
            return;
        }
        if (crq.queued && ncrq.fifoTime < crq.fifoTime) {
            // Simplified: the FIFO slot moves only within one queue (cfq_allow_merge keeps merges inside one)
            if (crq.cfqq == ncrq.cfqq) {
                crq.cfqq.fifoMoveAfter(crq, ncrq);
            }
            crq.fifoTime = ncrq.fifoTime;
            rq.setFifoTime(next.fifoTime());
        }
        if (crq.cfqq.nextRq == ncrq) {
            crq.cfqq.nextRq = crq;
        }
        cfqd.requests.removeRequest(ncrq);
    }

    /** {@code elv_rb_former_request}. */
    @Override
    public Request formerRequest(Request rq) {
        CfqRq crq = CfqRq.of(rq);
        CfqRq prev = crq == null || !crq.queued ? null : crq.cfqq.sortPrev(crq);
        return prev == null ? null : prev.rq;
    }

    /** {@code elv_rb_latter_request}. */
    @Override
    public Request latterRequest(Request rq) {
        CfqRq crq = CfqRq.of(rq);
        CfqRq next = crq == null || !crq.queued ? null : crq.cfqq.sortNext(crq);
        return next == null ? null : next.rq;
    }

    /** {@code cfq_insert_request}: stamp the FIFO time, sort the request in, then {@code cfq_rq_enqueued}. */
    @Override
    public void add(Request rq) {
        CfqRq crq = CfqRq.of(rq);
        if (crq == null) {
            // a request the block layer did not set up through set_req_fn
            cfqd.queues.setRequest(rq);
            crq = CfqRq.of(rq);
        }
        CfqQueue cfqq = crq.cfqq;
        if (cfqd.tracing()) {
            cfqd.log(cfqq, "insert_request");
        }
        cfqd.queues.initPrioData(cfqq, rq.task());
        crq.fifoTime = cfqd.now() + cfqd.tunables.fifoExpire(crq.sync);
        rq.setFifoTime(cfqd.clock.startOf(crq.fifoTime));
        cfqq.fifoAddTail(crq);
        crq.queued = true;
        cfqd.requests.addRqRb(crq);
        rqEnqueued(cfqq, crq);
    }

    /**
     * {@code cfq_rq_enqueued}: update think time, seek history and idle window; a request for the queue we are
     * idling on ends the wait (at once if it is larger than a page or others wait, else at the next queue run);
     * a request for another queue may preempt the active one.
     */
    private void rqEnqueued(CfqQueue cfqq, CfqRq crq) {
        cfqd.rqQueued++;
        if (crq.rq.hasFlag(RequestFlags.META)) {
            cfqq.metaPending++;
        }
        cfqd.idling.updateThinkTime(crq.cic);
        cfqd.idling.updateSeekTime(cfqq, crq);
        cfqd.idling.updateIdleWindow(cfqq, crq.cic);
        cfqq.lastRequestPos = crq.rq.endSector();

        if (cfqq == cfqd.activeQueue) {
            if (cfqq.waitRequest) {
                if (crq.rq.bytes() > CfqTunables.PAGE_SIZE || cfqd.busyQueues > 1) {
                    cfqd.idleSliceTimer.cancel();
                    cfqq.waitRequest = false;
                    cfqd.ctx.kick();
                } else {
                    cfqq.mustDispatch = true;
                }
            }
        } else if (cfqd.preemption.shouldPreempt(cfqq, crq)) {
            cfqd.preemption.preemptQueue(cfqq);
            cfqd.ctx.kick();
        }
    }

    @Override
    public int dispatch(boolean force) {
        return cfqd.dispatch.dispatchRequests(force);
    }

    /** {@code cfq_queue_empty} inverted: whether any request waits in CFQ ({@code rq_queued}). */
    @Override
    public boolean hasQueued() {
        return cfqd.rqQueued > 0;
    }

    /** {@code cfq_activate_request}: the driver took the request; the head will be at its end. */
    @Override
    public void activate(Request rq) {
        CfqRq crq = CfqRq.of(rq);
        // the kernel calls this only for requests that went through the elevator (REQ_SORTED)
        if (crq == null || !crq.inFlight || crq.inDriver) {
            return;
        }
        cfqd.rqInDriver++;
        crq.inDriver = true;
        if (cfqd.tracing()) {
            cfqd.log(crq.cfqq, "activate rq, drv=" + cfqd.rqInDriver);
        }
        cfqd.lastPosition = rq.endSector();
    }

    /** {@code cfq_deactivate_request}: the driver gave the request back. */
    @Override
    public void deactivate(Request rq) {
        CfqRq crq = CfqRq.of(rq);
        if (crq == null || !crq.inDriver) {
            return;
        }
        cfqd.rqInDriver--;
        crq.inDriver = false;
        if (cfqd.tracing()) {
            cfqd.log(crq.cfqq, "deactivate rq, drv=" + cfqd.rqInDriver);
        }
    }

    /**
     * {@code cfq_completed_request}: update depth detection and in-flight counts; for the active queue, start its
     * slice at the first completion, maybe wait busy, expire a used slice, or arm the idle timer when a sync
     * queue has emptied.
     */
    @Override
    public void completed(Request rq) {
        CfqRq crq = CfqRq.of(rq);
        if (crq == null || !crq.inFlight) {
            return;
        }
        crq.inFlight = false;
        CfqQueue cfqq = crq.cfqq;
        long now = cfqd.now();
        if (cfqd.tracing()) {
            cfqd.log(cfqq, "complete rqnoidle " + (rq.hasFlag(RequestFlags.NOIDLE) ? 1 : 0));
        }
        cfqd.idling.updateHwTag();
        if (crq.inDriver) {
            cfqd.rqInDriver--;
            crq.inDriver = false;
        }
        cfqq.dispatched--;
        crq.cfqg.dispatched--;
        cfqd.rqInFlight[cfqq.sync ? 1 : 0]--;

        if (crq.sync) {
            crq.cic.lastEndRequest = now;
            // rq->start_time is the allocation time
            if (cfqd.clock.at(rq.startTime()) + cfqd.tunables.fifoExpireSync() <= now) {
                cfqd.lastDelayedSync = now;
            }
        }

        if (cfqd.activeQueue == cfqq) {
            boolean empty = cfqq.isEmpty();
            if (cfqq.sliceNew) {
                cfqd.slices.setPrioSlice(cfqq);
                cfqq.sliceNew = false;
            }
            if (cfqd.idling.shouldWaitBusy(cfqq)) {
                long extend = cfqd.tunables.sliceIdle() != 0 ? cfqd.tunables.sliceIdle() : cfqd.tunables.groupIdle();
                cfqq.sliceEnd = now + extend;
                cfqq.waitBusy = true;
                if (cfqd.tracing()) {
                    cfqd.log(cfqq, "will busy wait");
                }
            }
            if (cfqq.sliceUsed(now) || cfqq.classIdle()) {
                cfqd.selection.sliceExpired(true);
            } else if (crq.sync && empty && cfqd.trees.closeCooperator(cfqq) == null) {
                armOnCompletion(cfqq, rq);
            }
        }
        if (cfqd.rqInDriver == 0) {
            cfqd.scheduleDispatch();
        }
    }

    private void armOnCompletion(CfqQueue cfqq, Request rq) {
        if (cfqd.tunables.noidleOnReqNoidle()) {
            // 2.6.37+: the idle window (cleared by REQ_NOIDLE) and should_idle decide
            cfqd.idling.armSliceTimer();
            return;
        }
        // 2.6.33-2.6.36: the noidle tree idles at its end only after a request without REQ_NOIDLE
        cfqd.noidleTreeRequiresIdle |= !rq.hasFlag(RequestFlags.NOIDLE);
        if (cfqd.servingType == WorkloadType.SYNC || cfqd.noidleTreeRequiresIdle || cfqq.cfqg.nrCfqq == 1) {
            cfqd.idling.armSliceTimer();
        }
    }

    @Override
    public void taskExit(Task task) {
        cfqd.queues.taskExit(task);
    }

    /** {@code cfq_exit_queue}: stop the timer and expire the active queue. */
    @Override
    public void exit() {
        cfqd.idleSliceTimer.cancel();
        if (cfqd.activeQueue != null) {
            cfqd.selection.sliceExpired(cfqd.activeQueue, false);
        }
    }
}
