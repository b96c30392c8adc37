package org.iosched.scheduler.bfq;

import java.util.Map;
import org.iosched.testkit.MqSchedulerContract;
import org.junit.jupiter.api.Test;

/** BFQ passes the checks every blk-mq scheduler must pass ({@link MqSchedulerContract}), with several tunings. */
class BfqContractTest {
    private final BfqSchedulerProvider provider = new BfqSchedulerProvider();

    @Test
    void bfqWithItsDefaultsKeepsTheContract() {
        MqSchedulerContract.verify(provider);
    }

    @Test
    void bfqWithoutIdlingOrWeightRaisingKeepsTheContract() {
        MqSchedulerContract.verify(provider, Map.of("slice_idle", "0", "low_latency", "0"));
    }

    @Test
    void bfqWithSmallBudgetsAndShortTimeoutsKeepsTheContract() {
        MqSchedulerContract.verify(provider, Map.of("max_budget", "16", "timeout_sync", "1",
                "fifo_expire_sync", "1", "fifo_expire_async", "1", "back_seek_max", "0", "back_seek_penalty", "1"));
    }

    @Test
    void bfqWithGroupWeightsKeepsTheContract() {
        MqSchedulerContract.verify(provider, Map.of("weight", "/db:1000", "slice_idle_us", "2500"));
    }
}
