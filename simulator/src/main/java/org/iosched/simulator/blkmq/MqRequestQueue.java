package org.iosched.simulator.blkmq;

import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.iosched.api.Bio;
import org.iosched.api.BlockDevice;
import org.iosched.api.DeviceInfo;
import org.iosched.api.HardwareQueue;
import org.iosched.api.IoPriority;
import org.iosched.api.MqScheduler;
import org.iosched.api.MqSchedulerContext;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.RqQosContext;
import org.iosched.api.RqQosPolicy;
import org.iosched.api.Task;
import org.iosched.simulator.blk.AsyncDispatchGap;
import org.iosched.simulator.blk.BioCompletionListener;
import org.iosched.simulator.blk.BioLedger;
import org.iosched.simulator.blk.BlockQueue;
import org.iosched.simulator.blk.CompletionInterrupts;
import org.iosched.simulator.blk.DeliveryLine;
import org.iosched.simulator.blk.DiskAccounting;
import org.iosched.simulator.blk.GuardedDevice;
import org.iosched.simulator.blk.RequestCompletionListener;
import org.iosched.simulator.blk.ReturnDelayListener;
import org.iosched.simulator.blk.SleepListener;
import org.iosched.simulator.blk.TaskDirectory;
import org.iosched.simulator.cpu.Cpus;
import org.iosched.simulator.cpu.Workqueue;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.InvariantViolationException;
import org.iosched.simulator.engine.KernelClock;
import org.iosched.simulator.trace.BlockTrace;

/**
 * Linux 6.6's multi-queue block layer (blk-mq) for one device: the queue ({@code struct request_queue} with its
 * tag set, software and hardware queues) and its entry points, {@code blk_mq_submit_bio} among them. The scheduler is
 * an {@link MqScheduler}, or none. The work is done by package-private collaborators, each a section of the kernel's
 * block layer (reference/blk-mq.md):
 * <ul>
 *   <li>Submission ({@link #submit}, {@code blk_mq_submit_bio}): {@code bio_set_ioprio} (a bio without a priority
 *       takes its task's); PREFLUSH/FUA stripped on a device without a write cache, an empty flush then ends at
 *       once; merges ({@link MqMerge}) unless the bio is NOMERGE, PREFLUSH or FUA; {@code rq_qos_throttle}
 *       ({@link RqQosWait}); a tag ({@link MqTags}); the flush machinery ({@link MqFlush}) or the task's plug
 *       ({@link MqPlugs}).</li>
 *   <li>Insertion, direct issue and {@code blk_mq_dispatch_rq_list} ({@link MqIssue}), under SCSI's dispatch budget
 *       ({@link ScsiBudget}); hardware-queue runs and scheduler dispatch ({@link MqSched}).</li>
 *   <li>Completion, freeing and requeue ({@link MqCompletion}).</li>
 *   <li>The request-QoS chain ({@link RqQosChain}: blk-wbt, io.latency, io.cost), at the kernel's points:
 *       {@code rq_qos_throttle} after the merge attempts failed and before the tag, a policy that holds the bio
 *       putting the task to sleep ({@link RqQosWait}); {@code rq_qos_track} when the bio got its request,
 *       {@code rq_qos_merge} on every bio merged into a request (plug, scheduler or software queue),
 *       {@code rq_qos_issue} in {@code blk_mq_start_request}, {@code rq_qos_requeue} when the driver gives a
 *       request back or refuses it, {@code rq_qos_done} when a request is freed (after {@code finish_request},
 *       before its tags are put) or ends with an {@code end_io} (a flush sequence's data step, the flush request),
 *       and {@code rq_qos_done_bio} before a bio's {@code bi_end_io}.</li>
 *   <li>The scheduler's context ({@link MqSchedContext}).</li>
 * </ul>
 *
 * <p>Limitations: no I/O polling, shared tags, zoned devices or request timeouts; every bio that reached the merge
 * step counts as {@code BIO_QOS_THROTTLED} or {@code BIO_QOS_MERGED} for {@code rq_qos_done_bio} (only the empty
 * flush ended at once on a device without a write cache does not). Each collaborator lists its own.
 */
public final class MqRequestQueue implements BlockQueue {
    /** {@code BLK_MQ_BUDGET_DELAY} and {@code BLK_MQ_RESOURCE_DELAY}: 3 ms. */
    public static final long DELAY_RUN_NANOS = 3_000_000L;
    /** {@code BLKDEV_DEFAULT_RQ}. */
    public static final int DEFAULT_RQ = 128;
    /** {@code MAX_SCHED_RQ}. */
    public static final int MAX_SCHED_RQ = 16 * DEFAULT_RQ;

