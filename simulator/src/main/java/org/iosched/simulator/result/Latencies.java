package org.iosched.simulator.result;

import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.IntCountsHistogram;

/** The histograms behind {@link LatencyStats}: the recorders fill them, {@link LatencyStats#merge} merges them. */
public final class Latencies {
    /** Significant decimal digits the histograms keep. */
    public static final int SIGNIFICANT_DIGITS = 3;

    private Latencies() {
    }

    /** An auto-resizing histogram of nanoseconds with 3 significant digits (int counts to halve memory). */
    public static AbstractHistogram newHistogram() {
        return new IntCountsHistogram(SIGNIFICANT_DIGITS);
    }

    /**
     * Builds the public statistics.
     *
     * @param m2 sum of squared deviations from the mean (Welford's M2)
     */
    public static LatencyStats toStats(long count, long min, long max, double mean, double m2, AbstractHistogram histogram) {
        if (count == 0) {
            return LatencyStats.empty();
        }
        double stdev = count > 1 ? Math.sqrt(Math.max(0.0, m2) / (count - 1)) : 0.0;
        SortedMap<Double, Long> percentiles = new TreeMap<>();
        for (double p : LatencyStats.FIO_PERCENTILES) {
            // the histogram answers with its bucket's upper edge; the exact extremes bound any percentile
            percentiles.put(p, Math.max(min, Math.min(max, histogram.getValueAtPercentile(p))));
        }
        SortedMap<Long, Long> bins = new TreeMap<>();
        for (HistogramIterationValue v : histogram.recordedValues()) {
            bins.put(histogram.medianEquivalentValue(v.getValueIteratedTo()), v.getCountAtValueIteratedTo());
        }
        return new LatencyStats(count, min, max, mean, stdev, percentiles, bins);
    }
}
