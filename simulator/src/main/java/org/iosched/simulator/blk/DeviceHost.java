package org.iosched.simulator.blk;

import java.util.Objects;
import java.util.random.RandomGenerator;
import org.iosched.api.DeviceContext;
import org.iosched.api.Request;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;
import org.iosched.simulator.engine.EventQueue;

/**
 * The {@link DeviceContext} handed to a device. The device is created before its request queue (the
 * queue needs the device's facts), so the queue is bound afterwards with {@link #bind}.
 */
public final class DeviceHost implements DeviceContext {
    private final EventQueue clock;
    private final RandomGenerator random;
    private final TraceSink trace;
    private final String label;
    private BlockQueue queue;

    /**
     * @param clock  virtual time
     * @param random the device's stream
     * @param trace  the block trace
     * @param label  the device's name in messages ({@code device hdd-7200}); its timers carry it
     */
    public DeviceHost(EventQueue clock, RandomGenerator random, TraceSink trace, String label) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.random = Objects.requireNonNull(random, "random");
        this.trace = Objects.requireNonNull(trace, "trace");
        this.label = Objects.requireNonNull(label, "label");
    }

    /** Connect the request queue that completions go to. */
    public void bind(BlockQueue requestQueue) {
        this.queue = Objects.requireNonNull(requestQueue, "requestQueue");
    }

    private BlockQueue queue() {
        if (queue == null) {
            throw new IllegalStateException(label + " used its context before the request queue existed");
        }
        return queue;
    }

    @Override
    public long now() {
        return clock.now();
    }

    @Override
    public Timer newTimer(Runnable callback) {
        return clock.newTimer(label, callback);
    }

    @Override
    public void complete(Request rq) {
        queue().complete(rq);
    }

    @Override
    public void ready() {
        queue().deviceReady();
    }

    /**
     * {@code blk_requeue_request}: give back a request the device had accepted (see
     * {@link org.iosched.simulator.block.RequestQueue#requeue}). Not part of {@link DeviceContext} yet.
     */
    public void requeue(Request rq) {
        queue().requeue(rq);
    }

    @Override
    public RandomGenerator random() {
        return random;
    }

    @Override
    public TraceSink trace() {
        return trace;
    }
}
