package org.iosched.testkit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import org.iosched.api.Bio;
import org.iosched.api.DeviceInfo;
import org.iosched.api.HardwareQueue;
import org.iosched.api.MqScheduler;
import org.iosched.api.MqSchedulerContext;
import org.iosched.api.MqSchedulerProvider;
import org.iosched.api.Request;
import org.iosched.api.Settings;

/**
 * A {@link MqSchedulerContext} for tests of Linux 6.6 blk-mq schedulers with no simulator behind it: the test plays
 * the block layer and the driver by hand, or lets a {@link MqDeviceLoop} play them. The blk-mq counterpart of
 * {@link FakeSchedulerContext}.
 *
 * <h2>Features</h2>
 * <ul>
 *   <li>A manual virtual clock ({@link #advanceTo}, {@link #advanceBy}, {@link #advanceMillis}); timers and
 *       {@link #schedule}d actions fire as the clock passes them, in order of time, then of arming.</li>
 *   <li>Hardware queues with driver tag depths (the device's queue depth unless set), scheduler tag depths
 *       ({@code nr_requests}: {@code 2 * min(queue_depth, 128)} as {@code blk_mq_init_sched} sets it) and the
 *       sbitmap word shift of {@code sbitmap_calculate_shift}; CPU {@code c} maps to queue {@code c % queues}.
 *       {@link #setNrRequests} resizes the scheduler tags and calls {@code depth_updated} on every queue.</li>
 *   <li>The generic merge helpers as 6.6 has them: {@link #tryMerge} ({@code blk_mq_sched_try_merge}: the one-hit
 *       {@code last_merge} cache, the back-merge hash, the scheduler's {@code request_merge}, {@code allow_merge},
 *       coalescing with {@code next_request}/{@code former_request} and {@code requests_merged}, else
 *       {@code request_merged}), {@link #tryInsertMerge} ({@code elv_attempt_insert_merge}, cascading),
 *       {@link #bioListMerge} ({@code blk_bio_list_merge}, the last 8), {@link #hashAdd}/{@link #hashRemove}.
 *       Requests absorbed by a merge wait on a free list: {@link #freeMergedRequests()} frees them
 *       ({@code finish_request}) as the block layer does after the hook returns.</li>
 *   <li>Queue runs ({@link #runHardwareQueue}, {@link #runHardwareQueues}) are recorded ({@link #runs()}) and
 *       passed to the action set with {@link #onRun} (a {@link MqDeviceLoop} dispatches there).</li>
 *   <li>{@link #currentCpu()} is whatever the test (or loop) set; a seeded random stream; a recording trace.</li>
 * </ul>
 *
 * <h2>Limitations</h2>
 * <ul>
 *   <li>No tag allocation, plugging, {@code hctx->dispatch} list, budgets or FLUSH sequencing: those belong to the
 *       block layer, played by the test or by {@link MqDeviceLoop}.</li>
 *   <li>Merges: discards merge only when contiguous, as other writes (no multi-range DISCARD merge); no segment
 *       limit, only {@code max_sectors}; {@code nomerges} is 0; the survivor of a request merge keeps its own start
 *       time ({@link Request#startTime()} is fixed at allocation).</li>
 * </ul>
 *
 * <pre>{@code
 * FakeMqSchedulerContext context = FakeMqSchedulerContext.builder().device(FakeSchedulerContext.SSD).build();
 * MqScheduler scheduler = context.start(provider, Settings.defaults(provider.name(), provider.tunables()));
 * HardwareQueue hctx = context.hardwareQueue(0);
 * Request rq = context.requests().read(100);
 * context.bind(rq, 0);                       // allocated on CPU 0: hctx, software queue, scheduler tag
 * scheduler.prepareRequest(rq);
 * scheduler.insertRequests(hctx, List.of(rq), 0);
 * assertThat(scheduler.dispatchRequest(hctx)).isSameAs(rq);
 * }</pre>
 */
