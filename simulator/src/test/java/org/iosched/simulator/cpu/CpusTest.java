package org.iosched.simulator.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.simulator.engine.EventQueue;
import org.junit.jupiter.api.Test;

/** The rules of {@link Cpus} on their own: interrupt work serialized per CPU, preempting steps, busy time. */
class CpusTest {
    private final EventQueue clock = new EventQueue();
    private final Cpus cpus = new Cpus(clock, CpuTunables.defaults());

    private void at(long nanos, Runnable action) {
        clock.newTimer(null, action).arm(nanos);
    }

    @Test
    void interruptWorkOnACpuWaitsForItsEarlierInterruptWork() {
        assertThat(cpus.interrupt(0, 3_000)).isEqualTo(3_000);
        // a second interrupt raised at the same instant is handled after the first
        assertThat(cpus.interrupt(0, 3_000)).isEqualTo(6_000);
        // another CPU's interrupts do not wait for CPU 0's
        assertThat(cpus.interrupt(1, 3_000)).isEqualTo(3_000);
        assertThat(cpus.interruptFreeAt(0)).isEqualTo(6_000);
        assertThat(cpus.interruptNanos(0)).isEqualTo(6_000);
    }

    @Test
    void anInterruptPreemptsTheStepRunningOnItsCpuAndPushesTheTaskOn() {
        CpuAccount task = new CpuAccount("fio", cpus.everyCpu());
        CpuAccount other = new CpuAccount("other", cpus.everyCpu());
        cpus.begin(0, task, false);
        cpus.charge(10_000);
        cpus.end();
        long done = task.workUntil();
        assertThat(done).isEqualTo(cpus.contextSwitch + 10_000);
        cpus.begin(1, other, false);
        cpus.charge(10_000);
        cpus.end();

        long[] irqEnd = new long[1];
        at(2_000, () -> irqEnd[0] = cpus.interrupt(0, 3_000));
        clock.run(Long.MAX_VALUE, () -> false);

        // the hard IRQ ran at once, not after the step, and the step's remaining work ends 3 µs later
        assertThat(irqEnd[0]).isEqualTo(5_000);
        assertThat(task.workUntil()).isEqualTo(done + 3_000);
        assertThat(cpus.freeAt(0)).isEqualTo(done + 3_000);
        // a task on another CPU is not touched
        assertThat(other.workUntil()).isEqualTo(done);
    }

    @Test
    void anInterruptOnAnIdleCpuKeepsItBusyOnlyForItsOwnWork() {
        at(50_000, () -> cpus.interrupt(0, 3_000));
        clock.run(Long.MAX_VALUE, () -> false);

        assertThat(cpus.freeAt(0)).isEqualTo(53_000);
        assertThat(cpus.busyNanos(0)).isEqualTo(3_000);
    }

    @Test
    void busyTimeNeverExceedsTheTimeTheWorkTookEvenWhenInterruptsOutrunTheCpu() {
        // a completion every 2 µs, each 3 µs of work: the CPU falls behind, its work queues up
        for (int i = 0; i < 1_000; i++) {
            at(i * 2_000L, () -> cpus.interrupt(0, 3_000));
        }
        clock.run(Long.MAX_VALUE, () -> false);

        assertThat(cpus.busyNanos(0)).isEqualTo(3_000_000);
        // the work is done at 3 ms, not at the 2 ms of the last interrupt: busy time fits the time it took
        assertThat(cpus.interruptFreeAt(0)).isEqualTo(3_000_000);
        cpus.checkBusyTime(clock.now());
    }
}
