package org.iosched.simulator.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.LongSupplier;
import org.iosched.api.FileIo;
import org.iosched.api.InvalidInputException;
import org.iosched.api.JobDescriptor;
import org.iosched.simulator.cpu.CpuAccount;
import org.iosched.simulator.result.CpuUsage;
import org.iosched.simulator.result.DirectionStats;
import org.iosched.simulator.result.JobResult;

/**
 * Collects what workloads record per job ({@code recordIo}, {@code recordSync}, job start and end) with
 * fio's meaning: per direction bytes, I/Os, slat, clat and lat ({@code lat = slat + clat} when slat is
 * known, else {@code clat}); fsync latencies; runtime from the job's start to its end; bandwidth and IOPS
 * samples per {@code bwavgtime}/{@code iopsavgtime} window ({@link WindowSampler}), or per I/O when the job
 * writes a bandwidth or IOPS log without {@code log_avg_msec} (io_u.c {@code account_io_completion}: a
 * bandwidth sample of {@code bytes * 1000000 / clat_ns}, an IOPS sample of 1).
 */
public final class JobStatistics {
    private final List<JobDescriptor> jobs;
    private final Job[] recorders;
    private int nextPidSlot;
    private long recorded;
    private long bytes;

    /** fio's default {@code bwavgtime} and {@code iopsavgtime}, ms. */
    static final long DEFAULT_AVERAGE_MILLIS = 500;

    private static final class Direction {
        long bytes;
        long ios;
        final LatencyRecorder slat = new LatencyRecorder();
        final LatencyRecorder clat = new LatencyRecorder();
        final LatencyRecorder lat = new LatencyRecorder();
        final RateRecorder bw = new RateRecorder();
        final RateRecorder iops = new RateRecorder();
        /** {@code clat_prio}: the priorities seen, in first-use order, and their clat; null until one is given. */
        int[] prios;
        LatencyRecorder[] prioClat;
        int nrPrios;

        void recordPrio(int ioprio, long clatNanos) {
            if (prios == null) {
                prios = new int[4];
                prioClat = new LatencyRecorder[4];
            }
            int i = 0;
            while (i < nrPrios && prios[i] != ioprio) {
                i++;
            }
            if (i == nrPrios) {
                if (nrPrios == prios.length) {
                    prios = java.util.Arrays.copyOf(prios, nrPrios * 2);
                    prioClat = java.util.Arrays.copyOf(prioClat, nrPrios * 2);
                }
                prios[nrPrios] = ioprio;
                prioClat[nrPrios] = new LatencyRecorder();
                nrPrios++;
            }
            prioClat[i].record(clatNanos);
        }

        DirectionStats toStats(long runtime) {
            if (ios == 0) {
                return DirectionStats.empty();
            }
            java.util.List<org.iosched.simulator.result.PrioLatency> clatPrio = new java.util.ArrayList<>(nrPrios);
            for (int i = 0; i < nrPrios; i++) {
                clatPrio.add(new org.iosched.simulator.result.PrioLatency(prios[i], prioClat[i].toStats()));
            }
            return new DirectionStats(bytes, ios, runtime, slat.toStats(), clat.toStats(), lat.toStats(),
                    bw.toSamples(), iops.toSamples(), clatPrio);
        }
    }

    private static final class Job {
        int pid;
        long start = -1;
        long end = -1;
        boolean closed;
        final Direction[] directions = {new Direction(), new Direction(), new Direction()};
        final LatencyRecorder sync = new LatencyRecorder();
        long minorFaults;
        long majorFaults;
        final WindowSampler bwWindows;
        final WindowSampler iopsWindows;
        final boolean bwPerIo;
        final boolean iopsPerIo;

