package org.iosched.scheduler.cfq;

import org.iosched.api.Request;

/**
 * CFQ's per-request state, hung on {@link Request#schedulerData()}: the kernel's {@code elevator_private[]}
 * ({@code RQ_CIC}, {@code RQ_CFQQ}, {@code RQ_CFQG}), the request's node in its queue's sector-sorted tree and
 * its link in the queue's FIFO ({@code rq->queuelist}), with the FIFO deadline in jiffies.
 */
final class CfqRq {
    final Request rq;
    /** {@link Request#id()}, the tie-break among requests at one sector. */
    final long id;
    final CfqIoContext cic;
    final CfqQueue cfqq;
    final CfqGroup cfqg;
    /** Whether the request is sync ({@code rq_is_sync}); fixed at allocation. */
    final boolean sync;

    /** The sector the request had when it entered {@link CfqQueue#sortList} (ordered by it, ties by {@link #id}). */
    long sortKey;
    /** Whether the request sits in its queue's sort tree and FIFO. */
    boolean queued;
    /** Whether CFQ dispatched the request and it has not completed ({@code REQ_SORTED} and in flight). */
    boolean inFlight;
    /** Whether the driver holds the request ({@code cfq_activate_request} without completion or requeue). */
    boolean inDriver;
    /** {@code rq_fifo_time}, jiffies. */
    long fifoTime;
    CfqRq fifoPrev;
    CfqRq fifoNext;

    CfqRq(Request rq, CfqIoContext cic, CfqQueue cfqq) {
        this.rq = rq;
        this.id = rq.id();
        this.cic = cic;
        this.cfqq = cfqq;
        this.cfqg = cfqq.cfqg;
        this.sync = rq.isSync();
    }

    /** {@code blk_rq_pos}. */
    long pos() {
        return rq.sector();
    }

    /** The CFQ state of a request, or null for one CFQ never set up (it bypassed the elevator). */
    static CfqRq of(Request rq) {
        return rq.schedulerData() instanceof CfqRq crq ? crq : null;
    }
}
