package org.iosched.testkit;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import org.iosched.api.Bio;
import org.iosched.api.HardwareQueue;
import org.iosched.api.IoPriority;
import org.iosched.api.MqScheduler;
import org.iosched.api.MqSchedulerContext;
import org.iosched.api.MqSchedulerProvider;
import org.iosched.api.Request;
import org.iosched.api.Settings;

/**
 * Drives one blk-mq scheduler on a {@link FakeMqSchedulerContext} the way Linux 6.6's block layer and a driver do,
 * against a fake device of N slots, so that a test can submit bios and requests at chosen times and read back the
 * dispatch order, the merges and each request's latency. The blk-mq counterpart of {@link DeviceLoop}.
 *
 * <h2>Features</h2>
 * <ul>
 *   <li>Bios ({@link #submitBio}): {@code bio_set_ioprio} (a bio without a priority gets its task's), the
 *       scheduler's {@code bio_merge}, then a request: {@code limit_depth}, a scheduler tag from the hardware
 *       queue's sbitmap (words of {@code 1 << shift} bits; a shallow depth {@code d} may use only the first
 *       {@code d} bits of each word), {@code prepare_request}, {@code insert_requests}. Requests made by the test
 *       ({@link #submit(Request)}) take the same path without the merge; {@link #submit(Request, int)} passes
 *       flags such as {@link MqScheduler#INSERT_AT_HEAD}.</li>
 *   <li>An allocation that finds no tag waits; every tag freed lets the waiters retry in arrival order.</li>
 *   <li>Requests absorbed by merges are freed after the hook ({@code finish_request}, tag released).</li>
 *   <li>Queue runs happen in an event at the current time (submissions at one instant are inserted before the
 *       run), one per hardware queue at a time: while the device has a free slot, {@code has_work} then
 *       {@code dispatch_request}; a null while {@code has_work} holds re-runs the queue 3 ms later
 *       ({@code BLK_MQ_BUDGET_DELAY}). A scheduler's {@code runHardwareQueue} schedules a run.</li>
 *   <li>The device: up to N requests at once (default: the driver tag depth), each served for a fixed time or a
 *       time the test computes, independently of the others. At completion: {@code completed_request},
 *       {@code finish_request}, the bios' {@code bi_end_io}, the tags freed, every queue run.</li>
 *   <li>{@link #requeue}: the driver gives a started request back ({@code requeue_request}, then an
 *       {@code INSERT_AT_HEAD} insert).</li>
 *   <li>Checks that fail the test with an {@link AssertionError}: {@code dispatch_request} returning a request that
 *       was never inserted, was already dispatched, or was merged away; a merge absorbing a request the scheduler
 *       does not hold; {@code finish_request} twice for one request; a shallow depth below 0.</li>
 * </ul>
 *
 * <h2>Limitations</h2>
 * <ul>
 *   <li>No plugging, no {@code hctx->dispatch} list, budgets or driver-tag shortage: the scheduler is asked only
 *       when the device has a free slot. Device slots are shared by all hardware queues.</li>
 *   <li>Tag wake-ups are not batched ({@code wake_batch}); tags are taken lowest first, not from a per-CPU
 *       hint. No FLUSH sequencing: such requests go through the scheduler as they are.</li>
 * </ul>
 *
 * <pre>{@code
 * FakeMqSchedulerContext context = FakeMqSchedulerContext.create();
 * MqDeviceLoop loop = MqDeviceLoop.on(context).serviceTime(1_000_000).slots(1).build(provider);
 * loop.submit(context.requests().read(100));
 * loop.runUntilIdle(Long.MAX_VALUE);
 * assertThat(loop.started()).extracting(Request::sector).containsExactly(100L);
 * }</pre>
 */
public final class MqDeviceLoop extends FakeDeviceLoop {
    /** The default service time of a request: 1 ms. */
    public static final long DEFAULT_SERVICE_NANOS = 1_000_000L;
    /** {@code BLK_MQ_BUDGET_DELAY}: a run that got nothing while {@code has_work} held is retried after 3 ms. */
    public static final long BUDGET_DELAY_NANOS = 3_000_000L;

    /** An allocation waiting for a scheduler tag. */
    private record Waiter(Request rq, int flags, int cpu, int shallowDepth) {
    }

