package org.iosched.simulator.block;

import java.util.Objects;
import org.iosched.api.Bio;
import org.iosched.api.BlockDevice;
import org.iosched.api.DeviceInfo;
import org.iosched.api.IoScheduler;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
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
import org.iosched.simulator.blk.SleepListener;
import org.iosched.simulator.cpu.Cpus;
import org.iosched.simulator.cpu.Workqueue;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.InvariantViolationException;
import org.iosched.simulator.engine.KernelClock;
import org.iosched.simulator.trace.BlockTrace;

/**
 * The single-queue block layer of Linux 2.6.32-3.0 for one device: {@code generic_make_request} and
 * {@code __make_request} (merging, request allocation, plugging, insertion), the dispatch queue and the
 * driver loop ({@code request_fn}), requeue, FLUSH/FUA sequencing and completion.
 *
 * <p>Features, with the kernel functions they model:
 * <ul>
 *   <li>Bios larger than {@code max_hw_sectors} are rejected ({@code __generic_make_request}), not split.</li>
 *   <li>Merging: see {@link ElevatorMerge}; allocation and sleeping: {@link RequestAllocator} and
 *       {@link RequestPool}.</li>
 *   <li>Plugging, 2.6.3x style: a request added to an empty queue plugs it and arms the 3 ms unplug timer
 *       (in jiffies, rounded up); it is unplugged when 4 requests are queued beyond those in the driver,
 *       by the timer, by a bio with {@link RequestFlags#UNPLUG}, by an allocator about to sleep, and by
 *       {@link #unplug}. A non-rotational tagged device is never plugged ({@code queue_should_plug}).</li>
 *   <li>Plugging, 2.6.39-3.0 style ({@code kernel.plugging=task}): the queue itself never plugs; a submitter's
 *       bios gather on its on-stack plug ({@code blk_start_plug}) and are flushed when it stops submitting
 *       ({@code blk_finish_plug} at the end of {@code read_pages} and other batches, or {@code schedule()}),
 *       which runs the queue ({@code queue_unplugged}), so a request queued behind a busy device is offered
 *       to the scheduler at once instead of at the next completion. Modelled as a queue run in an event at
 *       the current time: everything the submitter queues in its current step is inserted before it.</li>
 *   <li>The driver loop: peek the dispatch-queue head or ask {@code dispatch(false)} to refill it; on the
 *       first peek activate it, mark it started, trace D and move the sweep position
 *       ({@code blk_peek_request}); then, if {@link BlockDevice#canAccept} agrees, hand it to the device
 *       ({@code blk_start_request}). It runs on unplug, on completion, on {@code kick()} and on
 *       {@code ready()}; completions and kicks remove the plug ({@code __blk_run_queue}).</li>
 *   <li>FLUSH/FUA, 2.6.39 style simplified: see {@link FlushSequencer}.</li>
 * </ul>
 *
 * <p>Limitations: one flush sequence per bio (the kernel lets one flush serve many waiting requests);
 * no request-size segment limits other than {@code max_sectors}; no barriers of 2.6.36 and before.
 *
 * <p>Invariants checked always: a request is dispatched once per insertion, completed only while the
 * device holds it, the device never holds more than its queue depth, the pool never exceeds its limit,
 * and no bio completes more often than bios were submitted.
 */
public final class RequestQueue implements BlockQueue {
    /** {@code q->unplug_thresh}. */
    public static final int UNPLUG_THRESHOLD = 4;
    /** {@code q->unplug_delay} in milliseconds, before rounding up to jiffies. */
    public static final long UNPLUG_DELAY_MILLIS = 3;

