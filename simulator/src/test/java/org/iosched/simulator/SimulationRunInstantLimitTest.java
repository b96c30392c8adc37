package org.iosched.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.simulator.engine.EventQueue;
import org.junit.jupiter.api.Test;

class SimulationRunInstantLimitTest {
    @Test
    void theBoundIs2To24UntilMemoryHoldsMorePagesThenFourPerPage() {
        // the default 4096 MiB is 1,048,576 pages: buffered writes up to its dirty limit stay far below 2^24
        assertThat(SimulationRun.instantLimit(4096L * 256)).isEqualTo(EventQueue.DEFAULT_INSTANT_LIMIT);
        // 1 TiB, the largest vm.memory_mb: 2^28 pages, every one of which a run may dirty at one instant
        assertThat(SimulationRun.instantLimit(1L << 28)).isEqualTo(1L << 30);
    }
}