    /** When a request was inserted, started and completed (-1 for not yet). */
    public record Times(long inserted, long dispatched, long completed) {
        /** Insertion to completion. */
        public long latency() {
            return completed - inserted;
        }
    }

    private final FakeMqSchedulerContext context;
    private final MqScheduler scheduler;
    private final int slots;
    private final boolean[] slotUsed;
    private final boolean[][] schedulerTags;
    private final boolean[] runPending;
    private final boolean[] delayedRunPending;
    private final ArrayDeque<Waiter> waiters = new ArrayDeque<>();
    private final List<Integer> shallowDepths = new ArrayList<>();
    private final ArrayList<Request> insertList = new ArrayList<>(1);
    private Consumer<Request> onStarted;
    private int tagWaits;
    private int bioMerges;

    private MqDeviceLoop(Builder builder, Function<MqSchedulerContext, MqScheduler> factory) {
        super(builder.context, builder);
        this.context = builder.context;
        this.slots = builder.slots > 0 ? builder.slots : context.hardwareQueue(0).driverTagDepth();
        this.slotUsed = new boolean[slots];
        int queues = context.hardwareQueueCount();
        this.schedulerTags = new boolean[queues][];
        for (int i = 0; i < queues; i++) {
            schedulerTags[i] = new boolean[FakeMqSchedulerContext.MAX_SCHED_RQ];
        }
        this.runPending = new boolean[queues];
        this.delayedRunPending = new boolean[queues];
        MqScheduler created = Objects.requireNonNull(factory.apply(context), "the factory returned no scheduler");
        this.scheduler = created;
        context.attach(created);
        for (int i = 0; i < queues; i++) {
            created.initHardwareQueue(context.hardwareQueue(i));
        }
        context.onRun((hctx, async) -> requestRun(hctx.index()));
        context.onMergedInto(this::requireHeld);
    }

    /** Starts a loop on {@code context}; the scheduler is created by {@link Builder#build}. */
    public static Builder on(FakeMqSchedulerContext context) {
        return new Builder(Objects.requireNonNull(context, "context"));
    }

    // ---------------------------------------------------------------- what the test reads

    /** The context the scheduler runs on. */
    public FakeMqSchedulerContext context() {
        return context;
    }

    /** The scheduler under test. */
    public MqScheduler scheduler() {
        return scheduler;
    }

    /** The factory of tasks, bios and requests of the context. */
    public Requests requests() {
        return context.requests();
    }

    /** Bios the scheduler's {@code bio_merge} merged. */
    public int bioMerges() {
        return bioMerges;
    }

    /** Allocations waiting for a scheduler tag now. */
    public int waitingForTag() {
        return waiters.size();
    }

    /** How many allocations found no tag and had to wait. */
    public int tagWaits() {
        return tagWaits;
    }

    /** The shallow depth {@code limit_depth} gave each allocation, in order (0: no limit). */
    public List<Integer> shallowDepths() {
        return Collections.unmodifiableList(shallowDepths);
    }

    /** Scheduler tags of hardware queue {@code index} in use. */
    public int schedulerTagsInUse(int index) {
        int used = 0;
        for (boolean tag : schedulerTags[index]) {
            if (tag) {
                used++;
            }
        }
        return used;
    }

    /** How often the block layer called {@code finish_request} for {@code rq}. */
    public int finishes(Request rq) {
        return tracked(rq).finishes;
    }

    /** When {@code rq} was inserted, started and completed; a merged-away request has its survivor's times. */
    public Times times(Request rq) {
        Request survivor = survivor(rq);
        return new Times(rq.insertTime(), survivor.dispatchTime(), tracked(survivor).completedAt);
    }

    /** Told about every request the driver starts, as it happens; null for nobody. */
    public void onStarted(Consumer<Request> listener) {
        this.onStarted = listener;
    }

    // ---------------------------------------------------------------- what the test does

    /** Submits a bio from CPU 0 now. */
    public void submitBio(Bio bio) {
        submitBio(bio, 0);
    }

