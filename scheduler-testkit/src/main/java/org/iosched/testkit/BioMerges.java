package org.iosched.testkit;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.iosched.api.Bio;
import org.iosched.api.IoScheduler;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;

/**
 * Bio and request merging for {@link DeviceLoop}, as the 2.6.32-3.0 elevator does it ({@code elv_merge},
 * {@code ll_back_merge_fn}, {@code ll_front_merge_fn}, {@code attempt_merge}): a back merge into a queued
 * request that ends where the bio starts (the block layer's hash), else a front merge into the request the
 * scheduler's {@code findFrontMerge} offers; then the neighbour the scheduler names ({@code latterRequest},
 * {@code formerRequest}) is coalesced when it touches, and {@code requestsMerged} is called instead of
 * {@code merged}.
 */
final class BioMerges {
    private final IoScheduler scheduler;
    private final int maxSectors;
    /** Queued mergeable requests by end sector (the kernel's {@code elv_rqhash}). */
    private final Map<Long, List<Request>> byEndSector = new HashMap<>();
    private Request survivor;
    private Request absorbed;

    BioMerges(IoScheduler scheduler, int maxSectors) {
        this.scheduler = scheduler;
        this.maxSectors = maxSectors;
    }

    static boolean mergeable(Request rq) {
        return rq.op() != Op.FLUSH
                && (rq.flags() & (RequestFlags.NOMERGE | RequestFlags.PREFLUSH | RequestFlags.FUA)) == 0;
    }

    private static boolean mergeable(Bio bio) {
        return bio.op() != Op.FLUSH
                && (bio.flags() & (RequestFlags.NOMERGE | RequestFlags.PREFLUSH | RequestFlags.FUA)) == 0;
    }

    /** A request entered the scheduler. */
    void queued(Request rq) {
        if (mergeable(rq)) {
            byEndSector.computeIfAbsent(rq.endSector(), end -> new ArrayList<>(1)).add(rq);
        }
    }

    /** A request left the scheduler (moved to the dispatch queue or absorbed). */
    void left(Request rq) {
        forget(rq, rq.endSector());
    }

    private void forget(Request rq, long endSector) {
        List<Request> list = byEndSector.get(endSector);
        if (list != null) {
            for (int i = 0; i < list.size(); i++) {
                if (list.get(i) == rq) {
                    list.remove(i);
                    break;
                }
            }
            if (list.isEmpty()) {
                byEndSector.remove(endSector);
            }
        }
    }

    /**
     * Tries to merge {@code bio} into a queued request.
     *
     * @param holder tells whether a request is still held by the scheduler, and names what it is otherwise
     * @return the request that now carries the bio ({@link #survivor()}), or null when it needs its own
     */
    Request tryMerge(Bio bio, Holder holder) {
        survivor = null;
        absorbed = null;
        if (!mergeable(bio)) {
            return null;
        }
        List<Request> candidates = byEndSector.get(bio.sector());
        // elv_rqhash_find: the first queued request ending there is the only back-merge candidate
        Request back = candidates == null ? null : candidates.get(0);
        if (back != null && fits(back, bio) && scheduler.allowMerge(back, bio)) {
            backMerge(back, bio, holder);
            return survivor;
        }
        Request front = scheduler.findFrontMerge(bio);
        if (front != null) {
            holder.requireHeld(front, "findFrontMerge(" + bio + ") returned");
            if (front.sector() != bio.endSector()) {
                throw new AssertionError("findFrontMerge(" + bio + ") returned " + front
                        + ", which does not start where the bio ends (sector " + bio.endSector() + ")");
            }
            if (fits(front, bio) && scheduler.allowMerge(front, bio)) {
                frontMerge(front, bio, holder);
                return survivor;
            }
        }
        return null;
    }

    /** The request that carries the bio of the last successful merge. */
    Request survivor() {
        return survivor;
    }

    /** The request absorbed into {@link #survivor()} by the last merge, or null. */
    Request absorbed() {
        return absorbed;
    }

    private boolean fits(Request rq, Bio bio) {
        return mergeable(rq) && rq.op() == bio.op() && rq.sectors() + bio.sectors() <= maxSectors;
    }

    private void backMerge(Request rq, Bio bio, Holder holder) {
        long oldEnd = rq.endSector();
        rq.appendBio(bio);
        forget(rq, oldEnd);
        queued(rq);
        Request next = scheduler.latterRequest(rq);
        if (next != null) {
            holder.requireHeld(next, "latterRequest(" + rq + ") returned");
        }
        survivor = rq;
        if (next != null && coalesce(rq, next)) {
            return;
        }
        scheduler.merged(rq, false);
    }

    private void frontMerge(Request rq, Bio bio, Holder holder) {
        rq.prependBio(bio);
        Request prev = scheduler.formerRequest(rq);
        if (prev != null) {
            holder.requireHeld(prev, "formerRequest(" + rq + ") returned");
        }
        survivor = rq;
        if (prev != null && coalesce(prev, rq)) {
            survivor = prev;
            return;
        }
        scheduler.merged(rq, true);
    }

    /** {@code attempt_merge}: {@code next} joins {@code rq} when they touch, match and fit. */
    private boolean coalesce(Request rq, Request next) {
        if (rq == next || !mergeable(rq) || !mergeable(next) || rq.endSector() != next.sector()
                || rq.op() != next.op() || rq.sectors() + next.sectors() > maxSectors) {
            return false;
        }
        long oldEnd = rq.endSector();
        forget(next, next.endSector());
        rq.absorb(next);
        forget(rq, oldEnd);
        queued(rq);
        scheduler.requestsMerged(rq, next);
        absorbed = next;
        return true;
    }

    /** Whether a request is held by the scheduler; fails the test with what it is otherwise. */
    interface Holder {
        void requireHeld(Request rq, String what);
    }
}
