package org.iosched.testkit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import org.iosched.api.DeviceInfo;
import org.iosched.api.Request;
import org.iosched.api.SchedulerContext;
import org.iosched.api.TraceSink;

/**
 * A {@link SchedulerContext} for scheduler tests with no simulator behind it: the test plays the block layer
 * and the driver by hand, or lets a {@link DeviceLoop} play them.
 *
 * <h2>Features</h2>
 * <ul>
 *   <li>A manual virtual clock ({@link #advanceTo}, {@link #advanceBy}, {@link #advanceMillis}). Timers from
 *       {@link #newTimer} and actions from {@link #schedule} fire as the clock passes them, in order of time,
 *       then of arming; a timer armed for a time already past fires at the current time.</li>
 *   <li>{@link #kick()} is counted, and runs the action set with {@link #onKick} if there is one.</li>
 *   <li>The dispatch queue: {@link #dispatchSort} is {@code elv_dispatch_sort} (one C-SCAN sweep from the end
 *       sector of the last request started, never past a request of the other direction or discard kind, a
 *       started request or a requeued one), {@link #dispatchAddTail} is {@code elv_dispatch_add_tail} (which
 *       moves the sweep boundary, {@code q->boundary_rq}). Every request moved is also kept in
 *       {@link #dispatched()}, and a request moved while it is already on the queue or in the driver fails the
 *       test.</li>
 *   <li>The driver: {@link #peek()}, {@link #take()}, {@link #complete}, {@link #requeue}; the in-driver counts
 *       ({@code rq_in_driver}, {@code q->in_flight[]}) follow them.</li>
 *   <li>{@link #device()}, {@link #hz()}, the pool counts of {@link #allocated} (set by the test or a
 *       {@link DeviceLoop}), a seeded random stream, and a trace that records messages.</li>
 * </ul>
 *
 * <h2>Limitations</h2>
 * <ul>
 *   <li>No request pool, plugging, merging or FLUSH sequencing: that is the block layer's, played by the test
 *       or by {@link DeviceLoop}. The driver does not call scheduler hooks: activate, deactivate and completed
 *       are the caller's to call, in the kernel's order.</li>
 *   <li>Barriers of 2.6.36 and earlier ({@code REQ_HARDBARRIER}) are not modelled; only requeued requests are
 *       soft barriers.</li>
 * </ul>
 *
 * <h2>Notes</h2>
 * Single-threaded and deterministic: the same calls give the same results. {@link #dispatched()} and the trace
 * grow with the run; a long benchmark can empty them with {@link #clearRecords()}.
 *
 * <pre>{@code
 * FakeSchedulerContext context = FakeSchedulerContext.builder().hz(1000).device(FakeSchedulerContext.SSD).build();
 * IoScheduler scheduler = provider.create(context, Settings.defaults(provider.name(), provider.tunables()));
 * scheduler.add(requests.read(100));
 * scheduler.dispatch(false);
 * Request rq = context.take();          // the driver starts it
 * context.advanceMillis(5);             // timers due by then fire
 * context.complete(rq);
 * scheduler.completed(rq);
 * }</pre>
 */
public final class FakeSchedulerContext extends FakePluginContext implements SchedulerContext {
    /** A rotational disk without tagged queueing (queue depth 1), 1 TiB, no write cache. */
    public static final DeviceInfo HDD = new DeviceInfo("fake-hdd", 1L << 31, true, 1, false, false, 1024);
    /** A rotational disk with NCQ (queue depth 31), 1 TiB, no write cache. */
    public static final DeviceInfo HDD_NCQ = new DeviceInfo("fake-hdd-ncq", 1L << 31, true, 31, false, false, 1024);
    /** A non-rotational device with queue depth 32, 1 TiB. */
    public static final DeviceInfo SSD = new DeviceInfo("fake-ssd", 1L << 31, false, 32, false, false, 1024);
    /** The kernel's default {@code HZ} in this project. */
    public static final int DEFAULT_HZ = 250;
    /** The seed of {@link #random()} unless the builder says otherwise. */
    public static final long DEFAULT_SEED = 1;

    private final DispatchList dispatchList = new DispatchList();
    private final List<Request> dispatched = new ArrayList<>();
    private final Set<Request> inDriverRequests = Collections.newSetFromMap(new IdentityHashMap<>());
    private Consumer<Request> onDispatch;
    private Runnable onKick;
    private int kicks;
    private int inDriverSync;
    private int inDriverAsync;
    private int allocatedSync;
    private int allocatedAsync;

    private FakeSchedulerContext(Builder builder) {
        super(builder);
    }

    /** {@link #DEFAULT_HZ}, {@link #HDD}, seed {@link #DEFAULT_SEED}, trace enabled, clock at 0. */
    public static FakeSchedulerContext create() {
        return builder().build();
    }

    /** A builder starting from the defaults of {@link #create()}. */
    public static Builder builder() {
        return new Builder();
    }

    // ---------------------------------------------------------------- kick

    @Override
    public void kick() {
        kicks++;
        if (onKick != null) {
            onKick.run();
        }
    }

    /** How often the scheduler called {@link #kick()}. */
    public int kicks() {
        return kicks;
    }