    private final EventQueue clock;
    private final BlockTrace trace;
    private final DeviceInfo info;
    private final int maxSectors;
    private final boolean shouldPlug;
    private final boolean taskPlugging;
    private final RequestPool pool;
    private final DispatchQueue dispatchQueue = new DispatchQueue();
    private final DiskAccounting disk = new DiskAccounting();
    private final AsyncDispatchGap asyncGap = new AsyncDispatchGap();
    private final ElevatorMerge merge;
    private final FlushSequencer flush;
    private final RequestAllocator allocator;
    private final Plug plug;
    /** kblockd: its threads, the queue-run work ({@code kblockd_schedule_work}) and the unplug timer's work. */
    private Workqueue kblockd;
    private Workqueue.Work runWork;
    private Workqueue.Work unplugWork;
    private GuardedScheduler scheduler;
    private GuardedDevice device;
    private Cpus cpus;
    private CompletionInterrupts<RqState> interrupts;
    /** Dispatches on their way to the device (the dispatching context's CPU work is not done), in order. */
    private final DeliveryLine<RqState> deliveries;
    /** A dispatch waited for the deliveries to end. */
    private boolean heldBackForDelivery;
    private SleepListener sleepListener = bio -> {
        throw new IllegalStateException("a task slept for a request but nobody listens for its wake-up");
    };

    private long endSector;
    private int plugCpu;
    private RqState boundaryRq;
    private boolean inRequestFn;
    private boolean rerunRequestFn;
    private boolean requeuedDuringSubmit;
    private int inDriver;
    private final int[] inDriverByKind = new int[2];
    private int nrSorted;
    private final BioLedger bios = new BioLedger();
    private long requestsCompleted;
    private final RqStates states = new RqStates();
    private RequestCompletionListener completionListener = rq -> { };
    private BioCompletionListener bioCompletionListener = bio -> { };

    /**
     * @param clock       virtual time
     * @param kernelClock HZ
     * @param trace       the block trace
     * @param info        the device's facts
     * @param nrRequests  {@code queue/nr_requests}
     * @param maxSectors  {@code max_sectors}: {@code max_sectors_kb * 2}, at most {@code max_hw_sectors}
     */
    public RequestQueue(EventQueue clock, KernelClock kernelClock, BlockTrace trace, DeviceInfo info,
                        int nrRequests, int maxSectors) {
        this(clock, kernelClock, trace, info, nrRequests, maxSectors, false);
    }

    /**
     * @param clock        virtual time
     * @param kernelClock  HZ
     * @param trace        the block trace
     * @param info         the device's facts
     * @param nrRequests   {@code queue/nr_requests}
     * @param maxSectors   {@code max_sectors}: {@code max_sectors_kb * 2}, at most {@code max_hw_sectors}
     * @param taskPlugging {@code kernel.plugging=task}: 2.6.39-3.0 per-task (on-stack) plugging instead of the
     *                     2.6.32-2.6.38 queue plug
     */
    public RequestQueue(EventQueue clock, KernelClock kernelClock, BlockTrace trace, DeviceInfo info,
                        int nrRequests, int maxSectors, boolean taskPlugging) {
        this.clock = Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(kernelClock, "kernelClock");
        this.trace = Objects.requireNonNull(trace, "trace");
        this.info = Objects.requireNonNull(info, "info");
        if (maxSectors < 8 || maxSectors > info.maxHwSectors()) {
            throw new IllegalArgumentException("max_sectors must be 8.." + info.maxHwSectors() + ", not " + maxSectors);
        }
        this.maxSectors = maxSectors;
        this.taskPlugging = taskPlugging;
        // 2.6.39 removed the queue plug: only the submitter's on-stack plug holds requests back
        this.shouldPlug = !taskPlugging && !(!info.rotational() && info.tagged());
        this.pool = new RequestPool(clock, kernelClock, nrRequests);
        this.allocator = new RequestAllocator(this, pool, clock, trace);
        this.plug = new Plug(clock, kernelClock, trace, pool, UNPLUG_DELAY_MILLIS, this::unplugTimerFired);
        this.merge = new ElevatorMerge(this, trace, disk, maxSectors);
        this.flush = new FlushSequencer(this, info, clock, states, allocator);
        this.deliveries = new DeliveryLine<>(clock, this::deliver, this::deliveriesDrained);
        setCpus(Cpus.free(clock));
    }

