package org.iosched.simulator.block;

import org.iosched.api.Request;
import org.iosched.simulator.blk.DeliveryLine;

/**
 * The block layer's private state of one {@link Request} (hung on {@link Request#blockLayerData()}):
 * where the request is, its flags that schedulers do not see (STARTED, SOFTBARRIER, SORTED, ELVPRIV),
 * its allocation time for disk statistics, and intrusive links for the dispatch queue, the merge hash
 * and the flush sequence. Instances are recycled.
 */
final class RqState extends DeliveryLine.Entry {
    /** Free in the recycling list. */
    static final int FREE = 0;
    /** Allocated, not yet inserted. */
    static final int ALLOCATED = 1;
    /** Held by the scheduler (after {@code add}, before a dispatch call moved it). */
    static final int SCHEDULER = 2;
    /** On the dispatch queue ({@code q->queue_head}). */
    static final int DISPATCH = 3;
    /** Held by the device. */
    static final int DRIVER = 4;
    /** A flush-sequenced request waiting between steps. */
    static final int FLUSH_WAIT = 5;

    Request rq;
    int where;
    /** REQ_STARTED: the driver has seen it ({@code blk_peek_request}). */
    boolean started;
    /** REQ_SOFTBARRIER: dispatch sorting must not move requests ahead of it. */
    boolean softBarrier;
    /** REQ_SORTED: inserted through the scheduler, so the scheduler's completion hooks apply. */
    boolean sorted;
    /** REQ_ELVPRIV: {@code setRequest} was called, so {@code putRequest} must be. */
    boolean elvPriv;
    /** Counted in the request pool (false for the flush machinery's own requests). */
    boolean fromPool;
    /** The pool it was counted in: sync or async. */
    boolean poolSync;
    /** Counted as an I/O in the disk statistics (inserted). */
    boolean accounted;
    /** {@code rq->start_time}: allocation time, the oldest of merged requests. */
    long allocTime;
    /** The CPU the request was queued from ({@code rq->cpu}). */
    int cpu;

    RqState prev;
    RqState next;

    /** The device completed it; the completion interrupt's work is queued or running on its CPU. */
    boolean completing;

    RqState hashPrev;
    RqState hashNext;
    boolean hashed;

    /** Flush sequencing of a data request: a pre-flush is still to run. */
    boolean flushPre;
    /** Flush sequencing of a data request: a post-flush must follow the data. */
    boolean flushPost;
    /** Whether this request goes through the flush sequence rather than the scheduler. */
    boolean flushSequenced;
    /** For a pre/post flush step request: the data request it serves. */
    RqState flushOwner;

    void reset() {
        cpu = 0;
        rq = null;
        where = FREE;
        started = false;
        softBarrier = false;
        sorted = false;
        elvPriv = false;
        fromPool = false;
        poolSync = false;
        accounted = false;
        allocTime = 0;
        prev = null;
        next = null;
        completing = false;
        clearIrqLink();
        resetDelivery();
        hashPrev = null;
        hashNext = null;
        hashed = false;
        flushPre = false;
        flushPost = false;
        flushSequenced = false;
        flushOwner = null;
    }

    static String describe(int where) {
        return switch (where) {
            case FREE -> "freed";
            case ALLOCATED -> "allocated but not inserted";
            case SCHEDULER -> "held by the scheduler";
            case DISPATCH -> "on the dispatch queue";
            case DRIVER -> "held by the device";
            case FLUSH_WAIT -> "waiting in a flush sequence";
            default -> "in state " + where;
        };
    }

    @Override
    protected Request request() {
        return rq;
    }
}
