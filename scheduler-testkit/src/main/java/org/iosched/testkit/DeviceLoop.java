package org.iosched.testkit;

import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import org.iosched.api.Bio;
import org.iosched.api.IoScheduler;
import org.iosched.api.IoSchedulerProvider;
import org.iosched.api.MayQueue;
import org.iosched.api.Request;
import org.iosched.api.SchedulerContext;
import org.iosched.api.Settings;
import org.iosched.api.Task;

/**
 * Drives one scheduler on a {@link FakeSchedulerContext} the way the single-queue block layer and a driver do,
 * with a fake device, so that a test can submit requests at chosen times and read back the dispatch order and
 * each request's latency.
 *
 * <h2>Features</h2>
 * <ul>
 *   <li>Submission: {@code may_queue}, {@code set_req_fn}, then {@code add_req_fn}
 *       ({@link #submit(Request)}), or a bio that first tries to merge ({@link #submitBio(Bio)}): a back merge
 *       into a queued request ending where it starts, else a front merge into what {@code findFrontMerge}
 *       offers, then coalescing with the neighbour {@code latterRequest}/{@code formerRequest} names
 *       ({@code requestsMerged}; the absorbed request is freed with {@code putRequest}). Merges respect
 *       {@code allowMerge}, the operation, NOMERGE/FLUSH/PREFLUSH/FUA and {@code max_sectors}
 *       (min(device {@code max_hw_sectors}, 1024)).</li>
 *   <li>The queue runs ({@code request_fn}) in an event at the current time after a submission, a completion
 *       or a {@link SchedulerContext#kick()}, one run at a time: while the device has a free slot, it takes the
 *       dispatch queue's head, or asks {@code dispatch(false)} for more; each request started is activated
 *       ({@code activate_req_fn}).</li>
 *   <li>The device holds up to its queue depth (by default the context's {@code DeviceInfo.queueDepth()}) and
 *       serves them one at a time in the order it took them, each for a fixed time or a time the test computes
 *       from the request; on completion: {@code completed_req_fn}, the bios' {@code bi_end_io}, then
 *       {@code put_req_fn}.</li>
 *   <li>{@link #forceDispatch()}: {@code elv_drain_elevator}, {@code dispatch(true)} until it returns 0.</li>
 *   <li>Checks that fail the test with an {@link AssertionError}: a request moved to the dispatch queue that
 *       was never added, was already moved, or was merged away; a {@code dispatch} whose return value is not
 *       the number of requests it moved; a front-merge candidate or neighbour that the scheduler does not
 *       hold, or that does not touch the bio.</li>
 * </ul>
 *
 * <h2>Limitations</h2>
 * <ul>
 *   <li>No request pool limit: {@code may_queue} is asked (schedulers update state there) and its refusals
 *       are counted ({@link #mayQueueRefusals()}), but a refused request is allocated anyway.</li>
 *   <li>No plugging, no last-merge cache, no FLUSH/FUA sequencing (such requests go through the scheduler as
 *       they are), no requeue by the device.</li>
 *   <li>The driver looks at the dispatch queue only when the device has a free slot ({@code scsi_request_fn}
 *       peeks first, so the kernel may activate one request before the device can take it).</li>
 * </ul>
 *
 * <h2>Notes</h2>
 * The loop takes over the context's {@link FakeSchedulerContext#onKick} and
 * {@link FakeSchedulerContext#onDispatch}; use {@link #onMoved} to watch dispatches.
 *
 * <pre>{@code
 * FakeSchedulerContext context = FakeSchedulerContext.create();
 * DeviceLoop loop = DeviceLoop.on(context).serviceTime(2_000_000).build(provider);
 * Requests requests = loop.requests();
 * loop.submit(requests.read(100));
 * loop.submitAt(5_000_000, requests.read(900));
 * loop.runUntilIdle(Long.MAX_VALUE);
 * assertThat(loop.started()).extracting(Request::sector).containsExactly(100L, 900L);
 * assertThat(loop.latency(loop.started().get(0))).isEqualTo(2_000_000);
 * }</pre>
 */
public final class DeviceLoop extends FakeDeviceLoop {
    /** The default service time of a request: 1 ms. */
    public static final long DEFAULT_SERVICE_NANOS = 1_000_000L;
    /** {@code BLK_DEF_MAX_SECTORS} of 2.6.3x: {@code max_sectors} is at most 512 KiB unless set. */
    static final int DEFAULT_MAX_SECTORS = 1024;

    /**
     * When a request went through the loop; a request merged away gets the times of the one that absorbed it.
     *
     * @param inserted   time it entered the scheduler ({@link Request#insertTime()})
     * @param dispatched time the driver took it, or -1
     * @param completed  time the device completed it, or -1
     */
    public record Times(long inserted, long dispatched, long completed) {
        /** Insertion to completion. */
        public long latency() {
            return completed - inserted;
        }

        /** Insertion to the driver taking it: the time the scheduler held it. */
        public long queueTime() {
            return dispatched - inserted;
        }
    }

