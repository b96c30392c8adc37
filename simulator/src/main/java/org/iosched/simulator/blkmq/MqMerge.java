package org.iosched.simulator.blkmq;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.simulator.blk.DiskAccounting;
import org.iosched.simulator.blk.MergeHash;
import org.iosched.simulator.engine.InvariantViolationException;
import org.iosched.simulator.trace.BlockTrace;

/**
 * Merging in a blk-mq queue (block/blk-merge.c, with block/elevator.c's generic merges): a bio goes into the plug's
 * last request ({@code blk_attempt_plug_merge}), then the scheduler's {@code bio_merge}, or without one the
 * submitting CPU's software queue ({@code blk_bio_list_merge}, the last 8 requests); a bio that does not fit
 * ({@code max_sectors}) marks the request NOMERGE. For a scheduler: {@code blk_mq_sched_try_merge} with
 * {@code elv_merge} (the last merged request, the back-merge hash, the scheduler's front-merge candidate, then
 * {@code attempt_merge} of the neighbour), and {@code elv_attempt_insert_merge}.
 *
 * <p>Limitations: no request splitting (bios larger than {@code max_sectors} are not built by the OS model);
 * {@code nomerges} is 0.
 */
final class MqMerge {
    /** How many requests of a software queue {@code blk_bio_list_merge} looks at, from the tail. */
    static final int BIO_LIST_MERGE_DEPTH = 8;

    private static final int MERGE_OK = 0;
    private static final int MERGE_FAILED = 1;
    private static final int MERGE_NONE = 2;
    /** {@code ELV_HASH_BITS}. */
    static final int HASH_BITS = 6;
    /** The merge hash's links in {@link MqRq}. */
    private static final MergeHash.Links<MqRq> HASH = new MergeHash.Links<>() {
        @Override
        protected MqRq next(MqRq rs) {
            return rs.hashNext;
        }

        @Override
        protected void setNext(MqRq rs, MqRq next) {
            rs.hashNext = next;
        }

        @Override
        protected MqRq prev(MqRq rs) {
            return rs.hashPrev;
        }

        @Override
        protected void setPrev(MqRq rs, MqRq prev) {
            rs.hashPrev = prev;
        }

        @Override
        protected boolean hashed(MqRq rs) {
            return rs.hashed;
        }

        @Override
        protected void setHashed(MqRq rs, boolean hashed) {
            rs.hashed = hashed;
        }

        @Override
        protected long endSector(MqRq rs) {
            return rs.rq.endSector();
        }
    };

    private final MqRequestQueue q;
    private final BlockTrace trace;
    private final DiskAccounting disk;
    private final int maxSectors;
    /** The back-merge hash, keyed by the end sector ({@code rq_hash_key}). */
    private final MergeHash hash = new MergeHash(HASH_BITS, 0);
    /** {@code q->last_merge}. */
    Request lastMerge;
    /** Requests {@code elv_attempt_insert_merge} absorbed during an insertion: freed after it. */
    final List<Request> mergedAway = new ArrayList<>();

    MqMerge(MqRequestQueue q) {
        this.q = q;
        this.trace = q.trace;
        this.disk = q.disk;
        this.maxSectors = q.maxSectors;
    }

    /** {@code bio_mergeable}: not a flush, not NOMERGE, PREFLUSH or FUA. */
    static boolean bioMergeable(Bio bio) {
        return bio.op() != Op.FLUSH
                && (bio.flags() & (RequestFlags.NOMERGE | RequestFlags.PREFLUSH | RequestFlags.FUA)) == 0;
    }

    /** {@code rq_mergeable}. */
    static boolean requestMergeable(Request rq) {
        return rq.op() != Op.FLUSH
                && (rq.flags() & (RequestFlags.NOMERGE | RequestFlags.PREFLUSH | RequestFlags.FUA)) == 0;
    }

    /** {@code blk_rq_merge_ok}: the request may take the bio (position aside). */
    static boolean rqMergeOk(Request rq, Bio bio) {
        return requestMergeable(rq) && rq.op() == bio.op() && rq.cgroup() == bio.cgroup()
                && rq.ioPriority() == bio.ioPriority();
    }