    /**
     * Submits a bio from {@code cpu} now: {@code bio_set_ioprio}, {@code bio_merge}, else a new request.
     *
     * @return the new request, or null when the bio merged into a queued one
     */
    public Request submitBio(Bio bio, int cpu) {
        Objects.requireNonNull(bio, "bio");
        context.setCurrentCpu(cpu);
        bio.setSubmitTime(context.now());
        if (bio.ioPriority() == IoPriority.NONE) {
            bio.setIoPriority(IoPriority.of(bio.task()));
        }
        // blk_mq_sched_bio_merge is asked only for mergeable bios (not FLUSH, PREFLUSH, FUA or NOMERGE)
        if (MqMerges.mergeable(bio) && scheduler.bioMerge(bio)) {
            bioMerges++;
            freeMerged();
            return null;
        }
        freeMerged();
        Request rq = requests().fromBio(bio);
        allocate(rq, 0, cpu, null);
        return rq;
    }

    /** Submits a bio from CPU 0 when the clock reaches {@code time}. */
    public void submitBioAt(long time, Bio bio) {
        context.schedule(time, () -> submitBio(bio, 0));
    }

    /** Submits {@code rq} (made by the test) from CPU 0 now, flags 0. */
    public void submit(Request rq) {
        submit(rq, 0, 0, null);
    }

    /** Submits {@code rq} from CPU 0 now with insert {@code flags} (such as {@link MqScheduler#INSERT_AT_HEAD}). */
    public void submit(Request rq, int flags) {
        submit(rq, flags, 0, null);
    }

    /**
     * Submits {@code rq} now: a request without an io priority gets its task's, then the allocation, then the
     * insert; {@code onComplete} runs once the device completed it (null for nothing).
     */
    public void submit(Request rq, int flags, int cpu, Runnable onComplete) {
        Objects.requireNonNull(rq, "rq");
        if (rq.blockLayerData() != null) {
            throw new IllegalArgumentException(rq + " was already submitted");
        }
        context.setCurrentCpu(cpu);
        if (rq.ioPriority() == IoPriority.NONE) {
            rq.setIoPriority(IoPriority.of(rq.task()));
        }
        allocate(rq, flags, cpu, onComplete);
    }

    /** Submits {@code rq} from CPU 0 when the clock reaches {@code time}. */
    public void submitAt(long time, Request rq) {
        context.schedule(time, () -> submit(rq));
    }

    /**
     * The driver gives {@code rq}, which it holds, back ({@code blk_mq_requeue_request}): {@code requeue_request},
     * the driver slot freed, then an {@code INSERT_AT_HEAD} insert and a queue run.
     */
    public void requeue(Request rq) {
        Tracked t = tracked(rq);
        if (t == null || t.state != State.DRIVER) {
            throw new IllegalStateException("cannot requeue " + rq + ": the driver does not hold it");
        }
        t.generation++;
        inDevice--;
        slotUsed[rq.tag()] = false;
        rq.setTag(-1);
        scheduler.requeueRequest(rq);
        insert(rq, MqScheduler.INSERT_AT_HEAD);
    }

    /**
     * Runs until every submitted request completed or merged away.
     *
     * @throws AssertionError if requests are left with nothing pending (a stall) or {@code limit} is passed
     */
    public void runToCompletion(long limit) {
        runUntilIdle(limit);
        if (outstanding() > 0) {
            long next = context.nextEventTime();
            String why = next < 0 ? "nothing is pending (a stall)" : "the next event is after the limit of " + limit + " ns";
            throw new AssertionError(outstanding() + " request(s) never completed and " + why + "; the scheduler holds "
                    + queued.size() + ", the device " + inDevice + ", " + waiters.size() + " wait for a tag"
                    + (queued.isEmpty() ? "" : ", e.g. " + queued.iterator().next()));
        }
    }

    // ---------------------------------------------------------------- the block layer

    private void allocate(Request rq, int flags, int cpu, Runnable onComplete) {
        FakeHardwareQueue hctx = context.queueOf(cpu);
        int shallow = scheduler.limitDepth(rq.op(), rq.flags(), rq.task(), hctx);
        if (shallow < 0) {
            throw new AssertionError("limitDepth(" + rq.op() + ", " + rq.task() + ") returned " + shallow);
        }
        shallowDepths.add(shallow);
        Tracked t = new Tracked(onComplete);
        rq.setBlockLayerData(t);
        submitted.add(rq);
        int tag = takeTag(hctx, shallow);
        if (tag < 0) {
            t.state = State.WAITING_TAG;
            tagWaits++;
            waiters.add(new Waiter(rq, flags, cpu, shallow));
            return;
        }
        allocated(rq, flags, cpu, tag);
    }