    /** The CPUs the queue's work is charged to (by default a machine where it costs nothing). */
    public void setCpus(Cpus value) {
        this.cpus = Objects.requireNonNull(value, "cpus");
        this.interrupts = new CompletionInterrupts<>(clock, cpus, true, this::completionWork);
        this.kblockd = new Workqueue(clock, cpus, "kblockd");
        this.runWork = kblockd.newWork(this::runQueue);
        this.unplugWork = kblockd.newWork(this::unplugWorkRan);
    }

    /** The CPUs the queue's work is charged to. */
    @Override
    public Cpus cpus() {
        return cpus;
    }

    /**
     * Connects the scheduler and the device (the elevator is initialised after the queue exists).
     *
     * @param ioScheduler    the scheduler
     * @param schedulerLabel its name in messages ({@code scheduler cfq})
     * @param blockDevice    the device
     * @param deviceLabel    its name in messages ({@code device hdd-7200})
     */
    public void attach(IoScheduler ioScheduler, String schedulerLabel, BlockDevice blockDevice, String deviceLabel) {
        this.scheduler = new GuardedScheduler(Objects.requireNonNull(ioScheduler, "scheduler"), schedulerLabel,
                clock.hooks());
        this.device = new GuardedDevice(Objects.requireNonNull(blockDevice, "device"), deviceLabel, info,
                clock.hooks());
        this.merge.attach(scheduler);
        this.allocator.attach(scheduler);
    }

    /** Who is told of every request the device completes (per-task accounting). */
    @Override
    public void setCompletionListener(RequestCompletionListener listener) {
        this.completionListener = Objects.requireNonNull(listener, "listener");
    }

    /** Who is told of every bio that completes, before its {@code bi_end_io} (the bio layer). */
    @Override
    public void setBioCompletionListener(BioCompletionListener listener) {
        this.bioCompletionListener = Objects.requireNonNull(listener, "listener");
    }

    /** Who is told when a sleeping submitter got its request. */
    @Override
    public void setSleepListener(SleepListener listener) {
        this.sleepListener = Objects.requireNonNull(listener, "listener");
    }

    // ---------------------------------------------------------------- submission

    /**
     * {@code generic_make_request}: queue a bio on behalf of its task.
     *
     * @return true when the bio was queued; false when the task sleeps for a request, in which case the
     *         bio is queued later and the {@link SleepListener} is told
     * @throws IllegalArgumentException for a bio beyond the device or larger than {@code max_hw_sectors}
     */
    @Override
    public boolean submit(Bio bio) {
        Task previous = trace.swapCurrent(bio.task());
        try {
            bio.setSubmitTime(clock.now());
            // simplified: the bio reaches the scheduler (merge, insert) at the start of the step that submits it;
            // only its dispatch to the device waits for the step's CPU work (see dispatchLoop)
            cpus.charge(cpus.bioSubmit);
            bios.submitted(bio, info);
            trace.bio('Q', bio);
            boolean flushPath = bio.op() == Op.FLUSH
                    || (bio.flags() & (RequestFlags.PREFLUSH | RequestFlags.FUA)) != 0;
            if (flushPath) {
                if (bio.op() == Op.FLUSH && !info.writeCache()) {
                    // no volatile cache: blk_insert_flush ends an empty flush at once
                    endBio(bio);
                    return true;
                }
            } else if (merge.tryMerge(bio)) {
                afterQueued(bio);
                return true;
            }
            RqState rs = allocator.allocate(bio, flushPath);
            if (rs == null) {
                allocator.sleep(bio, flushPath);
                return false;
            }
            queueNewRequest(rs, flushPath);
            afterQueued(bio);
            return true;
        } finally {
            trace.swapCurrent(previous);
        }
    }

    /**
     * {@code blk_run_address_space} / {@code generic_unplug_device}: the submitter is about to wait for
     * its I/O, so remove the plug and run the queue.
     */
    @Override
    public void unplug(Task current) {
        Task previous = trace.swapCurrent(current);
        try {
            genericUnplug();
        } finally {
            trace.swapCurrent(previous);
        }
    }

