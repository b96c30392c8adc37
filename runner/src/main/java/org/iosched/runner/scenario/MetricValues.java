package org.iosched.runner.scenario;

import java.util.Arrays;

/**
 * One metric of one row: its value for every seed (NaN where the run had nothing to measure), and the
 * mean, min and max the table shows.
 *
 * @param metric  the column
 * @param perSeed one value per seed, in the plan's seed order
 */
public record MetricValues(MetricSpec metric, double[] perSeed) {
    /** Copies the values. */
    public MetricValues {
        perSeed = perSeed.clone();
    }

    /** The values, one per seed. */
    @Override
    public double[] perSeed() {
        return perSeed.clone();
    }

    /** The mean over the seeds that have a value; NaN when none has. */
    public double mean() {
        return Aggregate.MEAN.apply(perSeed);
    }

    /** The smallest value; NaN when none. */
    public double min() {
        return Aggregate.MIN.apply(perSeed);
    }

    /** The largest value; NaN when none. */
    public double max() {
        return Aggregate.MAX.apply(perSeed);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof MetricValues v && v.metric.equals(metric) && Arrays.equals(v.perSeed, perSeed);
    }

    @Override
    public int hashCode() {
        return 31 * metric.hashCode() + Arrays.hashCode(perSeed);
    }

    @Override
    public String toString() {
        return metric.label() + "=" + Arrays.toString(perSeed);
    }
}
