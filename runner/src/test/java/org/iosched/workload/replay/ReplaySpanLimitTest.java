package org.iosched.workload.replay;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.simulator.Simulation;
import org.junit.jupiter.api.Test;

/** The replay's span limit is the run's virtual-time limit, which the workloads module cannot see. */
class ReplaySpanLimitTest {
    @Test
    void aTraceMaySpanExactlyTheSimulationsTimeLimit() {
        assertThat(TraceReader.MAX_SPAN_NANOS).isEqualTo(Simulation.DEFAULT_MAX_VIRTUAL_TIME);
    }
}
