package org.iosched.simulator.block;

import org.iosched.api.DeviceInfo;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;

/**
 * FLUSH/FUA sequencing in the manner of 2.6.39/3.0 ({@code blk_insert_flush}), simplified to one sequence
 * per request:
 * <ul>
 *   <li>a data request with PREFLUSH is preceded by an empty FLUSH request when the device has a volatile
 *       write cache;</li>
 *   <li>FUA on a device with a write cache but no native FUA becomes the data request followed by a FLUSH
 *       (POSTFLUSH);</li>
 *   <li>an empty FLUSH bio is one FLUSH request; without a write cache it is completed at once (the
 *       request queue does that before allocating);</li>
 *   <li>the device never sees PREFLUSH, nor FUA it cannot honour, nor either flag when it has no cache.</li>
 * </ul>
 * Every step goes to the tail of the dispatch queue as a soft barrier, bypassing the scheduler, and the
 * data request's bios complete when the last step does. The FLUSH steps are the flush machinery's own
 * requests ({@code q->flush_rq}): not from the pool, not counted in disk statistics.
 *
 * <p>Limitations: the kernel lets one flush serve every request waiting for one and defers flushes while
 * data steps run (2.6.39's C1-C3); here each request has its own flushes.
 */
final class FlushSequencer {
    private final RequestQueue queue;
    private final DeviceInfo info;

    FlushSequencer(RequestQueue queue, DeviceInfo info) {
        this.queue = queue;
        this.info = info;
    }

    /** A freshly allocated flush-path request: start its sequence. */
    void insert(RqState rs) {
        Request rq = rs.rq;
        boolean cache = info.writeCache();
        boolean nativeFua = cache && info.fua();
        boolean empty = rq.op() == Op.FLUSH;
        rs.flushSequenced = true;
        rs.flushPre = !empty && cache && rq.hasFlag(RequestFlags.PREFLUSH);
        rs.flushPost = !empty && cache && !nativeFua && rq.hasFlag(RequestFlags.FUA);
        rq.clearFlags(RequestFlags.PREFLUSH);
        if (!nativeFua) {
            rq.clearFlags(RequestFlags.FUA);
        }
        queue.accountInserted(rs);
        if (rs.flushPre) {
            issueFlush(rs);
        } else {
            queue.insertAtTail(rs);
        }
    }

    /**
     * The device completed a step of a sequence.
     *
     * @return the data request whose sequence is over, for the caller to finish; null while steps remain
     */
    RqState stepDone(RqState rs) {
        RqState owner = rs.flushOwner;
        if (owner != null) {
            queue.releaseFlushStep(rs);
            if (owner.flushPre) {
                owner.flushPre = false;
                queue.insertAtTail(owner);
                return null;
            }
            return owner;
        }
        if (rs.flushPost) {
            rs.flushPost = false;
            issueFlush(rs);
            return null;
        }
        return rs;
    }

    private void issueFlush(RqState owner) {
        Request data = owner.rq;
        RqState step = queue.newFlushStep(Op.FLUSH, RequestFlags.SYNC | RequestFlags.NOIDLE, data.task(),
                data.cgroup());
        step.flushOwner = owner;
        owner.where = RqState.FLUSH_WAIT;
        queue.insertAtTail(step);
    }
}
