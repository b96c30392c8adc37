package org.iosched.simulator.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.AbstractHistogram;

/**
 * One latency distribution as fio reports it ({@code slat}, {@code clat}, {@code lat} or {@code sync}):
 * count, min, max, mean and standard deviation (sample, {@code n - 1}, as fio computes it) from the exact
 * values, fio's percentile list from an HdrHistogram with 3 significant digits, and the histogram's
 * buckets as fio's json+ {@code bins} (bucket midpoint in ns to count).
 *
 * <p>The bins are the whole histogram, so distributions merge ({@link #merge}) without loss beyond the
 * histogram's resolution, as fio's {@code group_reporting} does.
 *
 * @param count       samples
 * @param minNanos    smallest, 0 when empty
 * @param maxNanos    largest, 0 when empty
 * @param meanNanos   mean
 * @param stdevNanos  sample standard deviation
 * @param percentiles fio's default percentiles (1, 5, 10, 20, ..., 99.99) to nanoseconds; empty when empty
 * @param bins        histogram bucket midpoints in nanoseconds to counts
 */
public record LatencyStats(long count, long minNanos, long maxNanos, double meanNanos, double stdevNanos,
                           SortedMap<Double, Long> percentiles, SortedMap<Long, Long> bins) {
    /** fio's default {@code percentile_list}. */
    public static final List<Double> FIO_PERCENTILES = List.of(1.0, 5.0, 10.0, 20.0, 30.0, 40.0, 50.0, 60.0,
            70.0, 80.0, 90.0, 95.0, 99.0, 99.5, 99.9, 99.95, 99.99);

    private static final LatencyStats EMPTY = new LatencyStats(0, 0, 0, 0.0, 0.0,
            Collections.emptySortedMap(), Collections.emptySortedMap());

    /** Copies the maps into unmodifiable sorted maps. */
    public LatencyStats {
        Objects.requireNonNull(percentiles, "percentiles");
        Objects.requireNonNull(bins, "bins");
        percentiles = Collections.unmodifiableSortedMap(new TreeMap<>(percentiles));
        bins = Collections.unmodifiableSortedMap(new TreeMap<>(bins));
    }

    /** No samples. */
    public static LatencyStats empty() {
        return EMPTY;
    }

    /**
     * The distribution of all samples of {@code parts} together: exact count, min, max, mean and deviation
     * (pooled), percentiles from the merged histogram.
     */
    public static LatencyStats merge(List<LatencyStats> parts) {
        List<LatencyStats> nonEmpty = new ArrayList<>();
        for (LatencyStats p : parts) {
            if (p.count > 0) {
                nonEmpty.add(p);
            }
        }
        if (nonEmpty.isEmpty()) {
            return EMPTY;
        }
        if (nonEmpty.size() == 1) {
            return nonEmpty.get(0);
        }
        long count = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        double sum = 0;
        for (LatencyStats p : nonEmpty) {
            count += p.count;
            min = Math.min(min, p.minNanos);
            max = Math.max(max, p.maxNanos);
            sum += p.meanNanos * p.count;
        }
        double mean = sum / count;
        double m2 = 0;
        AbstractHistogram histogram = Latencies.newHistogram();
        for (LatencyStats p : nonEmpty) {
            double d = p.meanNanos - mean;
            m2 += p.stdevNanos * p.stdevNanos * (p.count - 1) + d * d * p.count;
            for (var bin : p.bins.entrySet()) {
                histogram.recordValueWithCount(bin.getKey(), bin.getValue());
            }
        }
        return Latencies.toStats(count, min, max, mean, m2, histogram);
    }

    /** Sum of all samples (mean times count), in nanoseconds. */
    public double totalNanos() {
        return meanNanos * count;
    }
}
