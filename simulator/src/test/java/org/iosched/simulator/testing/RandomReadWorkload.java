package org.iosched.simulator.testing;

import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.iosched.api.FileHandle;
import org.iosched.api.FileIo;
import org.iosched.api.FileIoListener;
import org.iosched.api.JobDescriptor;
import org.iosched.api.Task;
import org.iosched.api.TaskSpec;
import org.iosched.api.Workload;
import org.iosched.api.WorkloadContext;

/**
 * A test workload: one job issuing {@code total} random direct I/Os of {@code blockSize} bytes over the
 * first {@code span} bytes of {@code /dev/sda}, keeping {@code iodepth} in flight, like fio's libaio
 * engine (slat is recorded). Reads, or writes when {@code write} is set.
 */
public final class RandomReadWorkload implements Workload, FileIoListener {
    private final long total;
    private final int blockSize;
    private final int iodepth;
    private final long span;
    private final boolean write;
    private WorkloadContext context;
    private Task task;
    private FileHandle file;
    private RandomGenerator random;
    private long issued;
    private long completed;

    public RandomReadWorkload(long total, int blockSize, int iodepth, long span, boolean write) {
        this.total = total;
        this.blockSize = blockSize;
        this.iodepth = iodepth;
        this.span = span;
        this.write = write;
    }

    public static RandomReadWorkload reads(long total, int iodepth) {
        return new RandomReadWorkload(total, 4096, iodepth, 512L * 1024 * 1024, false);
    }

    @Override
    public List<JobDescriptor> jobs() {
        return List.of(new JobDescriptor(0, "rand", 0, false, "rw=randread", Map.of(), List.of()));
    }

    @Override
    public void start(WorkloadContext ctx) {
        this.context = ctx;
        this.task = ctx.createTask(TaskSpec.of("fio"));
        this.file = ctx.open(task, "/dev/sda", span);
        this.random = ctx.random("rand", -1);
        ctx.jobStarted(0);
        int first = (int) Math.min(iodepth, total);
        for (int i = 0; i < first; i++) {
            issue(new FileIo());
        }
    }

    private void issue(FileIo io) {
        long blocks = span / blockSize;
        long offset = random.nextLong(blocks) * blockSize;
        io.prepare(write ? FileIo.Kind.WRITE : FileIo.Kind.READ, task, file, offset, blockSize, true, this);
        issued++;
        context.submit(io);
    }

    @Override
    public void completed(FileIo io) {
        completed++;
        context.recordIo(0, io.kind(), io.length(), io.submitTime() - io.issueTime(),
                io.completeTime() - io.submitTime());
        if (issued < total) {
            issue(io);
        } else if (completed == total) {
            context.jobFinished(0);
            context.finish();
        }
    }
}
