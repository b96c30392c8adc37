package org.iosched.testkit;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.iosched.api.Bio;
import org.iosched.api.MqScheduler;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;

/**
 * The generic merge helpers of Linux 6.6's blk-mq that {@link FakeMqSchedulerContext} offers a scheduler
 * ({@code block/elevator.c}, {@code block/blk-merge.c}, {@code block/blk-mq-sched.c}): the back-merge hash
 * ({@code elv_rqhash}, newest first within one end sector), the one-hit cache {@code q->last_merge},
 * {@code blk_mq_sched_try_merge}, {@code elv_attempt_insert_merge} and {@code blk_bio_list_merge}.
 *
 * <p>Merge rules ({@code blk_rq_merge_ok}, {@code attempt_merge}): both sides mergeable (not FLUSH, no NOMERGE,
 * PREFLUSH or FUA), same operation, same cgroup, same META ("issue as root") flag, same io priority, contiguous,
 * and the sum within {@code max_sectors}. A bio that would grow a request past {@code max_sectors} marks the
 * request NOMERGE ({@code req_set_nomerge}). Requests absorbed by a merge are handed to the free list the block
 * layer empties after the hook ({@link FakeMqSchedulerContext#freeMergedRequests()}).
 */
final class MqMerges {
    private final int maxSectors;
    private final Map<Long, List<Request>> hash = new HashMap<>();
    private final Map<Request, Long> hashedAt = new HashMap<>();
    private final List<Request> toFree = new ArrayList<>();
    private MqScheduler scheduler;
    private Request lastMerge;
    private Consumer<Request> onMergedInto;

    MqMerges(int maxSectors) {
        this.maxSectors = maxSectors;
    }

    void attach(MqScheduler scheduler) {
        this.scheduler = scheduler;
    }

    /** Told about every request a bio or request is merged into, before the merge; null for nobody. */
    void onMergedInto(Consumer<Request> listener) {
        this.onMergedInto = listener;
    }

    private void mergingInto(Request rq) {
        if (onMergedInto != null) {
            onMergedInto.accept(rq);
        }
    }

    static boolean mergeable(Request rq) {
        return rq.op() != Op.FLUSH
                && (rq.flags() & (RequestFlags.NOMERGE | RequestFlags.PREFLUSH | RequestFlags.FUA)) == 0;
    }

    static boolean mergeable(Bio bio) {
        return bio.op() != Op.FLUSH
                && (bio.flags() & (RequestFlags.NOMERGE | RequestFlags.PREFLUSH | RequestFlags.FUA)) == 0;
    }

    /** {@code blk_rq_merge_ok} without the position. */
    private static boolean compatible(Request rq, Bio bio) {
        return mergeable(rq) && mergeable(bio) && rq.op() == bio.op() && rq.cgroup() == bio.cgroup()
                && rq.hasFlag(RequestFlags.META) == RequestFlags.has(bio.flags(), RequestFlags.META)
                && rq.ioPriority() == bio.ioPriority();
    }

    /** {@code elv_bio_merge_ok}: compatible and allowed by the scheduler. */
    private boolean bioMergeOk(Request rq, Bio bio) {
        return compatible(rq, bio) && scheduler.allowMerge(rq, bio);
    }

    // ---------------------------------------------------------------- the hash and the one-hit cache

    void hashAdd(Request rq) {
        if (hashedAt.containsKey(rq)) {
            throw new AssertionError("hashAdd(" + rq + ") of a request already in the merge hash");
        }
        long key = rq.endSector();
        hash.computeIfAbsent(key, k -> new ArrayList<>(1)).add(0, rq);
        hashedAt.put(rq, key);
    }

    void hashRemove(Request rq) {
        Long key = hashedAt.remove(rq);
        if (key == null) {
            return;
        }
        List<Request> bucket = hash.get(key);
        for (int i = 0; i < bucket.size(); i++) {
            if (bucket.get(i) == rq) {
                bucket.remove(i);
                break;
            }
        }
        if (bucket.isEmpty()) {
            hash.remove(key);
        }
    }

    boolean hashed(Request rq) {
        return hashedAt.containsKey(rq);
    }

    /** {@code elv_rqhash_reposition}: the request's end moved. */
    private void reposition(Request rq) {
        if (hashedAt.containsKey(rq)) {
            hashRemove(rq);
            hashAdd(rq);
        }
    }

    /** {@code elv_rqhash_find}: the newest hashed request ending at {@code sector}; unmergeable ones are dropped. */
    private Request hashFind(long sector) {
        List<Request> bucket = hash.get(sector);
        while (bucket != null && !bucket.isEmpty()) {
            Request rq = bucket.get(0);
            if (mergeable(rq)) {
                return rq;
            }
            hashRemove(rq);
            bucket = hash.get(sector);
        }
        return null;
    }

    Request lastMerge() {
        return lastMerge;
    }

    void setLastMerge(Request rq) {
        this.lastMerge = rq;
    }

    private void setNoMerge(Request rq) {
        rq.addFlags(RequestFlags.NOMERGE);
        if (lastMerge == rq) {
            lastMerge = null;
        }
    }

    // ---------------------------------------------------------------- the helpers

