package org.iosched.simulator.result;

import java.util.Objects;

/**
 * fio's bandwidth or IOPS samples of one direction of one job ({@code bw_stat}, {@code iops_stat}, stat.c
 * {@code struct io_stat}): one sample per {@code bwavgtime}/{@code iopsavgtime} window in which the direction
 * moved data (KiB/s for bandwidth, I/Os per second for IOPS), or one per I/O when the job writes a per-I/O
 * bandwidth or IOPS log. Kept as running sums; {@code series} holds the window samples for plotting.
 *
 * @param count   samples ({@code samples})
 * @param min     smallest sample (0 without samples)
 * @param max     largest sample (0 without samples)
 * @param mean    mean of the samples
 * @param squares sum of squared deviations from the mean (Welford's M2, fio's {@code S})
 * @param series  the window samples over time, bounded ({@link RateSeries#MAX_POINTS})
 */
public record RateSamples(long count, long min, long max, double mean, double squares, RateSeries series) {
    private static final RateSamples NONE = new RateSamples(0, 0, 0, 0.0, 0.0, RateSeries.empty());

    /** Validates. */
    public RateSamples {
        Objects.requireNonNull(series, "series");
        if (count < 0) {
            throw new IllegalArgumentException("negative sample count");
        }
    }

    /** No samples. */
    public static RateSamples none() {
        return NONE;
    }

    /** One sample of {@code value}, without a series (hand-built results). */
    public static RateSamples single(long value) {
        return new RateSamples(1, value, value, value, 0.0, RateSeries.empty());
    }

    /** The sample standard deviation as fio prints it: {@code sqrt(S / (n - 1))}, 0 for fewer than two. */
    public double stdev() {
        return count > 1 ? Math.sqrt(squares / (count - 1)) : 0.0;
    }
}
