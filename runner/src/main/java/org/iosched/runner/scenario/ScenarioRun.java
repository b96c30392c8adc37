package org.iosched.runner.scenario;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iosched.api.InvalidInputException;
import org.iosched.api.WorkloadSource;
import org.iosched.runner.RunControl;
import org.iosched.runner.RunPlan;
import org.iosched.runner.RunService;
import org.iosched.runner.SetOptions;
import org.iosched.simulator.result.SimulationResult;

/**
 * One (row, seed) of a {@link ScenarioPlan} as plain, serializable data: what {@link ScenarioPlanner} planned
 * it from (workload kind and text, device, scheduler, the settings that apply, the seed). Another JVM (a Spark
 * executor) plans it again with the same {@link RunService#plan} and runs it; a plan is a function of these
 * inputs, so the run is the one the local runner would make.
 *
 * <p>Limitations: files the workload text names by a relative path (an {@code include}, a replayed trace) are
 * read from {@link #baseDirectory()} on the machine that runs it, which must hold them at the same path.
 *
 * @param index         the run's place in the plan: {@code row * seeds + seed index}
 * @param row           the row's index in the plan
 * @param rowLabel      the row's label, for messages
 * @param seed          the run seed
 * @param kind          the workload kind ({@code fio})
 * @param sourceName    what messages call the workload text
 * @param text          the workload text
 * @param baseDirectory where the text's relative paths resolve, or null
 * @param environment   the text's {@code ${VAR}} values, in order
 * @param device        the device preset
 * @param scheduler     the scheduler
 * @param settings      the settings that apply to the row, as {@code KEY=VALUE}, in order
 */
public record ScenarioRun(int index, int row, String rowLabel, long seed, String kind, String sourceName, String text,
                          String baseDirectory, Map<String, String> environment, String device, String scheduler,
                          List<String> settings) implements Serializable {
    /** Copies the collections, keeping their order. */
    public ScenarioRun {
        environment = Collections.unmodifiableMap(new LinkedHashMap<>(environment));
        settings = List.copyOf(settings);
    }

    /** Every run of {@code plan}, in plan order (row by row, each row's seeds in order). */
    public static List<ScenarioRun> of(ScenarioPlan plan) {
        List<ScenarioRun> runs = new ArrayList<>(plan.simulations());
        for (int r = 0; r < plan.rows().size(); r++) {
            ScenarioPlan.Row row = plan.rows().get(r);
            WorkloadSpec w = row.row().workload();
            List<String> settings = new ArrayList<>(row.settings().size());
            for (Setting s : row.settings()) {
                settings.add(s.assignment());
            }
            for (int s = 0; s < plan.seeds().size(); s++) {
                runs.add(new ScenarioRun(runs.size(), r, row.row().label(), plan.seeds().get(s), w.kind(),
                        w.sourceName(), w.text(), w.baseDirectory() == null ? null : w.baseDirectory().toString(),
                        w.environment(), row.row().device().name(), row.row().scheduler().name(), settings));
            }
        }
        return runs;
    }

    /**
     * Plan and run this simulation with {@code service} and read {@code metrics} from it.
     *
     * @throws InvalidInputException naming the row and seed, when the run rejects its input
     */
    public RunOutcome run(RunService service, List<MetricSpec> metrics) {
        try {
            SetOptions options = SetOptions.parse(settings, service.settingOwners());
            WorkloadSource source = new WorkloadSource(sourceName, text,
                    baseDirectory == null ? null : Path.of(baseDirectory), environment);
            RunPlan plan = service.plan(kind, source, device, List.of(scheduler), options, seed, null, null);
            SimulationResult result = service.run(plan, RunControl.none()).get(0);
            return RunOutcome.of(metrics, result);
        } catch (InvalidInputException invalid) {
            throw new InvalidInputException(invalid.source(), invalid.line(), "row '" + rowLabel + "', seed " + seed
                    + ": " + invalid.detail());
        }
    }
}
