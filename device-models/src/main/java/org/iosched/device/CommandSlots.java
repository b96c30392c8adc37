package org.iosched.device;

import java.util.function.IntConsumer;
import org.iosched.api.DeviceContext;
import org.iosched.api.DeviceInfo;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.Timer;

/**
 * The device's command slots (NCQ tags): one reusable completion {@link Timer} per slot, created once, so that
 * completing a command allocates nothing.
 *
 * <p>A device {@link #acquire}s a slot when it takes a request, and either {@link #completeAt}s it at a known
 * time or keeps it until it knows. The slot is released just before {@link DeviceContext#complete} runs.
 *
 * <p>It also keeps the command rules every drive shares ({@link #canAccept}): no more commands than slots, and
 * with {@code nonqueuedFlush} (SATA) FLUSH and DISCARD are non-queued: they wait for an empty queue and
 * nothing else is taken while one runs (devices-os.md §1.3).
 */
public final class CommandSlots {
    private final DeviceContext context;
    private final DeviceInfo info;
    private final boolean nonqueuedFlush;
    private final IntConsumer onRelease;
    private final Request[] requests;
    private final boolean[] nonQueued;
    private int nonQueuedHeld;
    private final Timer[] timers;
    private final int[] free;
    private int freeCount;
    private int busy;
    private int maxBusy;

    /**
     * @param info           the device: its queue depth is the number of slots, its capacity bounds requests
     * @param nonqueuedFlush whether FLUSH and DISCARD are non-queued commands
     * @param onRelease      told the slot number just before its request completes
     */
    public CommandSlots(DeviceContext context, DeviceInfo info, boolean nonqueuedFlush, IntConsumer onRelease) {
        int depth = info.queueDepth();
        this.context = context;
        this.info = info;
        this.nonqueuedFlush = nonqueuedFlush;
        this.onRelease = onRelease;
        this.requests = new Request[depth];
        this.nonQueued = new boolean[depth];
        this.timers = new Timer[depth];
        this.free = new int[depth];
        for (int i = 0; i < depth; i++) {
            final int slot = i;
            timers[i] = context.newTimer(() -> fire(slot));
            free[depth - 1 - i] = i;
        }
        this.freeCount = depth;
    }

    /** {@link org.iosched.api.BlockDevice#canAccept}: whether {@code rq} may be taken with {@code inFlight} held. */
    public boolean canAccept(Request rq, int inFlight) {
        if (inFlight >= requests.length || nonQueuedHeld > 0) {
            return false;
        }
        return !isNonQueued(rq) || inFlight == 0;
    }

    private boolean isNonQueued(Request rq) {
        return nonqueuedFlush && (rq.op() == Op.FLUSH || rq.op() == Op.DISCARD);
    }

    /**
     * Takes a free slot for {@code rq}; a block layer that submits beyond the queue depth or the capacity is a
     * bug.
     */
    public int acquire(Request rq) {
        if (rq.op().hasData() && (rq.sector() < 0 || rq.endSector() > info.capacitySectors())) {
            throw new IllegalArgumentException(info.name() + ": " + rq + " lies beyond the capacity "
                    + info.capacitySectors());
        }
        if (freeCount == 0) {
            throw new IllegalStateException("device queue full (" + requests.length + " commands): " + rq);
        }
        int slot = free[--freeCount];
        requests[slot] = rq;
        if (isNonQueued(rq)) {
            nonQueued[slot] = true;
            nonQueuedHeld++;
        }
        busy++;
        maxBusy = Math.max(maxBusy, busy);
        return slot;
    }

    /** The request in {@code slot}. */
    public Request request(int slot) {
        return requests[slot];
    }

    /** Completes the command in {@code slot} at virtual time {@code at} (not before now). */
    public void completeAt(int slot, long at) {
        if (requests[slot] == null) {
            throw new IllegalStateException("slot " + slot + " is empty");
        }
        timers[slot].arm(Math.max(at, context.now()));
    }

    private void fire(int slot) {
        Request rq = requests[slot];
        requests[slot] = null;
        free[freeCount++] = slot;
        busy--;
        if (nonQueued[slot]) {
            nonQueued[slot] = false;
            nonQueuedHeld--;
        }
        onRelease.accept(slot);
        context.complete(rq);
    }

    /** Commands held now. */
    public int busy() {
        return busy;
    }

    /** The most commands held at once during the run. */
    public int maxBusy() {
        return maxBusy;
    }

    /** Number of slots. */
    public int depth() {
        return requests.length;
    }
}
