package org.iosched.simulator.os;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.random.RandomGenerator;
import org.iosched.api.Bio;
import org.iosched.api.DeviceInfo;
import org.iosched.api.FileHandle;
import org.iosched.api.FileIo;
import org.iosched.api.FileIoListener;
import org.iosched.api.InvalidInputException;
import org.iosched.api.Op;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.iosched.api.TaskSpec;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;
import org.iosched.api.WorkloadContext;
import org.iosched.simulator.block.RequestQueue;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.RandomStreams;
import org.iosched.simulator.stats.JobStatistics;
import org.iosched.simulator.trace.BlockTrace;

/**
 * The interim OS model: direct I/O only.
 *
 * <p>Features:
 * <ul>
 *   <li>Tasks and blkio cgroups ({@link TaskTable}); files on the device ({@link FileLayout}).</li>
 *   <li>A direct READ becomes READ bios with {@code SYNC|UNPLUG} (READ_SYNC); a direct WRITE becomes WRITE
 *       bios with {@code SYNC} (WRITE_ODIRECT: sync, no NOIDLE, so CFQ idles for it). Bios are cut every
 *       {@code max_sectors} from the start of the I/O. Offsets and lengths must be multiples of 512
 *       bytes, inside the file; otherwise the operation fails with an error text (EINVAL).</li>
 *   <li>After queueing the bios of a call, the submitter unplugs the queue ({@code blk_run_address_space},
 *       what a direct I/O does before it waits); {@code submitBatch} unplugs once after the batch.</li>
 *   <li>FSYNC/FDATASYNC issue one empty FLUSH bio with SYNC ({@code blkdev_fsync} on a raw device: there
 *       are no dirty pages with direct I/O) and complete when it does.</li>
 *   <li>A task that sleeps for a request stops submitting; its later operations wait behind it, and the
 *       call's {@code submitted} comes when its last bio is queued.</li>
 * </ul>
 *
 * <p>Limitations: buffered I/O ({@code direct=0}) and TRIM are rejected with an
 * {@link InvalidInputException}: the page cache comes later. Asynchronous submissions are unplugged like
 * synchronous ones (2.6.32 leaves an AIO submission plugged until the timer or the 4-request threshold).
 */
public final class DirectIoOsModel implements OsModel, WorkloadContext {
    private final EventQueue clock;
    private final RandomStreams streams;
    private final RequestQueue queue;
    private final BlockTrace trace;
    private final JobStatistics statistics;
    private final LogFiles logs;
    private final String workloadLabel;
    private final DeviceInfo device;
    private final TaskTable tasks = new TaskTable();
    private final FileLayout files;
    private final Map<Task, TaskState> taskStates = new IdentityHashMap<>();
    private DirectIo freeIos;
    private int inFlight;
    private boolean finished;

    /** Per task: operations waiting to be submitted behind a sleep, and batching. */
    private static final class TaskState {
        final Task task;
        DirectIo head;
        DirectIo tail;
        boolean sleeping;
        int batchDepth;

        TaskState(Task task) {
            this.task = task;
        }
    }

