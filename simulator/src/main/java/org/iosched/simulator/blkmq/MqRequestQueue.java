package org.iosched.simulator.blkmq;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
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
import org.iosched.api.Cgroup;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;
import org.iosched.simulator.block.AsyncDispatchGap;
import org.iosched.simulator.block.BioCompletionListener;
import org.iosched.simulator.block.BioLedger;
import org.iosched.simulator.block.BlockQueue;
import org.iosched.simulator.block.CompletionInterrupts;
import org.iosched.simulator.block.DeliveryLine;
import org.iosched.simulator.block.DiskAccounting;
import org.iosched.simulator.block.GuardedDevice;
import org.iosched.simulator.block.RequestCompletionListener;
import org.iosched.simulator.block.ReturnDelayListener;
import org.iosched.simulator.block.SleepListener;
import org.iosched.simulator.block.TaskDirectory;
import org.iosched.simulator.cpu.Cpus;
import org.iosched.simulator.cpu.Workqueue;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.InvariantViolationException;
import org.iosched.simulator.engine.KernelClock;
import org.iosched.simulator.engine.SimTimer;
import org.iosched.simulator.trace.BlockTrace;

/**
 * Linux 6.6's multi-queue block layer (blk-mq) for one device: {@code blk_mq_submit_bio} (merging, tag
 * allocation, plugging, insertion, direct issue), the hardware-queue runs and their dispatch loop, the flush
 * machinery ({@link MqFlush}), requeue and completion. The scheduler is an {@link MqScheduler}, or none.
 *
 * <p>Features, with the kernel functions they model (reference/blk-mq.md):
 * <ul>
 *   <li>Submission: {@code bio_set_ioprio} (a bio without a priority takes its task's); PREFLUSH/FUA stripped on
 *       a device without a write cache, an empty flush then ends at once; merges, unless the bio is NOMERGE,
 *       PREFLUSH or FUA: the plug's last request ({@code blk_attempt_plug_merge}), then the scheduler's
 *       {@code bio_merge}, or without one the submitting CPU's software queue ({@code blk_bio_list_merge}, the
 *       last 8 requests).</li>
 *   <li>Tags ({@code blk_mq_get_tag}): a scheduler tag ({@code nr_requests} per hardware queue, shallow depth
 *       from {@code limit_depth}) with a scheduler, a driver tag without; none free: the hardware queue is run
 *       synchronously and the allocation retried, then the task flushes its plug and sleeps until a batch of
 *       {@code wake_batch} tags was freed, and retries.</li>
 *   <li>Per-task plugging ({@code blk_add_rq_to_plug}, {@code blk_mq_flush_plug_list}): the plug is flushed
 *       before a request is added when it holds 32 requests or its last one is at least 128 KiB, when the task
 *       waits ({@link #unplug}), and when it sleeps for a tag (then {@code from_schedule}: the run goes to
 *       kblockd). Flushing hands each software queue's requests to the scheduler's {@code insert_requests} in
 *       submission order and runs the hardware queue; without a scheduler they are issued directly
 *       ({@code blk_mq_plug_issue_direct}) until the driver refuses one.</li>
 *   <li>Runs ({@code blk_mq_run_hw_queue}): synchronous in the caller, or kblockd's work (an event at the same
 *       time, on the hardware queue's first CPU; a pending run is not doubled). The dispatch loop
 *       ({@code blk_mq_sched_dispatch_requests}): {@code hctx->dispatch} first (and not the scheduler if it
 *       did not drain), then one request at a time from the scheduler ({@code has_work}, {@code dispatch_request},
 *       a driver tag; at most one request per round when {@code dispatch_busy}), the 3 ms re-run
 *       ({@code BLK_MQ_BUDGET_DELAY}) when the scheduler returned nothing; without a scheduler every software
 *       queue at once, or one request at a time round-robin when busy.</li>
 *   <li>{@code blk_mq_dispatch_rq_list}: a driver tag (none: {@code SCHED_RESTART} is set and the rest waits on
 *       {@code hctx->dispatch}), then the driver; a request the device refuses ({@link BlockDevice#canAccept},
 *       BLK_STS_DEV_RESOURCE) goes back to the head of the list, its driver tag released, the scheduler not told.
 *       {@code dispatch_busy} is the kernel's EWMA.</li>
 *   <li>Completion ({@code blk_mq_end_request}): the bios end, then {@code completed_request},
 *       {@code finish_request}, the driver tag and the scheduler tag are put (each may wake sleeping allocators),
 *       then {@code blk_mq_sched_restart}. The completion runs on the CPU the hardware queue's interrupt is bound
 *       to (its first CPU; CPU 0 with one queue); {@code rq_affinity} 1 keeps it there, every CPU sharing one
 *       cache.</li>
 *   <li>Requeue by the device ({@code blk_mq_requeue_request}): driver tag put, {@code requeue_request}, then
 *       kblockd's requeue work inserts it at the head.</li>
 *   <li>The request-QoS chain ({@link RqQosChain}: blk-wbt, io.latency, io.cost), at the kernel's points:
 *       {@code rq_qos_throttle} after the merge attempts failed and before the tag; a policy that holds the bio
 *       ({@link RqQosPolicy.Throttle#WAIT}) puts the task to sleep as {@code rq_qos_wait} does (its plug flushed,
 *       from schedule) until the policy resumes it, then the next policy throttles it and it allocates;
 *       {@code rq_qos_track} when the bio got its request, {@code rq_qos_merge} on every bio merged into a request
 *       (plug, scheduler or software queue), {@code rq_qos_issue} in {@code blk_mq_start_request},
 *       {@code rq_qos_requeue} when the driver gives a request back or refuses it, {@code rq_qos_done} when a
 *       request is freed (after {@code finish_request}, before its tags are put) or ends with an {@code end_io} (a
 *       flush sequence's data step, the flush request), and {@code rq_qos_done_bio} before a bio's
 *       {@code bi_end_io}.</li>
 * </ul>
 *
 * <p>The dispatch budget is SCSI's ({@code scsi_mq_get_budget}, {@link BlockDevice#dispatchBudget}): the LUN's
 * {@code queue_depth} budgets (1 for a SATA disk without NCQ behind AHCI's 32 tags), taken before a request is pulled
 * from the scheduler or a software queue and given back when it was not issued or at its completion, which runs the
 * queues again after a refusal ({@code sdev->restarts}); and the device-blocked rule: after the device refused a
 * command (a non-queued FLUSH while NCQ commands run) nothing new is issued until its commands drain.
 *
 * <p>Limitations: SCSI counts {@code device_blocked} down over up to 3 attempts where the queue here runs at once
 * when the device drained;
 * a waking allocator retries on the CPU it slept on; one wait list per tag space (the kernel has 8); no request
 * splitting (bios larger than {@code max_sectors} are not built by the OS model); the plug of a task that never
 * waits is flushed by an event at the end of the instant (as the 3.0 model's per-task plugging);
 * {@code nomerges} is 0; no I/O polling, shared tags, zoned devices or request timeouts; a bio always gets its tag
 * (sleeping if need be), so {@code rq_qos_cleanup} (allocation failed after throttle, REQ_NOWAIT) never happens;
 * every bio that reached the merge step counts as {@code BIO_QOS_THROTTLED} or {@code BIO_QOS_MERGED} for
 * {@code rq_qos_done_bio} (only the empty flush ended at once on a device without a write cache does not).
 */
public final class MqRequestQueue implements BlockQueue {
    /** {@code BLK_MQ_BUDGET_DELAY} and {@code BLK_MQ_RESOURCE_DELAY}: 3 ms. */
    public static final long DELAY_RUN_NANOS = 3_000_000L;
    /** {@code BLKDEV_DEFAULT_RQ}. */
    public static final int DEFAULT_RQ = 128;
    /** {@code MAX_SCHED_RQ}. */
    public static final int MAX_SCHED_RQ = 16 * DEFAULT_RQ;
    /** How many requests of a software queue {@code blk_bio_list_merge} looks at, from the tail. */
    static final int BIO_LIST_MERGE_DEPTH = 8;

