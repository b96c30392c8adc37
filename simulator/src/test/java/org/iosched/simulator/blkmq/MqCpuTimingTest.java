package org.iosched.simulator.blkmq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.iosched.simulator.cpu.CpuAccount;
import org.iosched.simulator.cpu.CpuTunables;
import org.iosched.simulator.cpu.Cpus;
import org.junit.jupiter.api.Test;

/**
 * The blk-mq queue on CPUs with the default costs: a task's step flushes its plug at its end, in its own context,
 * and a started request reaches the driver once the CPU work before it, {@code queue_rq}'s included, is done.
 */
class MqCpuTimingTest {
    private static final Task T = MqHarness.task(1000);

    /** A harness whose device notes when it saw each command, on CPUs with the default costs. */
    private static final class Timed {
        final List<Long> seen = new ArrayList<>();
        final MqHarness h;
        final Cpus cpus;
        final CpuAccount fio;

        Timed(MqHarness.Builder builder) {
            this(builder, CpuTunables.defaults());
        }

        Timed(MqHarness.Builder builder, CpuTunables tunables) {
            MqHarness[] self = new MqHarness[1];
            h = builder.serviceTime(rq -> {
                seen.add(self[0].clock.now());
                return 100_000;
            }).build();
            self[0] = h;
            cpus = new Cpus(h.clock, tunables);
            h.queue.setCpus(cpus);
            h.queue.tasksRunInSteps();
            fio = new CpuAccount("fio", cpus.everyCpu());
        }

        /** One step of {@code T} on CPU 1 at {@code at}: 5 µs of its own work, then the bios; returns its end. */
        long[] step(long at, List<org.iosched.api.Bio> bios) {
            return step(at, 1, T, fio, bios);
        }

        long[] step(long at, int cpu, Task task, CpuAccount account, List<org.iosched.api.Bio> bios) {
            long[] end = new long[1];
            h.clock.newTimer(null, () -> {
                cpus.begin(cpu, account, false);
                cpus.charge(5_000);
                for (org.iosched.api.Bio bio : bios) {
                    h.submit(bio);
                }
                h.queue.stepEnded(task);
                end[0] = cpus.end();
            }).arm(at);
            return end;
        }

        /** When each bio completed, in completion order. */
        List<Long> completions() {
            List<Long> out = new ArrayList<>();
            for (String line : h.traceText.toString().split("\n")) {
                String[] f = line.trim().split("\\s+");
                if (f.length > 5 && f[5].equals("C")) {
                    out.add(Math.round(Double.parseDouble(f[3]) * 1e9));
                }
            }
            return out;
        }
    }

    @Test
    void aRequestReachesTheDriverOnlyAfterTheSubmittersCpuWorkAndQueueRqs() {
        Timed t = new Timed(MqHarness.builder());
        long[] end = t.step(1_000, List.of(t.h.read(T, 0, 8)));
        t.h.runAll();

        Request rq = t.h.device.submitted().get(0);
        // blk_mq_start_request (D) in the step's instant; the driver gets it when the step's work is done:
        // switch-in, the 5 µs, submit_bio, the new request, and queue_rq
        assertThat(rq.dispatchTime()).isEqualTo(1_000);
        assertThat(t.seen).containsExactly(end[0]);
        assertThat(end[0]).isEqualTo(1_000 + t.cpus.contextSwitch + 5_000 + t.cpus.bioSubmit + t.cpus.request
                + t.cpus.dispatch);
        assertThat(t.h.events()).containsSubsequence("Q 0+8", "G 0+8", "P", "U 1", "D 0+8", "C 0+8");
    }

