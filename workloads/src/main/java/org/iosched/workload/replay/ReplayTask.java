package org.iosched.workload.replay;

import java.util.ArrayDeque;
import org.iosched.api.FileHandle;
import org.iosched.api.FileIo;
import org.iosched.api.FileIoListener;
import org.iosched.api.InvalidInputException;
import org.iosched.api.Task;
import org.iosched.api.TaskSpec;
import org.iosched.api.Timer;
import org.iosched.api.WorkloadContext;

/**
 * Replays one {@link ReplayStream} as one task against the raw device. Open loop: every operation is
 * issued at its recorded time, however many are still in flight. Closed loop: the first at its recorded
 * time, each next one when the previous has completed. Units are pooled; the pool grows only with the
 * number of operations in flight.
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
    private Timer timer;
    private long origin;
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

    void start(long origin, String devicePath) {
        this.origin = origin;
        task = ctx.createTask(TaskSpec.of(stream.name));
        device = ctx.open(task, devicePath, 0);
        timer = ctx.newTimer(this::issueDue);
        timer.arm(origin + stream.time(0));
    }

    private void issueDue() {
        if (next == 0) {
            ctx.jobStarted(job);
        }
        long now = ctx.now();
        if (closedLoop) {
            issue(next++);
            return;
        }
        while (next < stream.size() && origin + stream.time(next) <= now) {
            issue(next++);
        }
        if (next < stream.size()) {
            timer.arm(origin + stream.time(next));
        }
    }

    private void issue(int i) {
        FileIo io = pool.isEmpty() ? new FileIo() : pool.pop();
        FileIo.Kind kind = stream.kind(i);
        io.prepare(kind, task, device, stream.offset(i), stream.length(i), true, this);
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
            issue(next++);
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
