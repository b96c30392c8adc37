package org.iosched.runner.scenario;

import java.util.List;
import java.util.Map;
import org.iosched.simulator.result.SimulationResult;

/**
 * What a scenario produced: per row, every metric for every seed.
 *
 * @param plan the plan that ran
 * @param rows one per planned row, in order
 */
public record ScenarioResult(ScenarioPlan plan, List<ScenarioResult.Row> rows) {
    /** Copies the rows. */
    public ScenarioResult {
        rows = List.copyOf(rows);
    }

    /**
     * One row's results.
     *
     * @param planned  the row as planned
     * @param sample   the first seed's simulation, or null when the runs were made elsewhere (a Spark
     *                 executor) and only their outcomes came back
     * @param first    the first seed's outcome (its resolved settings are the row's)
     * @param values   one entry per metric, in column order
     * @param notices  the runs' notices (options without effect, time limit), each once, in order
     */
    public record Row(ScenarioPlan.Row planned, SimulationResult sample, RunOutcome first, List<MetricValues> values,
                      List<String> notices) {
        /** Copies the lists. */
        public Row {
            values = List.copyOf(values);
            notices = List.copyOf(notices);
        }

        /** A row whose first seed's outcome is read from {@code sample}. */
        public Row(ScenarioPlan.Row planned, SimulationResult sample, List<MetricValues> values, List<String> notices) {
            this(planned, sample, new RunOutcome(new double[0], sample.notices(), sample.settings(),
                    sample.deviceStatistics()), values, notices);
        }

        /** Every setting of the run, resolved with defaults, as the simulator reports them. */
        public Map<String, String> resolvedSettings() {
            return first.settings();
        }
    }
}
