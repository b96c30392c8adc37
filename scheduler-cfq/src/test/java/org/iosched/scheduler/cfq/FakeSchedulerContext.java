package org.iosched.scheduler.cfq;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.iosched.api.DeviceInfo;
import org.iosched.api.Request;
import org.iosched.api.SchedulerContext;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;

/**
 * A hand-written {@link SchedulerContext} for tests: a manual clock with an event queue (timers and scheduled
 * actions run in time, then arming order), a plain dispatch queue, a kick counter with an optional kick action,
 * and a trace that records messages.
 */
final class FakeSchedulerContext implements SchedulerContext {
    static final long MS = 1_000_000L;
    static final DeviceInfo HDD = new DeviceInfo("fake-hdd", 1L << 31, true, 1, false, false, 1024);
    static final DeviceInfo HDD_NCQ = new DeviceInfo("fake-hdd-ncq", 1L << 31, true, 31, false, false, 1024);
    static final DeviceInfo SSD = new DeviceInfo("fake-ssd", 1L << 31, false, 32, false, false, 1024);

    private final int hz;
    private final DeviceInfo device;
    private long now;
    private long seq;
    private final PriorityQueue<Event> events = new PriorityQueue<>();
    /** Requests CFQ moved to the dispatch queue, not yet taken by the driver (in arrival order). */
    final ArrayDeque<Request> dispatchQueue = new ArrayDeque<>();
    /** Every request ever dispatched, in order. */
    final List<Request> dispatched = new ArrayList<>();
    final List<String> messages = new ArrayList<>();
    boolean tracing = true;
    int kicks;
    /** Told about every request CFQ moves to the dispatch queue, as it happens; null = nobody. */
    java.util.function.Consumer<Request> onDispatch;
    /** What a kick does besides counting (a device loop runs the queue); null = nothing. */
    Runnable onKick;
    int driverSync;
    int driverAsync;

    FakeSchedulerContext(int hz, DeviceInfo device) {
        this.hz = hz;
        this.device = device;
    }

    private record Event(long time, long seq, Runnable action, FakeTimer timer, long generation)
            implements Comparable<Event> {
        @Override
        public int compareTo(Event o) {
            int c = Long.compare(time, o.time);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    private final class FakeTimer implements Timer {
        private final Runnable callback;
        private long generation;
        private long expires = -1;

        FakeTimer(Runnable callback) {
            this.callback = callback;
        }

        @Override
        public void arm(long atNanos) {
            generation++;
            expires = atNanos;
            events.add(new Event(atNanos, ++seq, callback, this, generation));
        }

        @Override
        public void cancel() {
            generation++;
            expires = -1;
        }

        @Override
        public boolean isPending() {
            return expires >= 0;
        }

        @Override
        public long expiresAt() {
            return expires;
        }
    }

    /** Run {@code action} at {@code time} (not before now). */
    void schedule(long time, Runnable action) {
        events.add(new Event(Math.max(time, now), ++seq, action, null, 0));
    }

    /** Run every event up to and including {@code time}, then set the clock to {@code time}. */
    void runUntil(long time) {
        while (!events.isEmpty() && events.peek().time <= time) {
            runNext();
        }
        now = Math.max(now, time);
    }

    /** Run the next event; false if none is left. */
    boolean runNext() {
        while (!events.isEmpty()) {
            Event e = events.poll();
            if (e.timer != null && e.generation != e.timer.generation) {
                continue;
            }
            now = e.time;
            if (e.timer != null) {
                e.timer.expires = -1;
            }
            e.action.run();
            return true;
        }
        return false;
    }

    /** Advance the clock by {@code nanos}, running what falls due. */
    void advance(long nanos) {
        runUntil(now + nanos);
    }

    @Override
    public long now() {
        return now;
    }

    @Override
    public int hz() {
        return hz;
    }

    @Override
    public Timer newTimer(Runnable callback) {
        return new FakeTimer(callback);
    }

    @Override
    public void kick() {
        kicks++;
        if (onKick != null) {
            schedule(now, onKick);
        }
    }

    @Override
    public DeviceInfo device() {
        return device;
    }

    @Override
    public void dispatchSort(Request rq) {
        dispatchAddTail(rq);
    }

    @Override
    public void dispatchAddTail(Request rq) {
        if (onDispatch != null) {
            onDispatch.accept(rq);
        }
        dispatchQueue.addLast(rq);
        dispatched.add(rq);
    }

    @Override
    public int dispatchQueueLength() {
        return dispatchQueue.size();
    }

    @Override
    public int inDriver() {
        return driverSync + driverAsync;
    }

    @Override
    public int inDriver(boolean sync) {
        return sync ? driverSync : driverAsync;
    }

    @Override
    public int allocated(boolean sync) {
        return 0;
    }

    @Override
    public RandomGenerator random() {
        return new SplittableRandom(1);
    }

    @Override
    public TraceSink trace() {
        return new TraceSink() {
            @Override
            public boolean enabled() {
                return tracing;
            }

            @Override
            public void message(String message) {
                messages.add(message);
            }
        };
    }
}
