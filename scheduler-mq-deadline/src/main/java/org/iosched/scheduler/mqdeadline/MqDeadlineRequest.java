package org.iosched.scheduler.mqdeadline;

import org.iosched.api.Request;

/**
 * mq-deadline's per-request state, hung on {@link Request#schedulerData()}: the links that put a request in its
 * priority level's sort tree ({@code rq->rb_node}) and in one list ({@code rq->queuelist}: a FIFO or the dispatch
 * list), its {@code fifo_time} in jiffies and the "inserted" mark ({@code rq->elv.priv[0]}).
 *
 * <p>The kernel embeds these in {@code struct request}; here one node per request lives from
 * {@code prepare_request} to {@code finish_request}, taken from and returned to the scheduler's free list so that
 * the steady state allocates nothing.
 */
final class MqDeadlineRequest {
    /** The request, or null while the node sits on the free list. */
    Request rq;
    /** {@link MqDeadlineScheduler#READ} or {@link MqDeadlineScheduler#WRITE} ({@code rq_data_dir}). */
    int dir;
    /** {@code dd_rq_ioclass} mapped by {@code ioprio_class_to_prio}: RT, BE or IDLE level. */
    int prio;
    /** {@code rq->elv.priv[0]}: counted in its level's {@code inserted}, so {@code finish_request} counts it done. */
    boolean inserted;
    /** {@code rq->fifo_time} in jiffies: the expiry of a sorted request, the insertion time of an at-head one. */
    long fifoTime;

    /**
     * The start sector the node is sorted by. A front merge moves the request's start before the scheduler
     * re-sorts it ({@code dd_request_merged}), and a request absorbed after a front merge leaves the tree with its
     * old key, so the tree must not read the live value.
     */
    long sortSector;
    boolean inTree;
    MqDeadlineRequest left;
    MqDeadlineRequest right;
    MqDeadlineRequest parent;
    boolean red;

    /** Whether the node is on a FIFO or the dispatch list ({@code !list_empty(&rq->queuelist)}). */
    boolean inList;
    /** The list it is on, when {@link #inList}. */
    FifoList list;
    MqDeadlineRequest fifoPrev;
    /** List neighbour; also links the free list. */
    MqDeadlineRequest fifoNext;

    /** Binds a free node to {@code request}. */
    void bind(Request request, int direction, int level) {
        this.rq = request;
        this.dir = direction;
        this.prio = level;
        this.inserted = false;
    }

    /** Forgets the request and every link, ready for the free list. */
    void clear() {
        rq = null;
        inserted = false;
        inTree = false;
        left = null;
        right = null;
        parent = null;
        red = false;
        inList = false;
        list = null;
        fifoPrev = null;
        fifoNext = null;
    }
}
