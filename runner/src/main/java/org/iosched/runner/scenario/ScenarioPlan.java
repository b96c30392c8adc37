package org.iosched.runner.scenario;

import java.util.List;
import org.iosched.api.JobDescriptor;
import org.iosched.runner.RunPlan;

/**
 * A scenario ready to run: every row validated and planned once per seed.
 *
 * @param scenario the scenario
 * @param seeds    the seeds every row runs with
 * @param rows     the rows, in matrix order
 */
public record ScenarioPlan(Scenario scenario, List<Long> seeds, List<ScenarioPlan.Row> rows) {
    /** Copies the lists. */
    public ScenarioPlan {
        seeds = List.copyOf(seeds);
        rows = List.copyOf(rows);
    }

    /** How many simulations the plan runs. */
    public int simulations() {
        return rows.size() * seeds.size();
    }

    /**
     * One row, planned.
     *
     * @param row      the configuration
     * @param settings the settings that apply to it (a scheduler's tunables only where that scheduler runs)
     * @param runs     one plan per seed, in the order of {@link ScenarioPlan#seeds()}
     * @param jobs     the jobs its workload declares
     */
    public record Row(ScenarioRow row, List<Setting> settings, List<RunPlan> runs, List<JobDescriptor> jobs) {
        /** Copies the lists. */
        public Row {
            settings = List.copyOf(settings);
            runs = List.copyOf(runs);
            jobs = List.copyOf(jobs);
        }
    }
}
