package org.iosched.simulator.block;

import org.iosched.api.Op;
import org.iosched.api.Request;

/**
 * The dispatch queue ({@code q->queue_head}): requests the scheduler released, in the order the driver
 * will take them. An intrusive doubly linked list of {@link RqState}s.
 *
 * <p>{@link #sortInsert} is {@code elv_dispatch_sort}: scanning back from the tail, the request goes
 * behind the last request that it may not pass (another direction, discard versus data, or a request
 * marked STARTED or SOFTBARRIER), in one C-SCAN sweep that starts at {@code boundary} (the end sector of
 * the last request the driver took): requests at or above the boundary ascending, then those below it
 * ascending.
 */
final class DispatchQueue {
    private RqState head;
    private RqState tail;
    private int size;

    RqState head() {
        return head;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return head == null;
    }

    void addTail(RqState rs) {
        insertAfter(tail, rs);
    }

    void addHead(RqState rs) {
        insertAfter(null, rs);
    }

    void sortInsert(RqState rs, long boundary) {
        Request rq = rs.rq;
        long sector = rq.sector();
        boolean aboveBoundary = sector >= boundary;
        RqState pos = tail;
        while (pos != null) {
            Request p = pos.rq;
            if (p.isWrite() != rq.isWrite() || (p.op() == Op.DISCARD) != (rq.op() == Op.DISCARD)
                    || pos.started || pos.softBarrier) {
                break;
            }
            long ps = p.sector();
            if (aboveBoundary) {
                if (ps < boundary) {
                    // pos belongs to the wrapped part of the sweep: rq goes ahead of it
                    pos = pos.prev;
                    continue;
                }
            } else if (ps >= boundary) {
                break;
            }
            if (sector >= ps) {
                break;
            }
            pos = pos.prev;
        }
        insertAfter(pos, rs);
    }

    /** Inserts {@code rs} after {@code pos}, or at the head when {@code pos} is null. */
    private void insertAfter(RqState pos, RqState rs) {
        RqState after = pos == null ? head : pos.next;
        rs.prev = pos;
        rs.next = after;
        if (pos == null) {
            head = rs;
        } else {
            pos.next = rs;
        }
        if (after == null) {
            tail = rs;
        } else {
            after.prev = rs;
        }
        size++;
    }

    void remove(RqState rs) {
        if (rs.prev == null) {
            head = rs.next;
        } else {
            rs.prev.next = rs.next;
        }
        if (rs.next == null) {
            tail = rs.prev;
        } else {
            rs.next.prev = rs.prev;
        }
        rs.prev = null;
        rs.next = null;
        size--;
    }
}
