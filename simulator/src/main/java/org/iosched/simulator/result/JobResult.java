package org.iosched.simulator.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.iosched.api.JobDescriptor;

/**
 * One job's results, as fio reports a job.
 *
 * @param job        the job as the workload declared it
 * @param pid        the pid of the job's task (0 if it created none)
 * @param startNanos when the job started
 * @param endNanos   when it finished (the end of the run if it did not)
 * @param read       reads
 * @param write      writes
 * @param trim       trims
 * @param sync       fsync/fdatasync latencies ({@code sync} in fio's JSON; its count is {@code total_ios})
 * @param cpu        the CPU use of the job's process ({@code cpu :} line)
 */
public record JobResult(JobDescriptor job, int pid, long startNanos, long endNanos,
                        DirectionStats read, DirectionStats write, DirectionStats trim, LatencyStats sync,
                        CpuUsage cpu) {
    /** Validates. */
    public JobResult {
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(read, "read");
        Objects.requireNonNull(write, "write");
        Objects.requireNonNull(trim, "trim");
        Objects.requireNonNull(sync, "sync");
        Objects.requireNonNull(cpu, "cpu");
    }

    /** A result without CPU figures ({@link CpuUsage#NONE}). */
    public JobResult(JobDescriptor job, int pid, long startNanos, long endNanos, DirectionStats read,
                     DirectionStats write, DirectionStats trim, LatencyStats sync) {
        this(job, pid, startNanos, endNanos, read, write, trim, sync, CpuUsage.NONE);
    }

    /** This result with other direction statistics and syncs, the same CPU figures. */
    public JobResult withStats(DirectionStats newRead, DirectionStats newWrite, DirectionStats newTrim,
                               LatencyStats newSync) {
        return new JobResult(job, pid, startNanos, endNanos, newRead, newWrite, newTrim, newSync, cpu);
    }

    /** The job's runtime ({@code job_runtime}). */
    public long runtimeNanos() {
        return Math.max(0, endNanos - startNanos);
    }

    /**
     * fio's {@code group_reporting}: one result for several jobs, carrying the first job's descriptor
     * (renamed to {@code name}) and pid, the earliest start and latest end, summed bytes and I/Os, the
     * longest runtime per direction, merged latency distributions and summed CPU figures.
     *
     * @throws IllegalArgumentException when {@code jobs} is empty
     */
    public static JobResult merge(String name, List<JobResult> jobs) {
        if (jobs.isEmpty()) {
            throw new IllegalArgumentException("no jobs to merge");
        }
        JobResult first = jobs.get(0);
        JobDescriptor d = first.job;
        JobDescriptor merged = new JobDescriptor(d.index(), Objects.requireNonNull(name, "name"), d.groupId(),
                d.groupReporting(), d.summary(), d.options(), d.logFiles(), d.jobOptions(), d.globalOptions());
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        List<DirectionStats> reads = new ArrayList<>(jobs.size());
        List<DirectionStats> writes = new ArrayList<>(jobs.size());
        List<DirectionStats> trims = new ArrayList<>(jobs.size());
        List<LatencyStats> syncs = new ArrayList<>(jobs.size());
        List<CpuUsage> cpus = new ArrayList<>(jobs.size());
        for (JobResult j : jobs) {
            start = Math.min(start, j.startNanos);
            end = Math.max(end, j.endNanos);
            reads.add(j.read);
            writes.add(j.write);
            trims.add(j.trim);
            syncs.add(j.sync);
            cpus.add(j.cpu);
        }
        return new JobResult(merged, first.pid, start, end, DirectionStats.merge(reads), DirectionStats.merge(writes),
                DirectionStats.merge(trims), LatencyStats.merge(syncs), CpuUsage.merge(cpus));
    }
}