    /** {@code blk_mq_attempt_bio_merge}: the plug's last request, then the scheduler or the software queue. */
    boolean attemptBioMerge(Bio bio, Hctx h, int cpu) {
        MqPlug plug = q.plugs.of(bio.task());
        if (plug != null && plug.count() > 0) {
            Request last = plug.last();
            if (attemptBioMerge(last, bio, false) == MERGE_OK) {
                return true;
            }
        }
        if (q.scheduler != null) {
            q.cpus.charge(q.cpus.elevator());
            return q.scheduler.bioMerge(bio);
        }
        int index = h.ctxIndex(cpu);
        ArrayDeque<Request> list = h.ctxList(index);
        return !list.isEmpty() && bioListMerge(bio, list.descendingIterator());
    }

    /** {@code blk_attempt_bio_merge}: back or front merge of {@code bio} into {@code rq}. */
    private int attemptBioMerge(Request rq, Bio bio, boolean schedAllowMerge) {
        if (!rqMergeOk(rq, bio)) {
            return MERGE_NONE;
        }
        MqRq rs = MqRq.of(rq);
        if (rq.endSector() == bio.sector()) {
            if (schedAllowMerge && rs.useSched && !q.scheduler.allowMerge(rq, bio)) {
                return MERGE_NONE;
            }
            return backMerge(rs, bio) ? MERGE_OK : MERGE_FAILED;
        }
        if (rq.sector() == bio.endSector()) {
            if (schedAllowMerge && rs.useSched && !q.scheduler.allowMerge(rq, bio)) {
                return MERGE_NONE;
            }
            return frontMerge(rs, bio) ? MERGE_OK : MERGE_FAILED;
        }
        return MERGE_NONE;
    }

    // bio_attempt_back_merge: ll_back_merge_fn's size limit, else the request is marked NOMERGE
    private boolean backMerge(MqRq rs, Bio bio) {
        Request rq = rs.rq;
        if (rq.sectors() + bio.sectors() > maxSectors) {
            setNoMerge(rs);
            return false;
        }
        long oldEnd = rq.endSector();
        rq.appendBio(bio);
        hash.reposition(rs, oldEnd, HASH);
        trace.bio('M', bio);
        disk.bioMerged(rq);
        if (q.qos.size() > 0) {
            q.qos.merge(rq, bio);
        }
        return true;
    }

    // bio_attempt_front_merge
    private boolean frontMerge(MqRq rs, Bio bio) {
        Request rq = rs.rq;
        if (rq.sectors() + bio.sectors() > maxSectors) {
            setNoMerge(rs);
            return false;
        }
        rq.prependBio(bio);
        trace.bio('F', bio);
        disk.bioMerged(rq);
        if (q.qos.size() > 0) {
            q.qos.merge(rq, bio);
        }
        return true;
    }

    // req_set_nomerge
    private void setNoMerge(MqRq rs) {
        rs.rq.addFlags(RequestFlags.NOMERGE);
        if (lastMerge == rs.rq) {
            lastMerge = null;
        }
    }

    /** {@code blk_bio_list_merge}: the first 8 requests {@code fromTail} yields (a list's tail first). */
    boolean bioListMerge(Bio bio, Iterator<Request> fromTail) {
        int checked = 0;
        while (fromTail.hasNext() && checked < BIO_LIST_MERGE_DEPTH) {
            Request rq = fromTail.next();
            checked++;
            if (!rqMergeOk(rq, bio)) {
                continue;
            }
            int result = attemptBioMerge(rq, bio, true);
            if (result == MERGE_OK) {
                return true;
            }
            if (result == MERGE_FAILED) {
                return false;
            }
        }
        return false;
    }

    /** {@code elv_rqhash_add} of a mergeable request. */
    void hashAdd(Request rq) {
        MqRq rs = MqRq.of(rq);
        if (rs != null && requestMergeable(rq)) {
            hash.add(rs, HASH);
        }
    }

    /** {@code elv_rqhash_del}. */
    void hashRemove(Request rq) {
        MqRq rs = MqRq.of(rq);
        if (rs != null) {
            hash.remove(rs, HASH);
        }
    }

    /** A request leaves the scheduler: it is no merge candidate any more. */
    void dispatched(MqRq rs) {
        hash.remove(rs, HASH);
        if (lastMerge == rs.rq) {
            lastMerge = null;
        }
    }

    private MqRq heldByScheduler(Request rq, String role) {
        MqRq rs = rq == null ? null : MqRq.of(rq);
        if (rs == null || rs.where != MqRq.SCHEDULER) {
            throw new InvariantViolationException(q.schedulerLabel + " returned " + rq + " " + role + ", but it is "
                    + (rs == null ? "not a live request" : MqRq.describe(rs.where)));
        }
        return rs;
    }

