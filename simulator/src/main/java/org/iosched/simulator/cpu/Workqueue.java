package org.iosched.simulator.cpu;

import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.SimTimer;

/**
 * A per-CPU workqueue of 2.6.32-3.0 ({@code create_workqueue}: {@code kblockd}, {@code kthrotld}, {@code kioband}):
 * one kernel thread per CPU ({@code kblockd/0}, ...), pinned to it, running the work items queued on that CPU in
 * order. The thread is a task like any other: it runs in steps on its CPU once that CPU is free, so its work (a
 * queue run, a controller's dispatch round) and what that work causes wait for the tasks and interrupts ahead of it.
 *
 * <p>Features:
 * <ul>
 *   <li>{@link #queue} is {@code queue_work}: the item goes to the current CPU's thread (the step's CPU, the
 *       interrupt's, CPU 0 outside both); an item already pending is not queued again
 *       ({@code WORK_STRUCT_PENDING}), and is pending until its function starts. Waking a sleeping thread costs
 *       the waker {@code cpu.wakeup_ns}; each run of the thread after a sleep is a context switch.</li>
 *   <li>{@link #runSoon} is the same for work a timer queues ({@code blk_unplug_timeout}, a delayed work item's
 *       timer): when the thread's CPU is free at once and nothing is queued before it, the thread runs in the
 *       current event (nothing can run on that CPU before it), so that with every CPU cost 0 the work runs when
 *       its timer fires, as before the CPU model.</li>
 *   <li>Work items are reusable objects and the queues are intrusive lists: no allocation per item queued.</li>
 * </ul>
 *
 * <p>Limitations: a thread is never migrated; no concurrency-managed workqueues (2.6.36+ kworker pools) or
 * rescuer threads; the thread's CPU time is not reported as a task's.
 */
public final class Workqueue {
    /** A work item ({@code struct work_struct}): a function, queued at most once at a time. */
    public static final class Work {
        private final Runnable function;
        private boolean pending;
        private int cpu = -1;
        private Work next;

        private Work(Runnable function) {
            this.function = function;
        }

        /** Queued and not yet started. */
        public boolean pending() {
            return pending;
        }
    }

    private final EventQueue clock;
    private final Cpus cpus;
    private final CpuAccount[] threads;
    private final Work[] head;
    private final Work[] tail;
    private final SimTimer[] timers;
    private final boolean[] running;

    /**
     * @param clock virtual time
     * @param cpus  the CPUs
     * @param name  the threads' name without the CPU ({@code kblockd})
     */
    public Workqueue(EventQueue clock, Cpus cpus, String name) {
        this.clock = clock;
        this.cpus = cpus;
        int n = cpus.count();
        this.threads = new CpuAccount[n];
        this.head = new Work[n];
        this.tail = new Work[n];
        this.timers = new SimTimer[n];
        this.running = new boolean[n];
        for (int cpu = 0; cpu < n; cpu++) {
            threads[cpu] = new CpuAccount(name + "/" + cpu, 1L << cpu);
            int c = cpu;
            timers[cpu] = clock.newTimer(null, () -> run(c));
        }
    }

    /** A new work item running {@code function}. */
    public Work newWork(Runnable function) {
        return new Work(function);
    }

    /** The thread of {@code cpu}, for its CPU figures. */
    public CpuAccount thread(int cpu) {
        return threads[cpu];
    }

    /** {@code queue_work} on the current CPU; false when the item was pending already. */
    public boolean queue(Work work) {
        if (work.pending) {
            return false;
        }
        int cpu = cpus.currentCpu();
        append(work, cpu);
        if (!running[cpu] && !timers[cpu].isPending()) {
            // the thread sleeps: try_to_wake_up, charged to the waker; it runs once its CPU is free
            cpus.charge(cpus.wakeup);
            timers[cpu].arm(Math.max(cpus.wakeAt(), cpus.freeAt(cpu)));
        }
        return true;
    }

    /**
     * Work a timer queues: the thread runs now, in the current event, if its CPU is free and nothing is queued
     * before it (and no task's step is running); else as {@link #queue}.
     */
    public boolean runSoon(Work work) {
        if (work.pending) {
            return false;
        }
        int cpu = cpus.currentCpu();
        if (cpus.inStep() || running[cpu] || head[cpu] != null || timers[cpu].isPending()
                || cpus.ready() > clock.now() || cpus.freeAt(cpu) > clock.now()) {
            return queue(work);
        }
        cpus.charge(cpus.wakeup);
        append(work, cpu);
        if (cpus.freeAt(cpu) > clock.now()) {
            // the wake-up itself took the CPU
            timers[cpu].arm(cpus.freeAt(cpu));
            return true;
        }
        long saved = cpus.suspendInterrupt();
        try {
            run(cpu);
        } finally {
            cpus.resumeInterrupt(saved);
        }
        return true;
    }

    /** {@code cancel_work}: a pending item is taken off its queue; false when it was not pending. */
    public boolean cancel(Work work) {
        if (!work.pending) {
            return false;
        }
        int cpu = work.cpu;
        Work prev = null;
        for (Work w = head[cpu]; w != null; prev = w, w = w.next) {
            if (w == work) {
                if (prev == null) {
                    head[cpu] = w.next;
                } else {
                    prev.next = w.next;
                }
                if (tail[cpu] == w) {
                    tail[cpu] = prev;
                }
                break;
            }
        }
        work.next = null;
        work.pending = false;
        work.cpu = -1;
        return true;
    }

    private void append(Work work, int cpu) {
        work.pending = true;
        work.cpu = cpu;
        work.next = null;
        if (tail[cpu] == null) {
            head[cpu] = work;
        } else {
            tail[cpu].next = work;
        }
        tail[cpu] = work;
    }

    // worker_thread: once its CPU is free, run every item queued on it, those queued meanwhile included
    private void run(int cpu) {
        if (head[cpu] == null || running[cpu]) {
            return;
        }
        long now = clock.now();
        if (cpus.inStep()) {
            timers[cpu].arm(now);
            return;
        }
        long free = cpus.freeAt(cpu);
        if (free > now) {
            timers[cpu].arm(free);
            return;
        }
        timers[cpu].cancel();
        CpuAccount thread = threads[cpu];
        cpus.begin(cpu, thread, true);
        running[cpu] = true;
        try {
            Work work;
            while ((work = head[cpu]) != null) {
                head[cpu] = work.next;
                if (head[cpu] == null) {
                    tail[cpu] = null;
                }
                work.next = null;
                work.pending = false;
                work.cpu = -1;
                work.function.run();
            }
        } finally {
            running[cpu] = false;
            cpus.end();
        }
    }
}