    private final FakeSchedulerContext context;
    private final IoScheduler scheduler;
    private final Requests requests;
    private final int queueDepth;
    private final BioMerges merges;
    private Consumer<Request> onMoved;
    private boolean runPending;
    private int movedInCall;
    private int mayQueueRefusals;

    private DeviceLoop(Builder builder, Function<SchedulerContext, IoScheduler> factory) {
        super(builder.context, builder);
        this.context = builder.context;
        this.queueDepth = builder.queueDepth > 0 ? builder.queueDepth : context.device().queueDepth();
        this.requests = Requests.on(context);
        this.scheduler = Objects.requireNonNull(factory.apply(context), "the factory returned no scheduler");
        this.merges = new BioMerges(scheduler, Math.min(context.device().maxHwSectors(), DEFAULT_MAX_SECTORS));
        context.onKick(this::requestRun);
        context.onDispatch(this::moved);
    }

    /** Starts a loop on {@code context}; the scheduler is created on it by {@link Builder#build}. */
    public static Builder on(FakeSchedulerContext context) {
        return new Builder(Objects.requireNonNull(context, "context"));
    }

    // ---------------------------------------------------------------- what the test reads

    /** The context the scheduler runs on. */
    public FakeSchedulerContext context() {
        return context;
    }

    /** The scheduler under test. */
    public IoScheduler scheduler() {
        return scheduler;
    }

    /** The factory of tasks, bios and requests whose ids this loop's own requests share. */
    public Requests requests() {
        return requests;
    }

    /** How often {@code mayQueue} answered {@link MayQueue#NO} (the request was allocated anyway). */
    public int mayQueueRefusals() {
        return mayQueueRefusals;
    }

    /** When {@code rq} was inserted, dispatched and completed. */
    public Times times(Request rq) {
        Request survivor = survivor(rq);
        return new Times(rq.insertTime(), survivor.dispatchTime(), tracked(survivor).completedAt);
    }

    /** Insertion to completion of {@code rq}. */
    public long latency(Request rq) {
        Times times = times(rq);
        if (times.completed() < 0) {
            throw new IllegalStateException(rq + " has not completed");
        }
        return times.latency();
    }

    /** Told about each request the scheduler moves to the dispatch queue, as it happens; null for nobody. */
    public void onMoved(Consumer<Request> listener) {
        this.onMoved = listener;
    }

    // ---------------------------------------------------------------- what the test does

    /** Submits {@code rq} now. */
    public void submit(Request rq) {
        submit(rq, null);
    }

    /** Submits {@code rq} now; {@code onComplete} runs after the device completed it (null for nothing). */
    public void submit(Request rq, Runnable onComplete) {
        Objects.requireNonNull(rq, "rq");
        if (rq.blockLayerData() != null) {
            throw new IllegalArgumentException(rq + " was already submitted");
        }
        if (scheduler.mayQueue(rq.task(), rq.op(), rq.flags()) == MayQueue.NO) {
            mayQueueRefusals++;
        }
        scheduler.setRequest(rq);
        context.setAllocated(rq.isSync(), context.allocated(rq.isSync()) + 1);
        Tracked tracked = new Tracked(onComplete);
        tracked.state = State.QUEUED;
        rq.setBlockLayerData(tracked);
        rq.markInserted(context.now());
        submitted.add(rq);
        queued.add(rq);
        merges.queued(rq);
        scheduler.add(rq);
        requestRun();
    }

    /** Submits {@code rq} when the clock reaches {@code time}. */
    public void submitAt(long time, Request rq) {
        context.schedule(time, () -> submit(rq));
    }

    /**
     * Submits a bio now: it merges into a queued request if it can, else it becomes a new request.
     *
     * @return the request that carries the bio
     */
    public Request submitBio(Bio bio) {
        bio.setSubmitTime(context.now());
        Request into = merges.tryMerge(bio, this::requireHeld);
        if (into == null) {
            Request rq = requests.fromBio(bio);
            submit(rq);
            return rq;
        }
        Request absorbed = merges.absorbed();
        if (absorbed != null) {
            freeMerged(absorbed, merges.survivor());
        }
        return merges.survivor();
    }

    /** Submits a bio when the clock reaches {@code time}. */
    public void submitBioAt(long time, Bio bio) {
        context.schedule(time, () -> submitBio(bio));
    }

    /** {@code elv_drain_elevator}: {@code dispatch(true)} until it moves nothing, then run the queue. */
    public void forceDispatch() {
        while (callDispatch(true) > 0) {
            // each call moved at least one queued request (checked), so this ends
        }
        runQueue();
    }

    /** {@link #forceDispatch()} when the clock reaches {@code time}. */
    public void forceDispatchAt(long time) {
        context.schedule(time, this::forceDispatch);
    }

    /** {@code exit_io_context}: tells the scheduler {@code task} exited. */
    public void taskExit(Task task) {
        scheduler.taskExit(task);
    }

    // ---------------------------------------------------------------- the block layer