public final class FakeMqSchedulerContext extends FakePluginContext implements MqSchedulerContext {
    /** The default number of CPUs. */
    public static final int DEFAULT_CPUS = 4;
    /** {@code BLKDEV_DEFAULT_RQ}: the scheduler tag depth is twice the queue depth, capped at twice this. */
    public static final int BLKDEV_DEFAULT_RQ = 128;
    /** {@code BLKDEV_MIN_RQ}: the smallest {@code nr_requests}. */
    public static final int BLKDEV_MIN_RQ = 4;
    /** {@code MAX_SCHED_RQ}: the largest {@code nr_requests} with a scheduler. */
    public static final int MAX_SCHED_RQ = 16 * BLKDEV_DEFAULT_RQ;
    /** {@code BLK_DEF_MAX_SECTORS_CAP} of 6.6: {@code max_sectors} is at most 1280 KiB unless set. */
    public static final int DEFAULT_MAX_SECTORS = 2560;

    /** One recorded queue run. */
    public record QueueRun(long time, int hardwareQueue, boolean async) {
    }

    /** What a queue run does besides being recorded. */
    @FunctionalInterface
    public interface RunAction {
        void run(HardwareQueue hctx, boolean async);
    }

    private final int cpuCount;
    private final FakeHardwareQueue[] queues;
    private final MqMerges merges;
    private final Requests requests;
    private final List<QueueRun> runs = new ArrayList<>();
    private final List<Request> mergedAway = new ArrayList<>();
    private int nrRequests;
    private int currentCpu;
    private int nextInternalTag;
    private MqScheduler scheduler;
    private RunAction onRun;

    private FakeMqSchedulerContext(Builder builder) {
        super(builder);
        this.cpuCount = builder.cpus;
        DeviceInfo device = builder.device;
        int driverDepth = builder.driverTagDepth > 0 ? builder.driverTagDepth : device.queueDepth();
        this.nrRequests = builder.nrRequests > 0 ? builder.nrRequests
                : 2 * Math.min(driverDepth, BLKDEV_DEFAULT_RQ);
        int count = builder.hardwareQueues > 0 ? builder.hardwareQueues : 1;
        if (count > cpuCount) {
            throw new IllegalArgumentException(count + " hardware queues need at least as many CPUs, not " + cpuCount);
        }
        this.queues = new FakeHardwareQueue[count];
        for (int i = 0; i < count; i++) {
            queues[i] = new FakeHardwareQueue(i, driverDepth, nrRequests, cpuCount, count);
        }
        this.merges = new MqMerges(Math.min(device.maxHwSectors(), DEFAULT_MAX_SECTORS));
        this.requests = Requests.on(this::now);
    }

    /** HZ {@value FakeSchedulerContext#DEFAULT_HZ}, {@link FakeSchedulerContext#SSD}, 4 CPUs, one hardware queue. */
    public static FakeMqSchedulerContext create() {
        return builder().build();
    }

    /** A builder starting from the defaults of {@link #create()}. */
    public static Builder builder() {
        return new Builder();
    }

    // ---------------------------------------------------------------- the scheduler

    /**
     * {@code blk_mq_init_sched}: creates the provider's scheduler on this context ({@code init_sched}), attaches it
     * and calls {@code init_hctx} on every hardware queue.
     */
    public MqScheduler start(MqSchedulerProvider provider, Settings settings) {
        MqScheduler created = Objects.requireNonNull(provider.create(this, settings), "create() returned null");
        attach(created);
        for (FakeHardwareQueue hctx : queues) {
            created.initHardwareQueue(hctx);
        }
        return created;
    }

    /** {@link #start(MqSchedulerProvider, Settings)} with the provider's defaults. */
    public MqScheduler start(MqSchedulerProvider provider) {
        return start(provider, Settings.defaults(provider.name(), provider.tunables()));
    }

    /** Attaches a scheduler made by hand, whose hooks the merge helpers call ({@code init_hctx} is the caller's). */
    public void attach(MqScheduler attached) {
        this.scheduler = Objects.requireNonNull(attached, "scheduler");
        merges.attach(attached);
    }

    /** The attached scheduler, or null. */
    public MqScheduler scheduler() {
        return scheduler;
    }

