package org.iosched.simulator.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.ToLongFunction;
import org.iosched.api.BlockDevice;
import org.iosched.api.DeviceContext;
import org.iosched.api.DeviceInfo;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.Timer;

/**
 * A test device: every command it accepts completes {@code serviceTime(rq)} nanoseconds later,
 * independently of the others (up to the queue depth). It records what it saw.
 */
public final class FakeDevice implements BlockDevice {
    private final DeviceInfo info;
    private final DeviceContext context;
    private final ToLongFunction<Request> serviceTime;
    private final PriorityQueue<Pending> pending = new PriorityQueue<>();
    private final Timer timer;
    private final List<Request> submitted = new ArrayList<>();
    private long sequence;
    private int maxInFlight;
    private boolean refuseFlushWhileBusy;

    private record Pending(long at, long seq, Request rq) implements Comparable<Pending> {
        @Override
        public int compareTo(Pending o) {
            return at != o.at ? Long.compare(at, o.at) : Long.compare(seq, o.seq);
        }
    }

    public FakeDevice(DeviceInfo info, DeviceContext context, ToLongFunction<Request> serviceTime) {
        this.info = info;
        this.context = context;
        this.serviceTime = serviceTime;
        this.timer = context.newTimer(this::fire);
    }

    /** Refuse a FLUSH while other commands run, as SATA NCQ does ({@code ata_std_qc_defer}). */
    public FakeDevice refuseFlushWhileBusy() {
        this.refuseFlushWhileBusy = true;
        return this;
    }

    @Override
    public DeviceInfo info() {
        return info;
    }

    @Override
    public boolean canAccept(Request rq, int inFlight) {
        if (refuseFlushWhileBusy && rq.op() == Op.FLUSH && inFlight > 0) {
            return false;
        }
        return inFlight < info.queueDepth();
    }

    @Override
    public void submit(Request rq) {
        submitted.add(rq);
        pending.add(new Pending(context.now() + serviceTime.applyAsLong(rq), sequence++, rq));
        maxInFlight = Math.max(maxInFlight, pending.size());
        rearm();
    }

    private void rearm() {
        Pending head = pending.peek();
        if (head == null) {
            timer.cancel();
        } else if (!timer.isPending() || timer.expiresAt() != head.at) {
            timer.arm(head.at);
        }
    }

    private void fire() {
        while (!pending.isEmpty() && pending.peek().at <= context.now()) {
            context.complete(pending.poll().rq);
        }
        rearm();
    }

    /** Give a request back to the block layer ({@code blk_requeue_request}) and forget it. */
    public void requeue(org.iosched.simulator.blk.DeviceHost host, Request rq) {
        pending.removeIf(p -> p.rq == rq);
        rearm();
        host.requeue(rq);
    }

    /** Whether {@code rq} is in flight on the device (received, not yet completed or requeued). */
    public boolean holds(Request rq) {
        for (Pending p : pending) {
            if (p.rq == rq) {
                return true;
            }
        }
        return false;
    }

    /** Requests in the order the device received them. */
    public List<Request> submitted() {
        return submitted;
    }

    /** The most commands it held at once. */
    public int maxInFlight() {
        return maxInFlight;
    }

    @Override
    public Map<String, Number> statistics() {
        return Map.of("commands", submitted.size());
    }
}