    /** {@code exit_io_context}: the task exited. */
    @Override
    public void taskExit(Task task) {
        pool.forget(task);
        scheduler.taskExit(task);
    }

    // __make_request's tail: an UNPLUG bio, or a queue that never plugs, runs the driver now;
    // with per-task plugging the submitter's plug is flushed, and the queue run, once it stops submitting
    private void afterQueued(Bio bio) {
        if (taskPlugging) {
            kick();
            return;
        }
        if ((bio.flags() & RequestFlags.UNPLUG) != 0 || !shouldPlug) {
            genericUnplug();
        }
    }

    // ---------------------------------------------------------------- sleeping for a request

    void unplugBeforeSleep() {
        genericUnplug();
    }

    void queueAfterSleep(RqState rs, Bio bio, boolean flushPath) {
        queueNewRequest(rs, flushPath);
        afterQueued(bio);
        sleepListener.resumed(bio);
    }

    // ---------------------------------------------------------------- insertion and plugging

    private boolean queueEmpty() {
        return dispatchQueue.isEmpty() && nrSorted == 0 && !scheduler.hasQueued();
    }

    private void queueNewRequest(RqState rs, boolean flushPath) {
        rs.cpu = cpus.currentCpu();
        cpus.charge(cpus.request);
        if (flushPath) {
            flush.insert(rs);
            // ELEVATOR_INSERT_FLUSH bypasses the scheduler and runs the queue
            runQueue();
            return;
        }
        if (shouldPlug && queueEmpty()) {
            // the unplug timer runs on the CPU that armed it
            plugCpu = cpus.currentCpu();
            plug.plug();
        }
        disk.inserted(clock.now());
        rs.accounted = true;
        insertSorted(rs);
    }

    // elv_insert(ELEVATOR_INSERT_SORT)
    private void insertSorted(RqState rs) {
        Request rq = rs.rq;
        trace.request('I', rq);
        rq.markInserted(clock.now());
        rs.where = RqState.SCHEDULER;
        rs.sorted = true;
        nrSorted++;
        if (!rq.isSync()) {
            asyncGap.queued(clock.now());
        }
        merge.inserted(rs);
        cpus.charge(cpus.elevator());
        scheduler.add(rq);
        if (plug.plugged()) {
            int queued = pool.count(true) + pool.count(false) - inDriver;
            if (queued >= UNPLUG_THRESHOLD) {
                genericUnplug();
            }
        }
    }

    // __generic_unplug_device: a rotational queue that was not plugged has nothing to start
    // blk_flush_plug (2.6.39+): the submitter's plug is flushed and the queue run in any case
    private void genericUnplug() {
        if (taskPlugging) {
            runQueue();
            return;
        }
        if (!plug.remove(true) && info.rotational()) {
            return;
        }
        requestFn();
    }

    // blk_unplug_timeout: the timer queues kblockd's unplug work on the CPU the timer runs on
    private void unplugTimerFired() {
        trace.unplug(true, plug.allocated());
        int outer = cpus.enterInterrupt(plugCpu);
        try {
            kblockd.runSoon(unplugWork);
        } finally {
            cpus.exitInterrupt(outer);
        }
    }

    // blk_unplug_work, in kblockd
    private void unplugWorkRan() {
        genericUnplug();
    }

    /** {@code __blk_run_queue}: remove the plug and run the driver loop if anything is queued. */
    private void runQueue() {
        plug.remove(false);
        if (dispatchQueue.isEmpty() && !scheduler.hasQueued()) {
            return;
        }
        requestFn();
    }

    // ---------------------------------------------------------------- scheduler side

    /**
     * {@code kblockd_schedule_work}: the queue runs in kblockd's thread of the current CPU, once that thread gets
     * its CPU (a kick while the work is pending is coalesced).
     */
    void kick() {
        kblockd.queue(runWork);
    }

    /** {@code elv_dispatch_sort}. */
    void dispatchSort(Request rq) {
        RqState rs = takeFromScheduler(rq, "dispatchSort");
        dispatchQueue.sortInsert(rs, endSector);
    }