    private MqScheduler requireScheduler(String what) {
        if (scheduler == null) {
            throw new IllegalStateException(what + " needs a scheduler: call start() or attach() first");
        }
        return scheduler;
    }

    // ---------------------------------------------------------------- requests

    /** Tasks, bios and requests whose start times follow this context's clock. */
    public Requests requests() {
        return requests;
    }

    /**
     * Binds {@code rq} as {@code blk_mq_rq_ctx_init} does for an allocation on {@code cpu}: its hardware queue,
     * software queue and the next scheduler tag (tags count up; the loop keeps a real tag map). A request with no
     * io priority ({@code IoPriority.NONE}) keeps it: set one with {@link Request#setIoPriority} first.
     */
    public Request bind(Request rq, int cpu) {
        if (cpu < 0 || cpu >= cpuCount) {
            throw new IllegalArgumentException("CPU " + cpu + " is not online (0.." + (cpuCount - 1) + ")");
        }
        FakeHardwareQueue hctx = queueOf(cpu);
        rq.bindQueues(hctx, cpu, hctx.softwareQueueOf(cpu), nextInternalTag++);
        return rq;
    }

    FakeHardwareQueue queueOf(int cpu) {
        return queues[cpu % queues.length];
    }

    // ---------------------------------------------------------------- CPUs and queues

    @Override
    public int cpuCount() {
        return cpuCount;
    }

    @Override
    public int currentCpu() {
        return currentCpu;
    }

    /** Sets what {@link #currentCpu()} answers. */
    public void setCurrentCpu(int cpu) {
        if (cpu < 0 || cpu >= cpuCount) {
            throw new IllegalArgumentException("CPU " + cpu + " is not online (0.." + (cpuCount - 1) + ")");
        }
        this.currentCpu = cpu;
    }

    @Override
    public int hardwareQueueCount() {
        return queues.length;
    }

    @Override
    public HardwareQueue hardwareQueue(int index) {
        return queues[index];
    }

    /**
     * The smallest shallow depth the scheduler declared for hardware queue {@code index}
     * ({@link HardwareQueue#setMinShallowDepth}, {@code sbitmap_queue_min_shallow_depth}), 0 if it declared none.
     */
    public int minShallowDepth(int index) {
        return queues[index].minShallowDepth();
    }

    @Override
    public int nrRequests() {
        return nrRequests;
    }

    /**
     * {@code queue_requests_store} with a scheduler ({@code blk_mq_update_nr_requests}): values below
     * {@value #BLKDEV_MIN_RQ} become {@value #BLKDEV_MIN_RQ}; up to {@value #MAX_SCHED_RQ}; then
     * {@code depth_updated} on every hardware queue.
     */
    public void setNrRequests(int requested) {
        if (requested > MAX_SCHED_RQ) {
            throw new IllegalArgumentException("nr_requests accepts " + BLKDEV_MIN_RQ + ".." + MAX_SCHED_RQ
                    + " with a scheduler, not " + requested);
        }
        nrRequests = Math.max(BLKDEV_MIN_RQ, requested);
        for (FakeHardwareQueue hctx : queues) {
            hctx.setSchedulerTagDepth(nrRequests);
            if (scheduler != null) {
                scheduler.depthUpdated(hctx);
            }
        }
    }

    @Override
    public void runHardwareQueue(HardwareQueue hctx, boolean async) {
        Objects.requireNonNull(hctx, "hctx");
        runs.add(new QueueRun(now(), hctx.index(), async));
        if (onRun != null) {
            onRun.run(hctx, async);
        }
    }

    @Override
    public void runHardwareQueues(boolean async) {
        for (FakeHardwareQueue hctx : queues) {
            runHardwareQueue(hctx, async);
        }
    }

    /** Every queue run asked for, oldest first (read-only). */
    public List<QueueRun> runs() {
        return Collections.unmodifiableList(runs);
    }

    /** What a queue run does besides being recorded (a {@link MqDeviceLoop} dispatches); null for nothing. */
    public void onRun(RunAction action) {
        this.onRun = action;
    }

    // ---------------------------------------------------------------- merges

