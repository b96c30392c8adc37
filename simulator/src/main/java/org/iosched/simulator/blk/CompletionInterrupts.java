package org.iosched.simulator.blk;

import org.iosched.simulator.cpu.CpuAccount;
import org.iosched.simulator.cpu.Cpus;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.SimTimer;

/**
 * The completion interrupts of one queue, serialized per CPU: a request the device completes raises an interrupt
 * on the CPU {@code rq_affinity} names; its hard-IRQ and softirq work ({@code cpu.completion_ns}) starts when that
 * CPU's earlier interrupt work is done, and what the completion does (the request ends, its bios end, waiters wake,
 * the queue runs) happens at the end of that work, in interrupt context, so that the next completion on the CPU
 * waits for it as well.
 *
 * <p>Features:
 * <ul>
 *   <li>{@code __do_softirq} of 2.6.32-3.0: one softirq run handles, pass after pass, the completions raised
 *       before each pass began (one {@code blk_done_softirq} takes the CPU's whole list); when completions are
 *       still pending after {@link #MAX_SOFTIRQ_RESTART} passes, the run wakes {@code ksoftirqd/N}
 *       ({@code wakeup_softirqd}, {@code cpu.wakeup_ns} in the interrupt) and stops. 3.0 has no time limit
 *       (MAX_SOFTIRQ_TIME came in 3.9).</li>
 *   <li>{@code ksoftirqd/N} is a task pinned to the CPU: once that CPU is free it runs one pass as a step (each
 *       completion's {@code cpu.completion_ns} is its system time), and goes on in further steps while work is
 *       pending, each waiting its turn for the CPU behind the tasks there; it sleeps when the list is empty.</li>
 *   <li>A FIFO per CPU threaded through {@link Entry} (no allocation per completion), one timer per CPU
 *       and one per ksoftirqd; an interrupt whose work takes no time (every CPU cost 0) runs at once, nested in
 *       whatever raised it, as before the CPU model, and is never deferred.</li>
 * </ul>
 *
 * <p>Limitations: while ksoftirqd is awake every completion raised on its CPU is its work and the hard IRQ costs
 * nothing apart (3.0's {@code irq_exit} would run the pending softirqs inline when the IRQ interrupts another
 * task); one ksoftirqd per CPU and queue; no IPIs.
 */
public final class CompletionInterrupts<T extends CompletionInterrupts.Entry> {
    /** A request as its CPU's interrupt queue links it (intrusive: no allocation per completion). */
    public abstract static class Entry {
        Entry nextIrq;

        /** Unlinks a recycled request from any interrupt queue. */
        protected final void clearIrqLink() {
            nextIrq = null;
        }
    }

    /** {@code MAX_SOFTIRQ_RESTART} of kernel/softirq.c (2.6.32-3.0): softirq passes before ksoftirqd takes over. */
    static final int MAX_SOFTIRQ_RESTART = 10;

    /** What the completion does once its interrupt work is done. */
    public interface Work<T> {
        void run(T request, int cpu);
    }

    private final EventQueue clock;
    private final Cpus cpus;
    private final Work<T> work;
    private final boolean softirq;
    private final Entry[] head;
    private final Entry[] tail;
    private final int[] pending;
    private final Entry[] running;
    private final SimTimer[] timers;
    /** Completions left in the current softirq pass, and passes left before ksoftirqd takes over. */
    private final int[] passLeft;
    private final int[] restartsLeft;
    /** ksoftirqd/N is awake and owns the CPU's pending completions. */
    private final boolean[] deferred;
    private final boolean[] threadSlept;
    private final SimTimer[] threadTimers;
    private long deferrals;

    /**
     * @param clock   virtual time
     * @param cpus    the CPUs
     * @param softirq whether the work is a softirq's (BLOCK_SOFTIRQ), which ksoftirqd takes over past the restart
     *                limit; false for completions run in the hard IRQ itself (blk-mq's local completion)
     * @param work    what a completion does once its interrupt work is done
     */
    public CompletionInterrupts(EventQueue clock, Cpus cpus, boolean softirq, Work<T> work) {
        this.clock = clock;
        this.cpus = cpus;
        this.softirq = softirq;
        this.work = work;
        int n = cpus.count();
        this.head = new Entry[n];
        this.tail = new Entry[n];
        this.pending = new int[n];
        this.running = new Entry[n];
        this.timers = new SimTimer[n];
        this.passLeft = new int[n];
        this.restartsLeft = new int[n];
        this.deferred = new boolean[n];
        this.threadSlept = new boolean[n];
        this.threadTimers = new SimTimer[n];
        for (int cpu = 0; cpu < n; cpu++) {
            int c = cpu;
            timers[cpu] = clock.newTimer(null, () -> workDone(c));
            threadTimers[cpu] = clock.newTimer(null, () -> threadRun(c));
        }
    }

