package org.iosched.workload.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iosched.api.JobDescriptor;
import org.iosched.api.Workload;
import org.iosched.api.WorkloadContext;

/**
 * A recorded trace to replay: one job per recorded task, against the raw device, open or closed loop.
 *
 * <p>Features: fio iolog v2/v3 and blkparse text. Limitations: reads and writes are replayed as direct
 * I/O (the recorded sync/async and FUA/META flags are not reproduced); recorded think time between
 * dependent I/Os is dropped in closed loop. Notes: the trace's first event happens at the start of the run.
 */
public final class ReplayWorkload implements Workload {
    private final String source;
    private final TraceReader.Trace trace;
    private final boolean closedLoop;
    private final List<JobDescriptor> jobs;
    private WorkloadContext ctx;
    private List<ReplayTask> tasks;
    private org.iosched.api.Timer clock;
    private long origin;
    private int remaining;

    ReplayWorkload(String source, TraceReader.Trace trace, boolean closedLoop) {
        this.source = source;
        this.trace = trace;
        this.closedLoop = closedLoop;
        List<JobDescriptor> d = new ArrayList<>();
        for (int i = 0; i < trace.streams().size(); i++) {
            ReplayStream s = trace.streams().get(i);
            String mode = closedLoop ? "closed" : "open";
            d.add(new JobDescriptor(i, s.name, 0, false, "replay of " + s.size() + " I/Os (" + formatName()
                    + ", " + mode + " loop)" + (s.pid > 0 ? ", pid " + s.pid : ""),
                    Map.of("mode", mode, "format", formatName(), "source", source), List.of()));
        }
        this.jobs = List.copyOf(d);
    }

    private String formatName() {
        return switch (trace.format()) {
            case FIO_IOLOG_V2 -> "fio iolog v2";
            case FIO_IOLOG_V3 -> "fio iolog v3";
            case BLKPARSE -> "blkparse";
            case BLKTRACE -> "blktrace";
        };
    }

    @Override
    public List<JobDescriptor> jobs() {
        return jobs;
    }

    @Override
    public List<String> notices() {
        return trace.notices();
    }

    @Override
    public void start(WorkloadContext context) {
        if (ctx != null) {
            throw new IllegalStateException("a replay workload runs once");
        }
        ctx = context;
        long capacity = context.device().capacitySectors() << 9;
        List<ReplayTask> tasks = new ArrayList<>();
        for (int i = 0; i < trace.streams().size(); i++) {
            ReplayTask t = new ReplayTask(trace.streams().get(i), i, closedLoop, this, context);
            t.validate(source, capacity);
            tasks.add(t);
        }
        this.tasks = tasks;
        remaining = tasks.size();
        origin = context.now();
        String devicePath = "/dev/" + context.device().name();
        for (ReplayTask t : tasks) {
            t.start(devicePath);
        }
        clock = context.newTimer(this::issueDue);
        armClock();
    }

    /** Issue every operation whose recorded time has come, across tasks in trace order. */
    private void issueDue() {
        long now = ctx.now();
        while (true) {
            ReplayTask first = null;
            for (ReplayTask t : tasks) {
                long due = t.nextDueTime();
                if (due >= 0 && origin + due <= now && (first == null || earlier(t, first))) {
                    first = t;
                }
            }
            if (first == null) {
                break;
            }
            first.issueNext();
        }
        armClock();
    }

    private static boolean earlier(ReplayTask a, ReplayTask b) {
        long ta = a.nextDueTime();
        long tb = b.nextDueTime();
        return ta != tb ? ta < tb : a.nextLine() < b.nextLine();
    }

    private void armClock() {
        long next = Long.MAX_VALUE;
        for (ReplayTask t : tasks) {
            long due = t.nextDueTime();
            if (due >= 0) {
                next = Math.min(next, origin + due);
            }
        }
        if (next != Long.MAX_VALUE) {
            clock.arm(Math.max(next, ctx.now()));
        }
    }

    void taskDone() {
        if (--remaining == 0) {
            ctx.finish();
        }
    }

    /** The streams, for tests. */
    List<ReplayStream> streams() {
        return trace.streams();
    }
}
