package org.iosched.simulator.result;

import java.util.Arrays;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.IntCountsHistogram;

/** Histogram conventions shared by the recorders and {@link LatencyStats#merge}. */
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

    /**
     * The same statistics as {@link #toStats(long, long, long, double, double, AbstractHistogram)} of a
     * histogram holding {@code samples[0..count)}, computed from the sorted samples without filling one: the
     * value at a percentile is the bucket edge of the sample at HdrHistogram's rank for it
     * ({@code getValueAtPercentile}: rank = max(1, ceil(p' * count / 100)) with p' one ulp below p), and the
     * bins are the buckets the samples fall in. For a few thousand samples this is a sort instead of a scan
     * of tens of thousands of counts per percentile.
     */
    static LatencyStats toStats(long count, long min, long max, double mean, double m2, long[] samples) {
        if (count == 0) {
            return LatencyStats.empty();
        }
        int n = (int) count;
        long[] sorted = Arrays.copyOf(samples, n);
        Arrays.sort(sorted);
        AbstractHistogram buckets = newHistogram();
        double stdev = count > 1 ? Math.sqrt(Math.max(0.0, m2) / (count - 1)) : 0.0;
        SortedMap<Double, Long> percentiles = new TreeMap<>();
        for (double p : LatencyStats.FIO_PERCENTILES) {
            double requested = Math.min(Math.max(Math.nextAfter(p, Double.NEGATIVE_INFINITY), 0.0), 100.0);
            long rank = Math.max(1, (long) Math.ceil(requested * count / 100.0));
            long v = sorted[(int) Math.min(rank, count) - 1];
            long edge = p == 0.0 ? buckets.lowestEquivalentValue(v) : buckets.highestEquivalentValue(v);
            percentiles.put(p, Math.max(min, Math.min(max, edge)));
        }
        SortedMap<Long, Long> bins = new TreeMap<>();
        int i = 0;
        while (i < n) {
            long bucket = buckets.lowestEquivalentValue(sorted[i]);
            int j = i + 1;
            while (j < n && buckets.lowestEquivalentValue(sorted[j]) == bucket) {
                j++;
            }
            bins.put(buckets.medianEquivalentValue(sorted[i]), (long) (j - i));
            i = j;
        }
        return new LatencyStats(count, min, max, mean, stdev, percentiles, bins);
    }
}
