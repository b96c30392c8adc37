package org.iosched.simulator.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.iosched.simulator.result.Latencies;
import org.iosched.simulator.result.LatencyStats;
import org.junit.jupiter.api.Test;

class LatencyRecorderTest {
    @Test
    void countMinMaxMeanAndSampleDeviationAreExact() {
        LatencyRecorder r = new LatencyRecorder();
        for (long v : new long[] {1000, 2000, 3000, 4000}) {
            r.record(v);
        }
        LatencyStats s = r.toStats();

        assertThat(s.count()).isEqualTo(4);
        assertThat(s.minNanos()).isEqualTo(1000);
        assertThat(s.maxNanos()).isEqualTo(4000);
        assertThat(s.meanNanos()).isEqualTo(2500.0);
        // squared deviations 2.25e6 + 0.25e6 + 0.25e6 + 2.25e6 = 5e6, over n - 1 = 3, as fio divides
        assertThat(s.stdevNanos()).isCloseTo(Math.sqrt(5e6 / 3), within(1e-9));
    }

    @Test
    void percentilesAreFiosListWithinTheHistogramsResolution() {
        LatencyRecorder r = new LatencyRecorder();
        for (long v = 1; v <= 10_000; v++) {
            r.record(v * 1_000);
        }
        LatencyStats s = r.toStats();

        assertThat(s.percentiles().keySet()).containsExactlyElementsOf(LatencyStats.FIO_PERCENTILES);
        assertThat((double) s.percentiles().get(50.0)).isCloseTo(5_000_000, within(5_000.0));
        assertThat((double) s.percentiles().get(99.0)).isCloseTo(9_900_000, within(9_900.0));
        assertThat((double) s.percentiles().get(99.99)).isCloseTo(9_999_000, within(9_999.0));
        assertThat(s.bins().values().stream().mapToLong(Long::longValue).sum()).isEqualTo(10_000);
    }

    @Test
    void aSingleSampleHasNoDeviation() {
        LatencyRecorder r = new LatencyRecorder();
        r.record(777);

        LatencyStats s = r.toStats();
        assertThat(s.stdevNanos()).isZero();
        assertThat(s.percentiles().get(1.0)).isEqualTo(777);
        assertThat(s.bins()).containsEntry(777L, 1L);
    }

    @Test
    void percentilesNeverLieOutsideTheExactMinimumAndMaximum() {
        LatencyRecorder r = new LatencyRecorder();
        for (int i = 0; i < 100; i++) {
            r.record(300_000);
        }

        assertThat(r.toStats().percentiles().values()).containsOnly(300_000L);
    }

    @Test
    void nothingRecordedIsTheEmptyDistribution() {
        LatencyStats s = new LatencyRecorder().toStats();

        assertThat(s).isEqualTo(LatencyStats.empty());
        assertThat(s.percentiles()).isEmpty();
        assertThat(s.count()).isZero();
    }

    @Test
    void mergingDistributionsEqualsRecordingAllSamplesTogether() {
        LatencyRecorder a = new LatencyRecorder();
        LatencyRecorder b = new LatencyRecorder();
        LatencyRecorder all = new LatencyRecorder();
        java.util.SplittableRandom random = new java.util.SplittableRandom(3);
        for (int i = 0; i < 5_000; i++) {
            long v = random.nextLong(100, 50_000_000);
            (i % 3 == 0 ? a : b).record(v);
            all.record(v);
        }
        LatencyStats merged = LatencyStats.merge(List.of(a.toStats(), b.toStats(), LatencyStats.empty()));
        LatencyStats expected = all.toStats();

        assertThat(merged.count()).isEqualTo(expected.count());
        assertThat(merged.minNanos()).isEqualTo(expected.minNanos());
        assertThat(merged.maxNanos()).isEqualTo(expected.maxNanos());
        assertThat(merged.meanNanos()).isCloseTo(expected.meanNanos(), within(1e-3));
        assertThat(merged.stdevNanos()).isCloseTo(expected.stdevNanos(), within(1e-3));
        assertThat(merged.percentiles()).isEqualTo(expected.percentiles());
        assertThat(merged.bins()).isEqualTo(expected.bins());
    }

    @Test
    void bufferedSamplesGiveTheStatisticsOfAHistogramOfEverySample() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(15);
        int[] sizes = {1, 2, 3, 7, 10, 99, 100, 101, 999, 1000, 1001, 1999, LatencyRecorder.BUFFERED - 1,
            LatencyRecorder.BUFFERED, LatencyRecorder.BUFFERED + 1, 3 * LatencyRecorder.BUFFERED};
        long[] ranges = {2, 50, 3_000, 50_000_000, 1L << 40};
        for (int t = 0; t < sizes.length * ranges.length; t++) {
            int n = sizes[t % sizes.length];
            long range = ranges[t / sizes.length];
            LatencyRecorder r = new LatencyRecorder();
            org.HdrHistogram.AbstractHistogram reference = Latencies.newHistogram();
            for (int i = 0; i < n; i++) {
                long v = random.nextLong(0, range);
                r.record(v);
                reference.recordValue(v);
            }
            assertThat(r.histogramMade()).as("n=%d", n).isEqualTo(n > LatencyRecorder.BUFFERED);
            LatencyStats s = r.toStats();
            LatencyStats expected = Latencies.toStats(s.count(), s.minNanos(), s.maxNanos(), s.meanNanos(), 0,
                    reference);
            assertThat(s.percentiles()).as("n=%d range=%d", n, range).isEqualTo(expected.percentiles());
            assertThat(s.bins()).as("n=%d range=%d", n, range).isEqualTo(expected.bins());
            assertThat(r.toStats().bins()).isEqualTo(s.bins());
        }
    }
}