    /**
     * @param clock         virtual time
     * @param streams       the run's random streams
     * @param queue         the device's request queue
     * @param trace         the block trace
     * @param statistics    where job statistics go
     * @param logs          fio log files
     * @param workloadLabel the workload's name in messages ({@code workload fio}); its timers carry it
     */
    public DirectIoOsModel(EventQueue clock, RandomStreams streams, RequestQueue queue, BlockTrace trace,
                           JobStatistics statistics, LogFiles logs, String workloadLabel) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.streams = Objects.requireNonNull(streams, "streams");
        this.queue = Objects.requireNonNull(queue, "queue");
        this.trace = Objects.requireNonNull(trace, "trace");
        this.statistics = Objects.requireNonNull(statistics, "statistics");
        this.logs = Objects.requireNonNull(logs, "logs");
        this.workloadLabel = Objects.requireNonNull(workloadLabel, "workloadLabel");
        this.device = queue.deviceInfo();
        this.files = new FileLayout(device);
        queue.setSleepListener(this::resumed);
    }

    // ---------------------------------------------------------------- OsModel

    @Override
    public WorkloadContext context() {
        return this;
    }

    @Override
    public Task createKernelThread(String name) {
        return tasks.kernelThread(name);
    }

    @Override
    public boolean finishCalled() {
        return finished;
    }

    @Override
    public boolean idle() {
        return inFlight == 0;
    }

    @Override
    public String describePending() {
        return inFlight + " file operations in flight";
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
        Task task = tasks.create(Objects.requireNonNull(spec, "spec"));
        statistics.userTaskCreated(task.pid());
        return task;
    }

    @Override
    public void exitTask(Task task) {
        TaskState ts = taskStates.get(task);
        if (ts != null && ts.head != null) {
            throw new IllegalStateException("task " + task + " exited while its I/O was still being submitted");
        }
        taskStates.remove(task);
        queue.taskExit(task);
    }

    @Override
    public FileHandle open(Task task, String path, long size) {
        Objects.requireNonNull(task, "task");
        return files.open(path, size);
    }

    @Override
    public void submit(FileIo io) {
        TaskState ts = enqueue(io);
        if (ts != null && !ts.sleeping) {
            pump(ts);
        }
    }

    @Override
    public void submitBatch(FileIo[] ios, int count) {
        TaskState last = null;
        for (int i = 0; i < count; i++) {
            TaskState ts = stateOf(ios[i].task());
            ts.batchDepth++;
            try {
                submit(ios[i]);
            } finally {
                ts.batchDepth--;
            }
            last = ts;
        }
        if (last != null) {
            // io_submit returns after queueing every iocb; the submitter then lets the queue run
            unplugIfDrained(last);
        }
    }

    @Override
    public void jobStarted(int job) {
        statistics.started(job, clock.now());
    }

    @Override
    public void jobFinished(int job) {
        statistics.finished(job, clock.now());
    }

    @Override
    public void recordIo(int job, FileIo.Kind kind, long bytes, long slatNanos, long clatNanos) {
        statistics.recordIo(job, kind, bytes, slatNanos, clatNanos);
    }

    @Override
    public void recordSync(int job, long latencyNanos) {
        statistics.recordSync(job, latencyNanos);
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
    }

    // ---------------------------------------------------------------- direct I/O

    private TaskState stateOf(Task task) {
        TaskState ts = taskStates.get(task);
        if (ts == null) {
            ts = new TaskState(task);
            taskStates.put(task, ts);
        }
        return ts;
    }

    /** Turn {@code io} into a DirectIo at the tail of its task's queue; null when it failed at once. */
    private TaskState enqueue(FileIo io) {
        io.markIssued(clock.now());
        DirectIo d = obtain();
        switch (io.kind()) {
            case READ, WRITE -> {
                if (!io.direct()) {
                    release(d);
                    throw new InvalidInputException("buffered I/O (direct=0) is not modelled yet: use direct=1");
                }
                String error = checkRange(io);
                if (error != null) {
                    d.init(io, io.kind() == FileIo.Kind.READ ? Op.READ : Op.WRITE, 0, 0, 0, false);
                    io.markError(error);
                    d.allIssued = true;
                    d.owe(true, true);
                    return null;
                }
                OpenFile file = (OpenFile) io.file();
                long first = file.startSector() + (io.offset() >> 9);
                if (io.kind() == FileIo.Kind.READ) {
                    d.init(io, Op.READ, RequestFlags.SYNC | RequestFlags.UNPLUG, first, io.length() >> 9, false);
                } else {
                    d.init(io, Op.WRITE, RequestFlags.SYNC, first, io.length() >> 9, false);
                }
            }
            case FSYNC, FDATASYNC -> d.init(io, Op.FLUSH, RequestFlags.SYNC, 0, 0, true);
            case TRIM -> {
                release(d);
                throw new InvalidInputException("trim is not modelled yet: use rw=read, write, randread or randwrite");
            }
            default -> throw new IllegalStateException("unknown kind " + io.kind());
        }
        TaskState ts = stateOf(io.task());
        if (ts.tail == null) {
            ts.head = d;
        } else {
            ts.tail.nextInTask = d;
        }
        ts.tail = d;
        return ts;
    }

    private String checkRange(FileIo io) {
        if (!(io.file() instanceof OpenFile file)) {
            return "EINVAL: the file was not opened through this OS model";
        }
        if (io.length() <= 0) {
            return "EINVAL: length must be positive, not " + io.length();
        }
        if ((io.offset() & 511) != 0 || (io.length() & 511) != 0) {
            return "EINVAL: O_DIRECT needs offsets and lengths in multiples of 512 bytes (offset " + io.offset()
                    + ", length " + io.length() + ")";
        }
        if (io.offset() < 0 || io.offset() + io.length() > file.size()) {
            return "EINVAL: " + io.offset() + "+" + io.length() + " lies outside " + file.path() + " ("
                    + file.size() + " bytes)";
        }
        return null;
    }

    private void pump(TaskState ts) {
        int maxSectors = queue.maxSectors();
        DirectIo d;
        while ((d = ts.head) != null) {
            while (d.hasMoreBios()) {
                Bio bio = d.nextBio(maxSectors);
                if (!queue.submit(bio)) {
                    ts.sleeping = true;
                    return;
                }
            }
            ts.head = d.nextInTask;
            if (ts.head == null) {
                ts.tail = null;
            }
            d.nextInTask = null;
            d.allIssued = true;
            d.owe(true, d.biosDone == d.biosIssued);
        }
        unplugIfDrained(ts);
    }

    private void unplugIfDrained(TaskState ts) {
        if (ts.batchDepth == 0 && ts.head == null && !ts.sleeping) {
            queue.unplug(ts.task);
        }
    }

    private void resumed(Bio bio) {
        TaskState ts = stateOf(bio.task());
        ts.sleeping = false;
        pump(ts);
    }

    void bioDone(DirectIo d) {
        if (d.allIssued && d.biosDone == d.biosIssued) {
            d.owe(false, true);
        }
    }

    private void notifyWorkload(DirectIo d) {
        FileIo io = d.io;
        FileIoListener listener = io.listener();
        Task previous = trace.swapCurrent(io.task());
        try {
            if (d.submitOwed) {
                d.submitOwed = false;
                io.markSubmitted(clock.now());
                listener.submitted(io);
            }
            if (d.completeOwed && !d.completed) {
                d.completeOwed = false;
                d.completed = true;
                io.markCompleted(clock.now());
                release(d);
                listener.completed(io);
            }
        } finally {
            trace.swapCurrent(previous);
        }
    }

    private DirectIo obtain() {
        DirectIo d = freeIos;
        if (d != null) {
            freeIos = d.nextFree;
            d.nextFree = null;
        } else {
            DirectIo[] self = new DirectIo[1];
            d = new DirectIo(this, clock.newTimer(workloadLabel, () -> notifyWorkload(self[0])));
            self[0] = d;
        }
        inFlight++;
        return d;
    }

    private void release(DirectIo d) {
        d.io = null;
        d.nextFree = freeIos;
        freeIos = d;
        inFlight--;
    }
}
