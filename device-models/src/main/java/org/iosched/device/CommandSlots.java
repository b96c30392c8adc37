package org.iosched.device;

import java.util.function.IntConsumer;
import org.iosched.api.DeviceContext;
import org.iosched.api.Request;
import org.iosched.api.Timer;

/**
 * The device's command slots (NCQ tags): one reusable completion {@link Timer} per slot, created once, so that
 * completing a command allocates nothing.
 *
 * <p>A device {@link #acquire}s a slot when it takes a request, and either {@link #completeAt}s it at a known
 * time or keeps it until it knows. The slot is released just before {@link DeviceContext#complete} runs.
 */
public final class CommandSlots {
    private final DeviceContext context;
    private final IntConsumer onRelease;
    private final Request[] requests;
    private final Timer[] timers;
    private final int[] free;
    private int freeCount;
    private int busy;
    private int maxBusy;

    /**
     * @param depth     the number of slots (the queue depth)
     * @param onRelease told the slot number just before its request completes
     */
    public CommandSlots(DeviceContext context, int depth, IntConsumer onRelease) {
        this.context = context;
        this.onRelease = onRelease;
        this.requests = new Request[depth];
        this.timers = new Timer[depth];
        this.free = new int[depth];
        for (int i = 0; i < depth; i++) {
            final int slot = i;
            timers[i] = context.newTimer(() -> fire(slot));
            free[depth - 1 - i] = i;
        }
        this.freeCount = depth;
    }

    /** Takes a free slot for {@code rq}; a block layer that submits beyond the queue depth is a bug. */
    public int acquire(Request rq) {
        if (freeCount == 0) {
            throw new IllegalStateException("device queue full (" + requests.length + " commands): " + rq);
        }
        int slot = free[--freeCount];
        requests[slot] = rq;
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
