package org.iosched.simulator.os;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.iosched.simulator.blk.RequestCompletionListener;
import org.iosched.simulator.cpu.CpuAccount;
import org.iosched.simulator.result.TaskStats;

/**
 * Per-task I/O counts: bios as tasks submit them, and requests as the device completes them, charged to the
 * task that allocated the request (its io context, the one schedulers see), and each task's CPU account. Tasks are
 * listed in creation order.
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
    private final Map<Task, CpuAccount> cpuAccounts = new IdentityHashMap<>();
    private final Map<Integer, CpuAccount> byPid = new HashMap<>();
    private final List<Task> tasks = new ArrayList<>();
    /** The last task {@link #of} looked up and its counters (never removed): most lookups repeat it. */
    private Task lastTask;
    private long[] lastCounters;
    private final long everyCpu;

    /** @param everyCpu the affinity mask of a task that may run anywhere */
    TaskAccounting(long everyCpu) {
        this.everyCpu = everyCpu;
    }

    /** A task exists (listed even if it never does I/O); it may run on every CPU. */
    void taskCreated(Task task) {
        taskCreated(task, everyCpu);
    }

    /** A task exists that may run on the CPUs of {@code allowed}. */
    void taskCreated(Task task, long allowed) {
        of(task);
        if (!cpuAccounts.containsKey(task)) {
            CpuAccount account = new CpuAccount(task.name(), allowed);
            cpuAccounts.put(task, account);
            byPid.put(task.pid(), account);
        }
    }

    /** The task's CPU account (created, able to run anywhere, for a task not announced). */
    CpuAccount cpu(Task task) {
        CpuAccount account = cpuAccounts.get(task);
        if (account == null) {
            taskCreated(task);
            account = cpuAccounts.get(task);
        }
        return account;
    }

    /** The CPU account of the task with {@code pid}, or null. */
    CpuAccount cpu(int pid) {
        return byPid.get(pid);
    }

    private long[] of(Task task) {
        if (task == lastTask) {
            return lastCounters;
        }
        long[] c = counters.get(task);
        if (c == null) {
            c = new long[COUNTERS];
            counters.put(task, c);
            tasks.add(task);
        }
        lastTask = task;
        lastCounters = c;
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
            CpuAccount cpu = cpuAccounts.get(t);
            out.add(new TaskStats(t.pid(), t.name(), t.cgroup().path(), t.isKernelThread(), c[READ_BIOS],
                    c[READ_BYTES], c[WRITE_BIOS], c[WRITE_BYTES], c[FLUSH_BIOS], c[SYNC_BIOS], c[READ_REQUESTS],
                    c[WRITE_REQUESTS], c[READ_SECTORS], c[WRITE_SECTORS], cpu.userNanos(), cpu.systemNanos(),
                    cpu.contextSwitches()));
        }
        return out;
    }
}
