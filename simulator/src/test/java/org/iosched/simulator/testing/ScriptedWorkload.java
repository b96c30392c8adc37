package org.iosched.simulator.testing;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.iosched.api.JobDescriptor;
import org.iosched.api.Workload;
import org.iosched.api.WorkloadContext;

/** A workload whose start is a lambda, with {@code jobs} jobs named job0, job1, ... */
public final class ScriptedWorkload implements Workload {
    private final int jobs;
    private final Consumer<WorkloadContext> start;
    private final List<String> notices;

    public ScriptedWorkload(int jobs, Consumer<WorkloadContext> start, List<String> notices) {
        this.jobs = jobs;
        this.start = start;
        this.notices = notices;
    }

    public ScriptedWorkload(int jobs, Consumer<WorkloadContext> start) {
        this(jobs, start, List.of());
    }

    @Override
    public List<JobDescriptor> jobs() {
        return java.util.stream.IntStream.range(0, jobs)
                .mapToObj(i -> new JobDescriptor(i, "job" + i, 0, false, "", Map.of(), List.of()))
                .toList();
    }

    @Override
    public List<String> notices() {
        return notices;
    }

    @Override
    public void start(WorkloadContext context) {
        start.accept(context);
    }
}
