package org.iosched.simulator.os;

import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;
import org.iosched.api.Cgroup;
import org.iosched.api.DeviceInfo;
import org.iosched.api.FileHandle;
import org.iosched.api.FileIo;
import org.iosched.api.FileIoListener;
import org.iosched.api.InvalidInputException;
import org.iosched.api.Task;
import org.iosched.api.TaskSpec;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;
import org.iosched.api.WorkloadContext;
import org.iosched.simulator.blk.BioLayer;
import org.iosched.simulator.blk.BlockQueue;
import org.iosched.simulator.cpu.Cpus;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.KernelClock;
import org.iosched.simulator.engine.RandomStreams;
import org.iosched.simulator.result.TaskStats;
import org.iosched.simulator.stats.JobStatistics;
import org.iosched.simulator.trace.BlockTrace;

/**
 * The OS model: a Linux 2.6.32-3.0 box with one disk ({@code sda}) holding an ext4 file system in ordered mode
 * on {@code sda1}, as the system calls of the workload see it; with {@link OsPolicies#LINUX_6_6} the rules of Linux
 * 6.6 where they change the I/O: IO-less dirty throttling ({@link DirtyThrottle}), the flusher as a
 * {@code kworker/u<2N>:0} running the bdi's {@code wb_workfn}, 1 MiB ext4 bios, 6.6's readahead.
 *
 * <p>Features:
 * <ul>
 *   <li>Tasks and blkio cgroups ({@link TaskTable}); the kernel threads {@code flush-8:0} ({@link Flusher}) and
 *       {@code jbd2/sda1-8} ({@link Journal}), BE/4 in the root cgroup.</li>
 *   <li>Files placed by {@link Ext4Layout}; a {@code /dev/} path is the whole device.</li>
 *   <li>{@code direct=1}: {@link DirectIoPath}. Buffered I/O through the {@link PageCache}: reads with
 *       {@link Readahead} ({@link BufferedRead}), writes with dirty throttling ({@link BufferedWrite}),
 *       writeback by the flusher and by throttled writers ({@link WritebackPass}), fsync and fdatasync with the
 *       journal ({@link Fsync}); {@code O_SYNC} writes end with an fsync of their range.</li>
 *   <li>Each task runs its calls in order: a call that blocks (on a page, on writeback, on a commit, on the
 *       throttle, for a request, or in a bio controller) holds back the task's later calls; a direct I/O lets
 *       the task go on once its bios are queued, and the task unplugs the queue when it has queued them all
 *       ({@code submitBatch} unplugs once after the batch). A buffered call or an fsync reports
 *       {@code submitted} together with {@code completed}, as a blocking call returns.</li>
 *   <li>When the workload calls {@code finish()} the flusher writes back everything dirty; the run ends when
 *       nothing is dirty, under writeback or being committed.</li>
 *   <li>Per-task statistics ({@link TaskAccounting}) for the result.</li>
 * </ul>
 *
 * <p>Limitations: TRIM is rejected with an {@link InvalidInputException}. Asynchronous submissions are
 * unplugged like synchronous ones (2.6.32 leaves an AIO submission plugged until the timer or the 4-request
 * threshold). CPU time is charged through {@link Cpus}: system calls, page-cache work, the paths' bookkeeping;
 * a blocking call returns after the task's wake-up on its CPU, asynchronous completions are reaped by one
 * {@code io_getevents} per step of the task. File metadata is never read (inodes, bitmaps and directories are
 * cached); files never grow.
 */
public final class LinuxOsModel implements OsModel, WorkloadContext {
    private final EventQueue clock;
    private final RandomStreams streams;
    private final BioLayer bioLayer;
    private final BlockQueue queue;
    private final BlockTrace trace;
    private final JobStatistics statistics;
    private final LogFiles logs;
    private final String workloadLabel;
    private final DeviceInfo device;
    private final OsTunables tunables;
    private final TaskTable tasks = new TaskTable();
    private final TaskAccounting accounting;
    private final Kernel kernel;
    private final DirectIoPath direct;
    private final BufferedRead read;
    private final BufferedWrite write;
    private final Fsync fsync;
    private Syscall freeCalls;
    private int inFlight;
    private boolean finished;
    private int lastRecordedJob = -1;
    /** io_submit batches so far (a single submit is a batch of one). */
    private long batch;
    private long lastRecordedAt = -1;

