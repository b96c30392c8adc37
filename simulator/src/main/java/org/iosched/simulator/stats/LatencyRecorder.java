package org.iosched.simulator.stats;

import java.util.Arrays;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.AbstractHistogram;
import org.iosched.simulator.result.Latencies;
import org.iosched.simulator.result.LatencyStats;

/**
 * Records one latency distribution: exact count, min, max, mean and M2 (Welford), plus a histogram. The
 * first {@value #BUFFERED} samples are kept as they are and go into the histogram only when there are more;
 * the statistics of fewer are computed from the sorted samples as the histogram would give them. A
 * histogram of 3 significant digits costs tens of KB, so thousands of short jobs stay small, and the
 * statistics are the same as if every sample had gone into the histogram at once (its counts do not depend
 * on the order of the samples).
 */
public final class LatencyRecorder {
    /** Samples kept raw before the histogram is made: 16 KB, under a histogram of millisecond latencies. */
    static final int BUFFERED = 2048;

    private long count;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    private double mean;
    private double m2;
    private AbstractHistogram histogram;
    private long[] samples;

    /** Record one latency in nanoseconds (negative values are clamped to 0). */
    public void record(long nanos) {
        long v = Math.max(0, nanos);
        if (histogram != null) {
            histogram.recordValue(v);
        } else if (count < BUFFERED) {
            if (samples == null) {
                samples = new long[16];
            } else if (count == samples.length) {
                samples = Arrays.copyOf(samples, samples.length * 2);
            }
            samples[(int) count] = v;
        } else {
            histogram = buffered();
            samples = null;
            histogram.recordValue(v);
        }
        count++;
        if (v < min) {
            min = v;
        }
        if (v > max) {
            max = v;
        }
        double delta = v - mean;
        mean += delta / count;
        m2 += delta * (v - mean);
    }

    /** Samples so far. */
    public long count() {
        return count;
    }

    /** Whether the histogram exists yet (for tests of the memory a short job costs). */
    boolean histogramMade() {
        return histogram != null;
    }

    /** The statistics so far. */
    public LatencyStats toStats() {
        if (count == 0) {
            return LatencyStats.empty();
        }
        return histogram != null ? Latencies.toStats(count, min, max, mean, m2, histogram)
                : toStats(count, min, max, mean, m2, samples);
    }

    /** A histogram of the buffered samples. */
    private AbstractHistogram buffered() {
        AbstractHistogram h = Latencies.newHistogram();
        for (int i = 0; i < count; i++) {
            h.recordValue(samples[i]);
        }
        return h;
    }

    /**
     * The same statistics as {@link Latencies#toStats(long, long, long, double, double, AbstractHistogram)} of a
     * histogram holding {@code samples[0..count)}, computed from the sorted samples without filling one: the
     * value at a percentile is the bucket edge of the sample at HdrHistogram's rank for it
     * ({@code getValueAtPercentile}: rank = max(1, ceil(p' * count / 100)) with p' one ulp below p), and the
     * bins are the buckets the samples fall in. For a few thousand samples this is a sort instead of a scan
     * of tens of thousands of counts per percentile.
     */
    private static LatencyStats toStats(long count, long min, long max, double mean, double m2, long[] samples) {
        if (count == 0) {
            return LatencyStats.empty();
        }
        int n = (int) count;
        long[] sorted = Arrays.copyOf(samples, n);
        Arrays.sort(sorted);
        AbstractHistogram buckets = Latencies.newHistogram();
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
