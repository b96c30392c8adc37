package org.iosched.simulator.blkmq;

import org.iosched.api.Request;
import org.iosched.simulator.blk.DeliveryLine;

/**
 * The blk-mq block layer's own state of one request ({@code rq_flags} and where the request is), kept in
 * {@link Request#blockLayerData()}.
 */
final class MqRq extends DeliveryLine.Entry {
    static final int ALLOCATED = 0;
    static final int PLUGGED = 1;
    static final int SCHEDULER = 2;
    static final int SOFTWARE_QUEUE = 3;
    static final int DISPATCH_LIST = 4;
    static final int DRIVER = 5;
    static final int FLUSH_PENDING = 6;
    static final int REQUEUE = 7;
    static final int FREED = 8;

    final Request rq;
    int where = ALLOCATED;
    /** {@code RQF_USE_SCHED}: the scheduler's hooks see this request. */
    boolean useSched;
    /** {@code RQF_SCHED_TAGS}: it holds a scheduler tag ({@link Request#internalTag()}). */
    boolean schedTags;
    /** Counted in the disk statistics ({@code blk_account_io_start}). */
    boolean accounted;
    long allocTime;
    /** {@code RQF_FLUSH_SEQ}: a flush sequence owns it; its data completion advances the sequence. */
    boolean flushSeq;
    /** The flush sequence's done steps ({@code rq->flush.seq}). */
    int flushSeqDone;
    /** The machinery's own flush request ({@code fq->flush_rq}). */
    boolean flushRequest;
    /** A driver tag borrowed from the first pending request (the flush request without a scheduler). */
    boolean borrowedTag;
    /** The links of the merge hash ({@code rq->hash}, {@link MqMerge}). */
    MqRq hashNext;
    MqRq hashPrev;
    boolean hashed;
    /** The device completed it; its completion interrupt is queued or running. */
    boolean completing;

    MqRq(Request rq) {
        this.rq = rq;
        rq.setBlockLayerData(this);
    }

    static MqRq of(Request rq) {
        return rq.blockLayerData() instanceof MqRq m ? m : null;
    }

    static String describe(int where) {
        return switch (where) {
            case ALLOCATED -> "allocated";
            case PLUGGED -> "on its task's plug";
            case SCHEDULER -> "held by the scheduler";
            case SOFTWARE_QUEUE -> "on a software queue";
            case DISPATCH_LIST -> "on hctx->dispatch";
            case DRIVER -> "in the driver";
            case FLUSH_PENDING -> "waiting for a flush";
            case REQUEUE -> "on the requeue list";
            case FREED -> "freed";
            default -> "in state " + where;
        };
    }

    @Override
    protected Request request() {
        return rq;
    }
}
