package org.iosched.biocontrol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.iosched.api.BioController;
import org.iosched.api.Cgroup;
import org.iosched.api.Op;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.iosched.biocontrol.ioband.IobandProvider;
import org.iosched.biocontrol.throttle.ThrottleProvider;

/**
 * Whatever the mix of tasks, cgroups, directions, sizes and settings, each controller passes every bio down
 * exactly once, every sleeper is woken, and nothing stays held once the submitters stop.
 */
class EveryBioPassedDownOncePropertyTest {
    private static final long MS = 1_000_000L;

    /** One submitting task: its cgroup (0 = root), kind, operation, flags and how greedy it is. */
    record Worker(int cgroup, boolean kernelThread, Op op, boolean sync, int depth, int sectors) {
    }

    @Provide
    Arbitrary<List<Worker>> workers() {
        return worker().list().ofMinSize(1).ofMaxSize(6);
    }

    private static Arbitrary<Worker> worker() {
        return Combinators.combine(Arbitraries.integers().between(0, 2), Arbitraries.of(true, false, false),
                        Arbitraries.of(Op.READ, Op.READ, Op.WRITE, Op.FLUSH), Arbitraries.of(true, false),
                        Arbitraries.integers().between(1, 8), Arbitraries.of(1, 8, 16, 64, 256))
                .as(Worker::new);
    }

    @Property(tries = 80)
    void iobandPassesEveryBioDownExactlyOnce(@ForAll("workers") List<Worker> workers,
                                             @ForAll("policies") String policy,
                                             @ForAll("ioLimits") int ioLimit,
                                             @ForAll boolean keepIoContext,
                                             @ForAll boolean synchronousWake,
                                             @ForAll("depths") int queueDepth) {
        FakeBioLayer layer = layer(synchronousWake, queueDepth);
        Map<String, String> settings = new HashMap<>(Map.of("policy", policy, "io_limit", Integer.toString(ioLimit),
                "keep_io_context", keepIoContext ? "1" : "0", "grp2.weight", "300"));
        BioController controller = layer.install(new IobandProvider(), settings);

        List<GreedyReader> readers = runAndDrain(layer, workers);

        assertAllDone(layer, readers);
        controller.statistics().forEach((name, value) -> {
            if (name.endsWith(".held")) {
                assertThat(value).as(name).isEqualTo(0);
            }
        });
    }

    @Property(tries = 80)
    void throttlePassesEveryBioDownExactlyOnce(@ForAll("workers") List<Worker> workers,
                                               @ForAll("bps") long readBps, @ForAll("bps") long writeBps,
                                               @ForAll("iops") long readIops, @ForAll("iops") long writeIops,
                                               @ForAll boolean keepIoContext,
                                               @ForAll("depths") int queueDepth) {
        FakeBioLayer layer = layer(false, queueDepth);
        Map<String, String> settings = new HashMap<>();
        for (String cgroup : List.of("grp1", "grp2")) {
            settings.put(cgroup + ".read_bps_device", Long.toString(readBps));
            settings.put(cgroup + ".write_bps_device", Long.toString(writeBps));
            settings.put(cgroup + ".read_iops_device", Long.toString(readIops));
            settings.put(cgroup + ".write_iops_device", Long.toString(writeIops));
        }
        settings.put("write_iops_device", Long.toString(writeIops));
        settings.put("keep_io_context", keepIoContext ? "1" : "0");
        BioController controller = layer.install(new ThrottleProvider(), settings);

        List<GreedyReader> readers = runAndDrain(layer, workers);

        assertAllDone(layer, readers);
        controller.statistics().forEach((name, value) -> {
            if (name.endsWith(".queued")) {
                assertThat(value).as(name).isEqualTo(0);
            }
        });
    }

    @Provide
    Arbitrary<String> policies() {
        return Arbitraries.of("weight", "weight-iosize");
    }

    @Provide
    Arbitrary<Integer> ioLimits() {
        return Arbitraries.of(0, 4, 8, 16);
    }

    @Provide
    Arbitrary<Integer> depths() {
        return Arbitraries.of(1, 4, 31);
    }

    @Provide
    Arbitrary<Long> bps() {
        return Arbitraries.of(0L, 262_144L, 1_048_576L, 10_485_760L);
    }

    @Provide
    Arbitrary<Long> iops() {
        return Arbitraries.of(0L, 10L, 100L, 1000L);
    }

    private static FakeBioLayer layer(boolean synchronousWake, int queueDepth) {
        return FakeBioLayer.builder().queueDepth(queueDepth).serviceTime(150_000, 8_000)
                .synchronousWake(synchronousWake).build();
    }

    private static List<GreedyReader> runAndDrain(FakeBioLayer layer, List<Worker> workers) {
        Cgroup[] cgroups = {Cgroup.ROOT, layer.newCgroup("/grp1", 500), layer.newCgroup("/grp2", 800)};
        List<GreedyReader> readers = new ArrayList<>();
        long stream = 0;
        for (Worker w : workers) {
            Task task = w.kernelThread ? layer.newKernelTask("flush-8:0") : layer.newTask("fio", cgroups[w.cgroup]);
            int flags = w.sync ? RequestFlags.SYNC : 0;
            int sectors = w.op == Op.FLUSH ? 0 : w.sectors;
            readers.add(new GreedyReader(layer, task, w.op, flags, w.depth, sectors, stream).start());
            stream += 1L << 30;
        }
        layer.runUntil(300 * MS);
        for (GreedyReader r : readers) {
            r.stop();
        }
        layer.runToIdle(1_000_000 * MS);
        return readers;
    }

    private static void assertAllDone(FakeBioLayer layer, List<GreedyReader> readers) {
        long submitted = 0;
        for (GreedyReader r : readers) {
            assertThat(r.completedBios()).as("completed bios of %s", r.task()).isEqualTo(r.submittedBios());
            submitted += r.submittedBios();
        }
        // the layer fails at once on a second passDown of one bio; here every bio went down
        assertThat(layer.passedDown()).hasSize((int) submitted);
        assertThat(layer.sleepingTasks()).isZero();
        assertThat(layer.wakes()).isEqualTo(layer.sleeps());
    }
}
