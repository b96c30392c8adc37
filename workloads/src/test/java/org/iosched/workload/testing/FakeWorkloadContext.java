package org.iosched.workload.testing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.function.ToLongFunction;
import java.util.random.RandomGenerator;
import org.iosched.api.Cgroup;
import org.iosched.api.DeviceInfo;
import org.iosched.api.FileHandle;
import org.iosched.api.FileIo;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Task;
import org.iosched.api.TaskSpec;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;
import org.iosched.api.WorkloadContext;

/**
 * A hand-written {@link WorkloadContext} for tests: a virtual clock with an event queue, and an "OS" that
 * completes every operation after a latency chosen by a function of the operation (fixed by default).
 * It records what the workload did: submissions, in-flight depth per task, recorded statistics, job
 * start and finish times, tasks, files and log output.
 */
public final class FakeWorkloadContext implements WorkloadContext {
    /** A submitted operation. */
    public record Submission(long time, int pid, FileIo.Kind kind, String path, long offset, long length,
                             boolean direct, boolean syncWrite, long userNanos, boolean async) {
    }

    /** A {@link #spin} call: the task's pid, when, and for how long. */
    public record Spin(long time, int pid, long nanos) {
    }

    /** A {@link #recordFaults} call. */
    public record Faults(long time, int job, long minor, long major) {
    }

    /** A recorded I/O. */
    public record Recorded(long time, int job, FileIo.Kind kind, long bytes, long slat, long clat) {
    }

    private record Event(long time, long seq, Runnable action) {
    }

    private final PriorityQueue<Event> events = new PriorityQueue<>((a, b) ->
            a.time != b.time ? Long.compare(a.time, b.time) : Long.compare(a.seq, b.seq));
    private final DeviceInfo device;
    private final long runSeed;
    private ToLongFunction<FileIo> latency = io -> 100_000;
    private java.util.function.Predicate<FileIo> failing = io -> false;
    private String failure;
    private long now;
    private long seq;
    private int nextPid = 100;
    private boolean finished;
    private long finishTime = -1;

    public final List<Submission> submissions = new ArrayList<>();
    public final List<Recorded> recorded = new ArrayList<>();
    public final List<long[]> syncs = new ArrayList<>();
    public final Map<Integer, Long> jobStarts = new HashMap<>();
    public final Map<Integer, Long> jobEnds = new HashMap<>();
    public final List<Task> tasks = new ArrayList<>();
    public final List<TaskSpec> taskSpecs = new ArrayList<>();
    public final List<Task> exitedTasks = new ArrayList<>();
    public final Map<String, Long> openedFiles = new LinkedHashMap<>();
    public final Map<String, StringBuilder> logs = new LinkedHashMap<>();
    public final Map<Integer, Integer> maxInFlightByPid = new HashMap<>();
    public final List<String> traceMessages = new ArrayList<>();
    private final Map<Integer, Integer> inFlightByPid = new HashMap<>();
    private final Map<String, Cgroup> cgroups = new HashMap<>();
    public int submitCalls;
    public final List<Spin> spins = new ArrayList<>();
    public final List<Faults> faults = new ArrayList<>();
    private int cpuCount = 1;

    public FakeWorkloadContext() {
        this(1L << 31, 42);
    }

    /**
     * @param capacitySectors device capacity
     * @param runSeed         the run seed random streams derive from
     */
    public FakeWorkloadContext(long capacitySectors, long runSeed) {
        this.device = new DeviceInfo("fake", capacitySectors, true, 32, false, false, 2048);
        this.runSeed = runSeed;
    }

    /** The number of CPUs {@link #cpuCount()} reports (1 by default, as a context without a CPU model). */
    public FakeWorkloadContext cpus(int count) {
        this.cpuCount = count;
        return this;
    }

    /** Complete every operation after {@code nanos}. */
    public FakeWorkloadContext latency(long nanos) {
        this.latency = io -> nanos;
        return this;
    }

    /** Complete each operation after a latency computed from it. */
    public FakeWorkloadContext latency(ToLongFunction<FileIo> latency) {
        this.latency = latency;
        return this;
    }

    /** Complete the operations {@code which} selects with {@code error} ({@link FileIo#markError}). */
    public FakeWorkloadContext failWhen(java.util.function.Predicate<FileIo> which, String error) {
        this.failing = which;
        this.failure = error;
        return this;
    }

    /** Run events until none is left or virtual time passes {@code limitNanos}. */
    public FakeWorkloadContext runUntil(long limitNanos) {
        while (!events.isEmpty() && events.peek().time <= limitNanos) {
            Event e = events.poll();
            now = e.time;
            e.action.run();
        }
        return this;
    }

    /** Run until no events remain (bounded at 10^6 s of virtual time). */
    public FakeWorkloadContext run() {
        return runUntil(1_000_000L * 1_000_000_000L);
    }

    public boolean finished() {
        return finished;
    }

    public long finishTime() {
        return finishTime;
    }

    public List<Recorded> recordedFor(int job) {
        return recorded.stream().filter(r -> r.job == job).toList();
    }

    public List<Submission> submissionsOf(FileIo.Kind kind) {
        return submissions.stream().filter(s -> s.kind == kind).toList();
    }

    private void schedule(long at, Runnable r) {
        events.add(new Event(at, seq++, r));
    }

    @Override
    public long now() {
        return now;
    }

