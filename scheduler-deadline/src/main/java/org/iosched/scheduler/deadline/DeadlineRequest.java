package org.iosched.scheduler.deadline;

import org.iosched.api.Request;
import org.iosched.scheduler.support.RequestNode;

/**
 * Deadline's per-request state, hung on {@link Request#schedulerData()}: its direction, and the links that make a
 * request a member of its direction's sort tree ({@code rq->rb_node}) and FIFO ({@code rq->queuelist}) at once.
 */
final class DeadlineRequest extends RequestNode<DeadlineRequest> {
    /** {@link DeadlineScheduler#READ} or {@link DeadlineScheduler#WRITE} ({@code rq_data_dir}). */
    int dir;

    /** Binds a free node to {@code request}. */
    void bind(Request request, int direction) {
        attach(request);
        this.dir = direction;
    }
}
