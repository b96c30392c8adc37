package org.iosched.simulator.block;

import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.simulator.blk.DiskAccounting;
import org.iosched.simulator.blk.MergeHash;
import org.iosched.simulator.engine.InvariantViolationException;
import org.iosched.simulator.trace.BlockTrace;

/**
 * Bio and request merging of the 2.6.32-3.0 elevator ({@code elv_merge}, {@code ll_back_merge_fn},
 * {@code ll_front_merge_fn}, {@code attempt_merge}).
 *
 * <ul>
 *   <li>Candidates, in order: the {@code q->last_merge} cache (back or front), the back-merge hash by end
 *       sector, the scheduler's front-merge lookup. Only requests still held by the scheduler can take a
 *       bio; requests on the dispatch queue or in the driver cannot.</li>
 *   <li>A candidate must be mergeable (no NOMERGE, FLUSH, PREFLUSH or FUA), of the bio's operation, and
 *       the scheduler's {@code allowMerge} must agree. The block layer has no sync test of its own
 *       ({@code elv_rq_merge_ok}); a scheduler that wants one (CFQ) vetoes in {@code allowMerge}.</li>
 *   <li>A merge that would exceed {@code max_sectors} fails and marks the request NOMERGE.</li>
 *   <li>After a bio merge the scheduler's neighbour is coalesced when it touches
 *       ({@code attempt_back_merge}: the latter request; {@code attempt_front_merge}: the former); then
 *       {@code requestsMerged} is called instead of {@code merged}, and the absorbed request is freed.</li>
 * </ul>
 */
final class ElevatorMerge {
    /** How the back-merge hash reaches a request's links ({@code rq->hash}) and end sector. */
    private static final MergeHash.Links<RqState> HASH = new MergeHash.Links<>() {
        @Override
        protected RqState next(RqState rs) {
            return rs.hashNext;
        }

        @Override
        protected void setNext(RqState rs, RqState next) {
            rs.hashNext = next;
        }

        @Override
        protected RqState prev(RqState rs) {
            return rs.hashPrev;
        }

        @Override
        protected void setPrev(RqState rs, RqState prev) {
            rs.hashPrev = prev;
        }

        @Override
        protected boolean hashed(RqState rs) {
            return rs.hashed;
        }

        @Override
        protected void setHashed(RqState rs, boolean hashed) {
            rs.hashed = hashed;
        }

        @Override
        protected long endSector(RqState rs) {
            return rs.rq.endSector();
        }
    };

    private final RequestQueue queue;
    private final BlockTrace trace;
    private final DiskAccounting disk;
    private final int maxSectors;
    /** {@code elv_rqhash}: 512 buckets ({@code ELV_HASH_BITS} 9) keyed by 4 KiB block ({@code ELV_HASH_BLOCK}). */
    private final MergeHash hash = new MergeHash(9, 3);
    private GuardedScheduler scheduler;
    private RqState lastMerge;

    ElevatorMerge(RequestQueue queue, BlockTrace trace, DiskAccounting disk, int maxSectors) {
        this.queue = queue;
        this.trace = trace;
        this.disk = disk;
        this.maxSectors = maxSectors;
    }

    void attach(GuardedScheduler guardedScheduler) {
        this.scheduler = guardedScheduler;
    }

    static boolean mergeable(Request rq) {
        return rq.op() != Op.FLUSH
                && (rq.flags() & (RequestFlags.NOMERGE | RequestFlags.PREFLUSH | RequestFlags.FUA)) == 0;
    }

    /** A request entered the scheduler: hash it and make it the last-merge hint if there is none. */
    void inserted(RqState rs) {
        if (mergeable(rs.rq)) {
            hash.add(rs, HASH);
            if (lastMerge == null) {
                lastMerge = rs;
            }
        }
    }

    /** A request left the scheduler (dispatched): it can take no more bios. */
    void removed(RqState rs) {
        if (lastMerge == rs) {
            lastMerge = null;
        }
        hash.remove(rs, HASH);
    }

