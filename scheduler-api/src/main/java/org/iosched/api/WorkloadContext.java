package org.iosched.api;

import java.util.random.RandomGenerator;

/**
 * The OS model as a workload sees it: the system calls of a simulated Linux box, in virtual time.
 * A workload creates tasks, opens files and submits {@link FileIo}s; it records what fio would measure
 * with {@link #recordIo}; it says when each job starts and ends, and when it is done. The clock, timers and the
 * block trace are those of every {@link PluginContext}.
 */
public interface WorkloadContext extends PluginContext {
    /** A seeded random stream for {@code name} (a job), derived from the run seed or from {@code seed} if non-negative. */
    RandomGenerator random(String name, long seed);

    /**
     * The workload's own stream, for draws that belong to no job: {@link #random(String, long)} of the empty name
     * (no job has it) and no seed of its own. Each job should take its own stream.
     */
    @Override
    default RandomGenerator random() {
        return random("", -1);
    }

    /** The number of online CPUs the OS model has ({@code cpu.count}); CPUs are numbered from 0. */
    default int cpuCount() {
        return 1;
    }

    /**
     * The task runs in user space for {@code nanos} of CPU time (fio's {@code thinktime_spin}, a compute phase),
     * waiting for a CPU first if every CPU it may use is busy, then {@code done} runs. The OS model counts it as the
     * task's user time. The default (for contexts without a CPU model) runs {@code done} after {@code nanos} of
     * virtual time.
     */
    default void spin(Task task, long nanos, Runnable done) {
        Timer timer = newTimer(done);
        timer.arm(now() + Math.max(0, nanos));
    }

    /** The device the workload runs against. */
    DeviceInfo device();

    /**
     * Create a task ({@code fork}): a pid, a name, an io priority and a blkio cgroup (created on first use).
     *
     * @throws InvalidInputException if the cgroup exists with another weight
     */
    Task createTask(TaskSpec spec);

    /** The task exited: schedulers drop its state. */
    void exitTask(Task task);

    /**
     * Open (creating if needed) {@code path} of at least {@code size} bytes for {@code task}. A path under
     * {@code /dev/} addresses the device itself; any other is a file that the OS model places on it.
     *
     * @throws InvalidInputException when the file does not fit the device
     */
    FileHandle open(Task task, String path, long size);

    /**
     * Issue an operation. The OS model sets {@link FileIo#issueTime()}, calls
     * {@link FileIoListener#submitted} when the submitting call returns and
     * {@link FileIoListener#completed} when it is done. Operations of one task are submitted in order.
     */
    void submit(FileIo io);

    /**
     * Submit several operations in one call ({@code io_submit} with {@code n} iocbs): the call returns, and
     * each gets its {@code submitted} callback, once all are queued.
     */
    default void submitBatch(FileIo[] ios, int count) {
        for (int i = 0; i < count; i++) {
            submit(ios[i]);
        }
    }

    /** Job {@code job} starts now (its runtime counts from here). */
    void jobStarted(int job);

    /**
     * Job {@code job} starts now, run by {@code task}: the OS model reports that task's pid for the job (fio's
     * {@code pid=}) and attributes the task's I/O to it. Workloads should prefer this form.
     */
    default void jobStarted(int job, Task task) {
        jobStarted(job);
    }

    /** Job {@code job} finished now. */
    void jobFinished(int job);

    /**
     * Record one completed I/O of {@code job} as fio measures it.
     *
     * @param job        job index
     * @param kind       READ, WRITE or TRIM (fsyncs go to {@link #recordSync})
     * @param bytes      bytes moved
     * @param slatNanos  submission latency, or -1 where fio reports none (sync engines)
     * @param clatNanos  completion latency
     */
    void recordIo(int job, FileIo.Kind kind, long bytes, long slatNanos, long clatNanos);

    /**
     * As {@link #recordIo(int, FileIo.Kind, long, long, long)}, with fio's total latency given where it is not
     * slat + clat: a synchronous engine reports no slat, and its lat runs from the unit's start, its clat from the
     * call's issue ({@code issue_time}). The default drops {@code latNanos} (lat is then slat + clat, or clat).
     */
    default void recordIo(int job, FileIo.Kind kind, long bytes, long slatNanos, long clatNanos, long latNanos) {
        recordIo(job, kind, bytes, slatNanos, clatNanos);
    }

    /**
     * As {@link #recordIo(int, FileIo.Kind, long, long, long, long)}, with the I/O priority fio accounts the I/O's
     * clat under ({@code io_u->ioprio}: the job's own, or the one {@code cmdprio} chose), for fio's per-priority
     * {@code clat prio} statistics. The default drops it.
     */
    default void recordIo(int job, FileIo.Kind kind, long bytes, long slatNanos, long clatNanos, long latNanos,
                          int ioPriority) {
        recordIo(job, kind, bytes, slatNanos, clatNanos, latNanos);
    }

    /**
     * The Linux version the run models ({@code kernel.version}: {@code 3.0} or {@code 6.6}); fio options that need a
     * newer kernel are refused on the older one. The default is 3.0.
     */
    default String kernelVersion() {
        return "3.0";
    }

    /** Record one fsync/fdatasync of {@code job} and its latency (fio's {@code sync} latency). */
    void recordSync(int job, long latencyNanos);

    /**
     * Open an output log file that a job asked for (fio's {@code write_bw_log}, {@code write_lat_log},
     * {@code write_iops_log}), relative to the run's log directory. The OS model closes it at the end of the
     * run. Returns a sink that discards everything when the run was configured to write no files.
     */
    Appendable openLog(String fileName);

    /**
     * Record page faults of {@code job}'s process that the workload itself causes (fio's {@code minf}/{@code majf}:
     * first touches of its I/O buffers, for instance); the OS model adds those it causes itself. The default ignores
     * them.
     */
    default void recordFaults(int job, long minorFaults, long majorFaults) {
    }

    /** The workload is done: the simulation ends when the OS model has nothing left to write back. */
    void finish();
}
