package org.iosched.simulator.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.iosched.api.FileIo;
import org.iosched.api.JobDescriptor;
import org.iosched.simulator.DirectionStats;
import org.iosched.simulator.CpuUsage;
import org.iosched.simulator.JobResult;
import org.iosched.simulator.cpu.CpuAccount;

/**
 * Collects what workloads record per job ({@code recordIo}, {@code recordSync}, job start and end) with
 * fio's meaning: per direction bytes, I/Os, slat, clat and lat ({@code lat = slat + clat} when slat is
 * known, else {@code clat}); fsync latencies; runtime from the job's start to its end.
 */
public final class JobStatistics {
    private final List<JobDescriptor> jobs;
    private final Job[] recorders;
    private int nextPidSlot;
    private long recorded;
    private long bytes;

    private static final class Direction {
        long bytes;
        long ios;
        final LatencyRecorder slat = new LatencyRecorder();
        final LatencyRecorder clat = new LatencyRecorder();
        final LatencyRecorder lat = new LatencyRecorder();

        DirectionStats toStats(long runtime) {
            if (ios == 0) {
                return DirectionStats.empty();
            }
            return new DirectionStats(bytes, ios, runtime, slat.toStats(), clat.toStats(), lat.toStats());
        }
    }

    private static final class Job {
        int pid;
        long start = -1;
        long end = -1;
        final Direction[] directions = {new Direction(), new Direction(), new Direction()};
        final LatencyRecorder sync = new LatencyRecorder();
        long minorFaults;
        long majorFaults;
    }

    private IntFunction<CpuAccount> cpuSource = pid -> null;

    /** Where the CPU accounts of the jobs' tasks are found, by pid. */
    public void setCpuSource(IntFunction<CpuAccount> source) {
        this.cpuSource = source;
    }

    /** Page faults the workload reports for job {@code index}. */
    public void recordFaults(int index, long minor, long major) {
        Job job = job(index);
        job.minorFaults += Math.max(0, minor);
        job.majorFaults += Math.max(0, major);
    }

    /** @param jobs the workload's jobs, in index order */
    public JobStatistics(List<JobDescriptor> jobs) {
        this.jobs = List.copyOf(jobs);
        this.recorders = new Job[jobs.size()];
        for (int i = 0; i < recorders.length; i++) {
            if (jobs.get(i).index() != i) {
                throw new IllegalArgumentException("job " + jobs.get(i).name() + " has index " + jobs.get(i).index()
                        + " at position " + i + "; jobs must be listed in index order");
            }
            recorders[i] = new Job();
        }
    }

    private Job job(int index) {
        if (index < 0 || index >= recorders.length) {
            throw new IllegalArgumentException("no job " + index + "; the workload declared " + recorders.length);
        }
        return recorders[index];
    }

    /**
     * A user task was created: the i-th one is taken to be job i's process until the workload names the job's
     * task ({@link #jobTask}).
     */
    public void userTaskCreated(int pid) {
        if (nextPidSlot < recorders.length) {
            recorders[nextPidSlot++].pid = pid;
        }
    }

    /** Job {@code index} is run by the task with {@code pid} (the workload said so: it overrides the guess). */
    public void jobTask(int index, int pid) {
        job(index).pid = pid;
    }

    /** Job {@code index} started at {@code now}. */
    public void started(int index, long now) {
        job(index).start = now;
    }

    /** Job {@code index} finished at {@code now}. */
    public void finished(int index, long now) {
        job(index).end = now;
    }

    /** One completed I/O; see {@link org.iosched.api.WorkloadContext#recordIo}. */
    public void recordIo(int index, FileIo.Kind kind, long bytes, long slatNanos, long clatNanos) {
        recordIo(index, kind, bytes, slatNanos, clatNanos, slatNanos >= 0 ? slatNanos + clatNanos : clatNanos);
    }

    /** One completed I/O with its total latency given (a synchronous engine's lat starts before its clat). */
    public void recordIo(int index, FileIo.Kind kind, long bytes, long slatNanos, long clatNanos, long latNanos) {
        int d = switch (kind) {
            case READ -> 0;
            case WRITE -> 1;
            case TRIM -> 2;
            default -> throw new IllegalArgumentException("recordIo takes READ, WRITE or TRIM, not " + kind
                    + " (fsyncs go to recordSync)");
        };
        Direction direction = job(index).directions[d];
        direction.bytes += bytes;
        direction.ios++;
        this.bytes += bytes;
        direction.clat.record(clatNanos);
        if (slatNanos >= 0) {
            direction.slat.record(slatNanos);
        }
        direction.lat.record(latNanos);
        recorded++;
    }

    /** One fsync/fdatasync and its latency. */
    public void recordSync(int index, long latencyNanos) {
        job(index).sync.record(latencyNanos);
        recorded++;
    }

    /** Bytes read, written and trimmed over all jobs so far. */
    public long bytes() {
        return bytes;
    }

    /** I/Os and syncs recorded over all jobs. */
    public long recorded() {
        return recorded;
    }

    /**
     * The results; a job that never started counts from 0, one that never finished ends at {@code runEnd}.
     */
    public List<JobResult> results(long runEnd) {
        List<JobResult> out = new ArrayList<>(recorders.length);
        for (int i = 0; i < recorders.length; i++) {
            Job job = recorders[i];
            long start = job.start < 0 ? 0 : job.start;
            long end = job.end < 0 ? runEnd : job.end;
            long runtime = Math.max(0, end - start);
            CpuAccount account = cpuSource.apply(job.pid);
            CpuUsage cpu = account == null
                    ? new CpuUsage(0, 0, runtime, 0, job.majorFaults, job.minorFaults)
                    : new CpuUsage(account.userNanos(), account.systemNanos(), runtime, account.contextSwitches(),
                            job.majorFaults + account.majorFaults(), job.minorFaults + account.minorFaults());
            out.add(new JobResult(jobs.get(i), job.pid, start, end, job.directions[0].toStats(runtime),
                    job.directions[1].toStats(runtime), job.directions[2].toStats(runtime), job.sync.toStats(), cpu));
        }
        return out;
    }
}
