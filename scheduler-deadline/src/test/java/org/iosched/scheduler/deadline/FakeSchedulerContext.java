package org.iosched.scheduler.deadline;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.iosched.api.DeviceInfo;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.SchedulerContext;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;

/**
 * A hand-written {@link SchedulerContext} for scheduler tests, with no simulator behind it: a manual clock,
 * the dispatch queue as a list, timers that fire when the clock is advanced past them, counted kicks, and
 * trace messages kept as strings. The test plays the driver: {@link #take()} takes the dispatch queue's head
 * as {@code blk_start_request} would, and {@link #complete(Request)} ends it.
 *
 * <p>Written for any {@link org.iosched.api.IoScheduler}, so that it can move to a shared test kit.
 */
public final class FakeSchedulerContext implements SchedulerContext {
    /** A rotational disk without NCQ, 1 TB. */
    public static final DeviceInfo DEFAULT_DEVICE =
            new DeviceInfo("fake-disk", 2_000_000_000L, true, 1, true, false, 1024);

    private final int hz;
    private final DeviceInfo device;
    private final RandomGenerator random;
    private final FakeTrace trace;
    private final List<Request> dispatchQueue = new ArrayList<>();
    private final List<FakeTimer> timers = new ArrayList<>();
    private long now;
    private long endSector;
    private long timerSequence;
    private int kicks;
    private int inDriverSync;
    private int inDriverAsync;
    private int allocatedSync;
    private int allocatedAsync;

    private FakeSchedulerContext(int hz, DeviceInfo device, long seed, boolean traceEnabled) {
        this.hz = hz;
        this.device = device;
        this.random = new SplittableRandom(seed);
        this.trace = new FakeTrace(traceEnabled);
    }

    /** HZ=250, {@link #DEFAULT_DEVICE}, seed 1, trace enabled, clock at 0. */
    public static FakeSchedulerContext create() {
        return new FakeSchedulerContext(250, DEFAULT_DEVICE, 1, true);
    }

    /** A context with the given {@code HZ}; otherwise as {@link #create()}. */
    public static FakeSchedulerContext withHz(int hz) {
        return new FakeSchedulerContext(hz, DEFAULT_DEVICE, 1, true);
    }

    /** A context whose trace is not read ({@link TraceSink#enabled()} is false). */
    public static FakeSchedulerContext withTraceDisabled() {
        return new FakeSchedulerContext(250, DEFAULT_DEVICE, 1, false);
    }

    /** A context with every choice made. */
    public static FakeSchedulerContext of(int hz, DeviceInfo device, long seed, boolean traceEnabled) {
        return new FakeSchedulerContext(hz, device, seed, traceEnabled);
    }

    // ---- the clock and timers

    @Override
    public long now() {
        return now;
    }

    /**
     * Moves the clock forward to {@code time}, firing due timers in order of their time and then of arming.
     */
    public void advanceTo(long time) {
        if (time < now) {
            throw new IllegalArgumentException("time runs forward: " + time + " < " + now);
        }
        FakeTimer due = nextDue(time);
        while (due != null) {
            now = due.expiresAt;
            due.expiresAt = -1;
            due.callback.run();
            due = nextDue(time);
        }
        now = time;
    }

    /** Moves the clock forward by {@code nanos}. */
    public void advance(long nanos) {
        advanceTo(now + nanos);
    }

    /** Moves the clock forward by {@code millis} milliseconds. */
    public void advanceMillis(long millis) {
        advance(millis * 1_000_000L);
    }

    @Override
    public int hz() {
        return hz;
    }

    @Override
    public Timer newTimer(Runnable callback) {
        FakeTimer timer = new FakeTimer(callback);
        timers.add(timer);
        return timer;
    }

    private FakeTimer nextDue(long until) {
        FakeTimer best = null;
        for (FakeTimer timer : timers) {
            if (timer.expiresAt >= 0 && timer.expiresAt <= until
                    && (best == null || timer.expiresAt < best.expiresAt
                    || (timer.expiresAt == best.expiresAt && timer.armSequence < best.armSequence))) {
                best = timer;
            }
        }
        return best;
    }

