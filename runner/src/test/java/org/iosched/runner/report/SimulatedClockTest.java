package org.iosched.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SimulatedClockTest {
    @Test
    void simulatedTimeReadsAsADateSinceTheUnixEpochInCtimeLayout() {
        assertThat(SimulatedClock.ctime(0)).isEqualTo("Thu Jan  1 00:00:00 1970");
        assertThat(SimulatedClock.ctime(22_100_000_000L)).isEqualTo("Thu Jan  1 00:00:22 1970");
        assertThat(SimulatedClock.ctime(40L * 86_400 * 1_000_000_000L + 3_723_000_000_000L))
                .isEqualTo("Tue Feb 10 01:02:03 1970");
    }

    @Test
    void timestampsTruncateToWholeSecondsAndMilliseconds() {
        assertThat(SimulatedClock.epochSeconds(22_999_999_999L)).isEqualTo(22);
        assertThat(SimulatedClock.epochMillis(22_999_999_999L)).isEqualTo(22_999);
    }
}
