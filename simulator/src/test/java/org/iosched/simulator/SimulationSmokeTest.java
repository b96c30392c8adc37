package org.iosched.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iosched.simulator.noop.NoopSchedulerProvider;
import org.iosched.simulator.result.SimulationResult;
import org.iosched.simulator.testing.FakeDeviceProvider;
import org.iosched.simulator.testing.RandomReadWorkload;
import org.junit.jupiter.api.Test;

class SimulationSmokeTest {
    @Test
    void noopOnAFixedLatencyDiskCompletesEveryRead() {
        SimulationResult result = Simulation.builder()
                .scheduler(new NoopSchedulerProvider(), Map.of())
                .device(FakeDeviceProvider.fixedLatencyDisk(1_000_000), Map.of())
                .workload(RandomReadWorkload.reads(100, 1))
                .build()
                .run();
        assertThat(result.jobs()).hasSize(1);
        assertThat(result.jobs().get(0).read().totalIos()).isEqualTo(100);
        assertThat(result.disk().readIos()).isEqualTo(100);
        // 100 reads of 1 ms one after another, each with its CPU time around it (a few µs)
        assertThat(result.durationNanos()).isBetween(100 * 1_000_000L, 100 * 1_020_000L);
    }
}