    /** {@code elv_dispatch_add_tail}. */
    void dispatchAddTail(Request rq) {
        RqState rs = takeFromScheduler(rq, "dispatchAddTail");
        endSector = rq.endSector();
        boundaryRq = rs;
        dispatchQueue.addTail(rs);
    }

    private RqState takeFromScheduler(Request rq, String how) {
        RqState rs = RqStates.of(rq);
        if (rs == null || rs.where != RqState.SCHEDULER) {
            throw new InvariantViolationException(scheduler.label() + " passed " + rq + " to " + how
                    + " but it is " + (rs == null ? "not a live request" : RqState.describe(rs.where))
                    + " (dispatched twice?)");
        }
        merge.removed(rs);
        nrSorted--;
        rs.where = RqState.DISPATCH;
        return rs;
    }

    // ---------------------------------------------------------------- driver

    private void requestFn() {
        if (inRequestFn) {
            rerunRequestFn = true;
            return;
        }
        inRequestFn = true;
        try {
            do {
                rerunRequestFn = false;
                dispatchLoop();
            } while (rerunRequestFn);
        } finally {
            inRequestFn = false;
        }
    }

    private void dispatchLoop() {
        while (true) {
            RqState rs = dispatchQueue.head();
            if (rs == null) {
                scheduler.dispatch(false);
                rs = dispatchQueue.head();
                if (rs == null) {
                    return;
                }
            }
            Request rq = rs.rq;
            if (!rs.started) {
                rs.started = true;
                if (rs.sorted) {
                    scheduler.activate(rq);
                    if (!rq.isSync()) {
                        asyncGap.dispatched(clock.now());
                    }
                }
                trace.request('D', rq);
                if (boundaryRq == null || boundaryRq == rs) {
                    endSector = rq.endSector();
                    boundaryRq = null;
                }
            }
            if (mustWaitForDeliveries(rq) || !device.canAccept(rq, inDriver)) {
                return;
            }
            dispatchQueue.remove(rs);
            rs.where = RqState.DRIVER;
            inDriver++;
            inDriverByKind[rq.isSync() ? 1 : 0]++;
            if (inDriver > info.queueDepth()) {
                throw new InvariantViolationException(device.label() + " accepted " + rq + " while holding "
                        + (inDriver - 1) + " requests, above its queue depth " + info.queueDepth());
            }
            cpus.charge(cpus.dispatch);
            long at = cpus.ready();
            if (at > clock.now() || !deliveries.isEmpty()) {
                // the device sees it once the dispatching context's CPU work, the driver's dispatch included, is
                // done, and after the dispatches before it
                deliveries.add(rs, at);
                continue;
            }
            rq.markDispatched(clock.now());
            requeuedDuringSubmit = false;
            device.submit(rq);
            if (requeuedDuringSubmit) {
                // the device gave a request back: it calls ready() when it can take more
                return;
            }
        }
    }

    // a flush or discard may be a command the device takes only alone: none is offered while dispatches are on
    // their way, nor anything while one is (the device's own state cannot tell before it has seen them)
    private boolean mustWaitForDeliveries(Request rq) {
        if (deliveries.holdsBack(rq)) {
            heldBackForDelivery = true;
            return true;
        }
        return false;
    }

    // a dispatch on its way reaches the device; false when the device gave it back at once
    private boolean deliver(RqState rs) {
        rs.rq.markDispatched(clock.now());
        requeuedDuringSubmit = false;
        device.submit(rs.rq);
        if (requeuedDuringSubmit) {
            // the device gave it back: the dispatches behind it go back too, in order, before it
            deliveries.takeAllLastFirst(behind -> requeue(behind.rq));
            return false;
        }
        return true;
    }

    private void deliveriesDrained() {
        if (heldBackForDelivery) {
            // a dispatch held back behind these may go now
            heldBackForDelivery = false;
            kick();
        }
    }

