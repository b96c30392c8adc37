package org.iosched.simulator.block;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.iosched.simulator.cpu.CpuAccount;
import org.iosched.simulator.cpu.CpuTunables;
import org.iosched.simulator.cpu.Cpus;
import org.junit.jupiter.api.Test;

/**
 * The request queue on CPUs with the default costs: a request reaches the device once its submitter's CPU work is
 * done, and completion interrupts are serialized on their CPU with their effects at the end of their work.
 */
class CpuTimingTest {
    private static List<Long> times(QueueHarness h, String action) {
        List<Long> times = new ArrayList<>();
        for (String line : h.traceLines()) {
            String[] f = line.trim().split("\\s+");
            if (f[5].equals(action)) {
                times.add(Math.round(Double.parseDouble(f[3]) * 1e9));
            }
        }
        return times;
    }

    @Test
    void aRequestReachesTheDeviceOnlyAfterTheSubmittersCpuWork() {
        QueueHarness h = QueueHarness.builder().ssd(4).serviceTime(rq -> 100_000).build();
        Cpus cpus = new Cpus(h.clock, CpuTunables.defaults());
        h.queue.setCpus(cpus);
        CpuAccount fio = new CpuAccount("fio", cpus.everyCpu());
        Task task = QueueHarness.task(1000);
        long[] stepDone = new long[1];
        h.clock.newTimer(null, () -> {
            cpus.begin(1, fio, false);
            cpus.charge(5_000);
            h.submit(h.read(task, 0, 8));
            stepDone[0] = cpus.end();
        }).arm(1_000);
        h.runAll();

        Request rq = h.device.submitted().get(0);
        // switch-in, the call's 5 µs, generic_make_request, the new request, the elevator, the driver's dispatch
        long cpuWork = cpus.contextSwitch + 5_000 + cpus.bioSubmit + cpus.request + cpus.elevator() + cpus.dispatch;
        assertThat(stepDone[0]).isEqualTo(1_000 + cpuWork);
        assertThat(rq.dispatchTime()).isEqualTo(1_000 + cpuWork);
        // and it completes (its interrupt work included) a service time after that; trace times count from the first
        // record, blkparse's way, and the first is the bio's Q at the step's start (1 µs)
        assertThat(times(h, "Q")).containsExactly(0L);
        assertThat(times(h, "C")).containsExactly(cpuWork + 100_000 + cpus.completion);
    }

    @Test
    void completionsArrivingTogetherAreHandledOneAfterTheOtherWithTheirEffectsAtTheEndOfTheirWork() {
        QueueHarness h = QueueHarness.builder().ssd(4).serviceTime(rq -> 100_000).build();
        Cpus cpus = new Cpus(h.clock, CpuTunables.defaults());
        h.queue.setCpus(cpus);
        long[] delivered = new long[2];
        // two submitters on CPUs 1 and 2 at once: both requests reach the device together, complete together
        for (int i = 0; i < 2; i++) {
            int cpu = i + 1;
            CpuAccount account = new CpuAccount("fio" + i, cpus.everyCpu());
            Task task = QueueHarness.task(1000 + i);
            long sector = i * 1_000_000L;
            h.clock.newTimer(null, () -> {
                cpus.begin(cpu, account, false);
                h.submit(h.read(task, sector, 8));
                cpus.end();
            }).arm(0);
        }
        h.runAll();

        long at = h.device.submitted().get(0).dispatchTime();
        assertThat(h.device.submitted().get(1).dispatchTime()).isEqualTo(at);
        long irq = cpus.completion;
        // both interrupts land on CPU 0 at at + 100 µs: the second one's work starts when the first's is done
        assertThat(times(h, "C")).containsExactly(at + 100_000 + irq, at + 100_000 + 2 * irq);
        assertThat(h.completed).hasSize(2);
        assertThat(cpus.interruptNanos(0)).isEqualTo(2 * irq);
        cpus.checkBusyTime(h.clock.now());
    }

    // n reads submitted at once from CPU 1, completing every spacing ns from 300 µs on
    private static QueueHarness completionsEvery(long spacing, int n, Cpus[] cpusOut) {
        long perRequest = 300 + 500 + 700 + 2_000;
        QueueHarness h = QueueHarness.builder().ssd(n).nrRequests(2 * n).serviceTime(rq -> {
            long i = rq.sector() / 1_000;
            return 300_000 + i * spacing - i * perRequest;
        }).build();
        Cpus cpus = new Cpus(h.clock, CpuTunables.defaults());
        h.queue.setCpus(cpus);
        CpuAccount fio = new CpuAccount("fio", 1L << 1);
        h.clock.newTimer(null, () -> {
            cpus.begin(1, fio, false);
            for (int i = 0; i < n; i++) {
                Task task = QueueHarness.task(1000 + i);
                h.submit(h.read(task, i * 1_000L, 8));
            }
            cpus.end();
        }).arm(0);
        cpusOut[0] = cpus;
        return h;
    }

    @Test
    void softirqWorkStillPendingAfterTenRestartsIsLeftToKsoftirqd() {
        Cpus[] cpus = new Cpus[1];
        // a completion every 2.5 µs, 3 µs of work each: every pass ends with more pending, each a little longer than
        // the one before; eleven passes take about half of the 100
        QueueHarness h = completionsEvery(2_500, 100, cpus);
        h.runAll();

        assertThat(h.completed).hasSize(100);
        CpuAccount ksoftirqd = cpus[0].ksoftirqd(0);
        // the first run handled eleven passes in the interrupt (the first and ten restarts), ksoftirqd the rest
        assertThat(ksoftirqd.systemNanos()).isBetween(20L * cpus[0].completion, 80L * cpus[0].completion);
        assertThat(ksoftirqd.contextSwitches()).isPositive();
        assertThat(cpus[0].ksoftirqd(1).systemNanos()).isZero();
        cpus[0].checkBusyTime(h.clock.now());
    }

    @Test
    void completionsTheInterruptKeepsUpWithNeverWakeKsoftirqd() {
        Cpus[] cpus = new Cpus[1];
        // a completion every 4 µs, 3 µs of work each: each softirq run ends before the next interrupt
        QueueHarness h = completionsEvery(4_000, 60, cpus);
        h.runAll();

        assertThat(h.completed).hasSize(60);
        assertThat(cpus[0].ksoftirqd(0).systemNanos()).isZero();
        assertThat(cpus[0].interruptNanos(0)).isGreaterThanOrEqualTo(60L * cpus[0].completion);
    }
}
