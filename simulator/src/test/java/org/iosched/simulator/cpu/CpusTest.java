package org.iosched.simulator.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.SimTimer;
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

    @Test
    void aTaskWaitingForACpuThatStaysBusyIsPulledByAnIdleCpuItMayUse() {
        Cpus two = new Cpus(clock, CpuTunables.free(2));
        CpuAccount a = new CpuAccount("a", 0b01);
        CpuAccount b = new CpuAccount("b", 0b10);
        // CPU 0 busy until 50 µs, CPU 1 until 100 µs
        two.begin(0, a, false);
        two.charge(50_000);
        two.end();
        two.begin(1, b, false);
        two.charge(100_000);
        two.end();
        long[] started = {-1, -1};
        int[] on = {-1, -1};
        SimTimer[] timers = new SimTimer[2];
        CpuAccount[] waiters = {new CpuAccount("free", 0b11), new CpuAccount("pinned", 0b01)};
        for (int i = 0; i < 2; i++) {
            int w = i;
            timers[i] = clock.newTimer(null, () -> {
                two.stopWaiting(waiters[w]);
                int cpu = two.pick(waiters[w]);
                if (two.freeAt(cpu) > clock.now()) {
                    two.waitFor(waiters[w], cpu, timers[w]);
                    return;
                }
                started[w] = clock.now();
                on[w] = cpu;
            });
            timers[i].arm(10_000);
        }
        // both wait for CPU 0, free first; then interrupt work keeps CPU 0 busy until 250 µs
        at(20_000, () -> {
            assertThat(two.hasWaiter(0)).isTrue();
            two.interrupt(0, 200_000);
        });
        clock.run(Long.MAX_VALUE, () -> false);

        // the task that may use CPU 1 is pulled there when CPU 1 goes idle; the pinned one waits for CPU 0
        assertThat(on[0]).isEqualTo(1);
        assertThat(started[0]).isEqualTo(100_000);
        assertThat(on[1]).isZero();
        assertThat(started[1]).isEqualTo(250_000);
        assertThat(two.hasWaiter(0)).isFalse();
    }
}
