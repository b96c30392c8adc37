package org.iosched.simulator.block;

import org.iosched.api.Cgroup;
import org.iosched.api.DeviceInfo;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.iosched.simulator.engine.EventQueue;

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
    private final EventQueue clock;
    private final RqStates states;
    private final RequestAllocator allocator;

    FlushSequencer(RequestQueue queue, DeviceInfo info, EventQueue clock, RqStates states, RequestAllocator allocator) {
        this.queue = queue;
        this.info = info;
        this.clock = clock;
        this.states = states;
        this.allocator = allocator;
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
            states.recycle(rs);
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
        RqState step = newStep(Op.FLUSH, RequestFlags.SYNC | RequestFlags.NOIDLE, data.task(), data.cgroup());
        step.flushOwner = owner;
        owner.where = RqState.FLUSH_WAIT;
        queue.insertAtTail(step);
    }

    /** A step of the flush machinery ({@code q->flush_rq}): a request of its own, not from the pool. */
    private RqState newStep(Op op, int flags, Task task, Cgroup cgroup) {
        long now = clock.now();
        RqState step = states.bind(new Request(allocator.nextId(), op, flags, 0, 0, task, cgroup, now));
        step.allocTime = now;
        return step;
    }
}