    // ---- the dispatch queue, played by the test as the driver

    @Override
    public void kick() {
        kicks++;
    }

    /** How often the scheduler asked to be run again. */
    public int kicks() {
        return kicks;
    }

    @Override
    public DeviceInfo device() {
        return device;
    }

    /**
     * {@code elv_dispatch_sort}: walk back from the tail past requests of the same direction and kind that
     * belong after {@code rq} in the one-way sweep starting at the boundary ({@code q->end_sector}).
     */
    @Override
    public void dispatchSort(Request rq) {
        int index = dispatchQueue.size();
        while (index > 0) {
            Request pos = dispatchQueue.get(index - 1);
            if (pos.isWrite() != rq.isWrite() || (pos.op() == Op.DISCARD) != (rq.op() == Op.DISCARD)) {
                break;
            }
            if (rq.sector() >= endSector) {
                if (pos.sector() >= endSector && rq.sector() >= pos.sector()) {
                    break;
                }
            } else if (pos.sector() >= endSector || rq.sector() >= pos.sector()) {
                break;
            }
            index--;
        }
        dispatchQueue.add(index, rq);
    }

    @Override
    public void dispatchAddTail(Request rq) {
        dispatchQueue.add(rq);
        endSector = rq.endSector();
    }

    /** Requests on the dispatch queue, head first (a read-only view). */
    public List<Request> dispatchQueue() {
        return Collections.unmodifiableList(dispatchQueue);
    }

    @Override
    public int dispatchQueueLength() {
        return dispatchQueue.size();
    }

    /** The driver takes the head of the dispatch queue ({@code blk_start_request}); null when empty. */
    public Request take() {
        if (dispatchQueue.isEmpty()) {
            return null;
        }
        Request rq = dispatchQueue.remove(0);
        endSector = rq.endSector();
        rq.markDispatched(now);
        if (rq.isSync()) {
            inDriverSync++;
        } else {
            inDriverAsync++;
        }
        return rq;
    }

    /** The device finished {@code rq}, taken earlier with {@link #take()}. */
    public void complete(Request rq) {
        if (rq.isSync()) {
            inDriverSync--;
        } else {
            inDriverAsync--;
        }
    }

    @Override
    public int inDriver() {
        return inDriverSync + inDriverAsync;
    }

    @Override
    public int inDriver(boolean sync) {
        return sync ? inDriverSync : inDriverAsync;
    }

    /** Sets what {@link #allocated(boolean)} answers. */
    public void setAllocated(boolean sync, int count) {
        if (sync) {
            allocatedSync = count;
        } else {
            allocatedAsync = count;
        }
    }

    @Override
    public int allocated(boolean sync) {
        return sync ? allocatedSync : allocatedAsync;
    }

    @Override
    public RandomGenerator random() {
        return random;
    }

    @Override
    public TraceSink trace() {
        return trace;
    }

    /** Trace messages written so far, oldest first, each prefixed with the virtual time in ns and a space. */
    public List<String> messages() {
        return Collections.unmodifiableList(trace.lines);
    }

    private final class FakeTimer implements Timer {
        private final Runnable callback;
        private long expiresAt = -1;
        private long armSequence;

        FakeTimer(Runnable callback) {
            this.callback = callback;
        }

        @Override
        public void arm(long atNanos) {
            expiresAt = Math.max(atNanos, now);
            armSequence = timerSequence++;
        }

        @Override
        public void cancel() {
            expiresAt = -1;
        }

        @Override
        public boolean isPending() {
            return expiresAt >= 0;
        }

        @Override
        public long expiresAt() {
            return expiresAt;
        }
    }

    private final class FakeTrace implements TraceSink {
        private final boolean enabled;
        private final List<String> lines = new ArrayList<>();

        FakeTrace(boolean enabled) {
            this.enabled = enabled;
        }

        @Override
        public boolean enabled() {
            return enabled;
        }

        @Override
        public void message(String message) {
            lines.add(now + " " + message);
        }
    }
}