    /** The device completed {@code rs}: its interrupt is raised on {@code cpu}. */
    public void raise(T rs, int cpu) {
        if (deferred[cpu] || running[cpu] != null || head[cpu] != null) {
            append(rs, cpu);
            return;
        }
        // a new softirq run (irq_exit -> __do_softirq), its first pass this completion
        restartsLeft[cpu] = MAX_SOFTIRQ_RESTART;
        passLeft[cpu] = 1;
        start(rs, cpu);
    }

    /** Whether an interrupt is queued or running on any CPU. */
    public boolean busy() {
        for (int cpu = 0; cpu < running.length; cpu++) {
            if (running[cpu] != null || head[cpu] != null) {
                return true;
            }
        }
        return false;
    }

    /** How often a softirq run left its work to ksoftirqd. */
    public long deferrals() {
        return deferrals;
    }

    // the interrupt's work begins once the CPU's earlier interrupt work is done; without cost it runs at once
    private void start(T first, int cpu) {
        T rs = first;
        while (rs != null) {
            long end = cpus.interrupt(cpu, cpus.completion);
            if (end > clock.now()) {
                running[cpu] = rs;
                timers[cpu].arm(end);
                return;
            }
            work.run(rs, cpu);
            if (running[cpu] != null || deferred[cpu]) {
                return;
            }
            rs = poll(cpu);
        }
    }

    @SuppressWarnings("unchecked")
    private void workDone(int cpu) {
        T rs = (T) running[cpu];
        running[cpu] = null;
        work.run(rs, cpu);
        if (running[cpu] != null || head[cpu] == null) {
            return;
        }
        if (--passLeft[cpu] <= 0) {
            // the pass is done and completions are pending: __do_softirq restarts, or wakes ksoftirqd
            if (softirq && --restartsLeft[cpu] <= 0) {
                defer(cpu);
                return;
            }
            passLeft[cpu] = pending[cpu];
        }
        start(poll(cpu), cpu);
    }

    // wakeup_softirqd: ksoftirqd/N runs once its CPU is free
    private void defer(int cpu) {
        deferred[cpu] = true;
        threadSlept[cpu] = true;
        deferrals++;
        long woken = cpus.interrupt(cpu, cpus.wakeup);
        threadTimers[cpu].arm(Math.max(woken, cpus.freeAt(cpu)));
    }

    // run_ksoftirqd: one pass (do_softirq) per step, then cond_resched: the tasks waiting for the CPU go first
    private void threadRun(int cpu) {
        long now = clock.now();
        if (cpus.inStep()) {
            threadTimers[cpu].arm(now);
            return;
        }
        long free = cpus.freeAt(cpu);
        if (free > now) {
            threadTimers[cpu].arm(free);
            return;
        }
        if (!threadSlept[cpu] && cpus.hasWaiter(cpu)) {
            // cond_resched: a task waits for the CPU (its turn is now): it runs first
            threadSlept[cpu] = true;
            threadTimers[cpu].arm(now);
            return;
        }
        CpuAccount thread = cpus.ksoftirqd(cpu);
        cpus.begin(cpu, thread, threadSlept[cpu]);
        threadSlept[cpu] = false;
        try {
            int pass = pending[cpu];
            while (pass-- > 0) {
                T rs = poll(cpu);
                cpus.charge(cpus.completion);
                work.run(rs, cpu);
            }
        } finally {
            cpus.end();
        }
        if (head[cpu] != null) {
            threadTimers[cpu].arm(cpus.freeAt(cpu));
        } else {
            deferred[cpu] = false;
        }
    }

    private void append(T rs, int cpu) {
        rs.nextIrq = null;
        if (tail[cpu] == null) {
            head[cpu] = rs;
        } else {
            tail[cpu].nextIrq = rs;
        }
        tail[cpu] = rs;
        pending[cpu]++;
    }

    @SuppressWarnings("unchecked")
    private T poll(int cpu) {
        T rs = (T) head[cpu];
        if (rs != null) {
            head[cpu] = rs.nextIrq;
            if (head[cpu] == null) {
                tail[cpu] = null;
            }
            rs.nextIrq = null;
            pending[cpu]--;
        }
        return rs;
    }
}
