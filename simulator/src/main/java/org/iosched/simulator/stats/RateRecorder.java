package org.iosched.simulator.stats;

import java.util.Arrays;
import org.iosched.simulator.result.RateSamples;
import org.iosched.simulator.result.RateSeries;

/**
 * One direction's bandwidth or IOPS samples as fio keeps them ({@code add_stat_sample}): count, min, max and a
 * running mean and sum of squared deviations (Welford), plus a bounded series of the window samples for
 * plots. When the series is full, neighbouring points are averaged in pairs and later samples are averaged
 * in groups of the same size, so memory stays at {@link RateSeries#MAX_POINTS} points whatever the runtime.
 */
final class RateRecorder {
    private long count;
    private long min = Long.MAX_VALUE;
    private long max;
    private double mean;
    private double squares;

    private long[] millis;
    private long[] values;
    private int points;
    private int perPoint = 1;
    private int pending;
    private long pendingSum;

    /** One sample for the statistics. */
    void sample(long value) {
        count++;
        min = Math.min(min, value);
        max = Math.max(max, value);
        double delta = value - mean;
        mean += delta / count;
        squares += delta * (value - mean);
    }

    /** One window's sample for the series, at {@code atMillis} since the job's start. */
    void plot(long atMillis, long value) {
        pendingSum += value;
        if (++pending < perPoint) {
            return;
        }
        long point = pendingSum / pending;
        pending = 0;
        pendingSum = 0;
        if (millis == null) {
            millis = new long[64];
            values = new long[64];
        } else if (points == millis.length) {
            if (points < RateSeries.MAX_POINTS) {
                millis = Arrays.copyOf(millis, points * 2);
                values = Arrays.copyOf(values, points * 2);
            } else {
                halve();
            }
        }
        millis[points] = atMillis;
        values[points] = point;
        points++;
    }

    private void halve() {
        int kept = points / 2;
        for (int i = 0; i < kept; i++) {
            millis[i] = millis[2 * i + 1];
            values[i] = (values[2 * i] + values[2 * i + 1]) / 2;
        }
        points = kept;
        perPoint *= 2;
    }

    RateSamples toSamples() {
        RateSeries series = points == 0 ? RateSeries.empty()
                : new RateSeries(Arrays.copyOf(millis, points), Arrays.copyOf(values, points));
        if (count == 0) {
            return series.size() == 0 ? RateSamples.none() : new RateSamples(0, 0, 0, 0.0, 0.0, series);
        }
        return new RateSamples(count, min, max, mean, squares, series);
    }
}