    @Override
    public boolean tryMerge(Bio bio) {
        requireScheduler("tryMerge");
        return merges.tryMerge(Objects.requireNonNull(bio, "bio"));
    }

    @Override
    public boolean tryInsertMerge(Request rq) {
        requireScheduler("tryInsertMerge");
        return merges.tryInsertMerge(Objects.requireNonNull(rq, "rq"));
    }

    @Override
    public boolean bioListMerge(List<Request> list, Bio bio) {
        requireScheduler("bioListMerge");
        return merges.bioListMerge(list, bio);
    }

    @Override
    public void hashAdd(Request rq) {
        merges.hashAdd(Objects.requireNonNull(rq, "rq"));
    }

    @Override
    public void hashRemove(Request rq) {
        merges.hashRemove(Objects.requireNonNull(rq, "rq"));
    }

    /**
     * Told about every request a merge grows or absorbs (a bio merged into it, or it coalescing with a neighbour),
     * before the merge; null for nobody. A {@link MqDeviceLoop} checks the scheduler still holds it.
     */
    public void onMergedInto(java.util.function.Consumer<Request> listener) {
        merges.onMergedInto(listener);
    }

    /** Whether {@code rq} is in the back-merge hash. */
    public boolean hashed(Request rq) {
        return merges.hashed(rq);
    }

    @Override
    public Request lastMerge() {
        return merges.lastMerge();
    }

    @Override
    public void setLastMerge(Request rq) {
        merges.setLastMerge(rq);
    }

    /**
     * Frees the requests merges absorbed since the last call, as {@code blk_mq_free_request} does after the hook:
     * {@code finish_request} on each, in the order they were absorbed. Returns them; {@link #mergedAway()} keeps
     * them all.
     */
    public List<Request> freeMergedRequests() {
        List<Request> freed = merges.takeFreed();
        for (Request rq : freed) {
            mergedAway.add(rq);
            scheduler.finishRequest(rq);
        }
        return freed;
    }

    /** Requests absorbed by merges and freed, in order (read-only). */
    public List<Request> mergedAway() {
        return Collections.unmodifiableList(mergedAway);
    }

    /**
     * Chooses HZ, the device ({@link FakeSchedulerContext#SSD} unless set), CPUs, hardware queues, tag depths, the
     * seed and the trace.
     */
    public static final class Builder extends FakePluginContext.Builder<Builder> {
        private int cpus = DEFAULT_CPUS;
        private int hardwareQueues = 1;
        private int driverTagDepth;
        private int nrRequests;

        private Builder() {
            super(FakeSchedulerContext.SSD);
        }

        @Override
        Builder self() {
            return this;
        }

        /** Online CPUs. */
        public Builder cpus(int cpus) {
            if (cpus < 1) {
                throw new IllegalArgumentException("at least one CPU, not " + cpus);
            }
            this.cpus = cpus;
            return this;
        }

        /** Hardware queues (at most one per CPU). */
        public Builder hardwareQueues(int count) {
            if (count < 1) {
                throw new IllegalArgumentException("at least one hardware queue, not " + count);
            }
            this.hardwareQueues = count;
            return this;
        }

        /** Driver tags per hardware queue (the tag set's {@code queue_depth}). */
        public Builder driverTagDepth(int depth) {
            if (depth < 1) {
                throw new IllegalArgumentException("at least one driver tag, not " + depth);
            }
            this.driverTagDepth = depth;
            return this;
        }

        /** {@code nr_requests} (scheduler tags per hardware queue) instead of {@code 2 * min(queue_depth, 128)}. */
        public Builder nrRequests(int nrRequests) {
            if (nrRequests < BLKDEV_MIN_RQ || nrRequests > MAX_SCHED_RQ) {
                throw new IllegalArgumentException("nr_requests accepts " + BLKDEV_MIN_RQ + ".." + MAX_SCHED_RQ
                        + ", not " + nrRequests);
            }
            this.nrRequests = nrRequests;
            return this;
        }

        /** A context with the clock at 0. */
        public FakeMqSchedulerContext build() {
            return new FakeMqSchedulerContext(this);
        }
    }
}