    // elv_bio_merge_ok
    private boolean elvBioMergeOk(Request rq, Bio bio) {
        return rqMergeOk(rq, bio) && q.scheduler.allowMerge(rq, bio);
    }

    /** {@code blk_mq_sched_try_merge} with {@code elv_merge}. */
    boolean schedTryMerge(Bio bio) {
        if (!bioMergeable(bio)) {
            return false;
        }
        GuardedMqScheduler scheduler = q.scheduler;
        Request rq = null;
        boolean back = false;
        Request cached = lastMerge;
        if (cached != null && MqRq.of(cached) != null && MqRq.of(cached).where == MqRq.SCHEDULER
                && elvBioMergeOk(cached, bio)) {
            if (cached.endSector() == bio.sector()) {
                rq = cached;
                back = true;
            } else if (cached.sector() == bio.endSector()) {
                rq = cached;
            }
        }
        if (rq == null) {
            MqRq found = hash.find(bio.sector(), HASH);
            if (found != null && found.where == MqRq.SCHEDULER && elvBioMergeOk(found.rq, bio)) {
                rq = found.rq;
                back = true;
            }
        }
        if (rq == null) {
            Request front = scheduler.requestMerge(bio);
            if (front != null) {
                heldByScheduler(front, "from requestMerge");
                if (front.sector() != bio.endSector()) {
                    throw new InvariantViolationException(q.schedulerLabel + " offered " + front
                            + " as a front merge for " + bio + ", but it does not start where the bio ends");
                }
                if (elvBioMergeOk(front, bio)) {
                    rq = front;
                }
            }
        }
        if (rq == null) {
            return false;
        }
        MqRq rs = MqRq.of(rq);
        if (back) {
            if (!backMerge(rs, bio)) {
                return false;
            }
            Request next = scheduler.nextRequest(rq);
            if (next == null || !attemptMerge(rs, heldByScheduler(next, "from nextRequest"), true)) {
                scheduler.requestMerged(rq, false);
                lastMerge = rq;
            }
        } else {
            if (!frontMerge(rs, bio)) {
                return false;
            }
            Request prev = scheduler.formerRequest(rq);
            if (prev == null || !attemptMerge(heldByScheduler(prev, "from formerRequest"), rs, true)) {
                scheduler.requestMerged(rq, true);
                lastMerge = rq;
            }
        }
        return true;
    }

    /**
     * {@code attempt_merge}: coalesce {@code next} into {@code req} when they touch, match and fit; then
     * {@code requests_merged}, and {@code next} is freed (now, or after the insertion for insert merges).
     */
    private boolean attemptMerge(MqRq req, MqRq next, boolean freeNow) {
        Request a = req.rq;
        Request b = next.rq;
        if (req == next || !requestMergeable(a) || !requestMergeable(b) || a.endSector() != b.sector()
                || a.op() != b.op() || a.ioPriority() != b.ioPriority() || a.cgroup() != b.cgroup()
                || a.sectors() + b.sectors() > maxSectors) {
            return false;
        }
        long oldEnd = a.endSector();
        if (next.allocTime < req.allocTime) {
            req.allocTime = next.allocTime;
        }
        a.absorb(b);
        hash.reposition(req, oldEnd, HASH);
        hash.remove(next, HASH);
        q.scheduler.requestsMerged(a, b);
        lastMerge = a;
        if (freeNow) {
            q.end.freeMergedAway(b);
        } else {
            mergedAway.add(b);
        }
        return true;
    }

    /** {@code elv_attempt_insert_merge}: the new request {@code rq} into a queued one ending where it starts. */
    boolean attemptInsertMerge(Request rq) {
        MqRq rs = MqRq.of(rq);
        if (rs == null || !requestMergeable(rq)) {
            return false;
        }
        Request cached = lastMerge;
        if (cached != null && cached != rq && MqRq.of(cached) != null && MqRq.of(cached).where == MqRq.SCHEDULER
                && attemptMerge(MqRq.of(cached), rs, false)) {
            return true;
        }
        boolean merged = false;
        MqRq current = rs;
        while (true) {
            MqRq found = hash.find(current.rq.sector(), HASH);
            if (found == null || found == current || found.where != MqRq.SCHEDULER
                    || !attemptMerge(found, current, false)) {
                break;
            }
            merged = true;
            // the merged request could be the merge candidate for another one
            current = found;
        }
        return merged;
    }
}
