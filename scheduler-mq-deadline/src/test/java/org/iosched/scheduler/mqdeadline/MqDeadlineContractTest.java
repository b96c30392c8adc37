package org.iosched.scheduler.mqdeadline;

import java.util.Map;
import org.iosched.testkit.MqSchedulerContract;
import org.junit.jupiter.api.Test;

/** mq-deadline passes the checks every blk-mq scheduler must pass ({@link MqSchedulerContract}), with several tunings. */
class MqDeadlineContractTest {
    private final MqDeadlineSchedulerProvider provider = new MqDeadlineSchedulerProvider();

    @Test
    void mqDeadlineWithItsDefaultsKeepsTheContract() {
        MqSchedulerContract.verify(provider);
    }

    @Test
    void mqDeadlineWithoutFrontMergesAndOneRequestBatchesKeepsTheContract() {
        MqSchedulerContract.verify(provider, Map.of("front_merges", "0", "fifo_batch", "1"));
    }

    @Test
    void mqDeadlineWithShortExpiriesAndAgingAndNegativeWritesStarvedKeepsTheContract() {
        MqSchedulerContract.verify(provider, Map.of("read_expire", "10", "write_expire", "20", "writes_starved", "-1",
                "fifo_batch", "0", "prio_aging_expire", "5", "async_depth", "1"));
    }
}
