package org.iosched.simulator.blkmq;

import java.util.ArrayDeque;
import org.iosched.api.Bio;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.trace.BlockTrace;

/**
 * The tags of a blk-mq queue (block/blk-mq-tag.c over {@link Sbitmap}, and {@code __blk_mq_alloc_requests} of
 * blk-mq.c): a scheduler tag ({@code nr_requests} per hardware queue, shallow depth from {@code limit_depth}) with a
 * scheduler, a driver tag without; none free: the hardware queue is run synchronously and the allocation retried,
 * then the task flushes its plug and sleeps until a batch of {@code wake_batch} tags was freed, and retries. Driver
 * tags are taken again at dispatch ({@code blk_mq_get_driver_tag}).
 *
 * <p>Limitations: a waking allocator retries on the CPU it slept on; one wait list per tag space (the kernel has
 * 8); no shared tags.
 */
final class MqTags {
    private final MqRequestQueue q;
    private final EventQueue clock;
    private final BlockTrace trace;
    private final Hctx[] cpuToHctx;
    private final ArrayDeque<Hctx.TagWaiter> freeWaiters = new ArrayDeque<>();
    /** Submitters asleep for a tag. */
    int sleeping;

    MqTags(MqRequestQueue q) {
        this.q = q;
        this.clock = q.clock;
        this.trace = q.trace;
        this.cpuToHctx = q.cpuToHctx;
    }

    /**
     * {@code __blk_mq_alloc_requests}: a tag (scheduler or driver), the request bound to its queues, and the
     * scheduler's {@code prepare_request}. Null when no tag is free even after running the hardware queue.
     */
    Request allocate(Bio bio, Hctx h, int cpu, boolean mayRun) {
        Sbitmap tags = h.allocationTags();
        int shallow = 0;
        GuardedMqScheduler scheduler = q.scheduler;
        boolean useSched = scheduler != null;
        if (useSched) {
            shallow = scheduler.limitDepth(bio.op(), bio.flags(), bio.task(), h);
        }
        int tag = tags.get(shallow, cpu);
        if (tag < 0 && mayRun) {
            // blk_mq_get_tag: push pending work out before sleeping
            q.sched.runHwQueue(h, false);
            tag = tags.get(shallow, cpu);
        }
        if (tag < 0) {
            return null;
        }
        long now = clock.now();
        Request rq = new Request(q.nextId++, bio, now);
        MqRq rs = new MqRq(rq);
        q.live++;
        rs.allocTime = now;
        rq.bindQueues(h, cpu, h.ctxIndex(cpu), useSched ? tag : -1);
        if (useSched) {
            rs.schedTags = true;
            rs.useSched = true;
        } else {
            rq.setTag(tag);
        }
        q.cpus.charge(q.cpus.request);
        if (useSched) {
            scheduler.prepareRequest(rq);
        }
        trace.request('G', rq);
        return rq;
    }

    /**
     * {@code blk_mq_get_tag}'s sleep: the task flushes its plug ({@code io_schedule}, from schedule) and waits for
     * a batch of freed tags.
     */
    void sleepForTag(Bio bio, Hctx h, int cpu) {
        Hctx.TagWaiter w = freeWaiters.pollFirst();
        if (w == null) {
            Hctx.TagWaiter fresh = new Hctx.TagWaiter();
            fresh.wakeTimer = clock.newTimer(null, () -> tagWaiterWoke(fresh));
            w = fresh;
        }
        w.bio = bio;
        w.cpu = cpu;
        w.woken = false;
        h.tagWaiters.addLast(w);
        sleeping++;
        q.plugs.flush(bio.task(), true);
    }

    private void tagWaiterWoke(Hctx.TagWaiter w) {
        Bio bio = w.bio;
        Task previous = trace.swapCurrent(bio.task());
        try {
            Hctx h = cpuToHctx[w.cpu];
            Request rq = allocate(bio, h, w.cpu, false);
            if (rq == null) {
                w.woken = false;
                h.tagWaiters.addLast(w);
                return;
            }
            sleeping--;
            w.bio = null;
            freeWaiters.addLast(w);
            if (q.qos.size() > 0) {
                q.qos.track(rq, bio);
            }
            q.afterWokenAllocation(rq);
            q.sleepListener.resumed(bio);
        } finally {
            trace.swapCurrent(previous);
        }
    }

    /** {@code blk_mq_get_driver_tag}. */
    boolean getDriverTag(Hctx h, Request rq) {
        if (rq.tag() >= 0) {
            return true;
        }
        int tag = h.driverTags.get(0, Math.max(0, rq.cpu()));
        if (tag < 0) {
            return false;
        }
        rq.setTag(tag);
        return true;
    }

    /** {@code blk_mq_put_driver_tag}; without a scheduler the freed tag may wake sleeping allocators. */
    void putDriverTag(Request rq, int cpu) {
        int tag = rq.tag();
        if (tag < 0) {
            return;
        }
        Hctx h = (Hctx) rq.hardwareQueue();
        rq.setTag(-1);
        MqRq rs = MqRq.of(rq);
        if (rs != null && rs.borrowedTag) {
            rs.borrowedTag = false;
            return;
        }
        int wake = h.driverTags.put(tag, cpu);
        if (h.schedTags == null) {
            wakeTagWaiters(h, wake, h.driverTags);
        }
    }

    /** {@code blk_mq_put_tag} of the scheduler tag; it may wake sleeping allocators. */
    void putSchedTag(Request rq, int cpu) {
        int tag = rq.internalTag();
        if (tag < 0) {
            return;
        }
        Hctx h = (Hctx) rq.hardwareQueue();
        rq.bindQueues(h, rq.cpu(), rq.softwareQueue(), -1);
        int wake = h.schedTags.put(tag, cpu);
        wakeTagWaiters(h, wake, h.schedTags);
    }

    /** {@code __blk_mq_requeue_request}'s tag release for a request that keeps a scheduler tag. */
    void releaseDriverTag(Request rq) {
        if (MqRq.of(rq).schedTags || MqRq.of(rq).flushRequest) {
            putDriverTag(rq, q.submitCpu());
        }
    }

    // sbitmap_queue_wake_up: wake_batch waiters once wake_batch tags were freed; all of them when the space is
    // empty (simplified from the kernel's per-wait-queue batches)
    private void wakeTagWaiters(Hctx h, int wake, Sbitmap tags) {
        if (h.tagWaiters.isEmpty()) {
            return;
        }
        if (tags.inUse() == 0) {
            wake = h.tagWaiters.size();
            tags.resetWakeCount();
        }
        long at = q.cpus.wakeAt();
        for (int i = 0; i < wake && !h.tagWaiters.isEmpty(); i++) {
            Hctx.TagWaiter w = h.tagWaiters.pollFirst();
            w.woken = true;
            w.wakeTimer.arm(at);
        }
    }
}