    private void allocated(Request rq, int flags, int cpu, int tag) {
        FakeHardwareQueue hctx = context.queueOf(cpu);
        rq.bindQueues(hctx, cpu, hctx.softwareQueueOf(cpu), tag);
        scheduler.prepareRequest(rq);
        insert(rq, flags);
    }

    private void insert(Request rq, int flags) {
        Tracked t = tracked(rq);
        t.state = State.QUEUED;
        queued.add(rq);
        rq.markInserted(context.now());
        insertList.clear();
        insertList.add(rq);
        scheduler.insertRequests(rq.hardwareQueue(), insertList, flags);
        insertList.clear();
        freeMerged();
        requestRun(rq.hardwareQueue().index());
    }

    /** {@code sbitmap_queue_get(_shallow)}: the lowest free tag, using at most {@code shallow} bits of each word. */
    private int takeTag(HardwareQueue hctx, int shallow) {
        boolean[] tags = schedulerTags[hctx.index()];
        int depth = hctx.schedulerTagDepth();
        int word = 1 << hctx.schedulerTagShift();
        int usable = shallow == 0 ? word : Math.min(shallow, word);
        for (int start = 0; start < depth; start += word) {
            int end = Math.min(depth, start + usable);
            for (int tag = start; tag < end; tag++) {
                if (!tags[tag]) {
                    tags[tag] = true;
                    return tag;
                }
            }
        }
        return -1;
    }

    private void releaseTag(Request rq) {
        schedulerTags[rq.hardwareQueue().index()][rq.internalTag()] = false;
        int waiting = waiters.size();
        for (int i = 0; i < waiting; i++) {
            Waiter w = waiters.poll();
            int tag = takeTag(context.queueOf(w.cpu()), w.shallowDepth());
            if (tag < 0) {
                waiters.add(w);
            } else {
                allocated(w.rq(), w.flags(), w.cpu(), tag);
            }
        }
    }

    private void freeMerged() {
        for (Request rq : context.freeMergedRequests()) {
            Tracked t = tracked(rq);
            if (t == null || t.state != State.QUEUED) {
                throw new AssertionError("a merge absorbed " + rq + ", which the scheduler does not hold"
                        + (t == null ? " (never submitted)" : " (" + t.state + ")"));
            }
            finished(rq, t);
            markMerged(rq, t, rq.hardwareQueue() == null ? null : survivorOf(rq));
            releaseTag(rq);
        }
    }

    /** The queued request whose bios now include {@code rq}'s former first bio; null if unknown. */
    private Request survivorOf(Request rq) {
        for (Request candidate : queued) {
            if (candidate != rq && candidate.sector() <= rq.sector() && candidate.endSector() >= rq.endSector()) {
                return candidate;
            }
        }
        return null;
    }

