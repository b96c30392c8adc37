package org.iosched.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.util.Map;
import org.iosched.simulator.result.SimulationResult;
import org.iosched.simulator.testing.FakeDeviceProvider;
import org.iosched.simulator.testing.RandomReadWorkload;
import org.junit.jupiter.api.Test;

class DeterminismTest {
    private record Outcome(SimulationResult result, String trace, byte[] binary) {
    }

    private static Outcome run(long seed) {
        StringBuilder trace = new StringBuilder();
        ByteArrayOutputStream binary = new ByteArrayOutputStream();
        FakeDeviceProvider disk = new FakeDeviceProvider("fake-ncq", true, true, false, 4,
                rq -> 200_000 + (rq.sector() % 7_919) * 1_000);
        SimulationResult result = Simulation.builder()
                .seed(seed)
                .device(disk, Map.of())
                .workload(new RandomReadWorkload(400, 4096, 8, 64L << 20, false))
                .trace(trace)
                .binaryTrace(binary)
                .build()
                .run();
        return new Outcome(result, trace.toString(), binary.toByteArray());
    }

    @Test
    void theSameSeedGivesAnIdenticalTraceAndIdenticalResults() {
        Outcome first = run(11);
        Outcome second = run(11);

        assertThat(second.trace()).isEqualTo(first.trace());
        assertThat(second.result()).isEqualTo(first.result());
        assertThat(first.trace()).contains("  Q  RS ").contains("  C  RS ").contains("Events (8,0):");
    }

    @Test
    void theSameSeedGivesAByteIdenticalBinaryTrace() {
        Outcome first = run(11);
        Outcome second = run(11);
        Outcome other = run(12);

        assertThat(first.binary()).hasSizeGreaterThan(400 * 4 * 48);
        assertThat(second.binary()).isEqualTo(first.binary());
        assertThat(other.binary()).isNotEqualTo(first.binary());
    }

    @Test
    void anotherSeedChangesARandomWorkload() {
        Outcome first = run(11);
        Outcome other = run(12);

        assertThat(other.trace()).isNotEqualTo(first.trace());
        assertThat(other.result().durationNanos()).isNotEqualTo(first.result().durationNanos());
        assertThat(other.result().jobs().get(0).read().totalIos()).isEqualTo(400);
    }
}