    /** What a kick does besides being counted (a {@link DeviceLoop} schedules a queue run); null for nothing. */
    public void onKick(Runnable action) {
        this.onKick = action;
    }

    // ---------------------------------------------------------------- the dispatch queue

    @Override
    public void dispatchSort(Request rq) {
        moved(rq, "dispatchSort");
        dispatchList.sortInsert(rq);
    }

    @Override
    public void dispatchAddTail(Request rq) {
        moved(rq, "dispatchAddTail");
        dispatchList.addTail(rq);
    }

    private void moved(Request rq, String how) {
        Objects.requireNonNull(rq, how + " of null");
        if (dispatchList.contains(rq)) {
            throw new AssertionError("the scheduler passed " + rq + " to " + how
                    + " while it is already on the dispatch queue (dispatched twice)");
        }
        if (inDriverRequests.contains(rq)) {
            throw new AssertionError("the scheduler passed " + rq + " to " + how
                    + " while the driver holds it (dispatched twice)");
        }
        if (onDispatch != null) {
            onDispatch.accept(rq);
        }
        dispatched.add(rq);
    }

    /** Told about every request the scheduler moves to the dispatch queue, before it is queued; null for nobody. */
    public void onDispatch(Consumer<Request> listener) {
        this.onDispatch = listener;
    }

    @Override
    public int dispatchQueueLength() {
        return dispatchList.size();
    }

    /** The dispatch queue, head first (a read-only view). */
    public List<Request> dispatchQueue() {
        return dispatchList.view();
    }

    /** Every request the scheduler moved to the dispatch queue, in the order it moved them (read-only). */
    public List<Request> dispatched() {
        return Collections.unmodifiableList(dispatched);
    }

    /** {@code q->end_sector}: where the current sweep of {@link #dispatchSort} starts. */
    public long endSector() {
        return dispatchList.endSector();
    }

    // ---------------------------------------------------------------- the driver

    /**
     * {@code blk_peek_request}: the head of the dispatch queue, marked started (nothing sorts past it any more;
     * on its first peek the sweep moves to its end), or null. Call the scheduler's {@code activate} on a first
     * peek, as the block layer does.
     */
    public Request peek() {
        return dispatchList.peek();
    }

    /** {@code blk_start_request}: the driver takes the head of the dispatch queue; null when it is empty. */
    public Request take() {
        Request rq = dispatchList.peek();
        if (rq != null) {
            start(rq);
        }
        return rq;
    }

    /**
     * The driver takes {@code rq} from wherever it is on the dispatch queue, a shortcut for tests that take
     * each request as soon as it is moved.
     *
     * @throws AssertionError if {@code rq} is not on the dispatch queue
     */
    public void take(Request rq) {
        if (!dispatchList.contains(rq)) {
            throw new AssertionError("the driver cannot take " + rq + ": it is not on the dispatch queue");
        }
        dispatchList.markStarted(rq);
        start(rq);
    }

    private void start(Request rq) {
        dispatchList.remove(rq);
        inDriverRequests.add(rq);
        rq.markDispatched(now());
        if (rq.isSync()) {
            inDriverSync++;
        } else {
            inDriverAsync++;
        }
    }

    /**
     * The device finished {@code rq}; the in-driver counts drop. Call the scheduler's {@code completed} and
     * {@code putRequest} after it, as the block layer does.
     *
     * @throws AssertionError if the driver does not hold {@code rq}
     */
    public void complete(Request rq) {
        leaveDriver(rq, "complete");
    }

    /**
     * {@code blk_requeue_request}: the driver gives {@code rq} back; it goes to the head of the dispatch queue
     * as a soft barrier. Call the scheduler's {@code deactivate} too, as the block layer does.
     */
    public void requeue(Request rq) {
        leaveDriver(rq, "requeue");
        dispatchList.requeue(rq);
    }

    private void leaveDriver(Request rq, String what) {
        if (!inDriverRequests.remove(rq)) {
            throw new AssertionError("cannot " + what + " " + rq + ": the driver does not hold it");
        }
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

    // ---------------------------------------------------------------- pool, randomness, trace

    @Override
    public int allocated(boolean sync) {
        return sync ? allocatedSync : allocatedAsync;
    }

    /** Sets what {@link #allocated(boolean)} answers ({@code rl->count[sync]}). */
    public void setAllocated(boolean sync, int count) {
        if (count < 0) {
            throw new IllegalArgumentException("allocated requests cannot be negative: " + count);
        }
        if (sync) {
            allocatedSync = count;
        } else {
            allocatedAsync = count;
        }
    }

    /** Turns the trace on or off ({@link TraceSink#enabled()}); messages already written stay. */
    public void setTraceEnabled(boolean enabled) {
        traceEnabled(enabled);
    }

    /** Forgets {@link #dispatched()} and the trace messages (for long runs that only measure). */
    public void clearRecords() {
        dispatched.clear();
        clearMessages();
    }

    /** Chooses {@code HZ}, the device ({@link #HDD} unless set), the seed and whether the trace is read. */
    public static final class Builder extends FakePluginContext.Builder<Builder> {
        private Builder() {
            super(HDD);
        }

        @Override
        Builder self() {
            return this;
        }

        /** A context with the clock at 0. */
        public FakeSchedulerContext build() {
            return new FakeSchedulerContext(this);
        }
    }
}
