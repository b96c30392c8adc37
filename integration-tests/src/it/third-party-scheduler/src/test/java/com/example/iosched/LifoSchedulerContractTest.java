package com.example.iosched;

import java.util.Map;
import org.iosched.testkit.SchedulerContract;
import org.junit.jupiter.api.Test;

/**
 * A plugin's first test: the scheduler keeps the contract every iosched scheduler must keep (each request
 * dispatched once, hasQueued() honest, forced drains, merges, determinism, random mixes), with its default
 * tunables and with another value of its tunable.
 */
class LifoSchedulerContractTest {
    @Test
    void lifoKeepsTheSchedulerContract() {
        SchedulerContract.verify(new LifoSchedulerProvider());
    }

    @Test
    void lifoMovingEightRequestsPerCallKeepsTheSchedulerContract() {
        SchedulerContract.verify(new LifoSchedulerProvider(), Map.of("batch", "8"));
    }
}