    // the queue's state, read by its collaborators
    final EventQueue clock;
    final KernelClock kernelClock;
    final BlockTrace trace;
    final DeviceInfo info;
    final int maxSectors;
    final int cpuCount;
    final int rqAffinity;
    final Hctx[] hctxs;
    /** {@code ctx->hctxs[HCTX_TYPE_DEFAULT]} by CPU. */
    final Hctx[] cpuToHctx;
    final int nrRequests;
    final DiskAccounting disk = new DiskAccounting();
    final AsyncDispatchGap asyncGap = new AsyncDispatchGap();
    final BioLedger bios = new BioLedger();
    final RqQosChain qos;
    // the collaborators, one per section of the block layer
    final ScsiBudget budget = new ScsiBudget();
    final MqMerge merge;
    final MqTags tags;
    final MqIssue issue;
    final MqSched sched;
    final RqQosWait qosWait;
    final MqPlugs plugs;
    /** Started requests on their way to the device, in dispatch order. */
    final DeliveryLine<MqRq> deliveries;
    final MqCompletion end;
    final MqFlush flush;
    private final MqSchedContext host;
    /** Completion interrupts, serialized per CPU, and kblockd's per-CPU threads. */
    CompletionInterrupts<MqRq> interrupts;
    Workqueue kblockd;
    GuardedMqScheduler scheduler;
    GuardedDevice device;
    Cpus cpus;
    RandomGenerator schedulerRandom;
    String schedulerLabel = "scheduler none";
    long nextId;
    /** Live requests (allocated and not freed). */
    int live;
    RequestCompletionListener completionListener = rq -> { };
    BioCompletionListener bioCompletionListener = bio -> { };
    SleepListener sleepListener = bio -> {
        throw new IllegalStateException("a task slept for a tag but nobody listens for its wake-up");
    };
    private RqQosContext wbtContext;

