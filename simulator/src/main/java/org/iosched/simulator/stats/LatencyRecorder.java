package org.iosched.simulator.stats;

import java.util.Arrays;
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
                : Latencies.toStats(count, min, max, mean, m2, samples);
    }

    /** A histogram of the buffered samples. */
    private AbstractHistogram buffered() {
        AbstractHistogram h = Latencies.newHistogram();
        for (int i = 0; i < count; i++) {
            h.recordValue(samples[i]);
        }
        return h;
    }
}