    private void requestRun() {
        if (!runPending) {
            runPending = true;
            context.schedule(context.now(), this::scheduledRun);
        }
    }

    private void scheduledRun() {
        runPending = false;
        runQueue();
    }

    /** {@code request_fn}: fill the device from the dispatch queue, refilling it from the scheduler. */
    private void runQueue() {
        while (inDevice < queueDepth) {
            Request rq = context.peek();
            if (rq == null) {
                if (callDispatch(false) == 0) {
                    return;
                }
                rq = context.peek();
                if (rq == null) {
                    return;
                }
            }
            scheduler.activate(rq);
            context.take();
            start(rq);
        }
    }

    private int callDispatch(boolean force) {
        movedInCall = 0;
        int returned = scheduler.dispatch(force);
        if (returned != movedInCall) {
            throw new AssertionError("dispatch(" + force + ") returned " + returned + " but moved " + movedInCall
                    + " request(s) to the dispatch queue");
        }
        return returned;
    }

    private void moved(Request rq) {
        Tracked t = tracked(rq);
        if (t == null) {
            throw new AssertionError("the scheduler moved " + rq + " to the dispatch queue, but it was never added");
        }
        if (t.state != State.QUEUED) {
            throw new AssertionError("the scheduler moved " + rq + " to the dispatch queue, but it " + describe(rq, t));
        }
        t.state = State.DISPATCH;
        queued.remove(rq);
        merges.left(rq);
        movedInCall++;
        if (onMoved != null) {
            onMoved.accept(rq);
        }
    }

    private void requireHeld(Request rq, String what) {
        Tracked t = tracked(rq);
        if (t == null) {
            throw new AssertionError(what + " " + rq + ", a request that was never added");
        }
        if (t.state != State.QUEUED) {
            throw new AssertionError(what + " " + rq + ", which the scheduler no longer holds: it " + describe(rq, t));
        }
    }

    private static String describe(Request rq, Tracked t) {
        return switch (t.state) {
            case WAITING_TAG, QUEUED -> "is queued";
            case DISPATCH -> "was already moved to the dispatch queue";
            case DRIVER -> "was already taken by the driver";
            case MERGED -> "was merged into " + t.absorbedInto + " (requestsMerged) and freed";
            case DONE -> "has already completed";
        };
    }

    private void freeMerged(Request absorbed, Request survivor) {
        markMerged(absorbed, tracked(absorbed), survivor);
        scheduler.putRequest(absorbed);
        free(absorbed);
    }

    private void free(Request rq) {
        context.setAllocated(rq.isSync(), context.allocated(rq.isSync()) - 1);
    }

    private void start(Request rq) {
        tracked(rq).state = State.DRIVER;
        started.add(rq);
        inDevice++;
        // one head: the device serves what it holds one at a time, in the order it took them
        context.schedule(serviceEnd(rq), () -> complete(rq));
    }

    private void complete(Request rq) {
        Tracked t = tracked(rq);
        inDevice--;
        context.complete(rq);
        scheduler.completed(rq);
        long now = context.now();
        Bio bio = rq.firstBio();
        while (bio != null) {
            Bio next = bio.next();
            bio.endIo().bioCompleted(bio, now);
            bio = next;
        }
        scheduler.putRequest(rq);
        free(rq);
        t.state = State.DONE;
        t.completedAt = now;
        completed.add(rq);
        if (t.onComplete != null) {
            t.onComplete.run();
        }
        if (t.absorbed != null) {
            for (Request absorbed : t.absorbed) {
                Runnable action = tracked(absorbed).onComplete;
                if (action != null) {
                    action.run();
                }
            }
        }
        requestRun();
    }

    /** Chooses the device's service time and queue depth, then creates the scheduler. */
    public static final class Builder extends FakeDeviceLoop.Builder<Builder> {
        private final FakeSchedulerContext context;
        private int queueDepth;

        private Builder(FakeSchedulerContext context) {
            super(1);
            this.context = context;
        }

        @Override
        Builder self() {
            return this;
        }

        /** How many requests the device holds at once (default: the context's device queue depth). */
        public Builder queueDepth(int depth) {
            if (depth < 1) {
                throw new IllegalArgumentException("queue depth must be at least 1, not " + depth);
            }
            this.queueDepth = depth;
            return this;
        }

        /** Creates the scheduler on the context with {@code factory} and the loop around it. */
        public DeviceLoop build(Function<SchedulerContext, IoScheduler> factory) {
            return new DeviceLoop(this, Objects.requireNonNull(factory, "factory"));
        }

        /** Creates the provider's scheduler with {@code settings}. */
        public DeviceLoop build(IoSchedulerProvider provider, Settings settings) {
            Objects.requireNonNull(settings, "settings");
            return build(ctx -> provider.create(ctx, settings));
        }

        /** Creates the provider's scheduler with its default settings. */
        public DeviceLoop build(IoSchedulerProvider provider) {
            return build(provider, Settings.defaults(provider.name(), provider.tunables()));
        }
    }
}
