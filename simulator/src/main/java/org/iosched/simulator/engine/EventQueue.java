package org.iosched.simulator.engine;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * The discrete-event engine: virtual time in nanoseconds and a binary min-heap of armed {@link SimTimer}s
 * ordered by (time, arming sequence), so that events due at the same instant run in the order they were
 * scheduled. The heap is an array of timers that know their own index: arming, re-arming and cancelling
 * are O(log n) and allocate nothing.
 *
 * <p>Single-threaded and deterministic; no wall clock is read anywhere.
 *
 * <p>A run must not spin at one instant: past {@link #DEFAULT_INSTANT_LIMIT} events without the clock
 * advancing, {@link #run} throws {@link NoProgressException}. The bound is a count, so it fires at the same
 * event on every run with the same input and seed.
 *
 * <p>Between events, every {@link #POLL_INTERVAL} events, {@link #run} asks an optional {@link Poll} whether to
 * stop at once (an interrupted run, which then ends at the current virtual time); the poll may look at the
 * wall clock to show progress, but never changes the simulation. A callback of a timer owned by a plugin runs
 * as that plugin's {@code timer} hook in the {@link #hooks() HookWatch}.
 */
public final class EventQueue {
    /**
     * The most events one instant may hold: 2^24. One instant legitimately holds the completions of every
     * request in flight (two pools of {@code nr_requests} plus the device's queue depth, a few hundred) times the
     * handful of events each sets off (completion, wake-ups, notifications, kicks), and the page-cache hits a
     * finite job completes without waiting, one event each: buffered writes into free memory up to the dirty
     * limit are the largest burst measured (217,085 events in fio's {@code fio-rand-write.fio} with 4 GiB of
     * memory; the seed scenarios and examples stay below 211,000). Reaching the bound takes 16 million cached
     * I/Os at one instant; a run with more memory than that many pages gets a bound that grows with it (see
     * the simulation's wiring). A count above it is a run that would never end (a time-based job whose I/O
     * takes no virtual time).
     */
    public static final long DEFAULT_INSTANT_LIMIT = 1L << 24;

    /** Events between two calls of a {@link Poll}: a power of two, so that the test is one mask. */
    public static final int POLL_INTERVAL = 1024;

    /** Asked between events whether to stop the run now (from outside the simulation: a signal). */
    @FunctionalInterface
    public interface Poll {
        /** @return true to end the run at the current virtual time ({@link Stop#INTERRUPTED}) */
        boolean stopNow();
    }

    private final HookWatch hooks = new HookWatch();
    private final long instantLimit;
    private SimTimer[] heap = new SimTimer[64];
    private int size;
    private long now;
    private long nextSequence;
    private long eventsRun;
    private long eventsThisInstant;

    /** An engine with the {@link #DEFAULT_INSTANT_LIMIT}. */
    public EventQueue() {
        this(DEFAULT_INSTANT_LIMIT);
    }

    /** @param instantLimit the most events one instant may hold before {@link #run} throws (tests set it low) */
    public EventQueue(long instantLimit) {
        if (instantLimit < 1) {
            throw new IllegalArgumentException("instantLimit must be at least 1, not " + instantLimit);
        }
        this.instantLimit = instantLimit;
    }

    /** Why {@link #run} returned. */
    public enum Stop {
        /** The stop condition became true. */
        CONDITION,
        /** No event is left. */
        EMPTY,
        /** The next event lies beyond the time limit; the clock was moved to the limit. */
        TIME_LIMIT,
        /** The {@link Poll} asked to stop; the clock stays where the last event left it. */
        INTERRUPTED
    }

    /** Which plugin hook runs now, for a watchdog on another thread. */
    public HookWatch hooks() {
        return hooks;
    }

    /** Whether a timer of {@code owner} ({@code scheduler cfq}) is armed; a scan, for end-of-run checks. */
    public boolean hasPending(String owner) {
        for (int i = 0; i < size; i++) {
            if (owner.equals(heap[i].owner)) {
                return true;
            }
        }
        return false;
    }

    /** Current virtual time in nanoseconds. */
    public long now() {
        return now;
    }

    /** Events run so far. */
    public long eventsRun() {
        return eventsRun;
    }

    /** Events run so far at the current instant (the one running included). */
    public long eventsThisInstant() {
        return eventsThisInstant;
    }

    /** Armed timers. */
    public int pending() {
        return size;
    }

    /**
     * A new timer.
     *
     * @param owner    the plugin whose code the callback runs ({@code scheduler cfq}), named when it throws;
     *                 null for the simulator's own timers
     * @param callback what to run when it fires
     */
    public SimTimer newTimer(String owner, Runnable callback) {
        return new SimTimer(this, owner, Objects.requireNonNull(callback, "callback"));
    }

    /**
     * Runs events in time order until {@code stop} holds (checked before the first event and after each),
     * no event is left, or the next event is due after {@code limit}.
     *
     * @throws NoProgressException when more than the instant limit of events run without the clock advancing
     */
    public Stop run(long limit, BooleanSupplier stop) {
        return run(limit, stop, null);
    }

    /**
     * As {@link #run(long, BooleanSupplier)}, asking {@code poll} every {@link #POLL_INTERVAL} events whether to
     * stop ({@link Stop#INTERRUPTED}).
     *
     * @param poll asked between events, or null
     */
    public Stop run(long limit, BooleanSupplier stop, Poll poll) {
        if (stop.getAsBoolean()) {
            return Stop.CONDITION;
        }
        while (size > 0) {
            SimTimer timer = heap[0];
            if (timer.time > limit) {
                if (limit > now) {
                    now = limit;
                    eventsThisInstant = 0;
                }
                return Stop.TIME_LIMIT;
            }
            removeAt(0);
            if (timer.time < now) {
                throw new InvariantViolationException("time went backwards: " + timer + " is due at "
                        + timer.time + " ns but the clock reads " + now + " ns");
            }
            if (timer.time == now && eventsRun > 0) {
                if (++eventsThisInstant > instantLimit) {
                    throw new NoProgressException(eventsThisInstant - 1 + " events ran at " + now
                            + " ns without virtual time advancing (the next: " + timer + ")", now,
                            eventsThisInstant - 1, timer.owner);
                }
            } else {
                eventsThisInstant = 1;
            }
            now = timer.time;
            eventsRun++;
            if (timer.hook == null) {
                // the simulator's own timer: what it throws is already attributed, or a simulator bug
                timer.callback.run();
            } else {
                runHook(timer);
            }
            if (stop.getAsBoolean()) {
                return Stop.CONDITION;
            }
            if ((eventsRun & (POLL_INTERVAL - 1)) == 0 && poll != null && poll.stopNow()) {
                return Stop.INTERRUPTED;
            }
        }
        return Stop.EMPTY;
    }

    private void runHook(SimTimer timer) {
        HookWatch.Hook interrupted = hooks.enter(timer.hook);
        try {
            timer.callback.run();
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(timer.owner, "timer", e);
        } finally {
            hooks.exit(interrupted);
        }
    }

    void schedule(SimTimer timer, long at) {
        timer.time = at;
        timer.sequence = nextSequence++;
        if (timer.index >= 0) {
            // a later sequence can only move it down among equal times; the time may move either way
            int i = timer.index;
            siftUp(i);
            if (heap[i] == timer) {
                siftDown(i);
            }
            return;
        }
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        heap[size] = timer;
        timer.index = size;
        size++;
        siftUp(size - 1);
    }

    void remove(SimTimer timer) {
        removeAt(timer.index);
    }

    private void removeAt(int i) {
        SimTimer removed = heap[i];
        size--;
        SimTimer last = heap[size];
        heap[size] = null;
        removed.index = -1;
        if (i < size) {
            heap[i] = last;
            last.index = i;
            siftUp(i);
            if (heap[i] == last) {
                siftDown(i);
            }
        }
    }

    private static boolean before(SimTimer a, SimTimer b) {
        return a.time < b.time || (a.time == b.time && a.sequence < b.sequence);
    }

    private void siftUp(int i) {
        SimTimer t = heap[i];
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            SimTimer p = heap[parent];
            if (!before(t, p)) {
                break;
            }
            heap[i] = p;
            p.index = i;
            i = parent;
        }
        heap[i] = t;
        t.index = i;
    }

    private void siftDown(int i) {
        SimTimer t = heap[i];
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            SimTimer c = heap[child];
            int right = child + 1;
            if (right < size && before(heap[right], c)) {
                child = right;
                c = heap[child];
            }
            if (!before(c, t)) {
                break;
            }
            heap[i] = c;
            c.index = i;
            i = child;
        }
        heap[i] = t;
        t.index = i;
    }
}