        Job(JobDescriptor descriptor) {
            Map<String, String> options = descriptor.options();
            long bwMillis = millis(descriptor, "bwavgtime");
            long iopsMillis = millis(descriptor, "iopsavgtime");
            // a log without log_avg_msec is fio's per-unit log: samples per I/O instead of per window
            boolean averaged = flag(descriptor, "log_avg_msec", 0) != 0;
            boolean gtodReduce = flag(descriptor, "gtod_reduce", 0) != 0;
            boolean disableBw = flag(descriptor, "disable_bw_measurement", flag(descriptor, "disable_bw",
                    gtodReduce ? 1 : 0)) != 0;
            boolean bwLogPerIo = options.containsKey("write_bw_log") && !averaged;
            boolean iopsLogPerIo = options.containsKey("write_iops_log") && !averaged;
            bwPerIo = bwLogPerIo && !disableBw;
            iopsPerIo = iopsLogPerIo && !gtodReduce;
            RateRecorder[] bw = {directions[0].bw, directions[1].bw, directions[2].bw};
            RateRecorder[] iops = {directions[0].iops, directions[1].iops, directions[2].iops};
            bwWindows = new WindowSampler(bwMillis, true, bw, !bwLogPerIo);
            iopsWindows = new WindowSampler(iopsMillis, false, iops, !iopsLogPerIo);
        }

        void close(long now) {
            if (!closed) {
                closed = true;
                bwWindows.finish(now);
                iopsWindows.finish(now);
            }
        }
    }

    private static long millis(JobDescriptor job, String name) {
        long value = flag(job, name, DEFAULT_AVERAGE_MILLIS);
        if (value < 1) {
            throw new InvalidInputException("job " + job.name() + ": " + name + "=" + job.options().get(name)
                    + ": accepted: a window of 1 ms or more (fio's default is " + DEFAULT_AVERAGE_MILLIS + ")");
        }
        return value;
    }

    /** An integer option of the job (decimal or 0x hex), or {@code otherwise} when it is not written. */
    private static long flag(JobDescriptor job, String name, long otherwise) {
        String value = job.options().get(name);
        if (value == null) {
            return otherwise;
        }
        String text = value.trim();
        if (text.isEmpty()) {
            return 1;
        }
        try {
            return text.startsWith("0x") || text.startsWith("0X") ? Long.parseLong(text.substring(2), 16)
                    : Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new InvalidInputException("job " + job.name() + ": " + name + "=" + value
                    + ": accepted: an integer");
        }
    }

    private LongSupplier clock = () -> 0;

    /** The virtual clock the samples are taken by (the run's; without one every I/O is at time 0). */
    public void setClock(LongSupplier clock) {
        this.clock = clock;
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
            recorders[i] = new Job(jobs.get(i));
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
        Job job = job(index);
        job.start = now;
        job.bwWindows.start(now);
        job.iopsWindows.start(now);
    }

    /** Job {@code index} finished at {@code now}. */
    public void finished(int index, long now) {
        Job job = job(index);
        job.end = now;
        job.close(now);
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
        Job job = job(index);
        Direction direction = job.directions[d];
        direction.bytes += bytes;
        direction.ios++;
        if (!job.closed) {
            long now = clock.getAsLong();
            job.bwWindows.add(d, bytes, now);
            job.iopsWindows.add(d, 1, now);
        }
        if (job.bwPerIo) {
            direction.bw.sample(clatNanos > 0 ? bytes * 1_000_000L / clatNanos : 0);
        }
        if (job.iopsPerIo) {
            direction.iops.sample(1);
        }
        this.bytes += bytes;
        direction.clat.record(clatNanos);
        if (slatNanos >= 0) {
            direction.slat.record(slatNanos);
        }
        direction.lat.record(latNanos);
        recorded++;
    }

    /**
     * One completed I/O accounted under an I/O priority as well ({@code add_clat_sample} with the io_u's
     * {@code clat_prio_index}): fio's per-priority clat.
     */
    public void recordIo(int index, FileIo.Kind kind, long bytes, long slatNanos, long clatNanos, long latNanos,
                         int ioPriority) {
        recordIo(index, kind, bytes, slatNanos, clatNanos, latNanos);
        int d = kind == FileIo.Kind.READ ? 0 : kind == FileIo.Kind.WRITE ? 1 : 2;
        job(index).directions[d].recordPrio(ioPriority, clatNanos);
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
            job.close(end);
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
