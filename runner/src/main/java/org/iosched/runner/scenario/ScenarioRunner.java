package org.iosched.runner.scenario;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.iosched.api.InvalidInputException;
import org.iosched.runner.Parallel;
import org.iosched.runner.RunControl;
import org.iosched.runner.RunPlan;
import org.iosched.runner.RunService;
import org.iosched.simulator.result.JobResult;
import org.iosched.simulator.result.SimulationResult;

/**
 * Runs every (row, seed) of a plan, or of several, as an independent simulation, in parallel on a fixed number
 * of threads, and reads the metrics from each result. Each simulation is deterministic on its own and results are
 * gathered in plan order, so the outcome is identical to a serial run's whatever the parallelism.
 */
public final class ScenarioRunner {
    private final RunService service;
    private final RunControl control;

    /** @param service runs single simulations */
    public ScenarioRunner(RunService service) {
        this(service, RunControl.none());
    }

    /**
     * @param service runs single simulations
     * @param control watches them (progress, watchdog); a signal stops them, and each result says so
     */
    public ScenarioRunner(RunService service, RunControl control) {
        this.service = service;
        this.control = control;
    }

    /**
     * Run the plan.
     *
     * @param parallelism simulations at once (1 = serial)
     */
    public ScenarioResult run(ScenarioPlan plan, int parallelism) {
        List<ScenarioResult> result = new ArrayList<>(1);
        runAll(List.of(plan), parallelism, result::add);
        return result.get(0);
    }