    /**
     * @param clock             virtual time
     * @param kernelClock       HZ
     * @param trace             the block trace
     * @param info              the device's facts
     * @param hardwareQueues    {@code nr_hw_queues}, at most {@code cpuCount}
     * @param queueDepth        driver tags per hardware queue (the tag set's {@code queue_depth})
     * @param nrRequests        {@code nr_requests}: scheduler tags per hardware queue (0: no scheduler, the tag
     *                          set depth)
     * @param maxSectors        {@code max_sectors}
     * @param cpuCount          online CPUs: one software queue each
     * @param rqAffinity        {@code queue/rq_affinity}
     */
    public MqRequestQueue(EventQueue clock, KernelClock kernelClock, BlockTrace trace, DeviceInfo info,
                          int hardwareQueues, int queueDepth, int nrRequests, int maxSectors, int cpuCount,
                          int rqAffinity) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.kernelClock = Objects.requireNonNull(kernelClock, "kernelClock");
        this.trace = Objects.requireNonNull(trace, "trace");
        this.info = Objects.requireNonNull(info, "info");
        if (maxSectors < 8 || maxSectors > info.maxHwSectors()) {
            throw new IllegalArgumentException("max_sectors must be 8.." + info.maxHwSectors() + ", not " + maxSectors);
        }
        if (cpuCount < 1 || hardwareQueues < 1 || queueDepth < 1) {
            throw new IllegalArgumentException("bad blk-mq geometry: " + cpuCount + " CPUs, " + hardwareQueues
                    + " hardware queues of " + queueDepth + " tags");
        }
        this.maxSectors = maxSectors;
        this.cpuCount = cpuCount;
        this.rqAffinity = rqAffinity;
        int queues = Math.min(hardwareQueues, cpuCount);
        this.nrRequests = nrRequests;
        this.hctxs = new Hctx[queues];
        this.cpuToHctx = new Hctx[cpuCount];
        this.qos = new RqQosChain(clock.hooks());
        this.merge = new MqMerge(this);
        this.tags = new MqTags(this);
        this.issue = new MqIssue(this);
        this.sched = new MqSched(this);
        this.qosWait = new RqQosWait(this);
        this.host = new MqSchedContext(this);
        int[] queueOf = mapQueues(cpuCount, queues);
        for (int q = 0; q < queues; q++) {
            int n = 0;
            for (int cpu = 0; cpu < cpuCount; cpu++) {
                n += queueOf[cpu] == q ? 1 : 0;
            }
            int[] mapped = new int[n];
            n = 0;
            for (int cpu = 0; cpu < cpuCount; cpu++) {
                if (queueOf[cpu] == q) {
                    mapped[n++] = cpu;
                }
            }
            Hctx h = new Hctx(q, mapped, queueDepth, nrRequests, cpuCount);
            h.runWork = clock.newTimer(null, () -> sched.runWorkFired(h));
            hctxs[q] = h;
        }
        for (int cpu = 0; cpu < cpuCount; cpu++) {
            cpuToHctx[cpu] = hctxs[queueOf[cpu]];
        }
        this.plugs = new MqPlugs(this);
        this.deliveries = new DeliveryLine<>(clock, rs -> {
            device.submit(rs.rq);
            return true;
        }, () -> {
        });
        this.end = new MqCompletion(this);
        this.flush = new MqFlush(this);
        setCpus(Cpus.free(clock));
    }

    /**
     * {@code blk_mq_map_queues} with {@code group_cpus_evenly} on one package: CPUs in order, spread evenly, the
     * first groups one CPU larger when the division is not even.
     */
    static int[] mapQueues(int cpuCount, int queues) {
        int[] queueOf = new int[cpuCount];
        for (int cpu = 0; cpu < cpuCount; cpu++) {
            queueOf[cpu] = (int) ((long) cpu * queues / cpuCount);
        }
        return queueOf;
    }

    /**
     * The driver's dispatch budget ({@link BlockDevice#dispatchBudget}: SCSI's per-LUN {@code sdev->queue_depth}),
     * 0 for none; set before the run.
     */
    public void setDispatchBudget(int depth) {
        if (depth < 0) {
            throw new IllegalArgumentException("dispatch budget must be 0 (none) or positive, not " + depth);
        }
        budget.depth = depth;
    }

    /** The CPUs the queue's work is charged to. */
    public void setCpus(Cpus value) {
        this.cpus = Objects.requireNonNull(value, "cpus");
        // completions serialized per CPU; with one hardware queue blk-mq raises BLOCK_SOFTIRQ, with one per CPU it
        // completes in the hard IRQ (blk_mq_complete_request_remote)
        this.interrupts = new CompletionInterrupts<>(clock, cpus, hctxs.length == 1, end::completionWork);
        this.kblockd = new Workqueue(clock, cpus, "kblockd");
        for (Hctx h : hctxs) {
            h.kblockdRun = kblockd.newWork(() -> sched.dispatchRequests(h));
        }
    }

    /** The {@link MqSchedulerContext} a scheduler of this queue is created with. */
    public MqSchedulerContext schedulerContext(RandomGenerator random, String label) {
        this.schedulerRandom = Objects.requireNonNull(random, "random");
        this.schedulerLabel = Objects.requireNonNull(label, "label");
        return host;
    }

    /**
     * Connects the scheduler (null for none) and the device; the scheduler's {@code init_hctx} runs for every
     * hardware queue ({@code blk_mq_init_sched}).
     */
    public void attach(MqScheduler mqScheduler, String label, BlockDevice blockDevice, String deviceLabel) {
        this.device = new GuardedDevice(Objects.requireNonNull(blockDevice, "device"), deviceLabel, info,
                clock.hooks());
        if (mqScheduler != null) {
            if (hctxs[0].schedTags == null) {
                throw new IllegalStateException("a scheduler needs nr_requests scheduler tags");
            }
            this.scheduler = new GuardedMqScheduler(mqScheduler, label, clock.hooks());
            this.schedulerLabel = label;
            for (Hctx h : hctxs) {
                scheduler.initHardwareQueue(h);
            }
        } else if (hctxs[0].schedTags != null) {
            throw new IllegalStateException("none takes no scheduler tags");
        }
    }

    /**
     * {@code blk_mq_exit_sched}: the scheduler's {@code exit_hctx} for every hardware queue, then
     * {@code exit_sched}.
     */
    public void exitScheduler() {
        if (scheduler != null) {
            for (Hctx h : hctxs) {
                scheduler.exitHardwareQueue(h);
            }
            scheduler.exit();
        }
    }

    @Override
    public void setCompletionListener(RequestCompletionListener listener) {
        this.completionListener = Objects.requireNonNull(listener, "listener");
    }

    @Override
    public void setBioCompletionListener(BioCompletionListener listener) {
        this.bioCompletionListener = Objects.requireNonNull(listener, "listener");
    }

    @Override
    public void setSleepListener(SleepListener listener) {
        this.sleepListener = Objects.requireNonNull(listener, "listener");
    }

    /** {@code blk_mq_submit_bio}; false when the submitting task sleeps (for a tag or in rq-qos). */
    @Override
    public boolean submit(Bio bio) {
        Task previous = trace.swapCurrent(bio.task());
        try {
            bio.setSubmitTime(clock.now());
            cpus.charge(cpus.bioSubmit);
            bios.submitted(bio, info);
            trace.bio('Q', bio);
            if (bio.ioPriority() == IoPriority.NONE) {
                bio.setIoPriority(IoPriority.of(bio.task()));
            }
            if (bio.op() == Op.FLUSH && !info.writeCache()) {
                end.endBioUntracked(bio);
                return true;
            }
            int cpu = submitCpu();
            Hctx h = cpuToHctx[cpu];
            if (MqMerge.bioMergeable(bio) && merge.attemptBioMerge(bio, h, cpu)) {
                return true;
            }
            if (qos.size() > 0 && !qosWait.throttle(bio, 0, cpu)) {
                return false;
            }
            Request rq = tags.allocate(bio, h, cpu, true);
            if (rq == null) {
                tags.sleepForTag(bio, h, cpu);
                return false;
            }
            if (qos.size() > 0) {
                qos.track(rq, bio);
            }
            afterAllocation(rq);
            return true;
        } finally {
            trace.swapCurrent(previous);
        }
    }

    /** The submitting CPU (CPU 0 outside a task). */
    int submitCpu() {
        int cpu = cpus.currentCpu();
        return cpu < 0 || cpu >= cpuCount ? 0 : cpu;
    }

    /** A waiter's wake-up: its request goes on its plug, which its own step flushes (tasksRunInSteps). */
    void afterWokenAllocation(Request rq) {
        plugs.wokenAllocation = plugs.tasksRunInSteps;
        try {
            afterAllocation(rq);
        } finally {
            plugs.wokenAllocation = false;
        }
    }

    // blk_mq_submit_bio after the allocation: accounting, then the flush machinery or the plug
    private void afterAllocation(Request rq) {
        MqRq rs = MqRq.of(rq);
        if (rq.op() != Op.FLUSH) {
            disk.inserted(clock.now());
            rs.accounted = true;
        }
        if (rq.op() == Op.FLUSH || (rq.flags() & (RequestFlags.PREFLUSH | RequestFlags.FUA)) != 0) {
            if (flush.insert(rs)) {
                return;
            }
        }
        plugs.add(rq);
    }

    @Override
    public void setReturnDelayListener(ReturnDelayListener listener) {
        qosWait.returnDelays = Objects.requireNonNull(listener, "listener");
    }

    @Override
    public void tasksRunInSteps() {
        plugs.tasksRunInSteps = true;
    }

    /**
     * {@code blk_finish_plug} at the end of the task's step, in its own context: the flush's CPU work is the task's,
     * and what it issues reaches the device once the step's work is done.
     */
    @Override
    public void stepEnded(Task task) {
        plugs.stepEnded(task);
    }

    /** {@code blk_finish_plug}: the task's plug is flushed ({@code blk_mq_flush_plug_list}). */
    @Override
    public void unplug(Task current) {
        plugs.unplug(current);
    }

    /** {@code blk_mq_complete_request}: the device completed {@code rq}. */
    @Override
    public void complete(Request rq) {
        end.complete(rq);
    }

    /** The device can take commands again ({@code blk_mq_run_hw_queues}, async). */
    @Override
    public void deviceReady() {
        sched.runHwQueues(true);
    }

    /** {@code blk_mq_requeue_request}: the device gives a request back; it is inserted again at the head. */
    @Override
    public void requeue(Request rq) {
        end.requeue(rq);
    }

    /** {@code blk_mq_run_hw_queues}. */
    void runHwQueues(boolean async) {
        sched.runHwQueues(async);
    }

    /** {@code QUEUE_FLAG_SQ_SCHED}, from the scheduler ({@code MqSchedulerProvider.singleQueueScheduling}). */
    public void setSingleQueueScheduling(boolean value) {
        sched.singleQueueScheduling = value;
    }

    /** The OS model's tasks and cgroups, for the policies' {@link RqQosContext#cgroup}. */
    public void setTaskDirectory(TaskDirectory value) {
        qosWait.tasks = Objects.requireNonNull(value, "tasks");
    }

    /**
     * The {@link RqQosContext} a policy named {@code name} is created with; {@link #addRqQos} then enables the
     * policy made on it.
     */
    public RqQosContext rqQosContext(String name, RandomGenerator random) {
        return qosWait.newContext(name, Objects.requireNonNull(random, "random"));
    }

    /**
     * {@code rq_qos_add}: enables {@code policy}, created on {@code context} (from {@link #rqQosContext}), at the head
     * of the chain; the policy enabled last runs first.
     */
    public void addRqQos(RqQosPolicy policy, RqQosContext context) {
        Objects.requireNonNull(policy, "policy");
        qosWait.add(policy, context);
    }

    /** A context for the queue's own blk-wbt, named {@code wbt}, for {@link #newWbt}. */
    public RqQosContext wbtContext() {
        if (wbtContext == null) {
            wbtContext = rqQosContext("wbt", new SplittableRandom(0));
        }
        return wbtContext;
    }

    /** blk-wbt ({@code wbt_init}) on {@link #wbtContext()}, with its target latency in ns. */
    public RqQosPolicy newWbt(long minLatNanos) {
        return new Wbt(wbtContext(), minLatNanos);
    }

    /** {@code wbt_default_latency_nsec}: 75 ms on a rotational device, 2 ms otherwise. */
    public static long defaultWbtLatencyNanos(boolean rotational) {
        return Wbt.defaultLatencyNanos(rotational);
    }

    /** Every rq-qos policy's statistics under its name ({@code wbt.scale_step}). */
    public Map<String, Number> rqQosStatistics() {
        return qos.statistics();
    }

    /**
     * The OS model: a task writing to this device sleeps in {@code balance_dirty_pages} now ({@code wb->dirty_sleep}).
     */
    @Override
    public void dirtySleep(long now) {
        qosWait.lastDirtySleep = now;
    }

    @Override
    public void taskExit(Task task) {
        plugs.taskExit(task);
        if (scheduler != null) {
            scheduler.exitIoContext(task);
        }
    }

    @Override
    public DeviceInfo deviceInfo() {
        return info;
    }

    @Override
    public int maxSectors() {
        return maxSectors;
    }

    @Override
    public int nrRequests() {
        return nrRequests > 0 ? nrRequests : hctxs[0].driverTagDepth();
    }

    @Override
    public Cpus cpus() {
        return cpus;
    }

    @Override
    public boolean congested(boolean sync) {
        return false;
    }

    @Override
    public DiskAccounting disk() {
        return disk;
    }

    @Override
    public AsyncDispatchGap asyncDispatchGap() {
        return asyncGap;
    }

    @Override
    public long biosCompleted() {
        return bios.completedCount();
    }

    /** Bios submitted. */
    public long biosSubmitted() {
        return bios.submittedCount();
    }

    /** Requests the device completed (flush requests included). */
    public long requestsCompleted() {
        return end.requestsCompleted;
    }

    /** {@code nr_hw_queues}. */
    public int hardwareQueueCount() {
        return hctxs.length;
    }

    /** Hardware queue {@code index}. */
    public HardwareQueue hardwareQueue(int index) {
        return hctxs[index];
    }

    /** The hardware queue {@code cpu}'s software queue maps to. */
    public HardwareQueue hardwareQueueOfCpu(int cpu) {
        return cpuToHctx[cpu];
    }

    /** Requests the device holds. */
    public int inDriver() {
        int n = 0;
        for (Hctx h : hctxs) {
            n += h.inFlight;
        }
        return n;
    }

    /** Live requests (allocated and not freed). */
    public int outstanding() {
        return live;
    }

    /** Whether a hardware queue's {@code dispatch_busy} is non-zero. */
    public int dispatchBusy(int index) {
        return hctxs[index].dispatchBusy;
    }

    @Override
    public boolean idle() {
        return live == 0 && tags.sleeping == 0 && qosWait.sleeping == 0;
    }

    @Override
    public String whereRequestsAre() {
        int plugged = plugs.plugged();
        int dispatchList = 0;
        int ctx = 0;
        for (Hctx h : hctxs) {
            dispatchList += h.dispatch.size();
            ctx += h.ctxQueued();
        }
        int inDriver = inDriver();
        int elsewhere = live - plugged - dispatchList - ctx - inDriver;
        return plugged + " on plugs, " + ctx + " on software queues, " + dispatchList + " on hctx->dispatch, "
                + inDriver + " in " + (device == null ? "the device" : device.label()) + ", " + elsewhere
                + " held by " + schedulerLabel + " or the flush machinery, " + tags.sleeping
                + " submitters sleeping for a tag" + (qos.size() == 0 ? "" : ", " + qosWait.sleeping
                + " sleeping in rq-qos (" + qos.describe() + ")");
    }

    @Override
    public void checkDrained() {
        if (budget.held != 0) {
            throw new InvariantViolationException(budget.held + " dispatch budgets are still held at the end");
        }
        bios.checkDrained(live, whereRequestsAre());
    }
}
