package org.iosched.simulator.engine;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * The discrete-event engine: virtual time in nanoseconds and a 4-ary min-heap of armed {@link SimTimer}s
 * ordered by (time, arming sequence), so that events due at the same instant run in the order they were
 * scheduled. An armed timer holds a slot whose heap position the queue tracks: arming, re-arming and cancelling
 * are O(log n) and allocate nothing. The earliest timer may instead wait outside the heap, in the front place: a
 * timer armed before every pending one (most are: a chain of steps a few microseconds apart runs ahead of the
 * device's completions) goes there and fires from there, with no sift up on arming and none down on firing. The
 * keys are unique, so where a timer waits never changes the order of firing.
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
    /*
     * A 4-ary min-heap of the armed timers by (time, sequence), kept in primitive arrays so that sifting touches
     * no timer object and stores no reference (no GC write barrier): heap position i holds the timer of slot
     * slots[i], due at times[i], armed as sequences[i]. A slot is a timer's while it is armed (timers[slot],
     * and positions[slot] its heap position); a fired or cancelled timer's slot is freed for the next arming,
     * so the arrays grow with the timers pending at once, not with the timers ever made.
     */
    private int[] slots = new int[64];
    private long[] times = new long[64];
    private long[] sequences = new long[64];
    private int size;
    /*
     * The front place: the slot of a timer due before every timer in the heap (its keys frontTime, frontSequence),
     * or -1 when empty. Empty is always allowed; a timer armed before the heap's first and the front timer takes
     * it (the one there, if any, moves into the heap).
     */
    private int frontSlot = -1;
    private long frontTime;
    private long frontSequence;
    private SimTimer[] timers = new SimTimer[64];
    private int[] positions = new int[64];
    /** Free slots, a stack: {@code freeSlots[0..freeCount)}. */
    private int[] freeSlots = new int[64];
    private int freeCount;
    private int slotsMade;
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
        if (frontSlot >= 0 && owner.equals(timers[frontSlot].owner)) {
            return true;
        }
        for (int i = 0; i < size; i++) {
            if (owner.equals(timers[slots[i]].owner)) {
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
        return frontSlot >= 0 ? size + 1 : size;
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
        while (true) {
            int slot = frontSlot;
            long time;
            if (slot >= 0) {
                time = frontTime;
            } else if (size > 0) {
                slot = slots[0];
                time = times[0];
            } else {
                break;
            }
            if (time > limit) {
                if (limit > now) {
                    now = limit;
                    eventsThisInstant = 0;
                }
                return Stop.TIME_LIMIT;
            }
            SimTimer timer = timers[slot];
            if (slot == frontSlot) {
                frontSlot = -1;
            } else {
                unlinkAt(0);
            }
            release(slot);
            if (time < now) {
                throw new InvariantViolationException("time went backwards: " + timer + " is due at "
                        + time + " ns but the clock reads " + now + " ns");
            }
            if (time == now && eventsRun > 0) {
                if (++eventsThisInstant > instantLimit) {
                    throw new NoProgressException(eventsThisInstant - 1 + " events ran at " + now
                            + " ns without virtual time advancing (the next: " + timer + ")", now,
                            eventsThisInstant - 1, timer.owner);
                }
            } else {
                eventsThisInstant = 1;
            }
            now = time;
            eventsRun++;
            if (timer.hook == HookWatch.NONE) {
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
        int interrupted = hooks.enter(timer.hook);
        try {
            timer.callback.run();
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(timer.owner, "timer", e);
        } finally {
            hooks.exit(interrupted);
        }
    }

    void schedule(SimTimer timer, long at) {
        long sequence = nextSequence++;
        timer.time = at;
        int slot = timer.slot;
        if (slot < 0) {
            slot = takeSlot();
            timer.slot = slot;
            timers[slot] = timer;
        } else if (slot == frontSlot) {
            frontSlot = -1; // insert puts it back when it is still before the heap's first
        } else if (frontSlot < 0 || at >= frontTime) {
            // stays in the heap, behind the front place's timer (its sequence is the newest): sift in place, where a
            // later sequence can only move it down among equal times and the time may move either way
            int i = positions[slot];
            times[i] = at;
            sequences[i] = sequence;
            if (i > 0 && before(at, sequence, (i - 1) >>> 2)) {
                siftUp(i, slot, at, sequence);
            } else {
                siftDown(i, slot, at, sequence);
            }
            return;
        } else {
            unlinkAt(positions[slot]);
        }
        insert(slot, at, sequence);
    }

    /** Queues the slot, which is in neither the heap nor the front place, with keys (at, the newest sequence). */
    private void insert(int slot, long at, long sequence) {
        if (frontSlot < 0) {
            if (size == 0 || before(at, sequence, 0)) {
                frontSlot = slot;
                frontTime = at;
                frontSequence = sequence;
                return;
            }
        } else if (at < frontTime) {
            // before the front place's timer, which goes into the heap, before every timer there
            push(frontSlot, frontTime, frontSequence);
            frontSlot = slot;
            frontTime = at;
            frontSequence = sequence;
            return;
        }
        push(slot, at, sequence);
    }

    private void push(int slot, long at, long sequence) {
        if (size == slots.length) {
            slots = Arrays.copyOf(slots, size * 2);
            times = Arrays.copyOf(times, size * 2);
            sequences = Arrays.copyOf(sequences, size * 2);
        }
        siftUp(size++, slot, at, sequence);
    }

    private int takeSlot() {
        if (freeCount > 0) {
            return freeSlots[--freeCount];
        }
        if (slotsMade == timers.length) {
            timers = Arrays.copyOf(timers, slotsMade * 2);
            positions = Arrays.copyOf(positions, slotsMade * 2);
            freeSlots = Arrays.copyOf(freeSlots, slotsMade * 2);
        }
        return slotsMade++;
    }

    void remove(SimTimer timer) {
        int slot = timer.slot;
        if (slot == frontSlot) {
            frontSlot = -1;
        } else {
            unlinkAt(positions[slot]);
        }
        release(slot);
    }

    /** Frees an armed timer's slot, which is no longer queued. */
    private void release(int slot) {
        timers[slot].slot = -1;
        timers[slot] = null;
        freeSlots[freeCount++] = slot;
    }

    /** Takes the timer at heap position {@code i} out of the heap; its slot stays the timer's. */
    private void unlinkAt(int i) {
        size--;
        int last = slots[size];
        long lastTime = times[size];
        long lastSequence = sequences[size];
        if (i < size) {
            if (i > 0 && before(lastTime, lastSequence, (i - 1) >>> 2)) {
                siftUp(i, last, lastTime, lastSequence);
            } else {
                siftDown(i, last, lastTime, lastSequence);
            }
        }
    }

    /** Whether (time, sequence) comes before the timer at heap position {@code j}. */
    private boolean before(long time, long sequence, int j) {
        long t = times[j];
        return time < t || (time == t && sequence < sequences[j]);
    }

    private void place(int i, int slot, long time, long sequence) {
        slots[i] = slot;
        times[i] = time;
        sequences[i] = sequence;
        positions[slot] = i;
    }

    /** Moves {@code slot}'s timer (keys {@code time}, {@code sequence}) up from the free position {@code i}. */
    private void siftUp(int i, int slot, long time, long sequence) {
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            if (!before(time, sequence, parent)) {
                break;
            }
            place(i, slots[parent], times[parent], sequences[parent]);
            i = parent;
        }
        place(i, slot, time, sequence);
    }

    /** Moves {@code slot}'s timer (keys {@code time}, {@code sequence}) down from the free position {@code i}. */
    private void siftDown(int i, int slot, long time, long sequence) {
        int n = size;
        while (true) {
            int first = 4 * i + 1;
            if (first >= n) {
                break;
            }
            int best = first;
            long bestTime = times[first];
            long bestSequence = sequences[first];
            int end = Math.min(first + 4, n);
            for (int c = first + 1; c < end; c++) {
                long ct = times[c];
                if (ct < bestTime || (ct == bestTime && sequences[c] < bestSequence)) {
                    best = c;
                    bestTime = ct;
                    bestSequence = sequences[c];
                }
            }
            if (bestTime > time || (bestTime == time && bestSequence > sequence)) {
                break;
            }
            place(i, slots[best], bestTime, bestSequence);
            i = best;
        }
        place(i, slot, time, sequence);
    }
}