    /**
     * Run several plans on one pool of threads: their runs are queued plan after plan, so that no thread idles at
     * the end of one plan while the next one's wait, and the JIT's work for the first serves the others. Each
     * plan's result, the same as {@link #run} gives for it alone, goes to {@code done} in the order of the plans,
     * as soon as its runs are over (later plans' runs go on meanwhile), and is not kept after.
     *
     * @param parallelism simulations at once (1 = serial)
     */
    public void runAll(List<ScenarioPlan> plans, int parallelism, Consumer<ScenarioResult> done) {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1, not " + parallelism);
        }
        int simulations = 0;
        for (ScenarioPlan plan : plans) {
            simulations += plan.simulations();
        }
        ExecutorService pool = Parallel.pool("iosched-scenario", Math.min(parallelism, simulations));
        try {
            List<List<List<Future<SimulationResult>>>> futures = new ArrayList<>(plans.size());
            for (ScenarioPlan plan : plans) {
                futures.add(submit(pool, plan));
            }
            for (int p = 0; p < plans.size(); p++) {
                done.accept(gather(plans.get(p), futures.get(p)));
                futures.set(p, null);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Each (row, seed) of the plan, queued: the futures by row, each row's by seed. */
    private List<List<Future<SimulationResult>>> submit(ExecutorService pool, ScenarioPlan plan) {
        List<List<Future<SimulationResult>>> futures = new ArrayList<>(plan.rows().size());
        for (ScenarioPlan.Row row : plan.rows()) {
            List<Future<SimulationResult>> perSeed = new ArrayList<>(row.runs().size());
            for (RunPlan run : row.runs()) {
                perSeed.add(pool.submit(() -> service.run(run, control).get(0)));
            }
            futures.add(perSeed);
        }
        return futures;
    }

    /** The plan's result once its runs are over, read in plan order. */
    private static ScenarioResult gather(ScenarioPlan plan, List<List<Future<SimulationResult>>> futures) {
        List<MetricSpec> metrics = plan.scenario().metrics();
        List<RunOutcome> outcomes = new ArrayList<>(plan.simulations());
        List<SimulationResult> samples = new ArrayList<>(plan.rows().size());
        for (int r = 0; r < plan.rows().size(); r++) {
            List<Future<SimulationResult>> perSeed = futures.get(r);
            for (int s = 0; s < perSeed.size(); s++) {
                SimulationResult result = await(perSeed.get(s), plan.rows().get(r), plan.seeds().get(s));
                if (s == 0) {
                    samples.add(result); // only the first seed's result is kept, as the row's sample
                }
                outcomes.add(RunOutcome.of(metrics, result));
            }
            futures.set(r, null);
        }
        return assemble(plan, outcomes, samples);
    }

    /**
     * The result of a plan from the outcomes of its runs, made here or elsewhere ({@link ScenarioRun}): the
     * table depends on nothing else, so the same outcomes give the same report byte for byte.
     *
     * @param outcomes one per run, in plan order (row by row, each row's seeds in order)
     * @param samples  each row's first simulation, or null when the runs were made elsewhere
     */
    public static ScenarioResult assemble(ScenarioPlan plan, List<RunOutcome> outcomes,
                                          List<SimulationResult> samples) {
        if (outcomes.size() != plan.simulations()) {
            throw new IllegalArgumentException(outcomes.size() + " outcomes for a plan of " + plan.simulations()
                    + " runs");
        }
        List<MetricSpec> metrics = plan.scenario().metrics();
        int seeds = plan.seeds().size();
        List<ScenarioResult.Row> rows = new ArrayList<>(plan.rows().size());
        for (int r = 0; r < plan.rows().size(); r++) {
            double[][] values = new double[metrics.size()][seeds];
            Set<String> notices = new LinkedHashSet<>();
            for (int s = 0; s < seeds; s++) {
                RunOutcome outcome = outcomes.get(r * seeds + s);
                notices.addAll(outcome.notices());
                for (int m = 0; m < metrics.size(); m++) {
                    values[m][s] = outcome.value(m);
                }
            }
            List<MetricValues> columns = new ArrayList<>(metrics.size());
            for (int m = 0; m < metrics.size(); m++) {
                columns.add(new MetricValues(metrics.get(m), values[m]));
            }
            rows.add(new ScenarioResult.Row(plan.rows().get(r), samples == null ? null : samples.get(r),
                    outcomes.get(r * seeds), columns, new ArrayList<>(notices)));
        }
        checkStatistics(plan.scenario(), rows);
        return new ScenarioResult(plan, rows);
    }

    /**
     * One metric of one simulation: the selected jobs' values combined, or a device statistic (NaN when this
     * run's device does not report it; {@link #checkStatistics} rejects a statistic no run reports).
     */
    static double value(MetricSpec spec, SimulationResult result) {
        if (spec.metric() instanceof Metric.DeviceStatistic stat) {
            Number n = result.deviceStatistics().get(stat.name());
            return n == null ? Double.NaN : n.doubleValue();
        }
        Metric.JobMetric metric = (Metric.JobMetric) spec.metric();
        List<JobResult> jobs = result.jobs();
        double[] selected = new double[jobs.size()];
        int count = 0;
        for (JobResult job : jobs) {
            if (spec.jobs().matches(job.job())) {
                selected[count++] = metric.of(job);
            }
        }
        if (spec.aggregate() == null) {
            return count == 0 ? Double.NaN : selected[0];
        }
        double[] exact = new double[count];
        System.arraycopy(selected, 0, exact, 0, count);
        return spec.aggregate().apply(exact);
    }

    /** A statistic that no row's run reports is a mistake in the scenario (devices report different ones). */
    private static void checkStatistics(Scenario scenario, List<ScenarioResult.Row> rows) {
        for (int m = 0; m < scenario.metrics().size(); m++) {
            MetricSpec spec = scenario.metrics().get(m);
            if (!(spec.metric() instanceof Metric.DeviceStatistic stat)) {
                continue;
            }
            boolean reported = false;
            Set<String> available = new TreeSet<>();
            for (ScenarioResult.Row row : rows) {
                reported |= row.first().deviceStatistics().containsKey(stat.name());
                available.addAll(row.first().deviceStatistics().keySet());
            }
            if (!reported) {
                throw new InvalidInputException(scenario.file(), spec.line(), "metric '" + spec.label()
                        + "': no run reports a statistic '" + stat.name() + "'; they report: "
                        + (available.isEmpty() ? "none" : String.join(", ", available)));
            }
        }
    }

    private static SimulationResult await(Future<SimulationResult> future, ScenarioPlan.Row row, long seed) {
        try {
            return Parallel.await(future);
        } catch (InvalidInputException invalid) {
            throw new InvalidInputException(invalid.source(), invalid.line(), "row '" + row.row().label()
                    + "', seed " + seed + ": " + invalid.detail());
        }
    }
}
