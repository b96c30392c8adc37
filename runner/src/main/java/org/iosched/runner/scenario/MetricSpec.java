package org.iosched.runner.scenario;

/**
 * One column of a scenario's table ({@code metrics:} entry).
 *
 * @param label     the column header, which {@code reference:} values name
 * @param jobs      the jobs it reads, or null for a {@link Metric.DeviceStatistic}
 * @param metric    what it measures
 * @param aggregate how the selected jobs combine, or null when the selector picks one job
 * @param decimals  digits after the point, or -1 to choose by magnitude
 * @param line      line of its {@code label:}
 */
public record MetricSpec(String label, JobSelector jobs, Metric metric, Aggregate aggregate, int decimals,
                         int line) {
    /** The header: the label, with the unit in parentheses when the metric has one. */
    public String header() {
        return metric.unit().isEmpty() ? label : label + " (" + metric.unit() + ")";
    }
}
