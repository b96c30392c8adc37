package org.iosched.runner.scenario;

import java.util.Locale;
import org.iosched.api.InvalidInputException;

/**
 * How a metric combines the jobs it selects ({@code aggregate:}). Jobs without a value (a latency of a job
 * that did no I/O of that kind) are left out; with none left the cell is empty.
 */
public enum Aggregate {
    /** The total (aggregate bandwidth, as fio's {@code aggrb}). */
    SUM,
    /** The largest. */
    MAX,
    /** The smallest. */
    MIN,
    /** The arithmetic mean. */
    MEAN;

    /** The name in scenario files. */
    public String yamlName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Combine {@code values}; NaN values are skipped, NaN when none is left. */
    public double apply(double[] values) {
        double result = Double.NaN;
        int count = 0;
        for (double v : values) {
            if (Double.isNaN(v)) {
                continue;
            }
            result = count == 0 ? v : switch (this) {
                case SUM, MEAN -> result + v;
                case MAX -> Math.max(result, v);
                case MIN -> Math.min(result, v);
            };
            count++;
        }
        return this == MEAN && count > 0 ? result / count : result;
    }

    /**
     * The aggregate named {@code name}.
     *
     * @throws InvalidInputException naming the accepted names
     */
    static Aggregate parse(String name, String file, int line) {
        for (Aggregate a : values()) {
            if (a.yamlName().equals(name)) {
                return a;
            }
        }
        throw new InvalidInputException(file, line, "unknown aggregate '" + name + "'; accepted: sum, max, min, mean");
    }
}
