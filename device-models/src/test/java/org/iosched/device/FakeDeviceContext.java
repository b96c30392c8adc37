package org.iosched.device;

import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;
import org.iosched.api.DeviceContext;
import org.iosched.api.Request;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;

/**
 * A test-only stand-in for the block layer's side of a device: a virtual clock with an event loop (equal times
 * run in the order they were scheduled), timers, and completion/ready callbacks.
 */
public final class FakeDeviceContext implements DeviceContext {
    private record Event(long time, long seq, FakeTimer timer, long generation) {
    }

    private final PriorityQueue<Event> events = new PriorityQueue<>((a, b) -> a.time != b.time
            ? Long.compare(a.time, b.time) : Long.compare(a.seq, b.seq));
    private final SplittableRandom random;
    private long now;
    private long seq;
    private Consumer<Request> onComplete = rq -> { };
    private Runnable onReady = () -> { };
    private int readyCalls;
    private final java.util.List<String> traceMessages = new java.util.ArrayList<>();
    private boolean traceEnabled;

    /** A context whose random stream starts from {@code seed}. */
    public FakeDeviceContext(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /** Who hears completions. */
    public void onComplete(Consumer<Request> listener) {
        this.onComplete = listener;
    }

    /** Who hears {@link #ready()}. */
    public void onReady(Runnable listener) {
        this.onReady = listener;
    }

    @Override
    public long now() {
        return now;
    }

    @Override
    public Timer newTimer(Runnable callback) {
        return new FakeTimer(callback);
    }

    @Override
    public void complete(Request rq) {
        onComplete.accept(rq);
    }

    @Override
    public void ready() {
        readyCalls++;
        onReady.run();
    }

    /** How often the device called {@link #ready()}. */
    public int readyCalls() {
        return readyCalls;
    }

    @Override
    public RandomGenerator random() {
        return random;
    }

    /** Turns the trace on: messages are kept for {@link #traceMessages()}. */
    public void enableTrace() {
        traceEnabled = true;
    }

    /** Messages the device wrote, oldest first. */
    public java.util.List<String> traceMessages() {
        return traceMessages;
    }

    @Override
    public TraceSink trace() {
        return new TraceSink() {
            @Override
            public boolean enabled() {
                return traceEnabled;
            }

            @Override
            public void message(String message) {
                if (!traceEnabled) {
                    throw new IllegalStateException("message built while the trace is disabled: " + message);
                }
                traceMessages.add(now + " " + message);
            }
        };
    }

    /** Runs events until none is left; returns the final time. */
    public long run() {
        return runUntil(Long.MAX_VALUE);
    }

    /** Runs events up to and including time {@code limit}. */
    public long runUntil(long limit) {
        while (!events.isEmpty() && events.peek().time <= limit) {
            Event e = events.poll();
            if (e.timer.generation != e.generation) {
                continue;
            }
            if (e.time < now) {
                throw new IllegalStateException("time went backwards: " + e.time + " < " + now);
            }
            now = e.time;
            e.timer.pending = false;
            e.timer.callback.run();
        }
        if (limit != Long.MAX_VALUE && now < limit) {
            now = limit;
        }
        return now;
    }

    /** Moves the clock to {@code time} running what is due (for tests that submit at chosen times). */
    public void advanceTo(long time) {
        runUntil(time);
    }

    private final class FakeTimer implements Timer {
        private final Runnable callback;
        private long generation;
        private boolean pending;
        private long expires = -1;

        FakeTimer(Runnable callback) {
            this.callback = callback;
        }

        @Override
        public void arm(long atNanos) {
            if (atNanos < now) {
                throw new IllegalArgumentException("timer armed in the past: " + atNanos + " < " + now);
            }
            generation++;
            pending = true;
            expires = atNanos;
            events.add(new Event(atNanos, seq++, this, generation));
        }

        @Override
        public void cancel() {
            generation++;
            pending = false;
            expires = -1;
        }

        @Override
        public boolean isPending() {
            return pending;
        }

        @Override
        public long expiresAt() {
            return pending ? expires : -1;
        }
    }
}