    /** The device completed {@code rq} ({@link org.iosched.api.DeviceContext#complete}). */
    @Override
    public void complete(Request rq) {
        RqState rs = RqStates.of(rq);
        if (rs == null || rs.where != RqState.DRIVER || rs.completing || rs.delivering()) {
            throw new InvariantViolationException(device.label() + " completed " + rq + " which it does not hold"
                    + " (it is " + (rs == null ? "no longer a live request: completed twice?"
                    : rs.completing ? "completed already, its interrupt pending"
                    : rs.delivering() ? "not yet delivered to the device" : RqState.describe(rs.where)) + ")");
        }
        rs.completing = true;
        // the completion interrupt and softirq are serialized on the CPU rq_affinity names; what they set off
        // (the request's end, bio end_io, wake-ups, the next dispatch) happens when their work is done
        interrupts.raise(rs, cpus.completionCpu(rs.cpu));
    }

    // the completion interrupt's work is done: the request ends (in interrupt context on its CPU)
    private void completionWork(RqState rs, int cpu) {
        Request rq = rs.rq;
        rs.completing = false;
        inDriver--;
        inDriverByKind[rq.isSync() ? 1 : 0]--;
        rs.where = RqState.ALLOCATED;
        requestsCompleted++;
        int outer = cpus.enterInterrupt(cpu);
        try {
            trace.requestDone('C', rq);
            completionListener.requestCompleted(rq);
            RqState done = rs.flushSequenced || rs.flushOwner != null ? flush.stepDone(rs) : rs;
            if (done != null) {
                finish(done);
            }
            runQueue();
        } finally {
            cpus.exitInterrupt(outer);
        }
    }

    /** The device can take commands again ({@link org.iosched.api.DeviceContext#ready}). */
    @Override
    public void deviceReady() {
        kick();
    }

    /**
     * {@code blk_requeue_request}: the device gives back a request it had accepted; it goes back to the
     * head of the dispatch queue as a soft barrier, deactivated. The queue is not run: the device calls
     * {@link org.iosched.api.DeviceContext#ready()} when it can take commands again.
     */
    @Override
    public void requeue(Request rq) {
        RqState rs = RqStates.of(rq);
        if (rs == null || rs.where != RqState.DRIVER) {
            throw new InvariantViolationException(device.label() + " requeued " + rq + " which it does not hold");
        }
        inDriver--;
        inDriverByKind[rq.isSync() ? 1 : 0]--;
        trace.requestDone('R', rq);
        if (rs.sorted) {
            scheduler.deactivate(rq);
            if (!rq.isSync()) {
                asyncGap.queued(clock.now());
            }
        }
        rs.started = false;
        rs.softBarrier = true;
        trace.request('I', rq);
        rs.where = RqState.DISPATCH;
        dispatchQueue.addHead(rs);
        requeuedDuringSubmit = true;
    }

    // ---------------------------------------------------------------- FLUSH / FUA helpers

    void accountInserted(RqState rs) {
        disk.inserted(clock.now());
        rs.accounted = true;
    }

    /** A step or data request of a flush sequence goes to the dispatch-queue tail as a soft barrier. */
    void insertAtTail(RqState rs) {
        Request rq = rs.rq;
        trace.request('I', rq);
        if (rq.insertTime() < 0) {
            rq.markInserted(clock.now());
        }
        rs.softBarrier = true;
        rs.where = RqState.DISPATCH;
        dispatchQueue.addTail(rs);
    }

    // ---------------------------------------------------------------- completion

    private void finish(RqState rs) {
        Request rq = rs.rq;
        if (rs.sorted) {
            scheduler.completed(rq);
        }
        if (rs.accounted) {
            disk.completed(clock.now(), rq, rs.allocTime);
        }
        Bio bio = rq.firstBio();
        while (bio != null) {
            Bio next = bio.next();
            bio.setNext(null);
            endBio(bio);
            bio = next;
        }
        free(rs);
    }

    private void endBio(Bio bio) {
        bios.end(bio, clock.now(), device.label(), scheduler.label(), bioCompletionListener);
    }

