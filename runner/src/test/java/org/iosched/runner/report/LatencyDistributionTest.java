package org.iosched.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iosched.simulator.result.DirectionStats;
import org.iosched.simulator.result.JobResult;
import org.junit.jupiter.api.Test;

class LatencyDistributionTest {
    private static JobResult readsWithClatBins(long ios, long... bins) {
        DirectionStats read = new DirectionStats(ios * 4096, ios, 1_000_000_000, Results.none(),
                Results.latency(ios, 1, 1, 1, 0, Results.percentiles(), Results.bins(bins)), Results.none());
        return new JobResult(Results.descriptor(0, "r", 0, false, "rw=read", Map.of()), 1, 0, 1, read,
                Results.idle(), Results.idle(), Results.none());
    }

    @Test
    void bucketHoldsValuesFromThePreviousLabelUpToJustUnderItsOwn() {
        assertThat(LatencyDistribution.bucket(0)).isEqualTo(0);
        assertThat(LatencyDistribution.bucket(1)).isEqualTo(0);
        assertThat(LatencyDistribution.bucket(2)).isEqualTo(1);
        assertThat(LatencyDistribution.bucket(9)).isEqualTo(2);
        assertThat(LatencyDistribution.bucket(10)).isEqualTo(3);
        assertThat(LatencyDistribution.bucket(999)).isEqualTo(9);
        assertThat(LatencyDistribution.bucket(1999)).isEqualTo(10);
        assertThat(LatencyDistribution.bucket(2000)).isEqualTo(11);
    }

    @Test
    void latenciesGoToNsecBelowOneMicrosecondUsecBelowOneMillisecondElseMsec() {
        LatencyDistribution distribution = LatencyDistribution.of(readsWithClatBins(4,
                999, 1, 1_000, 1, 999_999, 1, 2_000_000_000, 1));

        assertThat(distribution.nsec()[9]).isEqualTo(25.0);
        assertThat(distribution.usec()[0]).isEqualTo(25.0);
        assertThat(distribution.usec()[9]).isEqualTo(25.0);
        assertThat(distribution.msec()[11]).isEqualTo(25.0);
    }

    @Test
    void aNonEmptyBucketShowsAtLeastOneHundredthOfAPercent() {
        LatencyDistribution distribution = LatencyDistribution.of(readsWithClatBins(1_000_000, 5_000, 1));

        assertThat(distribution.usec()[2]).isEqualTo(0.01);
        assertThat(distribution.usec()[3]).isZero();
    }

    @Test
    void theYear2011LayoutHasNoNanosecondRow() {
        LatencyDistribution distribution = LatencyDistribution.legacy(readsWithClatBins(2, 500, 1, 1_500, 1));

        assertThat(distribution.nsec()).containsOnly(0.0);
        assertThat(distribution.usec()[0]).isEqualTo(100.0);
    }
}
