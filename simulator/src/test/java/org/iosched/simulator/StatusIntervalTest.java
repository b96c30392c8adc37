package org.iosched.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iosched.simulator.result.SimulationResult;
import org.iosched.simulator.testing.FakeDeviceProvider;
import org.iosched.simulator.testing.RandomReadWorkload;
import org.junit.jupiter.api.Test;

/** fio's {@code --status-interval}: the results so far at every multiple of the interval of virtual time. */
class StatusIntervalTest {
    private record Outcome(SimulationResult result, String trace, List<SimulationResult> snapshots) {
    }

    private static Outcome run(long intervalNanos) {
        StringBuilder trace = new StringBuilder();
        List<SimulationResult> snapshots = new ArrayList<>();
        FakeDeviceProvider disk = new FakeDeviceProvider("fake-ncq", true, true, false, 4,
                rq -> 200_000 + (rq.sector() % 7_919) * 1_000);
        Simulation.Builder builder = Simulation.builder()
                .seed(5)
                .device(disk, Map.of())
                .workload(new RandomReadWorkload(400, 4096, 8, 64L << 20, false))
                .trace(trace);
        if (intervalNanos > 0) {
            builder.statusInterval(intervalNanos, snapshots::add);
        }
        return new Outcome(builder.build().run(), trace.toString(), snapshots);
    }

    @Test
    void theRunIsTheSameWithSnapshotsAsWithout() {
        Outcome plain = run(0);
        Outcome watched = run(20_000_000L);

        assertThat(watched.result()).isEqualTo(plain.result());
        assertThat(watched.trace()).isEqualTo(plain.trace());
        assertThat(plain.snapshots()).isEmpty();
    }

    @Test
    void aSnapshotIsTakenAtEveryMultipleBeforeTheEndWithTheIoSoFar() {
        Outcome watched = run(20_000_000L);
        long end = watched.result().durationNanos();
        List<SimulationResult> snapshots = watched.snapshots();

        assertThat(end).isGreaterThan(40_000_000L);
        assertThat(snapshots).hasSize((int) ((end - 1) / 20_000_000L));
        long previousIos = -1;
        for (int i = 0; i < snapshots.size(); i++) {
            SimulationResult snapshot = snapshots.get(i);
            assertThat(snapshot.durationNanos()).isEqualTo(20_000_000L * (i + 1));
            long ios = snapshot.jobs().get(0).read().totalIos();
            assertThat(ios).isGreaterThan(previousIos).isLessThan(400);
            assertThat(snapshot.disk().readIos()).isGreaterThan(0);
            previousIos = ios;
        }
    }

    @Test
    void theIntervalMustBePositive() {
        assertThatThrownBy(() -> Simulation.builder().statusInterval(0, result -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("positive");
    }
}
