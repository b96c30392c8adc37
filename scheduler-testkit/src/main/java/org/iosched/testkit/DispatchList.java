package org.iosched.testkit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.iosched.api.Op;
import org.iosched.api.Request;

/**
 * The dispatch queue of {@link FakeSchedulerContext} ({@code q->queue_head}) with the sweep position the
 * block layer keeps beside it ({@code q->end_sector}, {@code q->boundary_rq}), as 2.6.32-3.0's
 * {@code elevator.c} and {@code blk-core.c} use them.
 */
final class DispatchList {
    private final List<Request> queue = new ArrayList<>();
    private final Set<Request> started = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<Request> softBarriers = Collections.newSetFromMap(new IdentityHashMap<>());
    private long endSector;
    private Request boundaryRq;

    List<Request> view() {
        return Collections.unmodifiableList(queue);
    }

    int size() {
        return queue.size();
    }

    boolean contains(Request rq) {
        for (int i = 0; i < queue.size(); i++) {
            if (queue.get(i) == rq) {
                return true;
            }
        }
        return false;
    }

    long endSector() {
        return endSector;
    }

    /**
     * {@code elv_dispatch_sort}: scanning back from the tail, stop behind a request of the other direction, of
     * the other discard kind, started or a soft barrier; otherwise keep one C-SCAN sweep from {@code endSector}:
     * requests at or above it ascending, then those below it ascending.
     */
    void sortInsert(Request rq) {
        long sector = rq.sector();
        int index = queue.size();
        while (index > 0) {
            Request pos = queue.get(index - 1);
            if (pos.isWrite() != rq.isWrite() || (pos.op() == Op.DISCARD) != (rq.op() == Op.DISCARD)
                    || started.contains(pos) || softBarriers.contains(pos)) {
                break;
            }
            if (sector >= endSector) {
                if (pos.sector() < endSector) {
                    // pos is in the wrapped part of the sweep: rq goes ahead of it
                    index--;
                    continue;
                }
            } else if (pos.sector() >= endSector) {
                break;
            }
            if (sector >= pos.sector()) {
                break;
            }
            index--;
        }
        queue.add(index, rq);
    }

    /** {@code elv_dispatch_add_tail}: append and move the sweep boundary past {@code rq}. */
    void addTail(Request rq) {
        queue.add(rq);
        endSector = rq.endSector();
        boundaryRq = rq;
    }

    /** {@code blk_peek_request}: the head, marked started; the sweep position moves on its first peek. */
    Request peek() {
        if (queue.isEmpty()) {
            return null;
        }
        Request rq = queue.get(0);
        markStarted(rq);
        return rq;
    }

    /** Removes {@code rq} wherever it is ({@code blk_start_request} takes the head); false if absent. */
    boolean remove(Request rq) {
        for (int i = 0; i < queue.size(); i++) {
            if (queue.get(i) == rq) {
                queue.remove(i);
                started.remove(rq);
                softBarriers.remove(rq);
                return true;
            }
        }
        return false;
    }

    /** Marks {@code rq} started; the sweep position moves to its end unless a later boundary was set. */
    void markStarted(Request rq) {
        if (started.add(rq) && (boundaryRq == null || boundaryRq == rq)) {
            endSector = rq.endSector();
            boundaryRq = null;
        }
    }

    /** {@code blk_requeue_request}: back to the head, not started, a soft barrier nothing sorts past. */
    void requeue(Request rq) {
        queue.add(0, rq);
        softBarriers.add(rq);
    }

    boolean isSoftBarrier(Request rq) {
        return softBarriers.contains(rq);
    }
}
