package org.iosched.simulator.blkmq;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.iosched.api.DeviceInfo;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;

/**
 * The flush machinery of Linux 6.6 (block/blk-flush.c) for a blk-mq queue: one flush queue per hardware queue.
 *
 * <p>Features:
 * <ul>
 *   <li>{@code blk_flush_policy}: DATA when the request has sectors; with a write-back cache PREFLUSH when asked
 *       (an empty flush bio asks), POSTFLUSH for FUA on a device without native FUA. {@code blk_insert_flush}:
 *       PREFLUSH cleared (FUA too when not native), SYNC added; no step: the request ends at once; DATA only: it
 *       goes on as a normal request; DATA and POSTFLUSH: it goes on as a normal request whose completion starts
 *       the post-flush; otherwise the sequence starts.</li>
 *   <li>{@code blk_flush_complete_seq}: the next step is the lowest not done; a flush step waits on the pending
 *       list, the DATA step goes to the head of the requeue list (then through the scheduler's
 *       {@code insert_requests} at head, as 6.6 does), DONE ends the request.</li>
 *   <li>{@code blk_kick_flush}: one flush in flight per flush queue, none while a data step is in flight unless
 *       the first pending request waited {@code FLUSH_PENDING_TIMEOUT} (5 s); the flush request borrows the first
 *       pending request's queues (and, without a scheduler, its driver tag) and goes to the head of
 *       {@code hctx->dispatch} through the requeue work. Every request pending when it was issued advances when it
 *       completes (flush merging).</li>
 *   <li>{@code mq_flush_data_end_io}: the data step's {@code completed_request} and {@code finish_request}, its
 *       driver tag put when a scheduler is attached, the sequence advanced, the queue restarted.</li>
 * </ul>
 *
 * <p>Limitations: the 5 s pending timeout is only checked when a flush is kicked (as in the kernel, no timer);
 * the flush request's completion also runs {@code blk_mq_sched_restart} (the kernel's flush request is never
 * freed; restarting there is harmless and keeps a waiter from being forgotten).
 */
final class MqFlush {
    static final int PREFLUSH = 1;
    static final int DATA = 2;
    static final int POSTFLUSH = 4;
    static final int DONE = 8;
    static final int ACTIONS = PREFLUSH | DATA | POSTFLUSH;
    /** {@code FLUSH_PENDING_TIMEOUT}: 5 s. */
    static final long PENDING_TIMEOUT_NANOS = 5_000_000_000L;

    private final MqRequestQueue queue;
    private final DeviceInfo info;
    private FlushQueue[] byHctx = new FlushQueue[0];

    MqFlush(MqRequestQueue queue) {
        this.queue = queue;
        this.info = queue.info;
    }

    /** {@code struct blk_flush_queue}. */
    static final class FlushQueue {
        @SuppressWarnings("unchecked")
        final ArrayDeque<MqRq>[] lists = new ArrayDeque[] {new ArrayDeque<MqRq>(), new ArrayDeque<MqRq>()};
        int pendingIdx;
        int runningIdx;
        long pendingSince;
        int dataInFlight;
    }

    private FlushQueue of(Request rq) {
        int index = rq.hardwareQueue().index();
        if (index >= byHctx.length) {
            FlushQueue[] grown = java.util.Arrays.copyOf(byHctx, index + 1);
            for (int i = byHctx.length; i < grown.length; i++) {
                grown[i] = new FlushQueue();
            }
            byHctx = grown;
        }
        return byHctx[index];
    }

    /**
     * {@code blk_insert_flush}.
     *
     * @return true when the flush machinery owns the request now; false when it goes on as a normal request
     */
    boolean insert(MqRq rs) {
        Request rq = rs.rq;
        int policy = 0;
        if (rq.sectors() > 0) {
            policy |= DATA;
        }
        if (info.writeCache()) {
            if (rq.op() == Op.FLUSH || rq.hasFlag(RequestFlags.PREFLUSH)) {
                policy |= PREFLUSH;
            }
            if (rq.hasFlag(RequestFlags.FUA) && !info.fua()) {
                policy |= POSTFLUSH;
            }
        }
        rq.clearFlags(RequestFlags.PREFLUSH);
        if (!info.fua() || !info.writeCache()) {
            rq.clearFlags(RequestFlags.FUA);
        }
        rq.addFlags(RequestFlags.SYNC);
        if (policy == 0) {
            queue.end.endRequest(rs);
            return true;
        }
        if (policy == DATA) {
            return false;
        }
        FlushQueue fq = of(rq);
        if (policy == (DATA | POSTFLUSH)) {
            rs.flushSeq = true;
            rs.flushSeqDone = PREFLUSH;
            fq.dataInFlight++;
            return false;
        }
        rs.flushSeq = true;
        rs.flushSeqDone = 0;
        completeSeq(fq, rs, ACTIONS & ~policy);
        return true;
    }

