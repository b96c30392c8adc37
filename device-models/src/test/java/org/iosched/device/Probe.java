package org.iosched.device;

import java.util.HashMap;
import java.util.Map;
import org.iosched.api.BlockDevice;
import org.iosched.api.BlockDeviceProvider;
import org.iosched.api.Cgroup;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.Task;

/** Test helper: submits single requests to one device at chosen virtual times and records completion times. */
public final class Probe {
    private static final Task TASK = new Task(2, "probe", false, IoPrioClass.BE, 4, Cgroup.ROOT);

    private final FakeDeviceContext context = new FakeDeviceContext(5);
    private final BlockDevice device;
    private final Map<Long, Long> completions = new HashMap<>();
    private int inFlight;
    private long nextId;

    /** A device of {@code provider} with {@code overrides}. */
    public Probe(BlockDeviceProvider provider, Map<String, String> overrides) {
        this.device = Devices.create(provider, context, overrides);
        context.onComplete(rq -> {
            inFlight--;
            completions.put(rq.id(), context.now());
        });
    }

    /** The device. */
    public BlockDevice device() {
        return device;
    }

    /** The clock. */
    public FakeDeviceContext context() {
        return context;
    }

    /** Requests the device holds now. */
    public int inFlight() {
        return inFlight;
    }

    /** A request (not submitted). */
    public Request request(Op op, int flags, long sector, int sectors) {
        return new Request(nextId++, op, flags, sector, sectors, TASK, Cgroup.ROOT, context.now());
    }

    /** Moves the clock to {@code time} and submits {@code rq} (which the device must accept). */
    public Request submitAt(long time, Request rq) {
        context.advanceTo(time);
        if (!device.canAccept(rq, inFlight)) {
            throw new IllegalStateException("device refused " + rq);
        }
        rq.markDispatched(context.now());
        inFlight++;
        device.submit(rq);
        return rq;
    }

    /** Runs until nothing is left to do. */
    public void drain() {
        context.run();
    }

    /** Runs events up to {@code time}. */
    public void runUntil(long time) {
        context.runUntil(time);
    }

    /** Latency of a completed request, in nanoseconds. */
    public long latency(Request rq) {
        Long done = completions.get(rq.id());
        if (done == null) {
            throw new IllegalStateException(rq + " has not completed");
        }
        return done - rq.dispatchTime();
    }

    /** Whether {@code rq} completed. */
    public boolean completed(Request rq) {
        return completions.containsKey(rq.id());
    }

    /** Completion time of {@code rq}. */
    public long completionTime(Request rq) {
        return completions.get(rq.id());
    }

    /** A statistic as a long. */
    public long stat(String name) {
        return device.statistics().get(name).longValue();
    }
}
