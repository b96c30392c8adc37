package org.iosched.scheduler.bfq;

import org.iosched.api.HardwareQueue;
import org.iosched.api.Op;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;

/**
 * Depth limiting: the share of scheduler tags async and write requests may take ({@code bfq_update_depths}), lower
 * while queues are weight-raised, and one tag for a queue whose entity (or group) holds more than its weight's share
 * of the tags ({@code bfq_limit_depth}, {@code bfqq_request_over_limit}).
 */
final class BfqDepths {
    private final BfqData bfqd;

    BfqDepths(BfqData bfqd) {
        this.bfqd = bfqd;
    }

    /** {@code bfq_depth_updated} and {@code bfq_update_depths}: the word depths from the tag map's shift. */
    void depthUpdated(HardwareQueue hctx) {
        int shift = hctx.schedulerTagShift();
        int depth = 1 << shift;
        bfqd.fullDepthShift = shift;
        int[][] wordDepths = bfqd.wordDepths;
        wordDepths[0][0] = Math.max(depth >> 1, 1);
        wordDepths[0][1] = Math.max((depth * 3) >> 2, 1);
        wordDepths[1][0] = Math.max((depth * 3) >> 4, 1);
        wordDepths[1][1] = Math.max((depth * 6) >> 4, 1);
        hctx.setMinShallowDepth(1);
    }

    /** {@code bfq_limit_depth}: the shallow depth of a request about to be allocated (0 for sync reads: no limit). */
    int limitDepth(Op op, int flags, Task task) {
        boolean sync = RequestFlags.isSync(op, flags);
        int depth;
        long limit = bfqd.ctx.nrRequests();
        if (sync && !op.isWrite()) {
            depth = 0;
        } else {
            depth = bfqd.wordDepths[bfqd.wrBusyQueues > 0 ? 1 : 0][sync ? 1 : 0];
            limit = (limit * depth) >> bfqd.fullDepthShift;
        }
        BfqIoContext bic = task == null ? null : bfqd.contexts.get(task);
        BfqQueue bfqq = bic == null ? null : sync ? bic.syncQueue : bic.asyncQueue;
        if (bfqq != null && requestOverLimit(bfqq, limit)) {
            depth = 1;
        }
        if (bfqd.tracing()) {
            bfqd.log("[bfq_limit_depth] wr_busy " + bfqd.wrBusyQueues + " sync " + (sync ? 1 : 0) + " depth " + depth);
        }
        return depth;
    }

    /** {@code bfqq_request_over_limit}: some entity from the top down has allocated its share of {@code limit}. */
    private boolean requestOverLimit(BfqQueue bfqq, long limit) {
        BfqEntity entity = bfqq.entity;
        if (!entity.onStOrInService) {
            return false;
        }
        BfqEntity upper = entity.parent;
        if (upper != null && !upper.onStOrInService) {
            return false;
        }
        if (upper != null) {
            long wsum = upper.serviceTree().wsum;
            if (wsum != 0) {
                limit = (limit * upper.weight + wsum / 2) / wsum;
                if (upper.allocated >= limit) {
                    logOverLimit(bfqq, upper.allocated, limit, 1);
                    return true;
                }
            }
        }
        long wsum = 0;
        for (int i = 0; i <= entity.classIndex; i++) {
            wsum = wsum * Bfq.IOPRIO_NR_LEVELS + entity.schedData.trees[i].wsum;
        }
        if (wsum != 0) {
            limit = (limit * entity.weight + wsum / 2) / wsum;
            if (entity.allocated >= limit) {
                logOverLimit(bfqq, entity.allocated, limit, 0);
                return true;
            }
        }
        return false;
    }

    private void logOverLimit(BfqQueue bfqq, int allocated, long limit, int level) {
        if (bfqd.tracing()) {
            bfqd.log(bfqq, "too many requests: allocated " + allocated + " limit " + limit + " level " + level);
        }
    }
}