    /** {@code blk_flush_complete_seq}. */
    private void completeSeq(FlushQueue fq, MqRq rs, int seq) {
        rs.flushSeqDone |= seq;
        int next = nextStep(rs.flushSeqDone);
        Request rq = rs.rq;
        switch (next) {
            case PREFLUSH, POSTFLUSH -> {
                ArrayDeque<MqRq> pending = fq.lists[fq.pendingIdx];
                if (pending.isEmpty()) {
                    fq.pendingSince = queue.clock.now();
                }
                rs.where = MqRq.FLUSH_PENDING;
                pending.addLast(rs);
            }
            case DATA -> {
                fq.dataInFlight++;
                queue.end.addToRequeueList(rq, true);
            }
            default -> {
                rs.flushSeq = false;
                queue.end.endRequest(rs);
            }
        }
        kick(fq);
    }

    private static int nextStep(int done) {
        for (int step = PREFLUSH; step <= POSTFLUSH; step <<= 1) {
            if ((done & step) == 0) {
                return step;
            }
        }
        return DONE;
    }

    /** {@code blk_kick_flush}. */
    private void kick(FlushQueue fq) {
        ArrayDeque<MqRq> pending = fq.lists[fq.pendingIdx];
        if (fq.pendingIdx != fq.runningIdx || pending.isEmpty()) {
            return;
        }
        if (fq.dataInFlight > 0 && queue.clock.now() < fq.pendingSince + PENDING_TIMEOUT_NANOS) {
            return;
        }
        fq.pendingIdx ^= 1;
        Request flushRq = newFlushRequest(pending.peekFirst().rq);
        queue.end.addToFlushList(flushRq);
    }

    /** {@code flush_end_io}: the device flushed; every request of the running list advances. */
    void flushDone(MqRq flushRs) {
        Request flushRq = flushRs.rq;
        FlushQueue fq = of(flushRq);
        Hctx h = (Hctx) flushRq.hardwareQueue();
        releaseFlushRequest(flushRs);
        ArrayDeque<MqRq> running = fq.lists[fq.runningIdx];
        fq.runningIdx ^= 1;
        List<MqRq> advancing = new ArrayList<>(running);
        running.clear();
        for (MqRq rs : advancing) {
            completeSeq(fq, rs, nextStep(rs.flushSeqDone));
        }
        queue.sched.schedRestart(h);
    }

    /** {@code mq_flush_data_end_io}: a sequenced request's data reached the device. */
    void dataDone(MqRq rs) {
        Request rq = rs.rq;
        FlushQueue fq = of(rq);
        dataStepCompleted(rs);
        fq.dataInFlight--;
        completeSeq(fq, rs, DATA);
        queue.sched.schedRestart((Hctx) rq.hardwareQueue());
    }

    /**
     * The flush request of {@code blk_kick_flush} ({@code fq->flush_rq}): a request of this queue with no bio, on
     * the first pending request's queues; without a scheduler it borrows that request's driver tag.
     */
    private Request newFlushRequest(Request first) {
        long now = queue.clock.now();
        Request rq = new Request(queue.nextId++, Op.FLUSH, RequestFlags.SYNC | RequestFlags.NOIDLE, 0, 0,
                first.task(), first.cgroup(), now);
        MqRq rs = new MqRq(rq);
        rs.flushRequest = true;
        rs.allocTime = now;
        queue.live++;
        rq.bindQueues(first.hardwareQueue(), first.cpu(), first.softwareQueue(), -1);
        if (queue.scheduler == null) {
            rq.setTag(first.tag());
            rs.borrowedTag = true;
        }
        return rq;
    }

    // mq_flush_data_end_io's part of the block layer: the scheduler's completed_request and finish_request, then
    // __blk_mq_end_request of a request with end_io: rq_qos_done, then the driver tag when a scheduler is attached
    private void dataStepCompleted(MqRq rs) {
        Request rq = rs.rq;
        GuardedMqScheduler scheduler = queue.scheduler;
        if (rs.useSched) {
            scheduler.completedRequest(rq, queue.clock.now());
            rs.useSched = false;
            scheduler.finishRequest(rq);
        }
        if (queue.qos.size() > 0) {
            queue.qos.done(rq);
        }
        if (scheduler != null) {
            queue.tags.putDriverTag(rq, queue.cpus.currentCpu());
        }
    }

    // flush_end_io is the flush request's end_io: rq_qos_done first, then its tag (own or borrowed) goes and it is
    // forgotten
    private void releaseFlushRequest(MqRq rs) {
        if (queue.qos.size() > 0) {
            queue.qos.done(rs.rq);
        }
        rs.where = MqRq.FREED;
        queue.live--;
        queue.tags.putDriverTag(rs.rq, queue.cpus.currentCpu());
    }
}
