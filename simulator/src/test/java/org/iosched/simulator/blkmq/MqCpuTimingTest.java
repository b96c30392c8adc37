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
            MqHarness[] self = new MqHarness[1];
            h = builder.serviceTime(rq -> {
                seen.add(self[0].clock.now());
                return 100_000;
            }).build();
            self[0] = h;
            cpus = new Cpus(h.clock, CpuTunables.defaults());
            h.queue.setCpus(cpus);
            h.queue.tasksRunInSteps();
            fio = new CpuAccount("fio", cpus.everyCpu());
        }

        /** One step of {@code T} on CPU 1 at {@code at}: 5 µs of its own work, then the bios; returns its end. */
        long[] step(long at, List<org.iosched.api.Bio> bios) {
            long[] end = new long[1];
            h.clock.newTimer(null, () -> {
                cpus.begin(1, fio, false);
                cpus.charge(5_000);
                for (org.iosched.api.Bio bio : bios) {
                    h.submit(bio);
                }
                h.queue.stepEnded(T);
                end[0] = cpus.end();
            }).arm(at);
            return end;
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
