package org.iosched.scheduler.cfq;

import org.iosched.api.RequestFlags;
import org.iosched.api.SeekChoice;

/**
 * Requests inside a queue: the sector-sorted tree and FIFO ({@code cfq_add_rq_rb}, {@code cfq_del_rq_rb},
 * {@code cfq_remove_request}, {@code cfq_reposition_rq_rb}) and the elevator order that picks {@code next_rq}
 * ({@code cfq_choose_req} with the back-seek rules, {@code cfq_find_next_rq}).
 */
final class CfqRequests {
    private final CfqData cfqd;
    /** A reusable search key for sector lookups. */

    CfqRequests(CfqData cfqd) {
        this.cfqd = cfqd;
    }

    /**
     * {@code cfq_choose_req}: which of two requests to serve next from head position {@code last}. Sync beats
     * async, META beats plain; then the shorter seek, a backward seek within {@code back_seek_max} costing
     * {@code back_seek_penalty} times its distance; requests further behind "wrap".
     */
    CfqRq chooseReq(CfqRq rq1, CfqRq rq2, long last) {
        if (rq1 == null || rq1 == rq2) {
            return rq2;
        }
        if (rq2 == null) {
            return rq1;
        }
        if (rq1.sync != rq2.sync) {
            return rq1.sync ? rq1 : rq2;
        }
        boolean meta1 = rq1.rq.hasFlag(RequestFlags.META);
        if (meta1 != rq2.rq.hasFlag(RequestFlags.META)) {
            return meta1 ? rq1 : rq2;
        }
        // by definition, 1 KiB is 2 sectors
        return SeekChoice.firstGoesFirst(rq1.pos(), rq2.pos(), last, cfqd.tunables.backSeekMax() * 2,
                cfqd.tunables.backSeekPenalty()) ? rq1 : rq2;
    }

    /** {@code cfq_find_next_rq}: the better of the successor (wrapping to the first) and the predecessor. */
    CfqRq findNextRq(CfqQueue cfqq, CfqRq last) {
        CfqRq prev = cfqq.sortPrev(last);
        CfqRq next = cfqq.sortNext(last);
        if (next == null) {
            CfqRq first = cfqq.sortFirst();
            if (first != null && first != last) {
                next = first;
            }
        }
        return chooseReq(next, prev, last.pos());
    }

    /**
     * {@code cfq_add_rq_rb}: into the sort tree (an alias, a queued request at the same sector, goes to the
     * dispatch queue first, as 3.0's {@code elv_rb_add} loop does), onto the round robin, and maybe next_rq.
     */
    void addRqRb(CfqRq crq) {
        CfqQueue cfqq = crq.cfqq;
        cfqq.queued[crq.sync ? 1 : 0]++;
        CfqRq alias;
        while ((alias = findAt(cfqq, crq.pos())) != null) {
            cfqd.dispatch.dispatchInsert(alias);
        }
        crq.sortKey = crq.pos();
        cfqq.sortList.add(crq);

        if (!cfqq.onRr) {
            cfqd.trees.addCfqqRr(cfqq);
        }
        CfqRq prev = cfqq.nextRq;
        cfqq.nextRq = chooseReq(cfqq.nextRq, crq, cfqd.lastPosition);
        if (prev != cfqq.nextRq) {
            cfqd.trees.prioTreeAdd(cfqq);
        }
    }

    /** {@code elv_rb_find}: a queued request of {@code cfqq} starting at {@code sector}, or null. */
    CfqRq findAt(CfqQueue cfqq, long sector) {
        return cfqq.sortList.firstAt(sector);
    }

    /** {@code cfq_del_rq_rb}: out of the sort tree; an emptied queue leaves its prio tree (not yet its service tree). */
    void delRqRb(CfqRq crq) {
        CfqQueue cfqq = crq.cfqq;
        cfqq.queued[crq.sync ? 1 : 0]--;
        cfqq.sortList.remove(crq);
        if (cfqq.onRr && cfqq.isEmpty()) {
            cfqd.trees.prioTreeRemove(cfqq);
        }
    }

    /** {@code cfq_remove_request}: the request leaves CFQ (dispatched or merged away). */
    void removeRequest(CfqRq crq) {
        CfqQueue cfqq = crq.cfqq;
        if (cfqq.nextRq == crq) {
            cfqq.nextRq = findNextRq(cfqq, crq);
        }
        cfqq.fifoRemove(crq);
        delRqRb(crq);
        crq.queued = false;
        cfqd.rqQueued--;
        if (crq.rq.hasFlag(RequestFlags.META)) {
            cfqq.metaPending--;
        }
    }

    /** {@code cfq_reposition_rq_rb}: re-sort a request whose start sector moved (front merge). */
    void repositionRqRb(CfqRq crq) {
        CfqQueue cfqq = crq.cfqq;
        cfqq.sortList.remove(crq);
        cfqq.queued[crq.sync ? 1 : 0]--;
        addRqRb(crq);
    }
}
