package org.iosched.simulator.blk;

import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.SimTimer;

/**
 * Started requests on their way to the device, for both block layers: the device takes each one once the
 * dispatching context's CPU work before it (the driver's dispatch included) is done, one after another in
 * dispatch order, never before the one ahead of it. A flush or discard, which a device may take only alone, holds
 * back everything else while it is on its way ({@link #holdsBack}): the device's own state cannot tell yet.
 *
 * <p>Intrusive, without garbage: the entries link through themselves ({@link Entry}), each request's block-layer
 * state being one.
 *
 * @param <E> the block layer's per-request state
 */
public final class DeliveryLine<E extends DeliveryLine.Entry> {
    /** A request's place on the line. */
    public abstract static class Entry extends CompletionInterrupts.Entry {
        private Entry nextDelivery;
        private long deliverAt;
        private boolean delivering;

        /** The request. */
        protected abstract Request request();

        /** Whether it is on its way to the device. */
        public final boolean delivering() {
            return delivering;
        }

        /** Off any line (the state is reused for another request). */
        protected final void resetDelivery() {
            nextDelivery = null;
            deliverAt = 0;
            delivering = false;
        }
    }

    /** The device takes an entry; false when it gave it back at once (the line stops there). */
    @FunctionalInterface
    public interface Receiver<E> {
        boolean deliver(E entry);
    }

    private final EventQueue clock;
    private final SimTimer timer;
    private final Receiver<E> receiver;
    private final Runnable drained;
    private Entry head;
    private Entry tail;
    private int alone;

    /**
     * @param clock    virtual time
     * @param receiver hands an entry due now to the device
     * @param drained  runs when the line became empty by delivering its last entry
     */
    public DeliveryLine(EventQueue clock, Receiver<E> receiver, Runnable drained) {
        this.clock = clock;
        this.timer = clock.newTimer(null, this::due);
        this.receiver = receiver;
        this.drained = drained;
    }

    /** Whether nothing is on its way. */
    public boolean isEmpty() {
        return head == null;
    }

    /** Whether {@code rq} must wait: a command taken alone is on its way, or {@code rq} is one and others are. */
    public boolean holdsBack(Request rq) {
        return head != null && (alone > 0 || takenAlone(rq));
    }

    /** Whether a command taken alone is on its way. */
    public boolean holdsAlone() {
        return alone > 0;
    }

    /** Puts {@code entry} on the line to reach the device at {@code at}, or after the one ahead of it. */
    public void add(E added, long at) {
        Entry entry = added;
        entry.delivering = true;
        entry.nextDelivery = null;
        if (takenAlone(entry.request())) {
            alone++;
        }
        entry.deliverAt = tail == null ? at : Math.max(at, tail.deliverAt);
        if (tail == null) {
            head = entry;
            timer.arm(entry.deliverAt);
        } else {
            tail.nextDelivery = entry;
        }
        tail = entry;
    }

    @SuppressWarnings("unchecked")
    private void due() {
        long now = clock.now();
        while (head != null && head.deliverAt <= now) {
            Entry entry = head;
            head = entry.nextDelivery;
            if (head == null) {
                tail = null;
            }
            entry.nextDelivery = null;
            entry.delivering = false;
            if (takenAlone(entry.request())) {
                alone--;
            }
            if (!receiver.deliver((E) entry)) {
                return;
            }
        }
        if (head != null) {
            timer.arm(head.deliverAt);
        } else {
            drained.run();
        }
    }

    /** Takes every entry off the line and gives each to {@code action}, the last one first. */
    @SuppressWarnings("unchecked")
    public void takeAllLastFirst(java.util.function.Consumer<E> action) {
        Entry reversed = null;
        while (head != null) {
            Entry entry = head;
            head = entry.nextDelivery;
            entry.nextDelivery = reversed;
            reversed = entry;
        }
        tail = null;
        alone = 0;
        timer.cancel();
        while (reversed != null) {
            Entry entry = reversed;
            reversed = entry.nextDelivery;
            entry.nextDelivery = null;
            entry.delivering = false;
            action.accept((E) entry);
        }
    }

    private static boolean takenAlone(Request rq) {
        return rq.op() == Op.FLUSH || rq.op() == Op.DISCARD;
    }
}
