package org.iosched.testkit;

import java.util.PriorityQueue;
import org.iosched.api.Timer;

/**
 * The manual clock of {@link FakeSchedulerContext}: virtual time in nanoseconds and one ordered list of what
 * is due, timers and scheduled actions alike. Events run in order of time, then of arming (or scheduling);
 * time moves only when the test moves it.
 */
final class VirtualClock {
    private final PriorityQueue<Event> events = new PriorityQueue<>();
    private long now;
    private long sequence;

    /** One due item; a timer's event is stale once the timer was re-armed or cancelled. */
    private record Event(long time, long sequence, Runnable action, ClockTimer timer, long generation)
            implements Comparable<Event> {
        @Override
        public int compareTo(Event other) {
            int byTime = Long.compare(time, other.time);
            return byTime != 0 ? byTime : Long.compare(sequence, other.sequence);
        }

        boolean isStale() {
            return timer != null && timer.generation != generation;
        }
    }

    long now() {
        return now;
    }

    Timer newTimer(Runnable callback) {
        return new ClockTimer(callback);
    }

    /** Runs {@code action} at {@code time}; a time in the past means now, after what is already due now. */
    void schedule(long time, Runnable action) {
        events.add(new Event(Math.max(time, now), ++sequence, action, null, 0));
    }

    /** Runs everything due up to and including {@code time}, then sets the clock to {@code time}. */
    void advanceTo(long time) {
        if (time < now) {
            throw new IllegalArgumentException("virtual time runs forward: asked for " + time + " ns at " + now + " ns");
        }
        while (runNext(time)) {
            // each event may schedule more events up to time
        }
        now = time;
    }

    /** Runs the next event if it is due by {@code until}; false when none is. */
    boolean runNext(long until) {
        Event next = peekLive();
        if (next == null || next.time > until) {
            return false;
        }
        events.poll();
        now = next.time;
        if (next.timer != null) {
            next.timer.expires = -1;
        }
        next.action.run();
        return true;
    }

    /** The time of the next live event, or -1 when nothing is due. */
    long nextEventTime() {
        Event next = peekLive();
        return next == null ? -1 : next.time;
    }

    private Event peekLive() {
        Event next = events.peek();
        while (next != null && next.isStale()) {
            events.poll();
            next = events.peek();
        }
        return next;
    }

    /** {@code timer_list}: one pending firing at most, re-armable without allocating a timer. */
    private final class ClockTimer implements Timer {
        private final Runnable callback;
        private long generation;
        private long expires = -1;

        ClockTimer(Runnable callback) {
            this.callback = callback;
        }

        @Override
        public void arm(long atNanos) {
            generation++;
            // mod_timer with a time already past fires at the next opportunity, as the simulator's timers do
            expires = Math.max(atNanos, now);
            events.add(new Event(expires, ++sequence, callback, this, generation));
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
}
