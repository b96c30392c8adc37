package org.iosched.scheduler.cfq;

import java.util.Map;
import org.iosched.testkit.SchedulerContract;
import org.junit.jupiter.api.Test;

/**
 * CFQ passes the checks every scheduler must pass ({@link SchedulerContract}): with the defaults of Linux 3.0,
 * without idling, with every seed-patch switch on, and with the behaviour of older kernels.
 */
class CfqContractTest {
    private final CfqSchedulerProvider provider = new CfqSchedulerProvider();

    @Test
    void cfqWithTheDefaultsOfLinux30KeepsTheSchedulerContract() {
        SchedulerContract.verify(provider);
    }

    @Test
    void cfqWithoutIdlingKeepsTheSchedulerContract() {
        SchedulerContract.verify(provider, Map.of("slice_idle", "0", "group_idle", "0"));
    }

    @Test
    void cfqWithEverySeedPatchSwitchedOnKeepsTheSchedulerContract() {
        SchedulerContract.verify(provider, Map.of("group_preempt_sync_noidle", "1", "async_min_dispatch", "1",
                "fifo_expired_must_dispatch", "1", "sync_async_together", "1", "async_queues_per_group", "1"));
    }

    @Test
    void cfqWithOlderKernelsBehaviourAndAOneRequestQuantumKeepsTheSchedulerContract() {
        SchedulerContract.verify(provider, Map.of("soft_quantum", "0", "noidle_on_req_noidle", "0",
                "low_latency", "0", "quantum", "1"));
    }
}