    private void free(RqState rs) {
        Request rq = rs.rq;
        if (rs.elvPriv) {
            scheduler.putRequest(rq);
        }
        boolean fromPool = rs.fromPool;
        boolean sync = rs.poolSync;
        states.recycle(rs);
        if (fromPool) {
            pool.put(sync);
        }
    }

    /** A request absorbed by a neighbour ({@code attempt_merge}) leaves the scheduler and is freed. */
    void mergedAway(RqState next) {
        nrSorted--;
        if (!next.rq.isSync()) {
            asyncGap.removed(clock.now());
        }
        next.where = RqState.ALLOCATED;
        if (next.accounted) {
            disk.mergedAway(clock.now());
        }
        free(next);
    }

    RqState bindState(Request rq) {
        return states.bind(rq);
    }

    // ---------------------------------------------------------------- queries

    /** The device's facts. */
    @Override
    public DeviceInfo deviceInfo() {
        return info;
    }

    /** {@code max_sectors} in 512-byte sectors. */
    @Override
    public int maxSectors() {
        return maxSectors;
    }

    @Override
    public int nrRequests() {
        return pool.nrRequests();
    }

    @Override
    public boolean congested(boolean sync) {
        return pool.congested(sync);
    }

    /** The request pool (counts, congestion, waiters). */
    public RequestPool pool() {
        return pool;
    }

    /** The disk statistics. */
    @Override
    public DiskAccounting disk() {
        return disk;
    }

    /** The longest window without an async dispatch while async requests waited (seed 001's measure). */
    @Override
    public AsyncDispatchGap asyncDispatchGap() {
        return asyncGap;
    }

    /** Whether the queue is plugged. */
    public boolean plugged() {
        return plug.plugged();
    }

    /** Whether the submitters' on-stack plugs replace the queue plug ({@code kernel.plugging=task}). */
    public boolean taskPlugging() {
        return taskPlugging;
    }

    /** Whether this queue ever plugs ({@code queue_should_plug}; never with per-task plugging). */
    public boolean shouldPlug() {
        return shouldPlug;
    }

    /** Requests on the dispatch queue. */
    public int dispatchQueueLength() {
        return dispatchQueue.size();
    }

    /** Requests the device holds. */
    public int inDriver() {
        return inDriver;
    }

    /** Requests the device holds that are sync or async. */
    public int inDriver(boolean sync) {
        return inDriverByKind[sync ? 1 : 0];
    }

    /** Requests held by the scheduler ({@code q->nr_sorted}). */
    public int nrSorted() {
        return nrSorted;
    }

    /** Live requests, from the pool or the flush machinery. */
    public int outstanding() {
        return states.live();
    }

    /** The end sector of the last request the driver took ({@code q->end_sector}). */
    public long endSector() {
        return endSector;
    }

    /** Bios submitted. */
    public long biosSubmitted() {
        return bios.submittedCount();
    }

    /** Bios completed. */
    @Override
    public long biosCompleted() {
        return bios.completedCount();
    }

    /** Requests the device completed (including flush steps). */
    public long requestsCompleted() {
        return requestsCompleted;
    }

    /** Whether nothing is left: no live request and no sleeping submitter. */
    @Override
    public boolean idle() {
        return states.live() == 0 && pool.waiting() == 0;
    }

    /** Where outstanding requests sit, naming the plugins, for stall and end-of-run messages. */
    @Override
    public String whereRequestsAre() {
        return nrSorted + " held by " + scheduler.label() + ", " + dispatchQueue.size() + " on the dispatch queue, "
                + inDriver + " in " + device.label() + ", " + pool.waiting() + " submitters sleeping for a request"
                + (plug.plugged() ? ", queue plugged" : "");
    }

    /**
     * The end-of-run check: every submitted bio completed. Call only when the run ended normally.
     *
     * @throws InvariantViolationException naming where the missing requests are
     */
    @Override
    public void checkDrained() {
        bios.checkDrained(states.live(), whereRequestsAre());
    }
}
