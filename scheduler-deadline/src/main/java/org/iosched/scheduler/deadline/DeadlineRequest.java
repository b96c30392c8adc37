package org.iosched.scheduler.deadline;

import org.iosched.api.Request;

/**
 * Deadline's per-request state, hung on {@link Request#schedulerData()}: the links that make a request a
 * member of its direction's sort tree ({@code rq->rb_node}) and FIFO ({@code rq->queuelist}) at once.
 *
 * <p>The kernel embeds these links in {@code struct request}; here they live in one node per queued
 * request, taken from and returned to the scheduler's free list so that the steady state allocates nothing.
 */
final class DeadlineRequest {
    /** The request, or null while the node sits on the free list. */
    Request rq;
    /** {@link DeadlineScheduler#READ} or {@link DeadlineScheduler#WRITE} ({@code rq_data_dir}). */
    int dir;

    /**
     * The start sector the node is sorted by. A front merge moves the request's start before the scheduler
     * re-sorts it ({@code deadline_merged_request}), so the tree must not read the live value.
     */
    long sortSector;
    DeadlineRequest left;
    DeadlineRequest right;
    DeadlineRequest parent;
    boolean red;

    /** FIFO neighbours; {@link #fifoNext} also links the free list. */
    DeadlineRequest fifoPrev;
    DeadlineRequest fifoNext;

    /** Binds a free node to {@code request}. */
    void bind(Request request, int direction) {
        this.rq = request;
        this.dir = direction;
        this.sortSector = request.sector();
    }

    /** Forgets the request and every link, ready for the free list. */
    void clear() {
        rq = null;
        left = null;
        right = null;
        parent = null;
        red = false;
        fifoPrev = null;
        fifoNext = null;
    }
}
