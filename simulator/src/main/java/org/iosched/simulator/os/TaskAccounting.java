package org.iosched.simulator.os;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.iosched.simulator.TaskStats;
import org.iosched.simulator.block.RequestCompletionListener;

/**
 * Per-task I/O counts: bios as tasks submit them, and requests as the device completes them, charged to the
 * task that allocated the request (its io context, the one schedulers see). Tasks are listed in creation order.
 */
final class TaskAccounting implements RequestCompletionListener {
    private static final int READ_BIOS = 0;
    private static final int READ_BYTES = 1;
    private static final int WRITE_BIOS = 2;
    private static final int WRITE_BYTES = 3;
    private static final int FLUSH_BIOS = 4;
    private static final int SYNC_BIOS = 5;
    private static final int READ_REQUESTS = 6;
    private static final int WRITE_REQUESTS = 7;
    private static final int READ_SECTORS = 8;
    private static final int WRITE_SECTORS = 9;
    private static final int COUNTERS = 10;

    private final Map<Task, long[]> counters = new IdentityHashMap<>();
    private final List<Task> tasks = new ArrayList<>();

    /** A task exists (listed even if it never does I/O). */
    void taskCreated(Task task) {
        of(task);
    }

    private long[] of(Task task) {
        long[] c = counters.get(task);
        if (c == null) {
            c = new long[COUNTERS];
            counters.put(task, c);
            tasks.add(task);
        }
        return c;
    }

    /** A bio is submitted by its task. */
    void bioSubmitted(Bio bio) {
        long[] c = of(bio.task());
        switch (bio.op()) {
            case READ -> {
                c[READ_BIOS]++;
                c[READ_BYTES] += bio.bytes();
            }
            case WRITE, DISCARD -> {
                c[WRITE_BIOS]++;
                c[WRITE_BYTES] += bio.bytes();
            }
            case FLUSH -> c[FLUSH_BIOS]++;
            default -> throw new IllegalStateException("unknown op " + bio.op());
        }
        if (bio.isSync()) {
            c[SYNC_BIOS]++;
        }
    }

    @Override
    public void requestCompleted(Request rq) {
        long[] c = of(rq.task());
        if (rq.op() == Op.READ) {
            c[READ_REQUESTS]++;
            c[READ_SECTORS] += rq.sectors();
        } else {
            c[WRITE_REQUESTS]++;
            c[WRITE_SECTORS] += rq.sectors();
        }
    }

    /** The counts so far, one per task, in creation order. */
    List<TaskStats> snapshot() {
        List<TaskStats> out = new ArrayList<>(tasks.size());
        for (Task t : tasks) {
            long[] c = counters.get(t);
            out.add(new TaskStats(t.pid(), t.name(), t.cgroup().path(), t.isKernelThread(), c[READ_BIOS],
                    c[READ_BYTES], c[WRITE_BIOS], c[WRITE_BYTES], c[FLUSH_BIOS], c[SYNC_BIOS], c[READ_REQUESTS],
                    c[WRITE_REQUESTS], c[READ_SECTORS], c[WRITE_SECTORS]));
        }
        return out;
    }
}