    /**
     * @param clock         virtual time
     * @param hz            the kernel's tick
     * @param streams       the run's random streams
     * @param bioLayer      the bio layer above the device's request queue
     * @param trace         the block trace
     * @param statistics    where job statistics go
     * @param logs          fio log files
     * @param workloadLabel the workload's name in messages ({@code workload fio}); its timers carry it
     * @param tunables      the kernel settings
     */
    public LinuxOsModel(EventQueue clock, KernelClock hz, RandomStreams streams, BioLayer bioLayer, BlockTrace trace,
                        JobStatistics statistics, LogFiles logs, String workloadLabel, OsTunables tunables) {
        this(clock, hz, streams, bioLayer, trace, statistics, logs, workloadLabel, tunables, OsPolicies.LINUX_3_0);
    }

    /**
     * The OS model with the rules of one kernel ({@link OsPolicies#LINUX_3_0} or {@link OsPolicies#LINUX_6_6}: IO-less
     * dirty throttling, the flusher as a {@code kworker} running the bdi's {@code wb_workfn}, 6.6's bio sizes and
     * readahead).
     */
    public LinuxOsModel(EventQueue clock, KernelClock hz, RandomStreams streams, BioLayer bioLayer, BlockTrace trace,
                        JobStatistics statistics, LogFiles logs, String workloadLabel, OsTunables tunables,
                        OsPolicies policies) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.streams = Objects.requireNonNull(streams, "streams");
        this.bioLayer = Objects.requireNonNull(bioLayer, "bioLayer");
        this.queue = bioLayer.queue();
        this.trace = Objects.requireNonNull(trace, "trace");
        this.statistics = Objects.requireNonNull(statistics, "statistics");
        this.logs = Objects.requireNonNull(logs, "logs");
        this.workloadLabel = Objects.requireNonNull(workloadLabel, "workloadLabel");
        this.tunables = Objects.requireNonNull(tunables, "tunables");
        this.device = queue.deviceInfo();
        this.accounting = new TaskAccounting(queue.cpus().everyCpu());
        statistics.setCpuSource(accounting::cpu);
        statistics.setClock(clock::now);
        Ext4Layout layout = new Ext4Layout(device, tunables.fragmentationPercent(),
                streams.forComponent("os/ext4-allocator"));
        this.kernel = new Kernel(clock, Objects.requireNonNull(hz, "hz"), bioLayer, trace, tunables, layout, accounting,
                this::runCalls, Objects.requireNonNull(policies, "policies"));
        kernel.setSyscallListener(this::bioDone);
        Flusher flusher = new Flusher(kernel);
        Journal journal = new Journal(kernel);
        kernel.flusher = flusher;
        kernel.journal = journal;
        flusher.attach(kernel.kernelThread(createKernelThread(policies.writeback().flusherName(kernel.cpus.count())),
                flusher));
        journal.attach(kernel.kernelThread(createKernelThread("jbd2/sda1-8"), journal));
        this.fsync = new Fsync(kernel);
        this.direct = new DirectIoPath(kernel, fsync);
        this.read = new BufferedRead(kernel, new Readahead(kernel));
        this.write = new BufferedWrite(kernel, fsync);
        bioLayer.setResumeListener(task -> kernel.context(task).resumed());
        queue.setCompletionListener(accounting);
    }

    /** The shared kernel state, for tests in this package. */
    Kernel kernelForTests() {
        return kernel;
    }

    // ---------------------------------------------------------------- OsModel

    @Override
    public WorkloadContext context() {
        return this;
    }

    @Override
    public Task createKernelThread(String name) {
        Task task = tasks.kernelThread(name);
        accounting.taskCreated(task);
        return task;
    }

    @Override
    public Cgroup cgroup(String path) {
        return tasks.existing(path);
    }

    @Override
    public boolean finishCalled() {
        return finished;
    }

    @Override
    public boolean idle() {
        return inFlight == 0 && kernel.clean();
    }

    @Override
    public int jobRecordingAt(long instant) {
        return lastRecordedAt == instant ? lastRecordedJob : -1;
    }

    @Override
    public String describePending() {
        return inFlight + " file operations in flight, " + kernel.cache.nrDirty() + " pages dirty, "
                + kernel.cache.nrWriteback() + " under writeback, journal " + (kernel.journal.idle() ? "idle" : "busy");
    }

    @Override
    public List<TaskStats> taskStats() {
        return accounting.snapshot();
    }

    /** The CPU account of the task with {@code pid}, or null. */
    public org.iosched.simulator.cpu.CpuAccount cpuAccount(int pid) {
        return accounting.cpu(pid);
    }

    @Override
    public void close() {
        logs.close();
    }

    // ---------------------------------------------------------------- WorkloadContext

    @Override
    public long now() {
        return clock.now();
    }

    @Override
    public Timer newTimer(Runnable callback) {
        return clock.newTimer(workloadLabel, callback);
    }

    @Override
    public RandomGenerator random(String name, long seed) {
        return seed >= 0 ? RandomStreams.withSeed(seed, name) : streams.forComponent("workload/" + name);
    }

    @Override
    public DeviceInfo device() {
        return device;
    }

    @Override
    public Task createTask(TaskSpec spec) {
        Objects.requireNonNull(spec, "spec");
        long allowed = allowedCpus(spec);
        Task task = tasks.create(spec);
        statistics.userTaskCreated(task.pid());
        accounting.taskCreated(task, allowed);
        return task;
    }

    // sched_setaffinity: CPUs the machine does not have are an error
    private long allowedCpus(TaskSpec spec) {
        int count = kernel.cpus.count();
        java.util.BitSet set = spec.cpusAllowed();
        if (set == null) {
            return kernel.cpus.everyCpu();
        }
        if (set.length() > count) {
            throw new InvalidInputException(spec.name() + ": cpus_allowed names CPU " + (set.length() - 1)
                    + ", but the machine has " + count + " CPU" + (count == 1 ? "" : "s") + " (cpu.count); accepted: "
                    + (count == 1 ? "0" : "0-" + (count - 1)));
        }
        long mask = 0;
        for (int cpu = set.nextSetBit(0); cpu >= 0; cpu = set.nextSetBit(cpu + 1)) {
            mask |= 1L << cpu;
        }
        return mask;
    }

    @Override
    public void exitTask(Task task) {
        TaskContext ctx = kernel.existingContext(task);
        if (ctx != null && ctx.head != null) {
            throw new IllegalStateException("task " + task + " exited while its I/O was still being submitted");
        }
        kernel.forget(task);
        bioLayer.taskExit(task);
    }

    @Override
    public FileHandle open(Task task, String path, long size) {
        Objects.requireNonNull(task, "task");
        if (path == null || path.isEmpty()) {
            throw new InvalidInputException("a file needs a name");
        }
        int raPages = tunables.readAheadPages();
        if (path.startsWith("/dev/")) {
            long capacityBytes = device.capacitySectors() << 9;
            if (size > capacityBytes) {
                throw new InvalidInputException(path + ": " + size + " bytes asked for, but device " + device.name()
                        + " holds " + capacityBytes + " bytes");
            }
            return new OpenFile(kernel.blockDevice, path, raPages);
        }
        Inode existing = kernel.inode(path);
        if (existing != null) {
            if (size > existing.size) {
                throw new InvalidInputException(path + ": opened again with " + size + " bytes, but it was created "
                        + "with " + existing.size + " bytes (files do not grow)");
            }
            return new OpenFile(existing, path, raPages);
        }
        if (size <= 0) {
            throw new InvalidInputException(path + ": a new file needs a size greater than 0, not " + size);
        }
        return new OpenFile(kernel.createFile(path, size, task), path, raPages);
    }

    @Override
    public void submit(FileIo io) {
        batch++;
        TaskContext ctx = enqueue(io);
        if (ctx != null) {
            ctx.runOrWake();
        }
    }

    @Override
    public void submitBatch(FileIo[] ios, int count) {
        // one io_submit: every iocb is queued in the task's order, then the task runs them in one step
        batch++;
        TaskContext last = null;
        for (int i = 0; i < count; i++) {
            TaskContext ctx = enqueue(ios[i]);
            if (ctx != null && ctx != last) {
                if (last != null) {
                    last.runOrWake();
                }
                last = ctx;
            }
        }
        if (last != null) {
            last.runOrWake();
        }
    }

    @Override
    public int cpuCount() {
        return kernel.cpus.count();
    }

    @Override
    public void spin(Task task, long nanos, Runnable done) {
        kernel.context(Objects.requireNonNull(task, "task")).startSpin(nanos, Objects.requireNonNull(done, "done"));
    }

    @Override
    public void recordFaults(int job, long minorFaults, long majorFaults) {
        statistics.recordFaults(job, minorFaults, majorFaults);
    }

    @Override
    public void jobStarted(int job) {
        statistics.started(job, clock.now());
    }

    @Override
    public void jobStarted(int job, Task task) {
        statistics.started(job, clock.now());
        statistics.jobTask(job, task.pid());
    }

    @Override
    public void jobFinished(int job) {
        statistics.finished(job, clock.now());
    }

    @Override
    public void recordIo(int job, FileIo.Kind kind, long bytes, long slatNanos, long clatNanos) {
        statistics.recordIo(job, kind, bytes, slatNanos, clatNanos);
        recorded(job);
    }

    @Override
    public void recordIo(int job, FileIo.Kind kind, long bytes, long slatNanos, long clatNanos, long latNanos) {
        statistics.recordIo(job, kind, bytes, slatNanos, clatNanos, latNanos);
        recorded(job);
    }

    @Override
    public void recordIo(int job, FileIo.Kind kind, long bytes, long slatNanos, long clatNanos, long latNanos,
                         int ioPriority) {
        statistics.recordIo(job, kind, bytes, slatNanos, clatNanos, latNanos, ioPriority);
        recorded(job);
    }

    @Override
    public String kernelVersion() {
        return kernel.policies.kernelVersion();
    }

    @Override
    public void recordSync(int job, long latencyNanos) {
        statistics.recordSync(job, latencyNanos);
        recorded(job);
    }

    private void recorded(int job) {
        lastRecordedJob = job;
        lastRecordedAt = clock.now();
    }

    @Override
    public Appendable openLog(String fileName) {
        return logs.open(fileName);
    }

    @Override
    public TraceSink trace() {
        return trace;
    }

    @Override
    public void finish() {
        finished = true;
        kernel.flusher.syncAll();
    }

    // ---------------------------------------------------------------- system calls

    /** Turn {@code io} into a call at the tail of its task's queue; null when it failed at once. */
    private TaskContext enqueue(FileIo io) {
        io.markIssued(clock.now());
        Syscall call = obtain();
        OpenFile file = io.file() instanceof OpenFile f ? f : null;
        String error = file == null ? "EINVAL: the file was not opened through this OS model" : null;
        Syscall.Path path = Syscall.Path.FAILED;
        if (error == null) {
            switch (io.kind()) {
                case READ, WRITE -> {
                    error = checkRange(io, file);
                    path = io.direct() ? Syscall.Path.DIRECT
                            : io.kind() == FileIo.Kind.READ ? Syscall.Path.READ : Syscall.Path.WRITE;
                }
                case FSYNC, FDATASYNC -> path = Syscall.Path.FSYNC;
                case TRIM -> {
                    if (!file.isRawDevice()) {
                        release(call);
                        throw new InvalidInputException("trim of a file (fallocate PUNCH_HOLE) is not modelled: trim"
                                + " the device itself (filename=/dev/sda), or use rw=read, write, randread, randwrite,"
                                + " rw or randrw");
                    }
                    // BLKDISCARD on the block device: discard bios straight to the queue (blkdev_issue_discard)
                    error = checkRange(io, file);
                    if (error == null) {
                        error = DirectIoPath.checkAlignment(io);
                    }
                    path = Syscall.Path.DIRECT;
                }
                default -> throw new IllegalStateException("unknown kind " + io.kind());
            }
        }
        if (error != null) {
            call.init(io, Syscall.Path.FAILED, file);
            io.markError(error);
            call.owe(true, true);
            return null;
        }
        call.init(io, path, file);
        TaskContext ctx = kernel.context(io.task());
        call.owner = ctx;
        call.batch = batch;
        call.pos = io.offset();
        call.end = io.offset() + io.length();
        switch (path) {
            case DIRECT -> direct.start(call);
            case READ -> read.start(call);
            case WRITE -> write.start(call);
            case FSYNC -> {
                call.fromPage = 0;
                call.toPage = file.inode.pages();
                call.datasync = io.kind() == FileIo.Kind.FDATASYNC;
                fsync.start(call);
            }
            default -> throw new IllegalStateException("path " + path);
        }
        if (ctx.tail == null) {
            ctx.head = call;
        } else {
            ctx.tail.nextInTask = call;
        }
        ctx.tail = call;
        return ctx;
    }

    private static String checkRange(FileIo io, OpenFile file) {
        if (io.length() <= 0) {
            return "EINVAL: length must be positive, not " + io.length();
        }
        if (io.direct()) {
            String misaligned = DirectIoPath.checkAlignment(io);
            if (misaligned != null) {
                return misaligned;
            }
        }
        if (io.offset() < 0 || io.offset() + io.length() > file.size()) {
            return "EINVAL: " + io.offset() + "+" + io.length() + " lies outside " + file.path() + " ("
                    + file.size() + " bytes)";
        }
        return null;
    }

    // a user task's program: its calls in order, each until it blocks
    private void runCalls(TaskContext ctx) {
        Syscall call;
        while ((call = ctx.head) != null) {
            if (!call.entered) {
                // the call's path runs once the task's user-space work and the entry are done on its CPU
                enter(ctx, call);
                ctx.continueAt(kernel.cpus.ready());
                return;
            }
            boolean done = switch (call.path) {
                case DIRECT -> direct.step(ctx, call);
                case READ -> read.step(ctx, call);
                case WRITE -> write.step(ctx, call);
                case FSYNC -> fsync.step(ctx, call);
                case FAILED -> throw new IllegalStateException("a failed call was queued");
            };
            if (!done) {
                return;
            }
            ctx.head = call.nextInTask;
            if (ctx.head == null) {
                ctx.tail = null;
            }
            call.nextInTask = null;
            if (call.path != Syscall.Path.DIRECT) {
                if (call.path == Syscall.Path.READ) {
                    // the copy to user space, once the data is in the cache
                    kernel.cpus.charge(kernel.cpus.copy(call.io.length()));
                }
                call.owe(true, true);
            }
        }
        unplugIfDrained(ctx);
    }

    /**
     * The call enters the kernel: the task's user-space work for it, the system call's entry and exit (once per
     * io_submit batch, plus the per-iocb work, for an asynchronous call), the page-cache lookups of a buffered call
     * and the copy of a buffered write, fsync's own work. Simplified: a buffered call's lookups are charged at
     * entry, not page by page.
     */
    private void enter(TaskContext ctx, Syscall call) {
        call.entered = true;
        Cpus cpus = kernel.cpus;
        FileIo io = call.io;
        // fio's own work is stated on the reference CPU, like the kernel's costs (a spin is a time and is not scaled)
        cpus.chargeUser(cpus.scaled(io.userNanos()));
        // fio's issue_time: its own work for the unit is done, the system call begins
        io.markEntered(cpus.ready());
        if (io.async()) {
            if (ctx.enteredBatch != call.batch) {
                ctx.enteredBatch = call.batch;
                cpus.charge(cpus.syscall);
            }
            cpus.charge(cpus.aioSubmit);
        } else {
            cpus.charge(cpus.syscall);
        }
        switch (call.path) {
            case READ -> cpus.charge(cpus.pageLookup * pagesSpanned(io));
            case WRITE -> cpus.charge(cpus.pageLookup * pagesSpanned(io) + cpus.copy(io.length()));
            case FSYNC -> cpus.charge(cpus.fsync);
            case DIRECT -> cpus.charge(cpus.dioSetup);
            default -> {
            }
        }
    }

    private static long pagesSpanned(FileIo io) {
        long first = io.offset() >>> Inode.PAGE_SHIFT;
        long last = (io.offset() + io.length() - 1) >>> Inode.PAGE_SHIFT;
        return last - first + 1;
    }

    private void unplugIfDrained(TaskContext ctx) {
        if (ctx.batchDepth == 0 && ctx.head == null && !ctx.sleepingForRequest && ctx.unplugOwed) {
            ctx.unplugOwed = false;
            queue.unplug(ctx.task);
        }
    }

    private void bioDone(Syscall call) {
        if (call.path == Syscall.Path.DIRECT && !DirectIoPath.synchronous(call)) {
            if (call.allIssued && call.ownBiosDone()) {
                // the waiting task returns from the call (or reaps it) on its CPU
                kernel.context(call.io.task()).completionReady(call);
            }
        } else {
            kernel.context(call.io.task()).wake();
        }
    }

    private void notifyWorkload(Syscall call) {
        FileIo io = call.io;
        FileIoListener listener = io.listener();
        Task previous = trace.swapCurrent(io.task());
        try {
            long now = clock.now();
            if (call.submitOwed) {
                if (call.submitAt > now) {
                    call.notifyTimer.arm(call.submitAt);
                    return;
                }
                call.submitOwed = false;
                io.markSubmitted(now);
                listener.submitted(io);
            }
            if (call.completeOwed && !call.completed) {
                if (call.completeAt > now) {
                    call.notifyTimer.arm(call.completeAt);
                    return;
                }
                call.completeOwed = false;
                call.completed = true;
                io.markCompleted(clock.now());
                release(call);
                listener.completed(io);
            }
        } finally {
            trace.swapCurrent(previous);
        }
    }

    private Syscall obtain() {
        Syscall call = freeCalls;
        if (call != null) {
            freeCalls = call.nextFree;
            call.nextFree = null;
        } else {
            Syscall[] self = new Syscall[1];
            call = new Syscall(kernel, clock.newTimer(workloadLabel, () -> notifyWorkload(self[0])));
            self[0] = call;
        }
        inFlight++;
        return call;
    }

    private void release(Syscall call) {
        call.io = null;
        call.file = null;
        call.inode = null;
        call.nextFree = freeCalls;
        freeCalls = call;
        inFlight--;
    }
}
