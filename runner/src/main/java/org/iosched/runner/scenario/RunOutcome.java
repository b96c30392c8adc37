package org.iosched.runner.scenario;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iosched.simulator.result.SimulationResult;

/**
 * What a scenario keeps of one (row, seed) simulation: its metric values and what the report reads of the
 * run. Plain, serializable data, so that a run made elsewhere (a Spark executor) gives the driver exactly what
 * a local run gives {@link ScenarioRunner}: the table comes from these alone, whichever machine ran them.
 *
 * @param values           one value per metric, in column order (NaN where the run had nothing to measure)
 * @param notices          the run's notices, in order
 * @param settings         every resolved setting of the run, in the simulator's order
 * @param deviceStatistics the run's device and block statistics, in the simulator's order
 */
public record RunOutcome(double[] values, List<String> notices, Map<String, String> settings,
                         Map<String, Number> deviceStatistics) implements Serializable {
    /** Copies everything, keeping the maps' order. */
    public RunOutcome {
        values = values.clone();
        notices = List.copyOf(notices);
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        deviceStatistics = Collections.unmodifiableMap(new LinkedHashMap<>(deviceStatistics));
    }

    /**
     * The outcome of {@code result}: each of {@code metrics} read from it.
     *
     * @param metrics the scenario's columns
     */
    public static RunOutcome of(List<MetricSpec> metrics, SimulationResult result) {
        double[] values = new double[metrics.size()];
        for (int m = 0; m < values.length; m++) {
            values[m] = ScenarioRunner.value(metrics.get(m), result);
        }
        return new RunOutcome(values, result.notices(), result.settings(), result.deviceStatistics());
    }

    /** The values, one per metric. */
    @Override
    public double[] values() {
        return values.clone();
    }

    /** Value {@code metric} (a column index), without copying. */
    public double value(int metric) {
        return values[metric];
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RunOutcome o && Arrays.equals(o.values, values) && o.notices.equals(notices)
                && o.settings.equals(settings) && o.deviceStatistics.equals(deviceStatistics);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(values) + settings.hashCode();
    }
}
