package org.iosched.simulator.os;

import java.util.List;
import org.iosched.api.Cgroup;
import org.iosched.api.Task;
import org.iosched.api.WorkloadContext;
import org.iosched.simulator.blk.TaskDirectory;
import org.iosched.simulator.result.TaskStats;

/**
 * The OS model behind a run: what a workload sees as system calls ({@link #context()}), and what the
 * simulation asks of it. The implementation is {@link LinuxOsModel}.
 */
public interface OsModel extends TaskDirectory {
    /** The system calls a workload uses. */
    WorkloadContext context();

    /** Create a kernel thread (flusher, jbd2, a bio controller's worker, ...): BE/4 in the root cgroup. */
    @Override
    Task createKernelThread(String name);

    /** The blkio cgroup at {@code path} if a task has used it, else null. */
    @Override
    Cgroup cgroup(String path);

    /** Whether the workload has called {@link WorkloadContext#finish()}. */
    boolean finishCalled();

    /** Whether no file operation is in flight and nothing is left to write back. */
    boolean idle();

    /**
     * The job that recorded the last I/O or sync, if it did so at {@code instant}; else -1. Names the job that
     * keeps the clock still when the engine stops a run ({@link org.iosched.simulator.engine.NoProgressException}).
     */
    int jobRecordingAt(long instant);

    /** What is still in flight, for stall messages. */
    String describePending();

    /** Per-task I/O counts so far, kernel threads included, in task creation order. */
    List<TaskStats> taskStats();

    /** End of run: close the log files. */
    void close();
}
