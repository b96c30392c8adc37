package org.iosched.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** fio's percentile rule over its histogram buckets (stat.c calc_clat_percentiles, plat_val_to_idx). */
class FioPercentilesTest {
    private static final int FIO3_BUCKETS = 29 * 64;

    @Test
    void valuesBelow128HaveABucketEachAndLargerValuesSixtyFourBucketsPerPowerOfTwo() {
        assertThat(FioPercentiles.index(0, FIO3_BUCKETS)).isZero();
        assertThat(FioPercentiles.index(127, FIO3_BUCKETS)).isEqualTo(127);
        assertThat(FioPercentiles.value(127)).isEqualTo(127);
        // 128..255 in buckets of 2: 128 and 129 share bucket 128, whose middle fio reports as 129.
        assertThat(FioPercentiles.index(129, FIO3_BUCKETS)).isEqualTo(128);
        assertThat(FioPercentiles.value(128)).isEqualTo(129);
        // 3 ms: msb 21, 15 error bits, bucket 16 * 64 + 27, middle 2^21 + 27.5 * 2^15.
        assertThat(FioPercentiles.index(3_000_000, FIO3_BUCKETS)).isEqualTo(1051);
        assertThat(FioPercentiles.value(1051)).isEqualTo(2_998_272);
    }

    @Test
    void fioBucketMiddlesFromARealRunAreTheirOwnBuckets() {
        // fio-3.42 clat percentiles of the reference run (fio-blktrace.md section 4).
        for (long value : new long[] {1_220_608, 1_482_752, 4_751_360, 7_831_552, 11_993_088}) {
            assertThat(FioPercentiles.value(FioPercentiles.index(value, FIO3_BUCKETS))).isEqualTo(value);
        }
    }

    @Test
    void valuesBeyondTheLastGroupCountInTheLastBucket() {
        assertThat(FioPercentiles.index(1L << 40, FIO3_BUCKETS)).isEqualTo(FIO3_BUCKETS - 1);
        assertThat(FioPercentiles.value(FIO3_BUCKETS - 1)).isEqualTo((1L << 33) + (long) (63.5 * (1L << 27)));
    }

    @Test
    void aPercentileIsTheFirstBucketWhoseRunningCountReachesItsShareOfTheSamples() {
        List<Long> values = FioPercentiles.compute(Results.bins(100, 50, 200, 49, 300, 1), 100,
                List.of(50.0, 50.1, 99.0, 100.0), FioPercentiles.Histogram.NANOSECONDS);

        // 50 samples reach 50% exactly at 100 (bucket 100); 50.1% needs the next bucket: 200 lies in [200, 201],
        // reported as its middle 201; 300 lies in [300, 303] (4 wide from 256), reported as 302.
        assertThat(values).containsExactly(100L, 201L, 201L, 302L);
    }

    @Test
    void percentilesComeInTheListsOrderWithDuplicatesKept() {
        assertThat(FioPercentiles.compute(Results.bins(10, 1, 20, 1), 2, List.of(50.0, 50.0, 100.0),
                FioPercentiles.Histogram.NANOSECONDS)).containsExactly(10L, 10L, 20L);
    }

    @Test
    void fio15xCountsMicroseconds() {
        // 3 ms is 3000 us: msb 11, 5 error bits, bucket 6 * 64 + 29, middle 2048 + 29.5 * 32.
        assertThat(FioPercentiles.compute(Results.bins(3_000_999, 4), 4, List.of(50.0),
                FioPercentiles.Histogram.MICROSECONDS)).containsExactly(2992L);
    }

    @Test
    void withoutSamplesEveryPercentileIsBucketZeroAsFio158PrintedIt() {
        assertThat(FioPercentiles.compute(Results.bins(), 0, List.of(1.0, 99.0),
                FioPercentiles.Histogram.MICROSECONDS)).containsExactly(0L, 0L);
    }
}