    @Override
    public Timer newTimer(Runnable callback) {
        return new Timer() {
            private long at = -1;
            private long generation;

            @Override
            public void arm(long atNanos) {
                at = atNanos;
                long g = ++generation;
                schedule(atNanos, () -> {
                    if (g == generation && at >= 0) {
                        at = -1;
                        callback.run();
                    }
                });
            }

            @Override
            public void cancel() {
                at = -1;
                generation++;
            }

            @Override
            public boolean isPending() {
                return at >= 0;
            }

            @Override
            public long expiresAt() {
                return at;
            }
        };
    }

    @Override
    public RandomGenerator random(String name, long seed) {
        long s = seed >= 0 ? seed : runSeed * 0x9E3779B97F4A7C15L ^ name.hashCode();
        return new SplittableRandom(s);
    }

    @Override
    public DeviceInfo device() {
        return device;
    }

    @Override
    public Task createTask(TaskSpec spec) {
        Cgroup cg = cgroups.computeIfAbsent(spec.cgroupPath(),
                p -> new Cgroup(p, spec.cgroupWeight() > 0 ? spec.cgroupWeight() : Cgroup.DEFAULT_WEIGHT));
        IoPrioClass cls = spec.effectiveClass();
        Task t = new Task(nextPid++, spec.name(), false, cls, spec.effectiveLevel(), cg);
        tasks.add(t);
        taskSpecs.add(spec);
        return t;
    }

    @Override
    public void exitTask(Task task) {
        exitedTasks.add(task);
    }

    @Override
    public FileHandle open(Task task, String path, long size) {
        boolean raw = path.startsWith("/dev/");
        long s = raw ? device.capacitySectors() << 9 : size;
        openedFiles.merge(path, s, Math::max);
        return new FileHandle() {
            @Override
            public String path() {
                return path;
            }

            @Override
            public long size() {
                return s;
            }

            @Override
            public boolean isRawDevice() {
                return raw;
            }
        };
    }

    @Override
    public void submit(FileIo io) {
        submitCalls++;
        doSubmit(io);
    }

    /** The I/O priority of each operation submitted, in order. */
    public final List<Integer> submittedPriorities = new ArrayList<>();
    /** Per recorded I/O given one, the priority it was accounted under, in order. */
    public final List<Integer> recordedPriorities = new ArrayList<>();
    private String kernelVersion = "3.0";

    /** Model {@code version} ({@code kernel.version}) for the workload's era checks. */
    public FakeWorkloadContext kernel(String version) {
        this.kernelVersion = version;
        return this;
    }

    @Override
    public String kernelVersion() {
        return kernelVersion;
    }

    @Override
    public void submitBatch(FileIo[] ios, int count) {
        submitCalls++;
        for (int i = 0; i < count; i++) {
            doSubmit(ios[i]);
        }
    }

    private void doSubmit(FileIo io) {
        submittedPriorities.add(io.ioPriority());
        io.markIssued(now);
        int pid = io.task().pid();
        submissions.add(new Submission(now, pid, io.kind(), io.file().path(), io.offset(), io.length(),
                io.direct(), io.syncWrite(), io.userNanos(), io.async()));
        int depth = inFlightByPid.merge(pid, 1, Integer::sum);
        maxInFlightByPid.merge(pid, depth, Math::max);
        io.markSubmitted(now);
        io.listener().submitted(io);
        long done = now + latency.applyAsLong(io);
        schedule(done, () -> {
            inFlightByPid.merge(pid, -1, Integer::sum);
            io.markCompleted(now);
            if (failing.test(io)) {
                io.markError(failure);
            }
            io.listener().completed(io);
        });
    }

    @Override
    public int cpuCount() {
        return cpuCount;
    }

    /** Records the spin, then runs {@code done} after {@code nanos} of virtual time (one CPU each, no contention). */
    @Override
    public void spin(Task task, long nanos, Runnable done) {
        spins.add(new Spin(now, task.pid(), nanos));
        schedule(now + Math.max(0, nanos), done);
    }

    @Override
    public void recordFaults(int job, long minorFaults, long majorFaults) {
        faults.add(new Faults(now, job, minorFaults, majorFaults));
    }

    @Override
    public void jobStarted(int job) {
        jobStarts.put(job, now);
    }

    @Override
    public void jobFinished(int job) {
        jobEnds.put(job, now);
    }

    @Override
    public void recordIo(int job, FileIo.Kind kind, long bytes, long slatNanos, long clatNanos, long latNanos,
                         int ioPriority) {
        recordedPriorities.add(ioPriority);
        recordIo(job, kind, bytes, slatNanos, clatNanos, latNanos);
    }

    @Override
    public void recordIo(int job, FileIo.Kind kind, long bytes, long slatNanos, long clatNanos) {
        recorded.add(new Recorded(now, job, kind, bytes, slatNanos, clatNanos));
    }

    @Override
    public void recordSync(int job, long latencyNanos) {
        syncs.add(new long[] {now, job, latencyNanos});
    }

    @Override
    public Appendable openLog(String fileName) {
        return logs.computeIfAbsent(fileName, k -> new StringBuilder());
    }

    @Override
    public TraceSink trace() {
        return new TraceSink() {
            @Override
            public boolean enabled() {
                return true;
            }

            @Override
            public void message(String message) {
                traceMessages.add(message);
            }
        };
    }

    @Override
    public void finish() {
        finished = true;
        finishTime = now;
    }
}
