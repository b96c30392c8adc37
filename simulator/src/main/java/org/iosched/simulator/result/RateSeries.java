package org.iosched.simulator.result;

import java.util.Arrays;

/**
 * A bounded time series of rate samples for plotting: points of (time since the job's start in ms, value), in
 * time order. A long run keeps at most {@link #MAX_POINTS} points; beyond that each point is the mean of
 * several consecutive samples (a power of two), at the time of the last of them.
 */
public final class RateSeries {
    /** The most points a series keeps. */
    public static final int MAX_POINTS = 4096;

    private static final RateSeries EMPTY = new RateSeries(new long[0], new long[0]);

    private final long[] millis;
    private final long[] values;

    /**
     * @param millis the points' times, ms since the job's start, ascending (copied)
     * @param values the points' values (copied), as many as {@code millis}
     */
    public RateSeries(long[] millis, long[] values) {
        if (millis.length != values.length) {
            throw new IllegalArgumentException(millis.length + " times but " + values.length + " values");
        }
        this.millis = millis.clone();
        this.values = values.clone();
    }

    /** No points. */
    public static RateSeries empty() {
        return EMPTY;
    }

    /** Number of points. */
    public int size() {
        return millis.length;
    }

    /** The time of point {@code i} in ms since the job's start. */
    public long millis(int i) {
        return millis[i];
    }

    /** The value of point {@code i}. */
    public long value(int i) {
        return values[i];
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RateSeries series && Arrays.equals(millis, series.millis)
                && Arrays.equals(values, series.values);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(millis) + Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return "RateSeries[" + millis.length + " points]";
    }
}
