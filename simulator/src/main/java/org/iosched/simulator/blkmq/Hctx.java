package org.iosched.simulator.blkmq;

import java.util.ArrayDeque;
import java.util.List;
import org.iosched.api.HardwareQueue;
import org.iosched.api.Request;
import org.iosched.simulator.engine.SimTimer;

/**
 * One hardware queue ({@code struct blk_mq_hw_ctx}): its software queues (the per-CPU {@code blk_mq_ctx} lists,
 * used without a scheduler), the {@code dispatch} list served before anything else, the driver and scheduler tag
 * spaces with their sleeping allocators, the {@code dispatch_busy} EWMA, the {@code SCHED_RESTART} bit and the
 * kblockd work that runs it asynchronously ({@code run_work}, immediate or delayed).
 */
final class Hctx implements HardwareQueue {
    /** {@code BLK_MQ_DISPATCH_BUSY_EWMA_WEIGHT}. */
    static final int EWMA_WEIGHT = 8;
    /** {@code BLK_MQ_DISPATCH_BUSY_EWMA_FACTOR}. */
    static final int EWMA_FACTOR = 4;

    private final int index;
    final int[] cpus;
    /**
     * Software queue lists ({@code ctx->rq_lists[HCTX_TYPE_DEFAULT]}), by index within this hctx; read them here,
     * change them through {@link #addToCtx}, {@link #pollCtx} and {@link #drainCtxs}, which keep {@link #ctxQueued}.
     */
    private final ArrayDeque<Request>[] ctxLists;
    /** Requests on the software queues: {@code ctx_map}'s "any bit set" without a look at every CPU's list. */
    private int ctxQueued;
    /** {@code hctx->dispatch}. */
    final ArrayDeque<Request> dispatch = new ArrayDeque<>();
    final Sbitmap driverTags;
    /** Null without a scheduler. */
    final Sbitmap schedTags;
    /** Allocators asleep for a tag ({@code bt->ws}), in the order they slept. */
    final ArrayDeque<TagWaiter> tagWaiters = new ArrayDeque<>();
    int dispatchBusy;
    /** {@code BLK_MQ_S_SCHED_RESTART}. */
    boolean restart;
    /**
     * The device refused a command (BLK_STS_DEV_RESOURCE): no dispatch budget until its commands drain, as SCSI's
     * {@code device_blocked} makes {@code scsi_dev_queue_ready} refuse while commands are outstanding.
     */
    boolean deviceBlocked;
    /** Requests the driver holds from this queue. */
    int inFlight;
    /** {@code hctx->dispatch_from}: the ctx {@code blk_mq_do_dispatch_ctx} starts from. */
    int dispatchFrom;
    /** kblockd's {@code run_work} (immediate and delayed runs share it: a pending run is re-timed). */
    SimTimer runWork;
    /** The run as kblockd's work item on the hardware queue's CPU ({@code kblockd_mod_delayed_work_on}). */
    org.iosched.simulator.cpu.Workqueue.Work kblockdRun;
    private Object schedulerData;

    @SuppressWarnings("unchecked")
    Hctx(int index, int[] cpus, int driverDepth, int schedDepth, int cpuCount) {
        this.index = index;
        this.cpus = cpus.clone();
        this.ctxLists = new ArrayDeque[cpus.length];
        for (int i = 0; i < cpus.length; i++) {
            ctxLists[i] = new ArrayDeque<>();
        }
        this.driverTags = new Sbitmap(driverDepth, cpuCount);
        this.schedTags = schedDepth > 0 ? new Sbitmap(schedDepth, cpuCount) : null;
    }

    @Override
    public int index() {
        return index;
    }

    @Override
    public int driverTagDepth() {
        return driverTags.depth();
    }

    @Override
    public int schedulerTagDepth() {
        return schedTags == null ? 0 : schedTags.depth();
    }

    @Override
    public int schedulerTagShift() {
        return schedTags == null ? driverTags.shift() : schedTags.shift();
    }

    @Override
    public void setMinShallowDepth(int depth) {
        if (schedTags != null) {
            schedTags.setMinShallowDepth(depth);
        }
    }

    @Override
    public int softwareQueueCount() {
        return cpus.length;
    }

    @Override
    public int softwareQueueCpu(int i) {
        return cpus[i];
    }

    @Override
    public Object schedulerData() {
        return schedulerData;
    }

    @Override
    public void setSchedulerData(Object data) {
        this.schedulerData = data;
    }

    /** The index of {@code cpu}'s software queue here, or -1. */
    int ctxIndex(int cpu) {
        for (int i = 0; i < cpus.length; i++) {
            if (cpus[i] == cpu) {
                return i;
            }
        }
        return -1;
    }

    /** Whether any software queue holds requests ({@code sbitmap_any_bit_set(&hctx->ctx_map)}). */
    boolean ctxPending() {
        return ctxQueued > 0;
    }

    /** Requests on the software queues. */
    int ctxQueued() {
        return ctxQueued;
    }

    /** Software queues: one per CPU mapped here. */
    int ctxCount() {
        return ctxLists.length;
    }

    /** Software queue {@code index}'s list, to look at (a merge's candidates), not to change. */
    ArrayDeque<Request> ctxList(int index) {
        return ctxLists[index];
    }

    /** Queues {@code rq} on software queue {@code index}, at its head or its tail. */
    void addToCtx(int index, Request rq, boolean atHead) {
        if (atHead) {
            ctxLists[index].addFirst(rq);
        } else {
            ctxLists[index].addLast(rq);
        }
        ctxQueued++;
    }

    /** Takes the first request of software queue {@code index}, or null. */
    Request pollCtx(int index) {
        Request rq = ctxLists[index].pollFirst();
        if (rq != null) {
            ctxQueued--;
        }
        return rq;
    }

    /** Moves every software queue's requests, queue by queue in order, to the end of {@code into}. */
    void drainCtxs(List<Request> into) {
        for (ArrayDeque<Request> ctx : ctxLists) {
            into.addAll(ctx);
            ctx.clear();
        }
        ctxQueued = 0;
    }

    /** {@code blk_mq_update_dispatch_busy}. */
    void updateDispatchBusy(boolean busy) {
        int ewma = dispatchBusy;
        if (ewma == 0 && !busy) {
            return;
        }
        ewma *= EWMA_WEIGHT - 1;
        if (busy) {
            ewma += 1 << EWMA_FACTOR;
        }
        dispatchBusy = ewma / EWMA_WEIGHT;
    }

    /** The tag space requests of this queue allocate from: the scheduler's if there is one, else the driver's. */
    Sbitmap allocationTags() {
        return schedTags != null ? schedTags : driverTags;
    }

    @Override
    public String toString() {
        return "hctx" + index;
    }

    /** An allocator asleep for a tag ({@code sbq_wait}). */
    static final class TagWaiter {
        org.iosched.api.Bio bio;
        int cpu;
        SimTimer wakeTimer;
        boolean woken;
    }
}
