package org.iosched.biocontrol.ioband;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iosched.api.Cgroup;
import org.iosched.api.Task;
import org.iosched.biocontrol.FakeBioLayer;
import org.iosched.biocontrol.FakeBioLayer.PassedDown;
import org.iosched.biocontrol.GreedyReader;
import org.junit.jupiter.api.Test;

/**
 * The property seed 002 turns on: bios dm-ioband holds reach the queue from its kioband thread, so the
 * scheduler below sees kioband's io context; with {@code keep_io_context=1} they keep the issuer's.
 */
class IobandIoContextTest {
    private static final long SECOND = 1_000_000_000L;

    private record Run(FakeBioLayer layer, List<Task> issuers, Cgroup grp1, Cgroup grp2) {
    }

    private static Run contendedRun(Map<String, String> settings) {
        FakeBioLayer layer = FakeBioLayer.builder().queueDepth(1).serviceTime(200_000, 10_000).build();
        layer.install(new IobandProvider(), settings);
        Cgroup grp1 = layer.newCgroup("/grp1", 500);
        Cgroup grp2 = layer.newCgroup("/grp2", 500);
        List<Task> issuers = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Task t = layer.newTask("fio", i % 2 == 0 ? grp1 : grp2);
            issuers.add(t);
            GreedyReader.reader(layer, t, 2 + 2 * i, 8).start();
        }
        layer.runUntil(2 * SECOND);
        return new Run(layer, issuers, grp1, grp2);
    }

    @Test
    void heldBiosAreReissuedFromTheKiobandThreadAndFastPathBiosKeepTheIssuer() {
        Run run = contendedRun(Map.of("policy", "weight"));
        Task kioband = run.layer.kernelThread("kioband");
        List<PassedDown> fromWorker = new ArrayList<>();
        List<PassedDown> fromSubmitter = new ArrayList<>();
        for (PassedDown p : run.layer.passedDown()) {
            (p.fromSubmit() ? fromSubmitter : fromWorker).add(p);
        }

        assertThat(fromWorker).isNotEmpty();
        assertThat(fromSubmitter).isNotEmpty();
        assertThat(fromWorker).allSatisfy(p -> assertThat(p.task()).isSameAs(kioband));
        assertThat(fromSubmitter).allSatisfy(p -> assertThat(run.issuers).contains(p.task()));
        // the cgroup a held bio is charged to does not change with the io context
        assertThat(fromWorker).allSatisfy(p -> assertThat(p.bio().cgroup()).isIn(run.grp1, run.grp2));
    }

    @Test
    void kiobandIsABestEffortLevelFourKernelThread() {
        Run run = contendedRun(Map.of("policy", "weight"));
        Task kioband = run.layer.kernelThread("kioband");

        assertThat(kioband.isKernelThread()).isTrue();
        assertThat(kioband.ioprioLevel()).isEqualTo(4);
        assertThat(kioband.cgroup().isRoot()).isTrue();
    }

    @Test
    void aLegacyWorkqueueRunsKiobandAtNiceMinusFiveSoCfqSeesBestEffortLevelThree() {
        Run run = contendedRun(Map.of("policy", "weight", "workqueue", "legacy"));
        Task kioband = run.layer.kernelThread("kioband");

        assertThat(kioband.ioprioClass()).isEqualTo(org.iosched.api.IoPrioClass.BE);
        assertThat(kioband.ioprioLevel()).isEqualTo(3);
    }

    @Test
    void keepIoContextReissuesHeldBiosWithTheIssuersTask() {
        Run run = contendedRun(Map.of("policy", "weight", "keep_io_context", "1"));
        List<PassedDown> fromWorker = run.layer.passedDown().stream().filter(p -> !p.fromSubmit()).toList();

        assertThat(fromWorker).isNotEmpty();
        assertThat(run.layer.passedDown()).allSatisfy(p -> {
            assertThat(run.issuers).contains(p.task());
            assertThat(p.task().cgroup()).isEqualTo(p.bio().cgroup());
        });
    }

    @Test
    void anUncontendedGroupGoesDownInTheSubmittersContextOnly() {
        FakeBioLayer layer = FakeBioLayer.builder().build();
        layer.install(new IobandProvider(), Map.of("policy", "weight"));
        Task t = layer.newTask("fio", layer.newCgroup("/grp1", 500));
        // one bio at a time never runs out of room, and an epoch's tokens are renewed when they run out
        GreedyReader.reader(layer, t, 1, 8).start();
        layer.runUntil(SECOND / 10);

        assertThat(layer.passedDown()).hasSizeGreaterThan(50);
        assertThat(layer.passedDown().stream().filter(p -> p.task() != t).count())
                .isLessThan(layer.passedDown().size() / 10);
    }
}