    @Test
    void requestsStartedInOneStepReachTheDriverInOrderEachAfterItsOwnDispatch() {
        Timed t = new Timed(MqHarness.builder());
        long[] end = t.step(0, List.of(t.h.read(T, 0, 8), t.h.read(T, 1_000, 8), t.h.read(T, 2_000, 8)));
        t.h.runAll();

        assertThat(t.h.deviceSaw()).containsExactly("READ 0+8", "READ 1000+8", "READ 2000+8");
        assertThat(t.seen).hasSize(3).isSorted();
        // the last one once the whole step is done; each one a driver dispatch after the one before
        assertThat(t.seen.get(2)).isEqualTo(end[0]);
        assertThat(t.seen.get(2) - t.seen.get(1)).isEqualTo(t.cpus.dispatch);
        assertThat(t.seen.get(1) - t.seen.get(0)).isEqualTo(t.cpus.dispatch);
    }

    private static CpuTunables twoCpus() {
        return CpuTunables.from(org.iosched.api.Settings.resolve("cpu", CpuTunables.CPU, java.util.Map.of("count",
                "2")), 1);
    }

    @Test
    void completionsOfOneHardwareQueueAreSerializedOnItsCpuAndThoseOfTwoQueuesRunSideBySide() {
        // one hardware queue per CPU (NVMe): each queue's interrupt lands on its own CPU, in the hard IRQ
        Timed two = new Timed(MqHarness.builder().queues(2, 2).depth(4), twoCpus());
        Task other = MqHarness.task(1001);
        CpuAccount otherFio = new CpuAccount("fio1", two.cpus.everyCpu());
        two.step(0, 0, other, otherFio, List.of(two.h.read(other, 0, 8)));
        two.step(0, 1, T, two.fio, List.of(two.h.read(T, 1_000, 8)));
        two.h.runAll();
        assertThat(two.seen).hasSize(2);
        assertThat(two.seen.get(0)).isEqualTo(two.seen.get(1));
        // trace times count from the first record (the Qs at 0): both interrupts' work done at once
        long done = two.seen.get(0) + 100_000 + two.cpus.completion;
        assertThat(two.completions()).containsExactly(done, done);
        assertThat(two.cpus.interruptNanos(0)).isEqualTo(two.cpus.completion);
        assertThat(two.cpus.interruptNanos(1)).isEqualTo(two.cpus.completion);

        // one hardware queue for both CPUs (SATA/AHCI): both interrupts on CPU 0, the second after the first
        Timed one = new Timed(MqHarness.builder().queues(1, 2).depth(4), twoCpus());
        one.step(0, 0, other, new CpuAccount("fio1", one.cpus.everyCpu()), List.of(one.h.read(other, 0, 8)));
        one.step(0, 1, T, one.fio, List.of(one.h.read(T, 1_000, 8)));
        one.h.runAll();
        assertThat(one.seen.get(0)).isEqualTo(one.seen.get(1));
        List<Long> c = one.completions();
        assertThat(c).hasSize(2);
        assertThat(c.get(1) - c.get(0)).isEqualTo(one.cpus.completion);
        assertThat(one.cpus.interruptNanos(0)).isEqualTo(2 * one.cpus.completion);
        assertThat(one.cpus.interruptNanos(1)).isZero();
        one.cpus.checkBusyTime(one.h.clock.now());
    }

    @Test
    void nothingIsOfferedToTheDriverWhileAFlushIsOnItsWayToIt() {
        Timed t = new Timed(MqHarness.builder().writeCache(true, false).refuseFlushWhileBusy());
        Task other = MqHarness.task(1001);
        t.step(0, List.of(t.h.bio(T, Op.FLUSH, RequestFlags.SYNC | RequestFlags.PREFLUSH, 0, 0)));
        // another task's read in the same instant, outside any step: the flush is not at the device yet
        t.h.clock.newTimer(null, () -> t.h.submit(t.h.read(other, 64, 8))).arm(0);
        t.h.runAll();

        // the device never holds the read beside the flush it takes alone
        assertThat(t.h.deviceSaw()).containsExactly("FLUSH 0+0", "READ 64+8");
        assertThat(t.seen.get(1)).isGreaterThanOrEqualTo(t.seen.get(0) + 100_000);
        assertThat(t.h.completed).hasSize(2);
        assertThat(t.h.queue.idle()).isTrue();
    }
}
