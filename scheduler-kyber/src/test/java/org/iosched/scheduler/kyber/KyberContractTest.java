package org.iosched.scheduler.kyber;

import java.util.Map;
import org.iosched.testkit.MqSchedulerContract;
import org.junit.jupiter.api.Test;

/** Kyber passes the checks every blk-mq scheduler must pass ({@link MqSchedulerContract}), with several targets. */
class KyberContractTest {
    private final KyberSchedulerProvider provider = new KyberSchedulerProvider();

    @Test
    void kyberWithItsDefaultsKeepsTheContract() {
        MqSchedulerContract.verify(provider);
    }

    @Test
    void kyberWithTightTargetsThatThrottleEveryDomainKeepsTheContract() {
        // 1 µs targets: every window misses, so the timer shrinks the domains' depths to their minimum
        MqSchedulerContract.verify(provider, Map.of("read_lat_nsec", "1000", "write_lat_nsec", "1000"));
    }

    @Test
    void kyberWithZeroTargetsKeepsTheContract() {
        MqSchedulerContract.verify(provider, Map.of("read_lat_nsec", "0", "write_lat_nsec", "0"));
    }
}
