package org.iosched.simulator.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iosched.simulator.engine.EventQueue;
import org.junit.jupiter.api.Test;

/** Kernel threads of a per-CPU workqueue are tasks: they run on the CPU that queued the work, once it is free. */
class WorkqueueTest {
    private final EventQueue clock = new EventQueue();
    private final Cpus cpus = new Cpus(clock, CpuTunables.defaults());
    private final Workqueue kblockd = new Workqueue(clock, cpus, "kblockd");
    private final List<String> ran = new ArrayList<>();

    private void at(long nanos, Runnable action) {
        clock.newTimer(null, action).arm(nanos);
    }

    private Workqueue.Work recording(String name) {
        return kblockd.newWork(() -> ran.add(name + " at " + clock.now() + " on " + cpus.currentCpu()));
    }

    @Test
    void workQueuedByAStepWaitsUntilTheStepIsDoneOnItsCpu() {
        CpuAccount fio = new CpuAccount("fio", cpus.everyCpu());
        Workqueue.Work work = recording("run queue");
        at(1_000, () -> {
            cpus.begin(2, fio, false);
            cpus.charge(10_000);
            kblockd.queue(work);
            cpus.end();
        });
        clock.run(Long.MAX_VALUE, () -> false);

        // kblockd/2 wakes (the waker pays the wake-up) and runs when the submitter's step is done, on CPU 2
        long stepEnd = 1_000 + cpus.contextSwitch + 10_000 + cpus.wakeup;
        assertThat(fio.workUntil()).isEqualTo(stepEnd);
        assertThat(ran).containsExactly("run queue at " + stepEnd + " on 2");
        // its own step is a switch to the thread
        assertThat(kblockd.thread(2).contextSwitches()).isEqualTo(1);
        assertThat(kblockd.thread(2).systemNanos()).isEqualTo(cpus.contextSwitch);
    }

    @Test
    void workQueuedFromAnInterruptRunsAfterTheInterruptsWorkAndThePreemptedStep() {
        CpuAccount fio = new CpuAccount("fio", cpus.everyCpu());
        Workqueue.Work work = recording("softirq's kick");
        at(0, () -> {
            cpus.begin(0, fio, false);
            cpus.charge(20_000);
            cpus.end();
        });
        at(5_000, () -> {
            int outer = cpus.enterInterrupt(0);
            cpus.charge(3_000);
            kblockd.queue(work);
            cpus.exitInterrupt(outer);
        });
        clock.run(Long.MAX_VALUE, () -> false);

        // the interrupt (3 µs + the wake-up) preempted fio's step, which ends that much later; kblockd/0 runs after it
        long fioEnd = cpus.contextSwitch + 20_000 + 3_000 + cpus.wakeup;
        assertThat(fio.workUntil()).isEqualTo(fioEnd);
        assertThat(ran).containsExactly("softirq's kick at " + fioEnd + " on 0");
    }

    @Test
    void aPendingItemIsQueuedOnceAndACancelledOneNeverRuns() {
        Workqueue.Work once = recording("once");
        Workqueue.Work cancelled = recording("cancelled");
        at(0, () -> {
            assertThat(kblockd.queue(once)).isTrue();
            assertThat(kblockd.queue(once)).isFalse();
            kblockd.queue(cancelled);
            assertThat(kblockd.cancel(cancelled)).isTrue();
        });
        clock.run(Long.MAX_VALUE, () -> false);

        assertThat(ran).containsExactly("once at " + cpus.wakeup + " on 0");
        assertThat(once.pending()).isFalse();
    }

    @Test
    void withoutCpuCostsTimerWorkRunsWhenItsTimerFires() {
        Cpus free = new Cpus(clock, CpuTunables.free(2));
        Workqueue workers = new Workqueue(clock, free, "kthrotld");
        List<Long> times = new ArrayList<>();
        Workqueue.Work work = workers.newWork(() -> times.add(clock.now()));
        at(7_000, () -> workers.runSoon(work));
        at(7_000, () -> times.add(-clock.now()));
        clock.run(Long.MAX_VALUE, () -> false);

        // in the timer's own event, before anything else due at that instant
        assertThat(times).containsExactly(7_000L, -7_000L);
    }
}