    private boolean mergeOk(RqState rs, Bio bio) {
        Request rq = rs.rq;
        return rs.where == RqState.SCHEDULER && mergeable(rq) && rq.op() == bio.op()
                && scheduler.allowMerge(rq, bio);
    }

    /** {@code elv_merge} and the merge itself; false when the bio needs a request of its own. */
    boolean tryMerge(Bio bio) {
        if ((bio.flags() & RequestFlags.NOMERGE) != 0 || queue.nrSorted() == 0) {
            return false;
        }
        RqState rs = lastMerge;
        if (rs != null) {
            Request rq = rs.rq;
            if (rq.endSector() == bio.sector() && mergeOk(rs, bio)) {
                return backMerge(rs, bio);
            }
            if (rq.sector() == bio.endSector() && mergeOk(rs, bio)) {
                return frontMerge(rs, bio);
            }
        }
        rs = hash.find(bio.sector(), HASH);
        if (rs != null && mergeOk(rs, bio)) {
            return backMerge(rs, bio);
        }
        Request front = scheduler.findFrontMerge(bio);
        if (front != null) {
            RqState fs = heldByScheduler(front, "as a front-merge candidate");
            if (front.sector() != bio.endSector()) {
                throw new InvariantViolationException(scheduler.label() + " offered " + front
                        + " as a front merge for " + bio + ", but it does not start where the bio ends");
            }
            if (mergeOk(fs, bio)) {
                return frontMerge(fs, bio);
            }
        }
        return false;
    }

    private boolean backMerge(RqState rs, Bio bio) {
        Request rq = rs.rq;
        if (rq.sectors() + bio.sectors() > maxSectors) {
            markNoMerge(rs);
            return false;
        }
        long oldEnd = rq.endSector();
        rq.appendBio(bio);
        trace.bio('M', bio);
        disk.bioMerged(rq);
        hash.reposition(rs, oldEnd, HASH);
        Request next = scheduler.latterRequest(rq);
        if (next == null || !attemptMerge(rs, heldByScheduler(next, "as the latter request"))) {
            scheduler.merged(rq, false);
            lastMerge = rs;
        }
        return true;
    }

    private boolean frontMerge(RqState rs, Bio bio) {
        Request rq = rs.rq;
        if (rq.sectors() + bio.sectors() > maxSectors) {
            markNoMerge(rs);
            return false;
        }
        rq.prependBio(bio);
        trace.bio('F', bio);
        disk.bioMerged(rq);
        Request prev = scheduler.formerRequest(rq);
        if (prev == null || !attemptMerge(heldByScheduler(prev, "as the former request"), rs)) {
            scheduler.merged(rq, true);
            lastMerge = rs;
        }
        return true;
    }

    private void markNoMerge(RqState rs) {
        rs.rq.addFlags(RequestFlags.NOMERGE);
        removed(rs);
    }

    /** {@code attempt_merge}: coalesce {@code next} into {@code req} when they touch and fit. */
    private boolean attemptMerge(RqState req, RqState next) {
        Request a = req.rq;
        Request b = next.rq;
        if (req == next || !mergeable(a) || !mergeable(b) || a.endSector() != b.sector() || a.op() != b.op()
                || a.sectors() + b.sectors() > maxSectors) {
            return false;
        }
        long oldEnd = a.endSector();
        if (next.allocTime < req.allocTime) {
            req.allocTime = next.allocTime;
        }
        a.absorb(b);
        scheduler.requestsMerged(a, b);
        hash.reposition(req, oldEnd, HASH);
        removed(next);
        lastMerge = req;
        queue.mergedAway(next);
        return true;
    }

    private RqState heldByScheduler(Request rq, String role) {
        RqState rs = RqStates.of(rq);
        if (rs == null || rs.where != RqState.SCHEDULER) {
            throw new InvariantViolationException(scheduler.label() + " returned " + rq + " " + role
                    + ", but it is " + (rs == null ? "not a live request" : RqState.describe(rs.where)));
        }
        return rs;
    }
}
