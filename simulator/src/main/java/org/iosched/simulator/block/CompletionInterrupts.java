package org.iosched.simulator.block;

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
 * <p>Features: a FIFO per CPU threaded through {@link RqState#nextIrq} (no allocation per completion), one timer
 * per CPU; an interrupt whose work takes no time (every CPU cost 0) runs at once, nested in whatever raised it, as
 * before the CPU model.
 *
 * <p>Limitations: softirq work is the interrupt's own (no ksoftirqd, no deferral under load); no IPIs.
 */
final class CompletionInterrupts {
    /** What the completion does once its interrupt work is done. */
    interface Work {
        void run(RqState rs, int cpu);
    }

    private final EventQueue clock;
    private final Cpus cpus;
    private final Work work;
    private final RqState[] head;
    private final RqState[] tail;
    private final RqState[] running;
    private final SimTimer[] timers;

    CompletionInterrupts(EventQueue clock, Cpus cpus, Work work) {
        this.clock = clock;
        this.cpus = cpus;
        this.work = work;
        int n = cpus.count();
        this.head = new RqState[n];
        this.tail = new RqState[n];
        this.running = new RqState[n];
        this.timers = new SimTimer[n];
        for (int cpu = 0; cpu < n; cpu++) {
            int c = cpu;
            timers[cpu] = clock.newTimer(null, () -> workDone(c));
        }
    }

    /** The device completed {@code rs}: its interrupt is raised on {@code cpu}. */
    void raise(RqState rs, int cpu) {
        if (running[cpu] != null || head[cpu] != null) {
            rs.nextIrq = null;
            if (tail[cpu] == null) {
                head[cpu] = rs;
            } else {
                tail[cpu].nextIrq = rs;
            }
            tail[cpu] = rs;
            return;
        }
        start(rs, cpu);
    }

    /** Whether an interrupt is queued or running on any CPU. */
    boolean busy() {
        for (int cpu = 0; cpu < running.length; cpu++) {
            if (running[cpu] != null || head[cpu] != null) {
                return true;
            }
        }
        return false;
    }

    // the interrupt's work begins once the CPU's earlier interrupt work is done; without cost it runs at once
    private void start(RqState first, int cpu) {
        RqState rs = first;
        while (rs != null) {
            long end = cpus.interrupt(cpu, cpus.completion);
            if (end > clock.now()) {
                running[cpu] = rs;
                timers[cpu].arm(end);
                return;
            }
            work.run(rs, cpu);
            if (running[cpu] != null) {
                return;
            }
            rs = poll(cpu);
        }
    }

    private void workDone(int cpu) {
        RqState rs = running[cpu];
        running[cpu] = null;
        work.run(rs, cpu);
        if (running[cpu] == null) {
            RqState next = poll(cpu);
            if (next != null) {
                start(next, cpu);
            }
        }
    }

    private RqState poll(int cpu) {
        RqState rs = head[cpu];
        if (rs != null) {
            head[cpu] = rs.nextIrq;
            if (head[cpu] == null) {
                tail[cpu] = null;
            }
            rs.nextIrq = null;
        }
        return rs;
    }
}
