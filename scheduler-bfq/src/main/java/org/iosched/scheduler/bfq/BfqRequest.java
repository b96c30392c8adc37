package org.iosched.scheduler.bfq;

import org.iosched.api.Request;

/**
 * BFQ's per-request state on {@link Request#schedulerData()}: the kernel's {@code rq->elv.priv[0..1]} (the io
 * context and the queue), {@code fifo_time} and the FIFO links ({@code rq->queuelist}).
 */
final class BfqRequest {
    Request rq;
    /** {@code RQ_BIC(rq)}, null until {@code bfq_init_rq}. */
    BfqIoContext ioContext;
    /** {@code RQ_BFQQ(rq)}, null until {@code bfq_init_rq} (or for requests BFQ does not queue). */
    BfqQueue queue;
    /** {@code rq->fifo_time} in ns. */
    long fifoTime;
    /** On the queue's FIFO (or the dispatch list) and sort list. */
    boolean inFifo;
    boolean inSortList;
    /** On {@code bfqd->dispatch}. */
    boolean inDispatchList;
    /** {@code RQF_STARTED}: returned from dispatch. */
    boolean started;
    BfqRequest fifoPrev;
    BfqRequest fifoNext;

    BfqRequest(Request rq) {
        this.rq = rq;
    }

    static BfqRequest of(Request rq) {
        return rq.schedulerData() instanceof BfqRequest node ? node : null;
    }
}
