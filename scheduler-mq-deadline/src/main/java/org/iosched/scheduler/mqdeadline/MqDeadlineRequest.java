package org.iosched.scheduler.mqdeadline;

import org.iosched.api.Request;
import org.iosched.scheduler.support.RequestNode;

/**
 * mq-deadline's per-request state, hung on {@link Request#schedulerData()}: its direction and priority level, its
 * {@code fifo_time} in jiffies, the "inserted" mark ({@code rq->elv.priv[0]}), and the links that put a request in
 * its priority level's sort tree ({@code rq->rb_node}) and on one list ({@code rq->queuelist}: a FIFO or the
 * dispatch list).
 *
 * <p>One node per request lives from {@code prepare_request} to {@code finish_request}. A request absorbed after a
 * front merge leaves the tree with the key it was sorted by ({@link #sortSector()}), not its live start.
 */
final class MqDeadlineRequest extends RequestNode<MqDeadlineRequest> {
    /** {@link MqDeadlineScheduler#READ} or {@link MqDeadlineScheduler#WRITE} ({@code rq_data_dir}). */
    int dir;
    /** {@code dd_rq_ioclass} mapped by {@code ioprio_class_to_prio}: RT, BE or IDLE level. */
    int prio;
    /** {@code rq->elv.priv[0]}: counted in its level's {@code inserted}, so {@code finish_request} counts it done. */
    boolean inserted;
    /** {@code rq->fifo_time} in jiffies: the expiry of a sorted request, the insertion time of an at-head one. */
    long fifoTime;

    /** Binds a free node to {@code request}. */
    void bind(Request request, int direction, int level) {
        attach(request);
        this.dir = direction;
        this.prio = level;
        this.inserted = false;
    }
}
