package org.iosched.simulator.stats;

import org.HdrHistogram.AbstractHistogram;
import org.iosched.simulator.LatencyStats;

/**
 * Records one latency distribution: exact count, min, max, mean and M2 (Welford), plus a histogram
 * created on the first sample, so unused distributions cost nothing.
 */
public final class LatencyRecorder {
    private long count;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    private double mean;
    private double m2;
    private AbstractHistogram histogram;

    /** Record one latency in nanoseconds (negative values are clamped to 0). */
    public void record(long nanos) {
        long v = Math.max(0, nanos);
        if (histogram == null) {
            histogram = Latencies.newHistogram();
        }
        histogram.recordValue(v);
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

    /** The statistics so far. */
    public LatencyStats toStats() {
        return count == 0 ? LatencyStats.empty() : Latencies.toStats(count, min, max, mean, m2, histogram);
    }
}
