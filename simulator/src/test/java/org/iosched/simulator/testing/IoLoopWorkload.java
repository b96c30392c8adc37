package org.iosched.simulator.testing;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import org.iosched.api.FileHandle;
import org.iosched.api.FileIo;
import org.iosched.api.FileIoListener;
import org.iosched.api.JobDescriptor;
import org.iosched.api.Task;
import org.iosched.api.TaskSpec;
import org.iosched.api.Workload;
import org.iosched.api.WorkloadContext;

/**
 * A fio-like test workload driving the CPU model: {@code jobs} jobs, each one task doing I/O of {@code blockSize}
 * bytes at every other block of its own region of a file for {@code runtimeNanos} of virtual time (time based), either blocking (one
 * call at a time, as psync) or asynchronous (iodepth calls in flight, the first batch in one {@code submitBatch},
 * then one new call per completion, as libaio), each with {@code userNanos} of user time before it. It records
 * slat (issue to the call's return) and clat (return to completion) as fio does.
 */
public final class IoLoopWorkload implements Workload {
    private final int jobs;
    private final FileIo.Kind kind;
    private final boolean direct;
    private final boolean async;
    private final int iodepth;
    private final int blockSize;
    private final long regionBytes;
    private final long runtimeNanos;
    private final long userNanos;
    private final String path;
    private final BitSet[] cpus;
    private final List<Task> tasks = new ArrayList<>();

    private IoLoopWorkload(Builder b) {
        this.jobs = b.jobs;
        this.kind = b.kind;
        this.direct = b.direct;
        this.async = b.async;
        this.iodepth = b.iodepth;
        this.blockSize = b.blockSize;
        this.regionBytes = b.regionBytes;
        this.runtimeNanos = b.runtimeNanos;
        this.userNanos = b.userNanos;
        this.path = b.path;
        this.cpus = b.cpus;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The tasks created, one per job. */
    public List<Task> tasks() {
        return tasks;
    }

    @Override
    public List<JobDescriptor> jobs() {
        List<JobDescriptor> out = new ArrayList<>();
        for (int i = 0; i < jobs; i++) {
            out.add(new JobDescriptor(i, "job" + i, 0, false, "", Map.of(), List.of()));
        }
        return out;
    }

    @Override
    public void start(WorkloadContext ctx) {
        int[] running = {jobs};
        for (int j = 0; j < jobs; j++) {
            BitSet allowed = cpus == null ? null : cpus[j];
            Task task = ctx.createTask(TaskSpec.of("job" + j).withCpusAllowed(allowed));
            tasks.add(task);
            FileHandle file = ctx.open(task, path, regionBytes * jobs);
            new Job(ctx, j, task, file, running).start();
        }
    }

    private final class Job implements FileIoListener {
        final WorkloadContext ctx;
        final int index;
        final Task task;
        final FileHandle file;
        final int[] running;
        final long base;
        long next;
        long end;
        int inFlight;
        boolean stopping;

        Job(WorkloadContext ctx, int index, Task task, FileHandle file, int[] running) {
            this.ctx = ctx;
            this.index = index;
            this.task = task;
            this.file = file;
            this.running = running;
            this.base = regionBytes * index;
        }

        void start() {
            ctx.jobStarted(index, task);
            end = ctx.now() + runtimeNanos;
            int depth = async ? iodepth : 1;
            FileIo[] batch = new FileIo[depth];
            for (int i = 0; i < depth; i++) {
                batch[i] = prepare();
            }
            inFlight = depth;
            ctx.submitBatch(batch, depth);
        }

        FileIo prepare() {
            long offset = base + next;
            // every other block, so that no two I/Os of a job are contiguous (nothing merges)
            next = (next + 2L * blockSize) % regionBytes;
            return new FileIo().prepare(kind, task, file, offset, blockSize, direct, this).setAsync(async)
                    .setUserNanos(userNanos);
        }

        @Override
        public void completed(FileIo io) {
            inFlight--;
            ctx.recordIo(index, kind, io.length(), io.submitTime() - io.issueTime(),
                    io.completeTime() - io.submitTime());
            if (ctx.now() < end) {
                inFlight++;
                ctx.submit(prepare());
            } else if (inFlight == 0) {
                ctx.jobFinished(index);
                if (--running[0] == 0) {
                    ctx.finish();
                }
            }
        }
    }

    /** Builds an {@link IoLoopWorkload}: by default one job of blocking 4 KiB direct reads of /dev/sda for 1 s. */
    public static final class Builder {
        private int jobs = 1;
        private FileIo.Kind kind = FileIo.Kind.READ;
        private boolean direct = true;
        private boolean async;
        private int iodepth = 1;
        private int blockSize = 4096;
        private long regionBytes = 64L << 20;
        private long runtimeNanos = 1_000_000_000L;
        private long userNanos;
        private String path = "/dev/sda";
        private BitSet[] cpus;

        public Builder jobs(int n) {
            this.jobs = n;
            return this;
        }

        public Builder writes() {
            this.kind = FileIo.Kind.WRITE;
            return this;
        }

        public Builder buffered(String file, long regionBytes) {
            this.direct = false;
            this.path = file;
            this.regionBytes = regionBytes;
            return this;
        }

        public Builder async(int depth) {
            this.async = true;
            this.iodepth = depth;
            return this;
        }

        public Builder runtime(long nanos) {
            this.runtimeNanos = nanos;
            return this;
        }

        public Builder userNanos(long nanos) {
            this.userNanos = nanos;
            return this;
        }

        /** Job i may run on the CPUs of {@code sets[i]} (null: every CPU). */
        public Builder cpus(BitSet... sets) {
            this.cpus = sets;
            return this;
        }

        public IoLoopWorkload build() {
            return new IoLoopWorkload(this);
        }
    }
}
