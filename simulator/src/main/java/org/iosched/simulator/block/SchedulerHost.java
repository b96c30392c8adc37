package org.iosched.simulator.block;

import java.util.Objects;
import java.util.random.RandomGenerator;
import org.iosched.api.DeviceInfo;
import org.iosched.api.Request;
import org.iosched.api.SchedulerContext;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.KernelClock;

/** The {@link SchedulerContext} a request queue hands to its scheduler. */
public final class SchedulerHost implements SchedulerContext {
    private final RequestQueue queue;
    private final EventQueue clock;
    private final KernelClock kernelClock;
    private final RandomGenerator random;
    private final TraceSink trace;
    private final String label;

    /**
     * @param queue       the request queue
     * @param clock       virtual time
     * @param kernelClock HZ
     * @param random      the scheduler's stream
     * @param trace       the block trace
     * @param label       the scheduler's name in messages ({@code scheduler cfq}); its timers carry it
     */
    public SchedulerHost(RequestQueue queue, EventQueue clock, KernelClock kernelClock, RandomGenerator random,
                         TraceSink trace, String label) {
        this.queue = Objects.requireNonNull(queue, "queue");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.kernelClock = Objects.requireNonNull(kernelClock, "kernelClock");
        this.random = Objects.requireNonNull(random, "random");
        this.trace = Objects.requireNonNull(trace, "trace");
        this.label = Objects.requireNonNull(label, "label");
    }

    @Override
    public long now() {
        return clock.now();
    }

    @Override
    public int hz() {
        return kernelClock.hz();
    }

    @Override
    public Timer newTimer(Runnable callback) {
        return clock.newTimer(label, callback);
    }

    @Override
    public void kick() {
        queue.kick();
    }

    @Override
    public DeviceInfo device() {
        return queue.deviceInfo();
    }

    @Override
    public void dispatchSort(Request rq) {
        queue.dispatchSort(rq);
    }

    @Override
    public void dispatchAddTail(Request rq) {
        queue.dispatchAddTail(rq);
    }

    @Override
    public int dispatchQueueLength() {
        return queue.dispatchQueueLength();
    }

    @Override
    public int inDriver() {
        return queue.inDriver();
    }

    @Override
    public int inDriver(boolean sync) {
        return queue.inDriver(sync);
    }

    @Override
    public int allocated(boolean sync) {
        return queue.pool().count(sync);
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
