package org.iosched.simulator.os;

import org.iosched.api.Task;
import org.iosched.api.WorkloadContext;

/**
 * The OS model behind a run: what a workload sees as system calls ({@link #context()}), and what the
 * simulation asks of it. The interim implementation, {@link DirectIoOsModel}, knows direct I/O only; a page
 * cache with writeback replaces it later behind this interface.
 */
public interface OsModel {
    /** The system calls a workload uses. */
    WorkloadContext context();

    /** Create a kernel thread (flusher, jbd2, ...): BE/4 in the root cgroup. */
    Task createKernelThread(String name);

    /** Whether the workload has called {@link WorkloadContext#finish()}. */
    boolean finishCalled();

    /** Whether no file operation is in flight and nothing is left to write back. */
    boolean idle();

    /** What is still in flight, for stall messages. */
    String describePending();

    /** End of run: close the log files. */
    void close();
}