    private void requireHeld(Request rq) {
        Tracked t = tracked(rq);
        if (t == null) {
            throw new AssertionError("a merge into " + rq + ", a request that was never inserted");
        }
        if (t.state != State.QUEUED) {
            throw new AssertionError("a merge into " + rq + ", which the scheduler no longer holds ("
                    + t.state.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ') + "); a stale last_merge or hash entry?");
        }
    }

    private void finished(Request rq, Tracked t) {
        if (t.finishes > 0) {
            throw new AssertionError("finish_request would run twice for " + rq);
        }
        t.finishes++;
        scheduler.finishRequest(rq);
    }

    private void requestRun(int index) {
        if (!runPending[index]) {
            runPending[index] = true;
            context.schedule(context.now(), () -> {
                runPending[index] = false;
                runQueue(index);
            });
        }
    }

    private void delayedRun(int index) {
        if (!delayedRunPending[index]) {
            delayedRunPending[index] = true;
            context.schedule(context.now() + BUDGET_DELAY_NANOS, () -> {
                delayedRunPending[index] = false;
                runQueue(index);
            });
        }
    }

    /** {@code blk_mq_do_dispatch_sched}: pull from the scheduler while the device has room. */
    private void runQueue(int index) {
        HardwareQueue hctx = context.hardwareQueue(index);
        while (inDevice < slots) {
            if (!scheduler.hasWork(hctx)) {
                return;
            }
            Request rq = scheduler.dispatchRequest(hctx);
            if (rq == null) {
                if (scheduler.hasWork(hctx)) {
                    delayedRun(index);
                }
                return;
            }
            Tracked t = tracked(rq);
            if (t == null) {
                throw new AssertionError("dispatchRequest(" + hctx + ") returned " + rq + ", which was never inserted");
            }
            if (t.state != State.QUEUED) {
                throw new AssertionError("dispatchRequest(" + hctx + ") returned " + rq + ", which "
                        + switch (t.state) {
                            case WAITING_TAG -> "has no tag yet and was never inserted";
                            case DISPATCH, DRIVER -> "the driver already holds (dispatched twice)";
                            case MERGED -> "was merged into " + t.absorbedInto + " and freed";
                            case DONE -> "has already completed";
                            case QUEUED -> "is queued";
                        });
            }
            start(rq, t);
        }
    }

    private void start(Request rq, Tracked t) {
        t.state = State.DRIVER;
        queued.remove(rq);
        inDevice++;
        int slot = 0;
        while (slotUsed[slot]) {
            slot++;
        }
        slotUsed[slot] = true;
        rq.setTag(slot);
        rq.markDispatched(context.now());
        rq.markIoStarted(context.now());
        started.add(rq);
        if (onStarted != null) {
            onStarted.accept(rq);
        }
        long generation = t.generation;
        context.schedule(serviceEnd(rq), () -> {
            if (t.generation == generation && t.state == State.DRIVER) {
                complete(rq, t);
            }
        });
    }

    private void complete(Request rq, Tracked t) {
        long now = context.now();
        inDevice--;
        slotUsed[rq.tag()] = false;
        rq.setTag(-1);
        scheduler.completedRequest(rq, now);
        finished(rq, t);
        Bio bio = rq.firstBio();
        while (bio != null) {
            Bio next = bio.next();
            bio.endIo().bioCompleted(bio, now);
            bio = next;
        }
        t.state = State.DONE;
        t.completedAt = now;
        completed.add(rq);
        releaseTag(rq);
        runCompletions(t);
        for (int i = 0; i < context.hardwareQueueCount(); i++) {
            requestRun(i);
        }
    }

    /** The completion actions of {@code t} and of every request merged into it, directly or through another. */
    private void runCompletions(Tracked t) {
        if (t.onComplete != null) {
            t.onComplete.run();
        }
        if (t.absorbed != null) {
            for (Request absorbed : t.absorbed) {
                runCompletions(tracked(absorbed));
            }
        }
    }

    /** Chooses the device's service time, slots and units, then creates the scheduler. */
    public static final class Builder extends FakeDeviceLoop.Builder<Builder> {
        private final FakeMqSchedulerContext context;
        private int slots;

        private Builder(FakeMqSchedulerContext context) {
            super(0);
            this.context = context;
        }

        @Override
        Builder self() {
            return this;
        }

        /**
         * The device serves requests on {@code units} parallel units (channels), each unit what it was given in the
         * order it got it, a new request going to the unit that frees first. By default every request is served on
         * its own, from the moment the device starts it.
         */
        public Builder units(int units) {
            if (units < 1) {
                throw new IllegalArgumentException("at least one device unit, not " + units);
            }
            this.units = units;
            return this;
        }

        /** How many requests the device holds at once (default: the driver tag depth). */
        public Builder slots(int slots) {
            if (slots < 1) {
                throw new IllegalArgumentException("at least one device slot, not " + slots);
            }
            this.slots = slots;
            return this;
        }

        /** Creates the scheduler on the context with {@code factory} ({@code init_sched}, {@code init_hctx}). */
        public MqDeviceLoop build(Function<MqSchedulerContext, MqScheduler> factory) {
            return new MqDeviceLoop(this, Objects.requireNonNull(factory, "factory"));
        }

        /** Creates the provider's scheduler with {@code settings}. */
        public MqDeviceLoop build(MqSchedulerProvider provider, Settings settings) {
            Objects.requireNonNull(settings, "settings");
            return build(ctx -> provider.create(ctx, settings));
        }

        /** Creates the provider's scheduler with its defaults. */
        public MqDeviceLoop build(MqSchedulerProvider provider) {
            return build(provider, Settings.defaults(provider.name(), provider.tunables()));
        }
    }
}