    private final EventQueue clock;
    private final KernelClock kernelClock;
    private final BlockTrace trace;
    private final DeviceInfo info;
    private final int maxSectors;
    private final int cpuCount;
    private final int rqAffinity;
    private final Hctx[] hctxs;
    /** {@code ctx->hctxs[HCTX_TYPE_DEFAULT]} by CPU. */
    private final Hctx[] cpuToHctx;
    private final int nrRequests;
    private final DiskAccounting disk = new DiskAccounting();
    private final AsyncDispatchGap asyncGap = new AsyncDispatchGap();
    private final BioLedger bios = new BioLedger();
    private final MqMergeHash hash = new MqMergeHash();
    private final MqFlush flush;
    private final IdentityHashMap<Task, MqPlug> plugs = new IdentityHashMap<>();
    /** Plugs holding requests that the end-of-instant flush will flush, in the order they started. */
    private final List<MqPlug> plugsToFlush = new ArrayList<>();
    private final SimTimer plugFlushTimer;
    /** Started requests on their way to the device, in dispatch order. */
    private final DeliveryLine<MqRq> deliveries;
    /** {@code q->requeue_list}; the flush machinery's flush requests go on {@code q->flush_list}. */
    private final ArrayDeque<Request> requeueList = new ArrayDeque<>();
    private final ArrayDeque<Request> flushList = new ArrayDeque<>();
    private final SimTimer requeueWork;
    /** Completion interrupts, serialized per CPU, and kblockd's per-CPU threads. */
    private CompletionInterrupts<MqRq> interrupts;
    private Workqueue kblockd;
    // reused lists: the hot paths allocate nothing per request
    private final List<Request> scratch = new ArrayList<>();
    private final List<Request> batch = new ArrayList<>();
    private final List<Request> fromDispatchList = new ArrayList<>();
    private final List<Request> pulled = new ArrayList<>();
    private final List<Request> fromSoftwareQueues = new ArrayList<>();
    private final List<Request> one = new ArrayList<>(1);
    private final List<Request> mergedAway = new ArrayList<>();
    private final ArrayDeque<Hctx.TagWaiter> freeWaiters = new ArrayDeque<>();
    private final Host host = new Host();
    private final RqQosChain qos;
    /** Tasks asleep in an rq-qos policy ({@code rq_qos_wait}), by the bio they hold. */
    private final IdentityHashMap<Bio, QosWaiter> qosWaiters = new IdentityHashMap<>();
    private final ArrayDeque<QosWaiter> freeQosWaiters = new ArrayDeque<>();
    private int qosSleeping;
    /** Waiters an rq-qos policy resumed while a request was being freed: woken once its tags are put. */
    private final List<QosWaiter> deferredQosWakes = new ArrayList<>();
    private boolean deferQosWakes;
    private long lastDirtySleep = Long.MIN_VALUE;
    private TaskDirectory tasks;
    private RqQosContext wbtContext;
    private GuardedMqScheduler scheduler;
    private GuardedDevice device;
    private Cpus cpus;
    private RandomGenerator schedulerRandom;
    private String schedulerLabel = "scheduler none";
    private Request lastMerge;
    private long nextId;
    private int live;
    /** The LUN's dispatch budget ({@code sdev->queue_depth}), 0 without one (NVMe). */
    private int budgetDepth;
    /** Budgets held: requests the driver holds, and pulled ones not yet issued ({@code sdev->budget_map}). */
    private int budgetsHeld;
    /** {@code sdev->restarts}: a budget was refused; the next completion runs the queues. */
    private boolean budgetRestart;
    /** The OS model's side of {@code blkcg_schedule_throttle}. */
    private ReturnDelayListener returnDelays = (task, nanos) -> {
    };
    /** One hardware queue's share of a pulled list (dispatchByHctx), reused. */
    private final List<Request> oneHctxPart = new ArrayList<>();
    /** {@code QUEUE_FLAG_SQ_SCHED}. */
    private boolean singleQueueScheduling;
    /** The OS model calls {@link #stepEnded} after each task step. */
    private boolean tasksRunInSteps;
    /** A woken waiter's request is being allocated (outside the task's step). */
    private boolean wokenAllocation;
    private int sleeping;
    private long requestsCompleted;
    private boolean dispatching;
    private RequestCompletionListener completionListener = rq -> { };
    private BioCompletionListener bioCompletionListener = bio -> { };
    private SleepListener sleepListener = bio -> {
        throw new IllegalStateException("a task slept for a tag but nobody listens for its wake-up");
    };

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
            h.runWork = clock.newTimer(null, () -> runWorkFired(h));
            hctxs[q] = h;
        }
        for (int cpu = 0; cpu < cpuCount; cpu++) {
            cpuToHctx[cpu] = hctxs[queueOf[cpu]];
        }
        this.plugFlushTimer = clock.newTimer(null, this::flushPlugsAtEndOfInstant);
        this.deliveries = new DeliveryLine<>(clock, rs -> {
            device.submit(rs.rq);
            return true;
        }, () -> {
        });
        this.requeueWork = clock.newTimer(null, this::requeueWorkFired);
        this.flush = new MqFlush(this, info);
        setCpus(Cpus.free(clock));
        this.qos = new RqQosChain(clock.hooks());
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
        this.budgetDepth = depth;
    }

    /** The CPUs the queue's work is charged to. */
    public void setCpus(Cpus value) {
        this.cpus = Objects.requireNonNull(value, "cpus");
        // completions serialized per CPU; with one hardware queue blk-mq raises BLOCK_SOFTIRQ, with one per CPU it
        // completes in the hard IRQ (blk_mq_complete_request_remote)
        this.interrupts = new CompletionInterrupts<>(clock, cpus, hctxs.length == 1, this::completionWork);
        this.kblockd = new Workqueue(clock, cpus, "kblockd");
        for (Hctx h : hctxs) {
            h.kblockdRun = kblockd.newWork(() -> dispatchRequests(h));
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
     * hardware queue.
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

    /** The scheduler's {@code exit_hctx} for every hardware queue, then {@code exit_sched}. */
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

    // ---------------------------------------------------------------- submission

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
                endBioUntracked(bio);
                return true;
            }
            int cpu = submitCpu();
            Hctx h = cpuToHctx[cpu];
            if (bioMergeable(bio) && attemptBioMerge(bio, h, cpu)) {
                return true;
            }
            if (qos.size() > 0 && !qosThrottle(bio, 0, cpu)) {
                return false;
            }
            Request rq = allocate(bio, h, cpu, true);
            if (rq == null) {
                sleepForTag(bio, h, cpu);
                return false;
            }
            qosTrack(rq, bio);
            afterAllocation(rq);
            return true;
        } finally {
            trace.swapCurrent(previous);
        }
    }

    private int submitCpu() {
        int cpu = cpus.currentCpu();
        return cpu < 0 || cpu >= cpuCount ? 0 : cpu;
    }

    static boolean bioMergeable(Bio bio) {
        return bio.op() != Op.FLUSH
                && (bio.flags() & (RequestFlags.NOMERGE | RequestFlags.PREFLUSH | RequestFlags.FUA)) == 0;
    }

    static boolean requestMergeable(Request rq) {
        return rq.op() != Op.FLUSH
                && (rq.flags() & (RequestFlags.NOMERGE | RequestFlags.PREFLUSH | RequestFlags.FUA)) == 0;
    }

    /** {@code blk_rq_merge_ok}: the request may take the bio (position aside). */
    static boolean rqMergeOk(Request rq, Bio bio) {
        return requestMergeable(rq) && rq.op() == bio.op() && rq.cgroup() == bio.cgroup()
                && rq.ioPriority() == bio.ioPriority();
    }

    /** {@code blk_mq_attempt_bio_merge}: the plug's last request, then the scheduler or the software queue. */
    private boolean attemptBioMerge(Bio bio, Hctx h, int cpu) {
        MqPlug plug = plugs.get(bio.task());
        if (plug != null && plug.count() > 0) {
            Request last = plug.last();
            if (attemptBioMerge(last, bio, false) == MERGE_OK) {
                return true;
            }
        }
        if (scheduler != null) {
            cpus.charge(cpus.elevator());
            return scheduler.bioMerge(bio);
        }
        int index = h.ctxIndex(cpu);
        ArrayDeque<Request> list = h.ctxList(index);
        return !list.isEmpty() && bioListMerge(list, bio);
    }

    private static final int MERGE_OK = 0;
    private static final int MERGE_FAILED = 1;
    private static final int MERGE_NONE = 2;

    /** {@code blk_attempt_bio_merge}: back or front merge of {@code bio} into {@code rq}. */
    private int attemptBioMerge(Request rq, Bio bio, boolean schedAllowMerge) {
        if (!rqMergeOk(rq, bio)) {
            return MERGE_NONE;
        }
        MqRq rs = MqRq.of(rq);
        if (rq.endSector() == bio.sector()) {
            if (schedAllowMerge && rs.useSched && !scheduler.allowMerge(rq, bio)) {
                return MERGE_NONE;
            }
            return backMerge(rs, bio) ? MERGE_OK : MERGE_FAILED;
        }
        if (rq.sector() == bio.endSector()) {
            if (schedAllowMerge && rs.useSched && !scheduler.allowMerge(rq, bio)) {
                return MERGE_NONE;
            }
            return frontMerge(rs, bio) ? MERGE_OK : MERGE_FAILED;
        }
        return MERGE_NONE;
    }

    // bio_attempt_back_merge: ll_back_merge_fn's size limit, else the request is marked NOMERGE
    private boolean backMerge(MqRq rs, Bio bio) {
        Request rq = rs.rq;
        if (rq.sectors() + bio.sectors() > maxSectors) {
            setNoMerge(rs);
            return false;
        }
        long oldEnd = rq.endSector();
        rq.appendBio(bio);
        hash.reposition(rs, oldEnd);
        trace.bio('M', bio);
        disk.bioMerged(rq);
        qosMerge(rq, bio);
        return true;
    }

    private boolean frontMerge(MqRq rs, Bio bio) {
        Request rq = rs.rq;
        if (rq.sectors() + bio.sectors() > maxSectors) {
            setNoMerge(rs);
            return false;
        }
        rq.prependBio(bio);
        trace.bio('F', bio);
        disk.bioMerged(rq);
        qosMerge(rq, bio);
        return true;
    }

    // req_set_nomerge
    private void setNoMerge(MqRq rs) {
        rs.rq.addFlags(RequestFlags.NOMERGE);
        if (lastMerge == rs.rq) {
            lastMerge = null;
        }
    }

    /** {@code blk_bio_list_merge}: the last 8 requests of {@code list}, from the tail. */
    private boolean bioListMerge(Iterable<Request> list, Bio bio, int size, java.util.Iterator<Request> fromTail) {
        int checked = 0;
        while (fromTail.hasNext() && checked < BIO_LIST_MERGE_DEPTH) {
            Request rq = fromTail.next();
            checked++;
            if (!rqMergeOk(rq, bio)) {
                continue;
            }
            int result = attemptBioMerge(rq, bio, true);
            if (result == MERGE_OK) {
                return true;
            }
            if (result == MERGE_FAILED) {
                return false;
            }
        }
        return false;
    }

    private boolean bioListMerge(ArrayDeque<Request> list, Bio bio) {
        return bioListMerge(list, bio, list.size(), list.descendingIterator());
    }

    // ---------------------------------------------------------------- tags

    /**
     * {@code __blk_mq_alloc_requests}: a tag (scheduler or driver), the request bound to its queues, and the
     * scheduler's {@code prepare_request}. Null when no tag is free even after running the hardware queue.
     */
    private Request allocate(Bio bio, Hctx h, int cpu, boolean mayRun) {
        Sbitmap tags = h.allocationTags();
        int shallow = 0;
        boolean useSched = scheduler != null;
        if (useSched) {
            shallow = scheduler.limitDepth(bio.op(), bio.flags(), bio.task(), h);
        }
        int tag = tags.get(shallow, cpu);
        if (tag < 0 && mayRun) {
            // blk_mq_get_tag: push pending work out before sleeping
            runHwQueue(h, false);
            tag = tags.get(shallow, cpu);
        }
        if (tag < 0) {
            return null;
        }
        long now = clock.now();
        Request rq = new Request(nextId++, bio, now);
        MqRq rs = new MqRq(rq);
        live++;
        rs.allocTime = now;
        rq.bindQueues(h, cpu, h.ctxIndex(cpu), useSched ? tag : -1);
        if (useSched) {
            rs.schedTags = true;
            rs.useSched = true;
        } else {
            rq.setTag(tag);
        }
        cpus.charge(cpus.request);
        if (useSched) {
            scheduler.prepareRequest(rq);
        }
        trace.request('G', rq);
        return rq;
    }

    // blk_mq_get_tag's sleep: flush the plug (io_schedule, from_schedule) and wait for a batch of freed tags
    private void sleepForTag(Bio bio, Hctx h, int cpu) {
        Hctx.TagWaiter w = freeWaiters.pollFirst();
        if (w == null) {
            Hctx.TagWaiter fresh = new Hctx.TagWaiter();
            fresh.wakeTimer = clock.newTimer(null, () -> tagWaiterWoke(fresh));
            w = fresh;
        }
        w.bio = bio;
        w.cpu = cpu;
        w.woken = false;
        h.tagWaiters.addLast(w);
        sleeping++;
        flushPlug(bio.task(), true);
    }

    private void tagWaiterWoke(Hctx.TagWaiter w) {
        Bio bio = w.bio;
        Task previous = trace.swapCurrent(bio.task());
        try {
            Hctx h = cpuToHctx[w.cpu];
            Request rq = allocate(bio, h, w.cpu, false);
            if (rq == null) {
                w.woken = false;
                h.tagWaiters.addLast(w);
                return;
            }
            sleeping--;
            w.bio = null;
            freeWaiters.addLast(w);
            qosTrack(rq, bio);
            afterWokenAllocation(rq);
            sleepListener.resumed(bio);
        } finally {
            trace.swapCurrent(previous);
        }
    }

    private void putDriverTag(Request rq, int cpu) {
        int tag = rq.tag();
        if (tag < 0) {
            return;
        }
        Hctx h = (Hctx) rq.hardwareQueue();
        rq.setTag(-1);
        MqRq rs = MqRq.of(rq);
        if (rs != null && rs.borrowedTag) {
            rs.borrowedTag = false;
            return;
        }
        int wake = h.driverTags.put(tag, cpu);
        if (h.schedTags == null) {
            wakeTagWaiters(h, wake, h.driverTags);
        }
    }

    private void putSchedTag(Request rq, int cpu) {
        int tag = rq.internalTag();
        if (tag < 0) {
            return;
        }
        Hctx h = (Hctx) rq.hardwareQueue();
        rq.bindQueues(h, rq.cpu(), rq.softwareQueue(), -1);
        int wake = h.schedTags.put(tag, cpu);
        wakeTagWaiters(h, wake, h.schedTags);
    }

    // sbitmap_queue_wake_up: wake_batch waiters once wake_batch tags were freed; all of them when the space is
    // empty (simplified from the kernel's per-wait-queue batches)
    private void wakeTagWaiters(Hctx h, int wake, Sbitmap tags) {
        if (h.tagWaiters.isEmpty()) {
            return;
        }
        if (tags.inUse() == 0) {
            wake = h.tagWaiters.size();
            tags.resetWakeCount();
        }
        long at = cpus.wakeAt();
        for (int i = 0; i < wake && !h.tagWaiters.isEmpty(); i++) {
            Hctx.TagWaiter w = h.tagWaiters.pollFirst();
            w.woken = true;
            w.wakeTimer.arm(at);
        }
    }

    // ---------------------------------------------------------------- after allocation: flush, plug, issue

    // a waiter's wake-up: its request goes on its plug, which its own step flushes (tasksRunInSteps)
    private void afterWokenAllocation(Request rq) {
        wokenAllocation = tasksRunInSteps;
        try {
            afterAllocation(rq);
        } finally {
            wokenAllocation = false;
        }
    }

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
        addToPlug(rq);
    }

    // blk_add_rq_to_plug
    private void addToPlug(Request rq) {
        Task task = rq.task();
        MqPlug plug = plugs.get(task);
        if (plug == null) {
            plug = new MqPlug(task);
            plugs.put(task, plug);
        }
        if (plug.count() == 0) {
            trace.plug();
        } else if (plug.count() >= plug.maxCount() || plug.last().bytes() >= MqPlug.FLUSH_SIZE_BYTES) {
            flushPlug(plug, false);
            trace.plug();
        }
        if (rq.internalTag() >= 0) {
            plug.hasElevator = true;
        }
        MqRq.of(rq).where = MqRq.PLUGGED;
        plug.requests.add(rq);
        if (wokenAllocation) {
            // the woken task is not running yet: it flushes its plug in its step (stepEnded), or when it sleeps
            plug.ownerAway = true;
            return;
        }
        plug.ownerAway = false;
        listForFlush(plug);
    }

    // the plug is flushed at the end of the current instant: blk_finish_plug for submissions outside a task's step
    // (a test's, a timer's); a task's step flushes its own at its end (stepEnded), before this
    private void listForFlush(MqPlug plug) {
        if (!plug.listed) {
            plug.listed = true;
            plugsToFlush.add(plug);
        }
        if (!plugFlushTimer.isPending()) {
            plugFlushTimer.arm(clock.now());
        }
    }

    @Override
    public void setReturnDelayListener(ReturnDelayListener listener) {
        this.returnDelays = Objects.requireNonNull(listener, "listener");
    }

    @Override
    public void tasksRunInSteps() {
        tasksRunInSteps = true;
    }

    /**
     * {@code blk_finish_plug} at the end of the task's step, in its own context: the flush's CPU work is the task's,
     * and what it issues reaches the device once the step's work is done.
     */
    @Override
    public void stepEnded(Task task) {
        MqPlug plug = plugs.get(task);
        if (plug != null && plug.count() > 0) {
            // flushPlug clears ownerAway; an empty plug never has it set
            unplug(task);
        }
    }

    @Override
    public void unplug(Task current) {
        Task previous = trace.swapCurrent(current);
        try {
            flushPlug(current, false);
        } finally {
            trace.swapCurrent(previous);
        }
    }

    private void flushPlug(Task task, boolean fromSchedule) {
        MqPlug plug = plugs.get(task);
        if (plug != null) {
            flushPlug(plug, fromSchedule);
        }
    }

    private void flushPlugsAtEndOfInstant() {
        for (int i = 0; i < plugsToFlush.size(); i++) {
            MqPlug plug = plugsToFlush.get(i);
            plug.listed = false;
            if (plug.count() > 0 && !plug.ownerAway) {
                Task previous = trace.swapCurrent(plug.task);
                try {
                    flushPlug(plug, false);
                } finally {
                    trace.swapCurrent(previous);
                }
            }
        }
        plugsToFlush.clear();
    }

    /** {@code blk_mq_flush_plug_list}. */
    private void flushPlug(MqPlug plug, boolean fromSchedule) {
        plug.ownerAway = false;
        int count = plug.count();
        if (count == 0) {
            return;
        }
        // blktrace: U for an explicit flush, UT for one from schedule()
        trace.unplug(fromSchedule, count);
        List<Request> list = plug.takeRequests();
        boolean hadElevator = plug.hasElevator;
        plug.hasElevator = false;
        int start = 0;
        if (!plug.multipleQueues && !hadElevator && !fromSchedule) {
            // blk_mq_plug_issue_direct: issue one by one until the driver refuses
            for (; start < list.size(); start++) {
                Request rq = list.get(start);
                Hctx h = (Hctx) rq.hardwareQueue();
                if (!issueDirectly(h, rq, start == list.size() - 1, true)) {
                    start++;
                    break;
                }
            }
        }
        // blk_mq_dispatch_plug_list: per (hctx, ctx), in submission order
        while (start < list.size()) {
            Request first = list.get(start);
            scratch.clear();
            for (int i = start; i < list.size(); i++) {
                Request rq = list.get(i);
                if (rq != null && rq.hardwareQueue() == first.hardwareQueue() && rq.cpu() == first.cpu()) {
                    scratch.add(rq);
                    list.set(i, null);
                }
            }
            while (start < list.size() && list.get(start) == null) {
                start++;
            }
            Hctx h = (Hctx) first.hardwareQueue();
            batch.clear();
            batch.addAll(scratch);
            if (scheduler != null) {
                insertIntoScheduler(h, batch, 0);
                runHwQueue(h, fromSchedule);
            } else {
                insertRequestsNone(h, batch, fromSchedule);
            }
        }
        plug.giveBack(list);
    }

    // blk_mq_insert_requests (none): direct issue while not busy and not from schedule, the rest to the ctx list
    private void insertRequestsNone(Hctx h, List<Request> batch, boolean fromSchedule) {
        int i = 0;
        if (h.dispatchBusy == 0 && !fromSchedule) {
            for (; i < batch.size(); i++) {
                if (!issueDirectly(h, batch.get(i), i == batch.size() - 1, true)) {
                    i++;
                    break;
                }
            }
        }
        for (; i < batch.size(); i++) {
            Request rq = batch.get(i);
            insertIntoSoftwareQueue(h, rq, false);
        }
        runHwQueue(h, fromSchedule);
    }

    private void insertIntoSoftwareQueue(Hctx h, Request rq, boolean atHead) {
        MqRq rs = MqRq.of(rq);
        trace.request('I', rq);
        if (rq.insertTime() < 0) {
            rq.markInserted(clock.now());
        }
        rs.where = MqRq.SOFTWARE_QUEUE;
        int index = Math.max(0, rq.softwareQueue());
        h.addToCtx(index, rq, atHead);
    }

    private void insertIntoScheduler(Hctx h, List<Request> batch, int flags) {
        long now = clock.now();
        for (int i = 0; i < batch.size(); i++) {
            Request rq = batch.get(i);
            MqRq rs = MqRq.of(rq);
            trace.request('I', rq);
            if (rq.insertTime() < 0) {
                rq.markInserted(now);
            }
            rs.where = MqRq.SCHEDULER;
            if (!rq.isSync()) {
                asyncGap.queued(now);
            }
            cpus.charge(cpus.elevator());
        }
        mergedAway.clear();
        scheduler.insertRequests(h, batch, flags);
        // requests absorbed by elv_attempt_insert_merge are freed after the insertion (blk_mq_free_requests)
        for (int i = 0; i < mergedAway.size(); i++) {
            freeMergedAway(mergedAway.get(i));
        }
        mergedAway.clear();
    }

    /**
     * {@code blk_mq_insert_request}: the flush machinery's flush request to the head of {@code hctx->dispatch},
     * others to the scheduler or the software queue (at the head with {@link MqScheduler#INSERT_AT_HEAD}).
     */
    void insertRequest(Request rq, int flags) {
        Hctx h = (Hctx) rq.hardwareQueue();
        MqRq rs = MqRq.of(rq);
        if (rs.flushRequest) {
            trace.request('I', rq);
            rs.where = MqRq.DISPATCH_LIST;
            h.dispatch.addFirst(rq);
        } else if (scheduler != null) {
            one.clear();
            one.add(rq);
            insertIntoScheduler(h, one, flags);
            one.clear();
        } else {
            insertIntoSoftwareQueue(h, rq, (flags & MqScheduler.INSERT_AT_HEAD) != 0);
        }
    }

    /**
     * {@code blk_mq_try_issue_directly} / {@code blk_mq_request_issue_directly}: a driver tag and the driver now.
     *
     * @return false when the driver or the tags refused; the request then went to {@code hctx->dispatch}
     */
    private boolean issueDirectly(Hctx h, Request rq, boolean last, boolean fromList) {
        if (!getBudget(h)) {
            h.updateDispatchBusy(true);
            bypassInsert(h, rq, false);
            return false;
        }
        takeBudget();
        boolean refused = false;
        if (!getDriverTag(h, rq) || (refused = !deviceAccepts(h, rq))) {
            putBudget();
            releaseDriverTag(rq);
            if (refused) {
                // __blk_mq_issue_directly's BLK_STS_DEV_RESOURCE: __blk_mq_requeue_request
                qosRequeue(rq);
            }
            h.updateDispatchBusy(true);
            bypassInsert(h, rq, false);
            return false;
        }
        startRequest(h, rq);
        h.updateDispatchBusy(false);
        return true;
    }

    /**
     * {@code blk_mq_get_dispatch_budget}: without a budget (NVMe) always; SCSI's {@code scsi_mq_get_budget} refuses
     * while the device is blocked with commands outstanding ({@code device_blocked}) and when the LUN's
     * {@code queue_depth} budgets are all held ({@code scsi_dev_queue_ready}); a refusal counts in
     * {@code sdev->restarts}, so that the next completion runs the queues. Taken by the caller with
     * {@link #budgetsHeld}{@code ++}, given back by {@link #putBudget} or at the request's completion.
     */
    private boolean getBudget(Hctx h) {
        if (h.deviceBlocked && h.inFlight > 0) {
            return false;
        }
        if (budgetDepth > 0 && budgetsHeld >= budgetDepth) {
            budgetRestart = true;
            return false;
        }
        return true;
    }

    /** {@code blk_mq_put_dispatch_budget}: a pulled request that was not issued gives its budget back. */
    private void putBudget() {
        if (budgetDepth > 0) {
            budgetsHeld--;
        }
    }

    private void takeBudget() {
        if (budgetDepth > 0) {
            budgetsHeld++;
        }
    }

    // queue_rq's BLK_STS_DEV_RESOURCE: the device refused the command now; while a command the device takes only
    // alone (a non-queued flush or discard) is on its way, nothing else is offered (the device cannot tell yet)
    private boolean deviceAccepts(Hctx h, Request rq) {
        if (!deliveries.holdsAlone() && device.canAccept(rq, h.inFlight)) {
            h.deviceBlocked = false;
            return true;
        }
        h.deviceBlocked = true;
        return false;
    }

    /** {@code blk_mq_request_bypass_insert}: {@code hctx->dispatch}, without the scheduler. */
    private void bypassInsert(Hctx h, Request rq, boolean atHead) {
        MqRq rs = MqRq.of(rq);
        trace.request('I', rq);
        if (rq.insertTime() < 0) {
            rq.markInserted(clock.now());
        }
        rs.where = MqRq.DISPATCH_LIST;
        if (atHead) {
            h.dispatch.addFirst(rq);
        } else {
            h.dispatch.addLast(rq);
        }
    }

    // ---------------------------------------------------------------- running hardware queues

    /** {@code blk_mq_hctx_has_pending}. */
    private boolean hasPending(Hctx h) {
        return !h.dispatch.isEmpty() || h.ctxPending() || (scheduler != null && scheduler.hasWork(h));
    }

    /** {@code blk_mq_run_hw_queue}. */
    void runHwQueue(Hctx h, boolean async) {
        if (!hasPending(h)) {
            return;
        }
        if (async) {
            delayRun(h, 0);
            return;
        }
        dispatchRequests(h);
    }

    /**
     * {@code blk_mq_run_hw_queues}; with {@code QUEUE_FLAG_SQ_SCHED} ({@code blk_mq_get_sq_hctx}) only the current
     * CPU's hardware queue, and the others for what bypasses the scheduler on their {@code hctx->dispatch}.
     */
    void runHwQueues(boolean async) {
        Hctx sq = sqHctx();
        for (Hctx h : hctxs) {
            if (runs(h, sq)) {
                runHwQueue(h, async);
            }
        }
    }

    // blk_mq_get_sq_hctx: the current CPU's hardware queue under QUEUE_FLAG_SQ_SCHED, else null (run them all)
    private Hctx sqHctx() {
        return singleQueueScheduling && hctxs.length > 1 ? cpuToHctx[cpus.currentCpu()] : null;
    }

    // whether running the hardware queues runs h: every one without SQ_SCHED, else sq and those with hctx->dispatch
    private static boolean runs(Hctx h, Hctx sq) {
        return sq == null || h == sq || !h.dispatch.isEmpty();
    }

    /** {@code QUEUE_FLAG_SQ_SCHED}, from the scheduler ({@code MqSchedulerProvider.singleQueueScheduling}). */
    public void setSingleQueueScheduling(boolean value) {
        this.singleQueueScheduling = value;
    }

    /** {@code blk_mq_delay_run_hw_queue}: kblockd's {@code run_work} after {@code delayNanos} (re-timed if pending). */
    private void delayRun(Hctx h, long delayNanos) {
        long at = clock.now() + delayNanos;
        if (h.runWork.isPending() && h.runWork.expiresAt() <= at) {
            return;
        }
        h.runWork.arm(at);
    }

    private void runWorkFired(Hctx h) {
        // the delayed work's timer on the hardware queue's CPU queues the run on that CPU's kblockd thread
        int outer = cpus.enterInterrupt(h.cpus[0]);
        try {
            kblockd.runSoon(h.kblockdRun);
        } finally {
            cpus.exitInterrupt(outer);
        }
    }

    private static final int DISPATCHED = 1;
    private static final int NOTHING = 0;
    private static final int AGAIN = -1;

    /** {@code blk_mq_sched_dispatch_requests}. */
    private void dispatchRequests(Hctx h) {
        if (dispatching) {
            // a run from inside the driver's submit (the device called ready()): kblockd picks it up
            delayRun(h, 0);
            return;
        }
        dispatching = true;
        try {
            if (dispatchOnce(h) == AGAIN && dispatchOnce(h) == AGAIN) {
                delayRun(h, 0);
            }
        } finally {
            dispatching = false;
        }
    }

    /** {@code __blk_mq_sched_dispatch_requests}. */
    private int dispatchOnce(Hctx h) {
        boolean needDispatch;
        if (!h.dispatch.isEmpty()) {
            List<Request> list = fromDispatchList;
            list.clear();
            list.addAll(h.dispatch);
            h.dispatch.clear();
            h.restart = true;
            boolean drained = dispatchRqList(h, list, 0);
            list.clear();
            if (!drained) {
                return NOTHING;
            }
            needDispatch = true;
        } else {
            needDispatch = h.dispatchBusy > 0;
        }
        if (scheduler != null) {
            int ret;
            do {
                ret = doDispatchSched(h);
            } while (ret == DISPATCHED);
            return ret;
        }
        if (needDispatch) {
            doDispatchCtx(h);
        } else {
            List<Request> list = fromSoftwareQueues;
            list.clear();
            h.drainCtxs(list);
            if (!list.isEmpty()) {
                dispatchRqList(h, list, 0);
            }
            list.clear();
        }
        return NOTHING;
    }

    /** {@code __blk_mq_do_dispatch_sched}: one round of pulling from the scheduler. */
    private int doDispatchSched(Hctx h) {
        int max = h.dispatchBusy > 0 ? 1 : nrRequests;
        List<Request> list = pulled;
        list.clear();
        boolean runQueue = false;
        boolean busy = false;
        do {
            if (!scheduler.hasWork(h)) {
                break;
            }
            if (!h.dispatch.isEmpty()) {
                busy = true;
                break;
            }
            if (!getBudget(h)) {
                break;
            }
            takeBudget();
            Request rq = scheduler.dispatchRequest(h);
            if (rq == null) {
                putBudget();
                runQueue = true;
                break;
            }
            takeFromScheduler(rq);
            list.add(rq);
            if (!getDriverTag((Hctx) rq.hardwareQueue(), rq)) {
                // blk_mq_get_driver_tag failed: stop pulling, the device is full
                break;
            }
        } while (list.size() < max);
        boolean dispatched = false;
        if (list.isEmpty()) {
            if (runQueue) {
                // blk_mq_delay_run_hw_queues(BLK_MQ_BUDGET_DELAY), SQ_SCHED's single queue as in runHwQueues
                Hctx sq = sqHctx();
                for (Hctx other : hctxs) {
                    if (!other.runWork.isPending() && runs(other, sq)) {
                        delayRun(other, DELAY_RUN_NANOS);
                    }
                }
            }
        } else {
            dispatched = dispatchByHctx(list);
        }
        list.clear();
        return busy ? AGAIN : dispatched ? DISPATCHED : NOTHING;
    }

    // schedulers with device-wide state return requests of other hardware queues: one list per queue
    private boolean dispatchByHctx(List<Request> list) {
        boolean mixed = false;
        HardwareQueue first = list.get(0).hardwareQueue();
        for (int i = 1; i < list.size() && !mixed; i++) {
            mixed = list.get(i).hardwareQueue() != first;
        }
        if (!mixed) {
            return dispatchRqList((Hctx) first, list, list.size());
        }
        boolean all = true;
        List<Request> part = oneHctxPart;
        for (Hctx h : hctxs) {
            part.clear();
            for (int i = 0; i < list.size(); i++) {
                Request rq = list.get(i);
                if (rq.hardwareQueue() == h) {
                    part.add(rq);
                }
            }
            if (!part.isEmpty()) {
                all &= dispatchRqList(h, part, part.size());
            }
        }
        part.clear();
        return all;
    }

    private void takeFromScheduler(Request rq) {
        MqRq rs = MqRq.of(rq);
        if (rs == null || rs.where != MqRq.SCHEDULER) {
            throw new InvariantViolationException(scheduler.label() + " dispatched " + rq + " but it is "
                    + (rs == null ? "not a live request" : MqRq.describe(rs.where)) + " (dispatched twice?)");
        }
        hash.remove(rs);
        if (lastMerge == rq) {
            lastMerge = null;
        }
        rs.where = MqRq.DISPATCH_LIST;
    }

    /** {@code blk_mq_do_dispatch_ctx}: one request at a time, round-robin over the software queues. */
    private void doDispatchCtx(Hctx h) {
        int n = h.ctxCount();
        while (true) {
            if (!getBudget(h)) {
                return;
            }
            takeBudget();
            Request rq = null;
            for (int i = 0; i < n && rq == null; i++) {
                int index = (h.dispatchFrom + i) % n;
                rq = h.pollCtx(index);
                if (rq != null) {
                    h.dispatchFrom = (index + 1) % n;
                }
            }
            if (rq == null) {
                putBudget();
                return;
            }
            List<Request> single = fromSoftwareQueues;
            single.clear();
            single.add(rq);
            boolean queued = dispatchRqList(h, single, 1);
            single.clear();
            if (!queued) {
                return;
            }
        }
    }

    /**
     * {@code blk_mq_dispatch_rq_list}: each request gets a dispatch budget (the first {@code budgets} have one already:
     * {@code nr_budgets}) and a driver tag and goes to the driver; what is left gives back its unused budgets and goes
     * to the tail of {@code hctx->dispatch}. Returns whether every request was queued.
     */
    private boolean dispatchRqList(Hctx h, List<Request> list, int budgets) {
        int i = 0;
        boolean noTag = false;
        boolean holds = false;
        for (; i < list.size(); i++) {
            Request rq = list.get(i);
            holds = false;
            if (i >= budgets) {
                if (!getBudget(h)) {
                    break;
                }
                takeBudget();
            }
            holds = true;
            if (!getDriverTag(h, rq)) {
                // blk_mq_mark_tag_wait: non-shared tags set SCHED_RESTART and retry once
                h.restart = true;
                if (!getDriverTag(h, rq)) {
                    noTag = true;
                    break;
                }
            }
            if (!deviceAccepts(h, rq)) {
                // BLK_STS_DEV_RESOURCE: back to the list head, driver tag released, the scheduler not told
                releaseDriverTag(rq);
                qosRequeue(rq);
                break;
            }
            startRequest(h, rq);
        }
        if (i < list.size()) {
            int unused = Math.max(0, budgets - i) + (i >= budgets && holds ? 1 : 0);
            for (int k = 0; k < unused; k++) {
                putBudget();
            }
            for (int j = i; j < list.size(); j++) {
                Request rq = list.get(j);
                MqRq.of(rq).where = MqRq.DISPATCH_LIST;
                h.dispatch.addLast(rq);
            }
            if (!h.restart) {
                runHwQueue(h, true);
            }
            h.updateDispatchBusy(true);
            return false;
        }
        h.updateDispatchBusy(false);
        return true;
    }

    /** {@code blk_mq_get_driver_tag}. */
    private boolean getDriverTag(Hctx h, Request rq) {
        if (rq.tag() >= 0) {
            return true;
        }
        int tag = h.driverTags.get(0, Math.max(0, rq.cpu()));
        if (tag < 0) {
            return false;
        }
        rq.setTag(tag);
        return true;
    }

    // __blk_mq_requeue_request's tag release for a request that keeps a scheduler tag
    private void releaseDriverTag(Request rq) {
        if (MqRq.of(rq).schedTags || MqRq.of(rq).flushRequest) {
            putDriverTag(rq, submitCpu());
        }
    }

    /** {@code queue_rq} with {@code blk_mq_start_request}. */
    private void startRequest(Hctx h, Request rq) {
        MqRq rs = MqRq.of(rq);
        long now = clock.now();
        trace.request('D', rq);
        if (rs.useSched && rq.insertTime() >= 0 && !rq.isSync() && !rs.flushSeq) {
            asyncGap.dispatched(now);
        }
        rs.where = MqRq.DRIVER;
        h.inFlight++;
        if (h.inFlight > h.driverTags.depth()) {
            throw new InvariantViolationException(device.label() + " holds " + h.inFlight + " requests on " + h
                    + ", above its " + h.driverTags.depth() + " driver tags");
        }
        rq.markDispatched(now);
        rq.markIoStarted(now);
        qosIssue(rq);
        cpus.charge(cpus.dispatch);
        long at = cpus.ready();
        if (at > now || !deliveries.isEmpty()) {
            // queue_rq: the device sees the command once the dispatching context's CPU work, the driver's included,
            // is done, and after the commands dispatched before it
            deliveries.add(rs, at);
            return;
        }
        device.submit(rq);
    }

    // ---------------------------------------------------------------- completion

    @Override
    public void complete(Request rq) {
        MqRq rs = MqRq.of(rq);
        if (rs == null || rs.where != MqRq.DRIVER || rs.completing) {
            throw new InvariantViolationException(device.label() + " completed " + rq + " which it does not hold"
                    + " (it is " + (rs == null ? "not a live request: completed twice?"
                    : rs.completing ? "completed already, its interrupt pending" : MqRq.describe(rs.where)) + ")");
        }
        rs.completing = true;
        // the interrupt's work is serialized on its CPU; what the completion does happens when that work is done
        interrupts.raise(rs, completionCpu((Hctx) rq.hardwareQueue(), rq));
    }

    private void completionWork(MqRq rs, int cpu) {
        Request rq = rs.rq;
        rs.completing = false;
        Hctx h = (Hctx) rq.hardwareQueue();
        h.inFlight--;
        putBudget(); // scsi_device_unbusy, before the request ends
        rs.where = MqRq.ALLOCATED;
        requestsCompleted++;
        boolean unblocked = h.deviceBlocked && h.inFlight == 0;
        int outer = cpus.enterInterrupt(cpu);
        try {
            trace.requestDone('C', rq);
            completionListener.requestCompleted(rq);
            if (rs.flushRequest) {
                flush.flushDone(rs);
            } else if (rs.flushSeq) {
                flush.dataDone(rs);
            } else {
                endRequest(rs);
            }
            if (unblocked) {
                // the blocked device drained: SCSI runs the queue again (scsi_run_queue_async)
                runHwQueue(h, true);
            }
            if (budgetRestart) {
                // scsi_run_queue_async: a budget was refused since the last completion (sdev->restarts)
                budgetRestart = false;
                runHwQueues(true);
            }
        } finally {
            cpus.exitInterrupt(outer);
        }
    }

    /**
     * The CPU a completion runs on: the hardware queue's interrupt CPU (its first CPU; CPU 0 with a single
     * queue), or the submitter's with {@code rq_affinity=2}; with one shared cache {@code rq_affinity=1} sends no IPI.
     */
    int completionCpu(Hctx h, Request rq) {
        if (rqAffinity == 2 && rq.cpu() >= 0) {
            return rq.cpu();
        }
        return hctxs.length == 1 ? 0 : h.cpus[0];
    }

    /** {@code blk_mq_end_request}: the bios end, then the scheduler's hooks, the tags and the restart. */
    void endRequest(MqRq rs) {
        Request rq = rs.rq;
        long now = clock.now();
        endBios(rq);
        if (rs.useSched) {
            scheduler.completedRequest(rq, now);
        }
        if (rs.accounted) {
            disk.completed(now, rq, rs.allocTime);
            rs.accounted = false;
        }
        freeRequest(rs);
    }

    void endBios(Request rq) {
        Bio bio = rq.firstBio();
        while (bio != null) {
            Bio next = bio.next();
            bio.setNext(null);
            endBio(bio);
            bio = next;
        }
    }

    private void endBio(Bio bio) {
        if (qos.size() > 0) {
            qos.doneBio(bio);
        }
        endBioUntracked(bio);
    }

    // bio_endio of a bio no rq-qos hook saw (neither BIO_QOS_THROTTLED nor BIO_QOS_MERGED)
    private void endBioUntracked(Bio bio) {
        bios.end(bio, clock.now(), device.label(), schedulerLabel, bioCompletionListener);
    }

    /** {@code blk_mq_free_request}: {@code finish_request}, driver tag, scheduler tag, restart. */
    void freeRequest(MqRq rs) {
        Request rq = rs.rq;
        if (rs.useSched) {
            rs.useSched = false;
            scheduler.finishRequest(rq);
        }
        boolean outer = deferQosWakes;
        deferQosWakes = true;
        qosDone(rq);
        rs.where = MqRq.FREED;
        live--;
        Hctx h = (Hctx) rq.hardwareQueue();
        int cpu = cpus.currentCpu();
        putDriverTag(rq, cpu);
        if (rs.schedTags) {
            rs.schedTags = false;
            putSchedTag(rq, cpu);
        }
        deferQosWakes = outer;
        if (!outer) {
            armDeferredQosWakes();
        }
        schedRestart(h);
    }

    /** {@code blk_mq_sched_restart}. */
    void schedRestart(Hctx h) {
        if (h.restart) {
            h.restart = false;
            runHwQueue(h, true);
        }
    }

    private void freeMergedAway(Request next) {
        MqRq rs = MqRq.of(next);
        if (!next.isSync() && rs.where == MqRq.SCHEDULER) {
            asyncGap.removed(clock.now());
        }
        if (rs.accounted) {
            disk.mergedAway(clock.now());
            rs.accounted = false;
        }
        freeRequest(rs);
    }

    @Override
    public void deviceReady() {
        runHwQueues(true);
    }

    /** {@code blk_mq_requeue_request}: the device gives a request back; it is inserted again at the head. */
    @Override
    public void requeue(Request rq) {
        MqRq rs = MqRq.of(rq);
        if (rs == null || rs.where != MqRq.DRIVER) {
            throw new InvariantViolationException(device.label() + " requeued " + rq + " which it does not hold");
        }
        Hctx h = (Hctx) rq.hardwareQueue();
        h.inFlight--;
        putBudget();
        trace.requestDone('R', rq);
        releaseDriverTag(rq);
        qosRequeue(rq);
        if (rs.useSched) {
            scheduler.requeueRequest(rq);
        }
        addToRequeueList(rq, false);
    }

    void addToRequeueList(Request rq, boolean atHead) {
        MqRq.of(rq).where = MqRq.REQUEUE;
        if (atHead) {
            requeueList.addFirst(rq);
        } else {
            requeueList.addLast(rq);
        }
        kickRequeue();
    }

    void addToFlushList(Request rq) {
        MqRq.of(rq).where = MqRq.REQUEUE;
        flushList.addLast(rq);
        kickRequeue();
    }

    private void kickRequeue() {
        if (!requeueWork.isPending()) {
            requeueWork.arm(clock.now());
        }
    }

    // blk_mq_requeue_work: requeued and flush-data requests at the head, then flush requests, then run all
    private void requeueWorkFired() {
        while (!requeueList.isEmpty()) {
            insertRequest(requeueList.pollFirst(), MqScheduler.INSERT_AT_HEAD);
        }
        while (!flushList.isEmpty()) {
            insertRequest(flushList.pollFirst(), 0);
        }
        runHwQueues(false);
    }

    /** A request of this queue with no bio (the flush machinery's flush request). */
    Request newFlushRequest(Request first) {
        long now = clock.now();
        Request rq = new Request(nextId++, Op.FLUSH, RequestFlags.SYNC | RequestFlags.NOIDLE, 0, 0, first.task(),
                first.cgroup(), now);
        MqRq rs = new MqRq(rq);
        rs.flushRequest = true;
        rs.allocTime = now;
        live++;
        rq.bindQueues(first.hardwareQueue(), first.cpu(), first.softwareQueue(), -1);
        if (scheduler == null) {
            // the flush request borrows the first pending request's driver tag
            rq.setTag(first.tag());
            rs.borrowedTag = true;
        }
        return rq;
    }

    /** The data step of a flush sequence completed ({@code mq_flush_data_end_io}'s part of the block layer). */
    void dataStepCompleted(MqRq rs) {
        Request rq = rs.rq;
        if (rs.useSched) {
            scheduler.completedRequest(rq, clock.now());
            rs.useSched = false;
            scheduler.finishRequest(rq);
        }
        // __blk_mq_end_request of a request with end_io: rq_qos_done, then mq_flush_data_end_io
        qosDone(rq);
        if (scheduler != null) {
            putDriverTag(rq, cpus.currentCpu());
        }
    }

    /** The flush request completed: its tag (own or borrowed) goes, it is forgotten. */
    void releaseFlushRequest(MqRq rs) {
        // flush_end_io is the flush request's end_io: rq_qos_done first
        qosDone(rs.rq);
        rs.where = MqRq.FREED;
        live--;
        putDriverTag(rs.rq, cpus.currentCpu());
    }

    /** Continue a flush-sequenced request on the normal path (DATA-only after the flags were cleared). */
    void continueAsNormal(MqRq rs) {
        addToPlug(rs.rq);
    }

    long now() {
        return clock.now();
    }

    BlockTrace trace() {
        return trace;
    }

    // ---------------------------------------------------------------- the rq-qos chain

    /** The OS model's tasks and cgroups, for the policies' {@link RqQosContext#cgroup}. */
    public void setTaskDirectory(TaskDirectory value) {
        this.tasks = Objects.requireNonNull(value, "tasks");
    }

    /**
     * The {@link RqQosContext} a policy named {@code name} is created with; {@link #addRqQos} then enables the
     * policy made on it.
     */
    public RqQosContext rqQosContext(String name, RandomGenerator random) {
        return new QosHost(name, Objects.requireNonNull(random, "random"));
    }

    /**
     * {@code rq_qos_add}: enables {@code policy}, created on {@code context} (from {@link #rqQosContext}), at the head
     * of the chain; the policy enabled last runs first.
     */
    public void addRqQos(RqQosPolicy policy, RqQosContext context) {
        Objects.requireNonNull(policy, "policy");
        if (!(context instanceof QosHost h) || h.queue() != this || h.policy != null) {
            throw new IllegalArgumentException("addRqQos takes a context of this queue's rqQosContext, once");
        }
        h.policy = policy;
        qos.add(policy, h.name);
    }

    /** A context for the queue's own blk-wbt, named {@code wbt}, for {@link #newWbt}. */
    public RqQosContext wbtContext() {
        if (wbtContext == null) {
            wbtContext = rqQosContext("wbt", new java.util.SplittableRandom(0));
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
    public java.util.Map<String, Number> rqQosStatistics() {
        return qos.statistics();
    }

    /**
     * The OS model: a task writing to this device sleeps in {@code balance_dirty_pages} now ({@code wb->dirty_sleep}).
     */
    @Override
    public void dirtySleep(long now) {
        lastDirtySleep = now;
    }

    /** A task asleep in {@code rq_qos_wait}: its bio, the policy holding it and the CPU it submitted on. */
    private static final class QosWaiter {
        Bio bio;
        int policy;
        int cpu;
        boolean woken;
        SimTimer wakeTimer;
    }

    // rq_qos_throttle from policy `from` on; false when a policy holds the bio (the task sleeps)
    private boolean qosThrottle(Bio bio, int from, int cpu) {
        int held = qos.throttle(bio, from);
        if (held < 0) {
            return true;
        }
        QosWaiter w = freeQosWaiters.pollFirst();
        if (w == null) {
            QosWaiter fresh = new QosWaiter();
            fresh.wakeTimer = clock.newTimer(null, () -> qosWaiterWoke(fresh));
            w = fresh;
        }
        w.bio = bio;
        w.policy = held;
        w.cpu = cpu;
        w.woken = false;
        if (qosWaiters.put(bio, w) != null) {
            throw new InvariantViolationException(qos.label(held) + " held " + bio + ", which already sleeps in"
                    + " an rq-qos policy");
        }
        qosSleeping++;
        // rq_qos_wait sleeps in io_schedule, which flushes the plug (from schedule)
        flushPlug(bio.task(), true);
        return false;
    }

    // RqQosContext.resume: the waiter runs again (on its CPU, when the waker's wake-up lands)
    private void qosResume(QosHost host, Bio bio) {
        QosWaiter w = bio == null ? null : qosWaiters.get(bio);
        String label = RqQosChain.label(host.name);
        if (w == null || w.woken) {
            throw new InvariantViolationException(label + " resumed " + bio + ", which "
                    + (w == null ? "no task sleeps on in rq-qos" : "was already resumed"));
        }
        if (qos.indexOf(host.policy) != w.policy) {
            throw new InvariantViolationException(label + " resumed " + bio + ", which " + qos.label(w.policy)
                    + " holds");
        }
        w.woken = true;
        if (deferQosWakes) {
            deferredQosWakes.add(w);
        } else {
            w.wakeTimer.arm(cpus.wakeAt());
        }
    }

    // simplified: the task rq_qos_done woke and the tasks the freed tags woke race for the tags in the kernel; here
    // the tag sleepers run first (rq-qos wake-ups land after the request's tags were put)
    private void armDeferredQosWakes() {
        if (deferredQosWakes.isEmpty()) {
            return;
        }
        long at = cpus.wakeAt();
        for (int i = 0; i < deferredQosWakes.size(); i++) {
            deferredQosWakes.get(i).wakeTimer.arm(at);
        }
        deferredQosWakes.clear();
    }

    private void qosWaiterWoke(QosWaiter w) {
        Bio bio = w.bio;
        Task previous = trace.swapCurrent(bio.task());
        try {
            qosWaiters.remove(bio);
            qosSleeping--;
            int cpu = w.cpu;
            int from = w.policy + 1;
            w.bio = null;
            freeQosWaiters.addLast(w);
            if (!qosThrottle(bio, from, cpu)) {
                return;
            }
            Hctx h = cpuToHctx[cpu];
            Request rq = allocate(bio, h, cpu, true);
            if (rq == null) {
                sleepForTag(bio, h, cpu);
                return;
            }
            qosTrack(rq, bio);
            afterWokenAllocation(rq);
            sleepListener.resumed(bio);
        } finally {
            trace.swapCurrent(previous);
        }
    }

    private void qosTrack(Request rq, Bio bio) {
        if (qos.size() > 0) {
            qos.track(rq, bio);
        }
    }

    private void qosMerge(Request rq, Bio bio) {
        if (qos.size() > 0) {
            qos.merge(rq, bio);
        }
    }

    private void qosIssue(Request rq) {
        if (qos.size() > 0) {
            qos.issue(rq);
        }
    }

    private void qosRequeue(Request rq) {
        if (qos.size() > 0) {
            qos.requeue(rq);
        }
    }

    private void qosDone(Request rq) {
        if (qos.size() > 0) {
            qos.done(rq);
        }
    }

    /** What an rq-qos policy of this queue is handed. */
    private final class QosHost implements RqQosContext {
        final String name;
        private final RandomGenerator random;
        private final String label;
        RqQosPolicy policy;

        QosHost(String name, RandomGenerator random) {
            this.name = Objects.requireNonNull(name, "name");
            this.random = random;
            this.label = RqQosChain.label(name);
        }

        MqRequestQueue queue() {
            return MqRequestQueue.this;
        }

        /** {@code blkcg_schedule_throttle}: never a kernel thread ({@code PF_KTHREAD} returns at once). */
        @Override
        public void delayTask(Task task, long nanos) {
            if (task != null && !task.isKernelThread() && nanos > 0) {
                returnDelays.delay(task, nanos);
            }
        }

        @Override
        public long now() {
            return clock.now();
        }

        @Override
        public Timer newTimer(Runnable callback) {
            return clock.newTimer(label, callback);
        }

        @Override
        public DeviceInfo device() {
            return info;
        }

        @Override
        public int nrRequests() {
            return MqRequestQueue.this.nrRequests();
        }

        /**
         * {@code blk_queue_depth}: SCSI sets {@code q->queue_depth} to the LUN's depth ({@code scsi_change_queue_depth}
         * calls {@code blk_set_queue_depth} with {@code sdev->queue_depth}, the dispatch budget: 1 on a SATA disk
         * without NCQ though AHCI has 32 tags); without a budget, one hardware queue's driver tags; other drivers
         * leave it, and {@code nr_requests} counts (simplified: by the queue count).
         */
        @Override
        public int queueDepth() {
            if (budgetDepth > 0) {
                return budgetDepth;
            }
            return hctxs.length == 1 ? hctxs[0].driverTagDepth() : MqRequestQueue.this.nrRequests();
        }

        @Override
        public Cgroup cgroup(String path) {
            return tasks == null ? null : tasks.cgroup(path);
        }

        @Override
        public void resume(Bio bio) {
            qosResume(this, bio);
        }

        @Override
        public int hz() {
            return kernelClock.hz();
        }

        @Override
        public long lastDirtySleep() {
            return lastDirtySleep;
        }

        @Override
        public void runQueues() {
            runHwQueues(true);
        }

        @Override
        public RandomGenerator random() {
            return random;
        }

        @Override
        public TraceSink trace() {
            return trace;
        }
    }

    // ---------------------------------------------------------------- queries

    @Override
    public void taskExit(Task task) {
        MqPlug plug = plugs.remove(task);
        if (plug != null && plug.count() > 0) {
            throw new InvariantViolationException("task " + task + " exited with " + plug.count()
                    + " requests on its plug");
        }
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
        return requestsCompleted;
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
        return live == 0 && sleeping == 0 && qosSleeping == 0;
    }

    @Override
    public String whereRequestsAre() {
        int plugged = 0;
        for (MqPlug plug : plugs.values()) {
            plugged += plug.count();
        }
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
                + " held by " + schedulerLabel + " or the flush machinery, " + sleeping
                + " submitters sleeping for a tag" + (qos.size() == 0 ? "" : ", " + qosSleeping
                + " sleeping in rq-qos (" + qos.describe() + ")");
    }

    @Override
    public void checkDrained() {
        if (budgetsHeld != 0) {
            throw new InvariantViolationException(budgetsHeld + " dispatch budgets are still held at the end");
        }
        bios.checkDrained(live, whereRequestsAre());
    }

    // ---------------------------------------------------------------- the scheduler's context

    /** What a blk-mq scheduler is handed ({@link MqSchedulerContext}). */
    private final class Host implements MqSchedulerContext {
        @Override
        public long now() {
            return clock.now();
        }

        @Override
        public int hz() {
            return kernelClock.hz();
        }

        @Override
        public Timer newTimer(Runnable callback) {
            return clock.newTimer(schedulerLabel, callback);
        }

        @Override
        public DeviceInfo device() {
            return info;
        }

        @Override
        public int cpuCount() {
            return cpuCount;
        }

        @Override
        public int currentCpu() {
            return cpus.currentCpu();
        }

        @Override
        public int hardwareQueueCount() {
            return hctxs.length;
        }

        @Override
        public HardwareQueue hardwareQueue(int index) {
            return hctxs[index];
        }

        @Override
        public int nrRequests() {
            return nrRequests;
        }

        @Override
        public void runHardwareQueue(HardwareQueue hctx, boolean async) {
            runHwQueue(own(hctx), async);
        }

        @Override
        public void runHardwareQueues(boolean async) {
            runHwQueues(async);
        }

        private Hctx own(HardwareQueue hctx) {
            for (Hctx h : hctxs) {
                if (h == hctx) {
                    return h;
                }
            }
            throw new InvariantViolationException(schedulerLabel + " passed a hardware queue of another queue: "
                    + hctx);
        }

        @Override
        public boolean tryMerge(Bio bio) {
            return schedTryMerge(bio);
        }

        @Override
        public boolean tryInsertMerge(Request rq) {
            return attemptInsertMerge(rq);
        }

        @Override
        public boolean bioListMerge(List<Request> requests, Bio bio) {
            java.util.ListIterator<Request> it = requests.listIterator(requests.size());
            java.util.Iterator<Request> fromTail = new java.util.Iterator<>() {
                @Override
                public boolean hasNext() {
                    return it.hasPrevious();
                }

                @Override
                public Request next() {
                    return it.previous();
                }
            };
            return MqRequestQueue.this.bioListMerge(requests, bio, requests.size(), fromTail);
        }

        @Override
        public void hashAdd(Request rq) {
            MqRq rs = MqRq.of(rq);
            if (rs != null && requestMergeable(rq)) {
                hash.add(rs);
            }
        }

        @Override
        public void hashRemove(Request rq) {
            MqRq rs = MqRq.of(rq);
            if (rs != null) {
                hash.remove(rs);
            }
        }

        @Override
        public Request lastMerge() {
            return lastMerge;
        }

        @Override
        public void setLastMerge(Request rq) {
            lastMerge = rq;
        }

        @Override
        public RandomGenerator random() {
            if (schedulerRandom == null) {
                throw new IllegalStateException("no random stream for " + schedulerLabel);
            }
            return schedulerRandom;
        }

        @Override
        public TraceSink trace() {
            return trace;
        }
    }

    // ---------------------------------------------------------------- generic elevator merges

    private MqRq heldByScheduler(Request rq, String role) {
        MqRq rs = rq == null ? null : MqRq.of(rq);
        if (rs == null || rs.where != MqRq.SCHEDULER) {
            throw new InvariantViolationException(schedulerLabel + " returned " + rq + " " + role + ", but it is "
                    + (rs == null ? "not a live request" : MqRq.describe(rs.where)));
        }
        return rs;
    }

    private boolean elvBioMergeOk(Request rq, Bio bio) {
        return rqMergeOk(rq, bio) && scheduler.allowMerge(rq, bio);
    }

    /** {@code blk_mq_sched_try_merge} with {@code elv_merge}. */
    private boolean schedTryMerge(Bio bio) {
        if (!bioMergeable(bio)) {
            return false;
        }
        Request rq = null;
        boolean back = false;
        Request cached = lastMerge;
        if (cached != null && MqRq.of(cached) != null && MqRq.of(cached).where == MqRq.SCHEDULER
                && elvBioMergeOk(cached, bio)) {
            if (cached.endSector() == bio.sector()) {
                rq = cached;
                back = true;
            } else if (cached.sector() == bio.endSector()) {
                rq = cached;
            }
        }
        if (rq == null) {
            MqRq found = hash.find(bio.sector());
            if (found != null && found.where == MqRq.SCHEDULER && elvBioMergeOk(found.rq, bio)) {
                rq = found.rq;
                back = true;
            }
        }
        if (rq == null) {
            Request front = scheduler.requestMerge(bio);
            if (front != null) {
                heldByScheduler(front, "from requestMerge");
                if (front.sector() != bio.endSector()) {
                    throw new InvariantViolationException(schedulerLabel + " offered " + front
                            + " as a front merge for " + bio + ", but it does not start where the bio ends");
                }
                if (elvBioMergeOk(front, bio)) {
                    rq = front;
                }
            }
        }
        if (rq == null) {
            return false;
        }
        MqRq rs = MqRq.of(rq);
        if (back) {
            if (!backMerge(rs, bio)) {
                return false;
            }
            Request next = scheduler.nextRequest(rq);
            if (next == null || !attemptMerge(rs, heldByScheduler(next, "from nextRequest"), true)) {
                scheduler.requestMerged(rq, false);
                lastMerge = rq;
            }
        } else {
            if (!frontMerge(rs, bio)) {
                return false;
            }
            Request prev = scheduler.formerRequest(rq);
            if (prev == null || !attemptMerge(heldByScheduler(prev, "from formerRequest"), rs, true)) {
                scheduler.requestMerged(rq, true);
                lastMerge = rq;
            }
        }
        return true;
    }

    /**
     * {@code attempt_merge}: coalesce {@code next} into {@code req} when they touch, match and fit; then
     * {@code requests_merged}, and {@code next} is freed (now, or after the insertion for insert merges).
     */
    private boolean attemptMerge(MqRq req, MqRq next, boolean freeNow) {
        Request a = req.rq;
        Request b = next.rq;
        if (req == next || !requestMergeable(a) || !requestMergeable(b) || a.endSector() != b.sector()
                || a.op() != b.op() || a.ioPriority() != b.ioPriority() || a.cgroup() != b.cgroup()
                || a.sectors() + b.sectors() > maxSectors) {
            return false;
        }
        long oldEnd = a.endSector();
        if (next.allocTime < req.allocTime) {
            req.allocTime = next.allocTime;
        }
        a.absorb(b);
        hash.reposition(req, oldEnd);
        hash.remove(next);
        scheduler.requestsMerged(a, b);
        lastMerge = a;
        if (freeNow) {
            freeMergedAway(b);
        } else {
            mergedAway.add(b);
        }
        return true;
    }

    /** {@code elv_attempt_insert_merge}: the new request {@code rq} into a queued one ending where it starts. */
    private boolean attemptInsertMerge(Request rq) {
        MqRq rs = MqRq.of(rq);
        if (rs == null || !requestMergeable(rq)) {
            return false;
        }
        Request cached = lastMerge;
        if (cached != null && cached != rq && MqRq.of(cached) != null && MqRq.of(cached).where == MqRq.SCHEDULER
                && attemptMerge(MqRq.of(cached), rs, false)) {
            return true;
        }
        boolean merged = false;
        MqRq current = rs;
        while (true) {
            MqRq found = hash.find(current.rq.sector());
            if (found == null || found == current || found.where != MqRq.SCHEDULER
                    || !attemptMerge(found, current, false)) {
                break;
            }
            merged = true;
            // the merged request could be the merge candidate for another one
            current = found;
        }
        return merged;
    }
}
