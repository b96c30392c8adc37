package org.iosched.simulator.noop;

import org.iosched.testkit.SchedulerContract;
import org.junit.jupiter.api.Test;

/** The built-in noop passes the checks every scheduler must pass, as a third party's would. */
class NoopSchedulerContractTest {
    @Test
    void noopKeepsTheSchedulerContract() {
        SchedulerContract.verify(new NoopSchedulerProvider());
    }
}
