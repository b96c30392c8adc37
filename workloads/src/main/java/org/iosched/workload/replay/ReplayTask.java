package org.iosched.workload.replay;

import java.util.ArrayDeque;
import org.iosched.api.FileHandle;
import org.iosched.api.FileIo;
import org.iosched.api.FileIoListener;
import org.iosched.api.InvalidInputException;
import org.iosched.api.Task;
import org.iosched.api.TaskSpec;
import org.iosched.api.WorkloadContext;

/**
 * Replays one {@link ReplayStream} as one task against the raw device. Open loop: every operation is
 * issued at its recorded time, however many are still in flight. Closed loop: the first at its recorded
 * time, each next one when the previous has completed. The {@link ReplayWorkload} decides when recorded
 * times are due, so that operations of several tasks at one instant go out in trace order. Units are
 * pooled; the pool grows only with the number of operations in flight.
 */
final class ReplayTask implements FileIoListener {
    private final ReplayStream stream;
    private final int job;
    private final boolean closedLoop;
    private final ReplayWorkload workload;
    private final WorkloadContext ctx;
    private final ArrayDeque<FileIo> pool = new ArrayDeque<>();
    private Task task;
    private FileHandle device;
    private int next;
    private int inFlight;
    private boolean done;

    ReplayTask(ReplayStream stream, int job, boolean closedLoop, ReplayWorkload workload, WorkloadContext ctx) {
        this.stream = stream;
        this.job = job;
        this.closedLoop = closedLoop;
        this.workload = workload;
        this.ctx = ctx;
    }

    /** Check the trace against the device before anything runs. */
    void validate(String source, long capacityBytes) {
        for (int i = 0; i < stream.size(); i++) {
            long end = stream.offset(i) + stream.length(i);
            if (end > capacityBytes) {
                throw new InvalidInputException(source, stream.line(i), "I/O at byte " + stream.offset(i) + " + "
                        + stream.length(i) + " is beyond the end of the device (" + capacityBytes + " bytes)");
            }
        }
    }

    void start(String devicePath) {
        task = ctx.createTask(TaskSpec.of(stream.name));
        device = ctx.open(task, devicePath, 0);
    }

    /** The recorded time of the next operation the workload's clock should issue, or -1. */
    long nextDueTime() {
        if (next >= stream.size() || (closedLoop && next > 0)) {
            return -1;
        }
        return stream.time(next);
    }

    /** The trace line of the next operation (orders operations of one instant). */
    int nextLine() {
        return stream.line(next);
    }

    /** Issue the next operation now. */
    void issueNext() {
        if (next == 0) {
            ctx.jobStarted(job);
        }
        int i = next++;
        FileIo io = pool.isEmpty() ? new FileIo() : pool.pop();
        io.prepare(stream.kind(i), task, device, stream.offset(i), stream.length(i), true, this);
        inFlight++;
        ctx.submit(io);
    }

    @Override
    public void completed(FileIo io) {
        inFlight--;
        long submit = io.submitTime() >= 0 ? io.submitTime() : io.issueTime();
        if (io.kind() == FileIo.Kind.FSYNC || io.kind() == FileIo.Kind.FDATASYNC) {
            ctx.recordSync(job, io.completeTime() - io.issueTime());
        } else {
            ctx.recordIo(job, io.kind(), io.length(), submit - io.issueTime(), io.completeTime() - submit);
        }
        pool.push(io);
        if (closedLoop && next < stream.size()) {
            issueNext();
            return;
        }
        if (next >= stream.size() && inFlight == 0 && !done) {
            done = true;
            ctx.jobFinished(job);
            ctx.exitTask(task);
            workload.taskDone();
        }
    }
}