    private static final int NO_MERGE = 0;
    private static final int BACK = 1;
    private static final int FRONT = 2;

    /** {@code blk_try_merge}: where the bio touches the request. */
    private static int position(Request rq, Bio bio) {
        if (rq.endSector() == bio.sector()) {
            return BACK;
        }
        if (rq.sector() - bio.sectors() == bio.sector()) {
            return FRONT;
        }
        return NO_MERGE;
    }

    /** {@code blk_mq_sched_try_merge}. */
    boolean tryMerge(Bio bio) {
        if (!mergeable(bio)) {
            return false;
        }
        Request rq = null;
        int type = NO_MERGE;
        if (lastMerge != null && bioMergeOk(lastMerge, bio)) {
            type = position(lastMerge, bio);
            if (type != NO_MERGE) {
                rq = lastMerge;
            }
        }
        if (rq == null) {
            Request back = hashFind(bio.sector());
            if (back != null && bioMergeOk(back, bio)) {
                rq = back;
                type = BACK;
            }
        }
        if (rq == null) {
            Request front = scheduler.requestMerge(bio);
            if (front != null) {
                if (front.sector() != bio.endSector()) {
                    throw new AssertionError("requestMerge(" + bio + ") returned " + front
                            + ", which does not start where the bio ends (sector " + bio.endSector() + ")");
                }
                if (bioMergeOk(front, bio)) {
                    rq = front;
                    type = FRONT;
                }
            }
        }
        if (rq == null || !scheduler.allowMerge(rq, bio)) {
            return false;
        }
        if (rq.sectors() + bio.sectors() > maxSectors) {
            setNoMerge(rq);
            return false;
        }
        mergingInto(rq);
        if (type == BACK) {
            rq.appendBio(bio);
            Request next = scheduler.nextRequest(rq);
            Request absorbed = next == null ? null : attemptMerge(rq, next);
            if (absorbed == null) {
                scheduler.requestMerged(rq, false);
                reposition(rq);
                lastMerge = rq;
            } else {
                toFree.add(absorbed);
            }
        } else {
            rq.prependBio(bio);
            Request previous = scheduler.formerRequest(rq);
            Request absorbed = previous == null ? null : attemptMerge(previous, rq);
            if (absorbed == null) {
                scheduler.requestMerged(rq, true);
                lastMerge = rq;
            } else {
                toFree.add(absorbed);
            }
        }
        return true;
    }

    /** {@code attempt_merge}: {@code next} joins {@code rq} when they touch, match and fit; returns next or null. */
    private Request attemptMerge(Request rq, Request next) {
        if (rq == next || !mergeable(rq) || !mergeable(next) || rq.op() != next.op()
                || rq.endSector() != next.sector() || rq.ioPriority() != next.ioPriority()
                || rq.cgroup() != next.cgroup() || rq.hasFlag(RequestFlags.META) != next.hasFlag(RequestFlags.META)
                || rq.sectors() + next.sectors() > maxSectors) {
            return null;
        }
        mergingInto(rq);
        mergingInto(next);
        // the survivor would keep the earlier start_time_ns: Request.startTime() is fixed at allocation here
        rq.absorb(next);
        // elv_merge_requests
        scheduler.requestsMerged(rq, next);
        hashRemove(next);
        if (lastMerge == next) {
            lastMerge = null;
        }
        reposition(rq);
        lastMerge = rq;
        return next;
    }

    /** {@code elv_attempt_insert_merge}: the one-hit cache, then hash lookups while merges cascade. */
    boolean tryInsertMerge(Request rq) {
        if (lastMerge != null && lastMerge != rq && attemptMerge(lastMerge, rq) != null) {
            toFree.add(rq);
            return true;
        }
        boolean merged = false;
        Request current = rq;
        while (true) {
            Request into = hashFind(current.sector());
            if (into == null || into == current || attemptMerge(into, current) == null) {
                break;
            }
            toFree.add(current);
            merged = true;
            current = into;
        }
        return merged;
    }

    /** {@code blk_bio_list_merge}: the last 8 of {@code requests}, newest first, without coalescing. */
    boolean bioListMerge(List<Request> requests, Bio bio) {
        int checked = 8;
        for (int i = requests.size() - 1; i >= 0; i--) {
            if (checked-- == 0) {
                break;
            }
            Request rq = requests.get(i);
            if (!compatible(rq, bio)) {
                continue;
            }
            int type = position(rq, bio);
            if (type == NO_MERGE) {
                continue;
            }
            if (!scheduler.allowMerge(rq, bio)) {
                continue;
            }
            if (rq.sectors() + bio.sectors() > maxSectors) {
                setNoMerge(rq);
                return false;
            }
            mergingInto(rq);
            if (type == BACK) {
                rq.appendBio(bio);
            } else {
                rq.prependBio(bio);
            }
            return true;
        }
        return false;
    }

    /** Requests merged away since the last call, in the order they were absorbed; the list is emptied. */
    List<Request> takeFreed() {
        if (toFree.isEmpty()) {
            return List.of();
        }
        List<Request> freed = new ArrayList<>(toFree);
        toFree.clear();
        return freed;
    }
}
