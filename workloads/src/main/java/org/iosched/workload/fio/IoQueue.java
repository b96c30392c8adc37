package org.iosched.workload.fio;

import org.iosched.api.FileIo;
import org.iosched.api.WorkloadContext;

/**
 * A job's I/O units and where each one is ({@code io_u_freelist}, the queued-but-not-committed units,
 * the units in flight and the completed ones not yet reaped), with fixed-size arrays so that nothing is
 * allocated per I/O.
 */
final class IoQueue {
    private final IoUnit[] units;
    private final int[] free;
    private int freeCount;
    private final FileIo[] batch;
    private int batchCount;
    private int pendingSubmits;
    private int inFlight;
    private final IoUnit[] reaped;
    private int reapHead;
    private int reapCount;

    IoQueue(int slots) {
        units = new IoUnit[slots];
        free = new int[slots];
        for (int i = 0; i < slots; i++) {
            units[i] = new IoUnit(i);
            free[i] = slots - 1 - i;
        }
        freeCount = slots;
        batch = new FileIo[slots];
        reaped = new IoUnit[slots];
    }

    /** The unit {@link #take} would return (not yet removed from the free list). */
    IoUnit peekFree() {
        return units[free[freeCount - 1]];
    }

    /** Take the unit {@link #peekFree} showed. */
    void take() {
        freeCount--;
    }

    void release(IoUnit u) {
        u.inFlight = false;
        free[freeCount++] = u.slot;
    }

    /** Units not on the free list ({@code cur_depth}). */
    int busy() {
        return units.length - freeCount;
    }

    int inFlight() {
        return inFlight;
    }

    int pendingSubmits() {
        return pendingSubmits;
    }

    int reapable() {
        return reapCount;
    }

    int queued() {
        return batchCount;
    }

    /** Queue {@code u} for the next {@link #commit}. */
    void queue(IoUnit u) {
        batch[batchCount++] = u.io;
    }

    /** A blocking call of a synchronous engine: in flight without a separate submit notification. */
    void inFlightSync(IoUnit u) {
        u.inFlight = true;
        inFlight++;
    }

    /** {@code io_submit} of the queued units. */
    void commit(WorkloadContext ctx) {
        if (batchCount == 0) {
            return;
        }
        int count = batchCount;
        batchCount = 0;
        for (int i = 0; i < count; i++) {
            ((IoUnit) batch[i].attachment()).inFlight = true;
        }
        inFlight += count;
        pendingSubmits += count;
        if (count == 1) {
            ctx.submit(batch[0]);
        } else {
            ctx.submitBatch(batch, count);
        }
    }

    /** The submit call of {@code u} returned; false if that was already known. */
    boolean submitted(IoUnit u, long now) {
        if (u.submitTime >= 0) {
            return false;
        }
        u.submitTime = now;
        pendingSubmits--;
        return true;
    }

    /** {@code u} completed: it waits to be reaped. */
    void completed(IoUnit u) {
        inFlight--;
        int at = reapHead + reapCount;
        reaped[at < reaped.length ? at : at - reaped.length] = u;
        reapCount++;
    }

    /** The oldest completed unit, removed from the reap queue; null if none. */
    IoUnit pollReaped() {
        if (reapCount == 0) {
            return null;
        }
        IoUnit u = reaped[reapHead];
        reaped[reapHead] = null;
        if (++reapHead == reaped.length) {
            reapHead = 0;
        }
        reapCount--;
        return u;
    }
}
