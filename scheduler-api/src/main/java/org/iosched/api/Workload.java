package org.iosched.api;

import java.util.List;

/** A workload: jobs that issue I/O through a {@link WorkloadContext}, such as a fio job file. */
public interface Workload {
    /** The jobs, known before the run, in index order. */
    List<JobDescriptor> jobs();

    /**
     * Things the user should know about how the input is simulated (options with no effect in
     * simulation, simplifications), one line each. Printed in the output's header.
     */
    default List<String> notices() {
        return List.of();
    }

    /** Start: create tasks, open files, arm timers, submit the first I/Os. */
    void start(WorkloadContext context);
}
