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
                         int line) implements java.io.Serializable {
    /**
     * The header: the label, with the unit in parentheses when the metric has one and the label does not
     * already name it ({@code p99 (ms)} stays as written, not {@code p99 (ms) (ms)}).
     */
    public String header() {
        String unit = metric.unit();
        if (unit.isEmpty() || label.contains("(" + unit + ")") || unit.equals("usec") && label.contains("(us)")) {
            return label;
        }
        return label + " (" + unit + ")";
    }
}
