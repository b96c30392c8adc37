package org.iosched.testkit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.iosched.api.DeviceInfo;
import org.iosched.api.PluginContext;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;

/**
 * What {@link FakeSchedulerContext} and {@link FakeMqSchedulerContext} share, the {@link PluginContext} part: a
 * manual virtual clock whose timers and scheduled actions fire as the test moves it (in order of time, then of
 * arming), {@code HZ}, the device's facts, a seeded random stream and a trace that records its messages with their
 * times.
 */
abstract class FakePluginContext implements PluginContext {
    private final int hz;
    private final DeviceInfo device;
    private final long seed;
    private final RandomGenerator random;
    private final VirtualClock clock = new VirtualClock();
    private final RecordingTrace trace;

    FakePluginContext(Builder<?> builder) {
        this.hz = builder.hz;
        this.device = builder.device;
        this.seed = builder.seed;
        this.random = new SplittableRandom(builder.seed);
        this.trace = new RecordingTrace(builder.traceEnabled);
    }

    // ---------------------------------------------------------------- clock, timers, scheduled actions

    @Override
    public long now() {
        return clock.now();
    }

    /** Moves the clock to {@code time}, firing what is due on the way, in order of time then arming. */
    public void advanceTo(long time) {
        clock.advanceTo(time);
    }

    /** Moves the clock forward by {@code nanos}. */
    public void advanceBy(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("virtual time runs forward: cannot advance by " + nanos + " ns");
        }
        clock.advanceTo(clock.now() + nanos);
    }

    /** Moves the clock forward by {@code millis} milliseconds. */
    public void advanceMillis(long millis) {
        advanceBy(millis * 1_000_000L);
    }

    /** Runs the next timer or scheduled action, moving the clock to its time; false when nothing is due. */
    public boolean runNext() {
        return clock.runNext(Long.MAX_VALUE);
    }

    /** The time of the next timer or scheduled action, or -1 when nothing is pending. */
    public long nextEventTime() {
        return clock.nextEventTime();
    }

    /** Runs {@code action} when the clock reaches {@code time} (now, after what is already due, if past). */
    public void schedule(long time, Runnable action) {
        clock.schedule(time, Objects.requireNonNull(action, "action"));
    }

    @Override
    public int hz() {
        return hz;
    }

    @Override
    public Timer newTimer(Runnable callback) {
        return clock.newTimer(Objects.requireNonNull(callback, "callback"));
    }

    /** Facts about the device below. */
    public DeviceInfo device() {
        return device;
    }

    // ---------------------------------------------------------------- randomness, trace

    @Override
    public RandomGenerator random() {
        return random;
    }

    /** The seed of {@link #random()}. */
    public long seed() {
        return seed;
    }

    @Override
    public TraceSink trace() {
        return trace;
    }

    /** The trace messages written so far, oldest first, as the scheduler wrote them (read-only). */
    public List<String> messages() {
        return Collections.unmodifiableList(trace.messages);
    }

    /** The trace messages written so far, each prefixed with its virtual time in nanoseconds and a space. */
    public List<String> timedMessages() {
        List<String> timed = new ArrayList<>(trace.messages.size());
        for (int i = 0; i < trace.messages.size(); i++) {
            timed.add(trace.times.get(i) + " " + trace.messages.get(i));
        }
        return timed;
    }

    /** Turns the trace on or off. */
    void traceEnabled(boolean enabled) {
        trace.enabled = enabled;
    }

    /** Forgets the trace messages. */
    void clearMessages() {
        trace.messages.clear();
        trace.times.clear();
    }

    /** A trace that keeps every message with its time. */
    private final class RecordingTrace implements TraceSink {
        private final List<String> messages = new ArrayList<>();
        private final List<Long> times = new ArrayList<>();
        private boolean enabled;

        RecordingTrace(boolean enabled) {
            this.enabled = enabled;
        }

        @Override
        public boolean enabled() {
            return enabled;
        }

        @Override
        public void message(String message) {
            messages.add(Objects.requireNonNull(message, "message"));
            times.add(now());
        }
    }

    /** Chooses {@code HZ}, the device, the seed and whether the trace is read. */
    abstract static class Builder<B extends Builder<B>> {
        int hz = FakeSchedulerContext.DEFAULT_HZ;
        DeviceInfo device;
        long seed = FakeSchedulerContext.DEFAULT_SEED;
        boolean traceEnabled = true;

        Builder(DeviceInfo device) {
            this.device = device;
        }

        abstract B self();

        /** The kernel's {@code HZ}: 100, 250, 300 or 1000 in the kernels modelled. */
        public B hz(int hz) {
            if (hz <= 0) {
                throw new IllegalArgumentException("HZ must be positive, not " + hz);
            }
            this.hz = hz;
            return self();
        }

        /** The device facts the scheduler sees ({@link FakeSchedulerContext#HDD}, {@code HDD_NCQ}, {@code SSD} or your own). */
        public B device(DeviceInfo device) {
            this.device = Objects.requireNonNull(device, "device");
            return self();
        }

        /** The seed of the scheduler's random stream. */
        public B seed(long seed) {
            this.seed = seed;
            return self();
        }

        /** Whether {@link TraceSink#enabled()} answers true. */
        public B traceEnabled(boolean traceEnabled) {
            this.traceEnabled = traceEnabled;
            return self();
        }
    }
}
