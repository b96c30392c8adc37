package org.iosched.simulator.blkmq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.iosched.simulator.cpu.CpuAccount;
import org.iosched.simulator.cpu.CpuTunables;
import org.iosched.simulator.cpu.Cpus;
import org.iosched.simulator.engine.SimTimer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code none} keeps what scheduler-testkit's {@code MqSchedulerContract} asks of every blk-mq scheduler, checked on
 * the block layer itself since {@code none} has no scheduler object: random mixes of reads, writes, sync and async
 * I/O, flushes and FUA writes from several tasks on four CPUs over one or two hardware queues, with few tags (tag
 * sleeps), a device that requeues, and a write cache or none. Every bio ends exactly once ({@link MqHarness} fails a
 * second end), with or without a SCSI dispatch budget, the device serves every sector of every data bio exactly once (merged or not), nothing is left
 * queued, tagged or sleeping, and the same seed gives the same trace.
 */
class NoneContractTest {
    private static final int TASKS = 8;
    private static final int BIOS = 600;
    private static final int CPUS = 4;
    /** Data bios stay below this sector so that coverage fits in an array. */
    private static final int SECTORS = 1 << 15;

    @ParameterizedTest(name = "seed {0}, {1} hardware queue(s), {2} tag(s), write cache {3}, budget {4}")
    @CsvSource({
        "1, 1, 32, false, 0", "2, 1, 1, false, 0", "3, 2, 2, true, 0", "5, 2, 32, true, 0",
        "8, 1, 4, true, 0", "13, 2, 1, false, 0", "21, 1, 32, true, 0", "34, 2, 8, false, 0",
        "55, 1, 32, false, 1", "89, 1, 32, true, 3"})
    void everyBioEndsOnceEverySectorIsServedOnceAndNothingIsLeft(long seed, int queues, int tags, boolean cache,
                                                                 int budget) {
        Run first = new Run(seed, queues, tags, cache, budget);
        first.go();

        assertThat(first.h.completed).as("bios ended").hasSize(first.submitted.size());
        assertThat(first.sleeping).as("tasks still asleep").isEmpty();
        assertThat(first.h.queue.idle()).as("queue idle at the end").isTrue();
        first.h.queue.checkDrained();
        int[] reads = new int[SECTORS];
        int[] writes = new int[SECTORS];
        for (Bio bio : first.submitted) {
            cover(bio.op() == Op.READ ? reads : writes, bio.op(), bio.sector(), bio.sectors(), 1);
        }
        for (Request rq : first.h.device.submitted()) {
            cover(rq.op() == Op.READ ? reads : writes, rq.op(), rq.sector(), rq.sectors(), -1);
        }
        assertThat(firstNonZero(reads)).as("read sector served a different number of times than submitted").isEqualTo(-1);
        assertThat(firstNonZero(writes)).as("written sector served a different number of times than submitted")
                .isEqualTo(-1);
        assertThat(first.h.device.submitted()).as("merges happened").hasSizeLessThan(first.dataBios);
        assertThat(first.requeues).as("requests the device requeued").isPositive();
        if (tags <= 2) {
            assertThat(first.h.resumed).as("submitters that slept for a tag and went on").isNotEmpty();
        }

        Run second = new Run(seed, queues, tags, cache, budget);
        second.go();
        assertThat(second.h.traceText.toString()).as("same seed, same trace").isEqualTo(first.h.traceText.toString());
    }

    private static void cover(int[] counts, Op op, long sector, int sectors, int delta) {
        if (op != Op.READ && op != Op.WRITE) {
            return;
        }
        for (int i = 0; i < sectors; i++) {
            counts[(int) (sector + i)] += delta;
        }
    }

