package org.iosched.simulator.block;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.noop.NoopScheduler;

/**
 * Random mixes of bios from several tasks, at random times, on random devices (depth, rotation, cache,
 * FUA), pools and schedulers: every bio completes exactly once, the queue drains, and the limits hold.
 */
class RequestQueueProperties {
    /** One bio a task submits at {@code at} ns, optionally unplugging the queue afterwards as dio does. */
    record BioSpec(int task, Op op, long sector, int sectors, int flags, long at, boolean unplugAfter) {
    }

    @Provide
    Arbitrary<BioSpec> bio() {
        Arbitrary<Integer> tasks = Arbitraries.integers().between(0, 3);
        Arbitrary<Op> ops = Arbitraries.of(Op.READ, Op.READ, Op.WRITE, Op.WRITE, Op.WRITE, Op.FLUSH, Op.DISCARD);
        Arbitrary<Long> sectors = Arbitraries.longs().between(0, 512).map(s -> s * 8);
        Arbitrary<Integer> sizes = Arbitraries.of(8, 8, 8, 16, 64, 256, 1, 1024);
        Arbitrary<Integer> flags = Arbitraries.integers().between(0, 127)
                .map(bits -> (bits & 1) * RequestFlags.SYNC | ((bits >> 1) & 1) * RequestFlags.UNPLUG
                        | ((bits >> 2) & 1) * RequestFlags.META | ((bits >> 3) & 1) * RequestFlags.NOIDLE
                        | (((bits >> 4) & 3) == 3 ? RequestFlags.PREFLUSH : 0)
                        | (((bits >> 5) & 3) == 3 ? RequestFlags.FUA : 0)
                        | ((bits >> 6) == 1 && (bits & 2) != 0 ? RequestFlags.NOMERGE : 0));
        Arbitrary<Long> times = Arbitraries.longs().between(0, 20_000_000);
        Arbitrary<Boolean> unplug = Arbitraries.of(true, false);
        return Combinators.combine(tasks, ops, sectors, sizes, flags, times, unplug)
                .as((t, op, s, n, f, at, u) -> op == Op.FLUSH
                        ? new BioSpec(t, op, 0, 0, f & ~(RequestFlags.PREFLUSH | RequestFlags.FUA), at, u)
                        : new BioSpec(t, op, s, n, op == Op.DISCARD ? f & ~(RequestFlags.PREFLUSH | RequestFlags.FUA) : f,
                        at, u));
    }

    @Property(tries = 300)
    void everyBioCompletesExactlyOnceAndTheLimitsHold(
            @ForAll @Size(min = 1, max = 120) List<@From("bio") BioSpec> specs,
            @ForAll @IntRange(min = 1, max = 32) int depth,
            @ForAll boolean rotational,
            @ForAll boolean writeCache,
            @ForAll boolean fua,
            @ForAll @IntRange(min = 4, max = 24) int nrRequests,
            @ForAll @IntRange(min = 8, max = 1024) int maxSectors,
            @ForAll boolean useNoop,
            @ForAll long seed) {
        SplittableRandom service = new SplittableRandom(seed);
        QueueHarness.Builder builder = QueueHarness.builder().noTrace().nrRequests(nrRequests).maxSectors(maxSectors)
                .writeCache(writeCache, fua).hz(250)
                .serviceTime(rq -> service.nextLong(0, 3_000_000));
        builder = rotational ? builder.disk(depth) : builder.ssd(depth);
        if (useNoop) {
            builder = builder.scheduler(NoopScheduler::new);
        }
        QueueHarness h = builder.build();
        Driver driver = new Driver(h, specs);

        EventQueue.Stop stop = h.clock.run(3_600_000_000_000L, () -> false);

        assertThat(stop).isEqualTo(EventQueue.Stop.EMPTY);
        assertThat(h.completed).hasSize(specs.size());
        assertThat(driver.submitted).isEqualTo(specs.size());
        h.queue.checkDrained();
        assertThat(h.queue.idle()).isTrue();
        assertThat(h.queue.pool().count(true) + h.queue.pool().count(false)).isZero();
        assertThat(h.queue.inDriver()).isZero();
        assertThat(h.queue.nrSorted()).isZero();
        assertThat(h.queue.dispatchQueueLength()).isZero();
        assertThat(h.queue.disk().inFlight()).isZero();
        assertThat(h.device.maxInFlight()).isLessThanOrEqualTo(depth);

        long bioSectors = 0;
        for (BioSpec s : specs) {
            bioSectors += s.sectors();
        }
        long deviceSectors = 0;
        for (Request rq : h.device.submitted()) {
            deviceSectors += rq.sectors();
            assertThat(rq.hasFlag(RequestFlags.PREFLUSH)).isFalse();
            if (rq.hasFlag(RequestFlags.FUA)) {
                assertThat(writeCache && fua).isTrue();
            }
            if (rq.bioCount() > 1) {
                assertThat(rq.sectors()).isLessThanOrEqualTo(maxSectors);
            }
        }
        assertThat(deviceSectors).isEqualTo(bioSectors);
    }

    /**
     * Submits each task's bios in order at their times; a task that sleeps for a request submits nothing
     * until it is resumed, as the OS model behaves.
     */
    private static final class Driver {
        private final QueueHarness h;
        private final Map<Integer, ArrayDeque<BioSpec>> perTask = new HashMap<>();
        private final Map<Integer, Boolean> sleeping = new HashMap<>();
        private final Map<Integer, org.iosched.api.Timer> timers = new HashMap<>();
        private final List<Task> tasks = new ArrayList<>();
        int submitted;

        Driver(QueueHarness h, List<BioSpec> specs) {
            this.h = h;
            List<BioSpec> sorted = new ArrayList<>(specs);
            sorted.sort((a, b) -> Long.compare(a.at(), b.at()));
            for (int t = 0; t < 4; t++) {
                tasks.add(QueueHarness.task(1000 + t));
                perTask.put(t, new ArrayDeque<>());
                sleeping.put(t, false);
                int task = t;
                timers.put(t, h.clock.newTimer(null, () -> submitNext(task)));
            }
            for (BioSpec s : sorted) {
                perTask.get(s.task()).add(s);
            }
            h.queue.setSleepListener(this::resumed);
            for (int t = 0; t < 4; t++) {
                scheduleNext(t);
            }
        }

        private void scheduleNext(int task) {
            BioSpec next = perTask.get(task).peek();
            if (next != null) {
                timers.get(task).arm(Math.max(next.at(), h.clock.now()));
            }
        }

        private void submitNext(int task) {
            BioSpec s = perTask.get(task).poll();
            Task t = tasks.get(task);
            Bio bio = h.bio(t, s.op(), s.flags(), s.sector(), s.sectors());
            submitted++;
            if (!h.queue.submit(bio)) {
                sleeping.put(task, true);
                return;
            }
            if (s.unplugAfter()) {
                h.queue.unplug(t);
            }
            scheduleNext(task);
        }

        private void resumed(Bio bio) {
            int task = bio.task().pid() - 1000;
            sleeping.put(task, false);
            scheduleNext(task);
        }
    }
}
