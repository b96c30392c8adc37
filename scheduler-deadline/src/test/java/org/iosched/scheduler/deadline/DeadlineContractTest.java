package org.iosched.scheduler.deadline;

import java.util.Map;
import org.iosched.testkit.SchedulerContract;
import org.junit.jupiter.api.Test;

/** deadline passes the checks every scheduler must pass ({@link SchedulerContract}), with several tunings. */
class DeadlineContractTest {
    private final DeadlineSchedulerProvider provider = new DeadlineSchedulerProvider();

    @Test
    void deadlineWithItsDefaultsKeepsTheSchedulerContract() {
        SchedulerContract.verify(provider);
    }

    @Test
    void deadlineWithoutFrontMergesAndOneRequestBatchesKeepsTheSchedulerContract() {
        SchedulerContract.verify(provider, Map.of("front_merges", "0", "fifo_batch", "1"));
    }

    @Test
    void deadlineWithShortExpiriesAndReadsNeverStarvingWritesKeepsTheSchedulerContract() {
        SchedulerContract.verify(provider, Map.of("read_expire", "10", "write_expire", "20", "writes_starved", "0",
                "fifo_batch", "0"));
    }
}