    private static int firstNonZero(int[] counts) {
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] != 0) {
                return i;
            }
        }
        return -1;
    }

    /** One random mix on a fresh queue. */
    private static final class Run {
        final MqHarness h;
        final SplittableRandom random;
        final List<Bio> submitted = new ArrayList<>();
        final Map<Task, Bio> sleeping = new IdentityHashMap<>();
        final Task[] tasks = new Task[TASKS];
        final CpuAccount[] accounts = new CpuAccount[TASKS];
        final long[] nextSector = new long[2 * TASKS];
        final Cpus cpus;
        int dataBios;
        int lastKind;
        int requeues;

        Run(long seed, int queues, int tags, boolean cache, int budget) {
            random = new SplittableRandom(seed);
            h = MqHarness.builder().queues(queues, CPUS).depth(tags).writeCache(cache, false)
                    .serviceTime(rq -> 20_000 + (rq.sector() % 7) * 10_000).build();
            h.queue.setDispatchBudget(budget);
            cpus = new Cpus(h.clock, CpuTunables.free(CPUS));
            h.queue.setCpus(cpus);
            h.queue.setSleepListener(bio -> {
                h.resumed.add(bio);
                sleeping.remove(bio.task());
            });
            for (int i = 0; i < 2 * TASKS; i++) {
                nextSector[i] = (long) i * (SECTORS / (2 * TASKS));
            }
            for (int i = 0; i < TASKS; i++) {
                tasks[i] = MqHarness.task(100 + i);
                accounts[i] = new CpuAccount("t" + i, -1L);
            }
        }

        void go() {
            long at = 0;
            for (int i = 0; i < BIOS; i++) {
                at += random.nextLong(0, 30_000);
                SimTimer timer = h.clock.newTimer("contract", this::submitOne);
                timer.arm(at);
            }
            SimTimer requeuer = h.clock.newTimer("requeue", this::requeueOne);
            requeuer.arm(7_000);
            h.runAll();
        }

        private void submitOne() {
            int t = random.nextInt(TASKS);
            Task task = tasks[t];
            if (sleeping.containsKey(task)) {
                return;
            }
            int cpu = random.nextInt(CPUS);
            cpus.begin(cpu, accounts[t], false);
            // a burst of one to four bios in one instant, as io_submit or readahead give: the plug merges them
            int burst = 1 + random.nextInt(4);
            for (int i = 0; i < burst; i++) {
                Bio bio = nextBio(t, task, i > 0);
                submitted.add(bio);
                if (!h.submit(bio)) {
                    sleeping.put(task, bio);
                    break;
                }
            }
            if (!sleeping.containsKey(task) && random.nextInt(4) == 0) {
                h.queue.unplug(task);
            }
            cpus.end();
        }

        private Bio nextBio(int t, Task task, boolean sameAsLast) {
            int kind = sameAsLast ? lastKind : random.nextInt(20);
            lastKind = kind == 0 || kind == 12 ? 1 : kind;
            if (kind == 0) {
                return h.bio(task, Op.FLUSH, RequestFlags.SYNC | RequestFlags.PREFLUSH, 0, 0);
            }
            int sectors = 8 * (1 + random.nextInt(8));
            boolean read = kind < 9;
            // each task reads and writes its own sequential stream (bios that merge), with random jumps
            int stream = 2 * t + (read ? 0 : 1);
            long base = (long) stream * (SECTORS / (2 * TASKS));
            long span = SECTORS / (2 * TASKS) - 64;
            long sector = !sameAsLast && random.nextInt(4) == 0 ? base + random.nextLong(span) : nextSector[stream];
            if (sector + sectors > base + span) {
                sector = base;
            }
            nextSector[stream] = sector + sectors;
            dataBios++;
            if (read) {
                return h.bio(task, Op.READ, kind < 6 ? RequestFlags.SYNC : 0, sector, sectors);
            }
            int flags = kind < 12 ? RequestFlags.SYNC : 0;
            if (kind == 12) {
                flags |= RequestFlags.SYNC | RequestFlags.FUA | RequestFlags.PREFLUSH;
            }
            return h.bio(task, Op.WRITE, flags, sector, sectors);
        }

        /** Every 7 µs of virtual time until some requeues happened: the device gives back its last new request. */
        private void requeueOne() {
            List<Request> seen = h.device.submitted();
            if (requeues < 20 && !seen.isEmpty()) {
                Request last = seen.get(seen.size() - 1);
                if (last.op() != Op.FLUSH && h.device.holds(last)) {
                    seen.remove(seen.size() - 1); // served when the device receives it again
                    h.device.requeue(h.deviceHost, last);
                    requeues++;
                }
            }
            if (requeues < 20 && h.clock.now() < 40_000_000L) {
                h.clock.newTimer("requeue", this::requeueOne).arm(h.clock.now() + 7_000);
            }
        }
    }
}
