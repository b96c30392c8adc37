package org.iosched.runner.scenario;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.iosched.api.InvalidInputException;
import org.iosched.api.JobDescriptor;
import org.iosched.api.Settings;
import org.iosched.api.WorkloadProvider;
import org.iosched.api.WorkloadSource;
import org.iosched.runner.RunPlan;
import org.iosched.runner.RunService;
import org.iosched.runner.SetOptions;
import org.iosched.workload.text.InputText;

/**
 * Turns a scenario into runs, checking everything before anything runs: every row's scheduler, device and
 * workload exist, every setting is accepted ({@link RunService#plan}, then the kernel settings by building
 * the simulation without running it), and every metric's {@code jobs:} selects jobs of some row's workload
 * (of one job unless the metric has an {@code aggregate:}).
 * Errors name the scenario line that causes them.
 *
 * <p>Settings of the scenario's base {@code set:} and of {@code --set} that belong to a scheduler or a
 * workload apply to the rows running it, and must apply to at least one row; a variant's settings always
 * apply to its rows.
 */
public final class ScenarioPlanner {
    /** How many runs a scenario may make unless {@code --max-runs} allows more. */
    public static final long DEFAULT_MAX_RUNS = 1_000;

    private final RunService service;

    /** @param service resolves plugin names and plans single runs */
    public ScenarioPlanner(RunService service) {
        this.service = service;
    }

    /**
     * The size of a scenario's plan, counted before any row is planned.
     *
     * @param rows       rows that run: the matrix's after {@code exclude:}, or its sample
     * @param seeds      seeds per row
     * @param matrixRows rows of the matrix after {@code exclude:}
     * @param sample     rows the scenario's {@code sample:} asks for, 0 without one
     * @param sampleSeed the seed the sample is drawn with
     */
    public record Size(long rows, int seeds, long matrixRows, long sample, long sampleSeed) {
        /** A plan of every row of the matrix. */
        public Size(long rows, int seeds) {
            this(rows, seeds, rows, 0, 0);
        }

        /** How many simulations the plan runs. */
        public long runs() {
            return rows * seeds;
        }

        /** Whether the rows are a random sample of the matrix (a sample not smaller than it is the whole). */
        public boolean sampled() {
            return rows < matrixRows;
        }

        @Override
        public String toString() {
            String of = sampled() ? rows + " of " + matrixRows + " rows (sample, seed " + sampleSeed + ")"
                    : rows + (rows == 1 ? " row" : " rows");
            String note = sample > 0 && !sampled() ? " (sample: " + sample + " is not smaller than the matrix's "
                    + matrixRows + (matrixRows == 1 ? " row" : " rows") + ": all of them run)" : "";
            return of + " x " + seeds + (seeds == 1 ? " seed" : " seeds") + " = " + runs()
                    + (runs() == 1 ? " run" : " runs") + note;
        }
    }

    /**
     * Count a scenario's runs and refuse more than {@code maxRuns}, before anything is planned (planning a
     * million rows would itself take hours).
     *
     * @param seeds   seeds replacing the scenario's, or empty to keep them
     * @param maxRuns the limit ({@code --max-runs})
     */
    public static Size size(Scenario scenario, List<Long> seeds, long maxRuns) {
        long matrix = ScenarioMatrix.count(scenario);
        long rows = scenario.sample() > 0 ? Math.min(scenario.sample(), matrix) : matrix;
        Size size = new Size(rows, seeds.isEmpty() ? scenario.seeds().size() : seeds.size(), matrix,
                scenario.sample(), scenario.sampleSeed());
        if (size.runs() > maxRuns) {
            throw new InvalidInputException(scenario.file(), scenario.sampleLine(), "the plan is " + size
                    + ", above the limit of " + maxRuns + " runs; accepted: at most " + maxRuns
                    + " runs, or pass --max-runs " + size.runs() + " to run them all");
        }
        return size;
    }

    /**
     * Plan every row and seed.
     *
     * @param scenario the parsed scenario
     * @param seeds    seeds replacing the scenario's, or empty to keep them
     * @param set      {@code --set KEY=VALUE} options applying to every row after the file's settings
     */
    public ScenarioPlan plan(Scenario scenario, List<Long> seeds, List<String> set) {
        // the base scheduler and device must exist even where every row's variants replace them
        if (scenario.scheduler() != null) {
            known(scenario.file(), "scheduler", scenario.scheduler(), service.schedulers());
        }
        known(scenario.file(), "device", scenario.device(), service.devices());
        List<Setting> extra = commandLineSettings(set);
        List<Long> chosenSeeds = seeds.isEmpty() ? scenario.seeds() : distinct(seeds);
        List<ScenarioRow> rows = ScenarioMatrix.expand(scenario, extra);
        Set<Setting> shared = new HashSet<>(scenario.set());
        shared.addAll(extra);
        Set<Setting> used = new HashSet<>();
        List<ScenarioPlan.Row> planned = new ArrayList<>(rows.size());
        for (ScenarioRow row : rows) {
            List<Setting> applied = new ArrayList<>();
            for (Setting s : row.settings()) {
                if (!shared.contains(s) || appliesTo(s, row)) {
                    applied.add(s);
                    used.add(s);
                }
            }
            planned.add(planRow(scenario, row, applied, chosenSeeds));
        }
        checkSelectors(scenario, planned);
        // a sample may leave out every row a shared setting applies to
        boolean sampled = ScenarioMatrix.sample(scenario) != null;
        for (Setting s : orderedShared(scenario, extra)) {
            if (!used.contains(s) && isPluginOwned(s) && !sampled) {
                boolean runs = false;
                for (ScenarioRow row : rows) {
                    runs |= s.owner().equals(row.scheduler().name()) || s.owner().equals(row.workload().kind());
                }
                throw new InvalidInputException(s.origin(), s.line(), s.key() + " is set but "
                        + (runs ? "every row running " + s.owner() + " sets it otherwise" : "no row runs " + s.owner()));
            }
        }
        return new ScenarioPlan(scenario, chosenSeeds, planned);
    }

    private List<Setting> commandLineSettings(List<String> set) {
        SetOptions.parse(set, service.settingOwners());
        List<Setting> settings = new ArrayList<>(set.size());
        for (String assignment : set) {
            int eq = assignment.indexOf('=');
            settings.add(new Setting(assignment.substring(0, eq).trim(), assignment.substring(eq + 1).trim(),
                    "--set", 0));
        }
        return settings;
    }

    private static List<Long> distinct(List<Long> seeds) {
        if (new LinkedHashSet<>(seeds).size() != seeds.size()) {
            throw new InvalidInputException("--seeds", 0, "a seed is listed twice: " + seeds);
        }
        return seeds;
    }

    private static List<Setting> orderedShared(Scenario scenario, List<Setting> extra) {
        List<Setting> all = new ArrayList<>(scenario.set());
        all.addAll(extra);
        return all;
    }

    private boolean isPluginOwned(Setting s) {
        return service.schedulers().containsKey(s.owner()) || service.workloads().containsKey(s.owner());
    }

    /** A shared setting owned by a scheduler or workload applies only where that plugin runs. */
    private boolean appliesTo(Setting s, ScenarioRow row) {
        String owner = s.owner();
        if (service.schedulers().containsKey(owner)) {
            return owner.equals(row.scheduler().name());
        }
        if (service.workloads().containsKey(owner)) {
            return owner.equals(row.workload().kind());
        }
        return true;
    }

    private ScenarioPlan.Row planRow(Scenario scenario, ScenarioRow row, List<Setting> settings, List<Long> seeds) {
        String file = scenario.file();
        known(file, "scheduler", row.scheduler(), service.schedulers());
        known(file, "device", row.device(), service.devices());
        known(file, "workload", new Named(row.workload().kind(), row.workload().kindLine()), service.workloads());
        List<String> assignments = new ArrayList<>(settings.size());
        for (Setting s : settings) {
            try {
                SetOptions.parse(List.of(s.assignment()), service.settingOwners());
            } catch (InvalidInputException e) {
                throw new InvalidInputException(s.origin(), s.line(), e.detail());
            }
            assignments.add(s.assignment());
        }
        SetOptions options = SetOptions.parse(assignments, service.settingOwners());
        WorkloadSpec w = row.workload();
        WorkloadSource source = new WorkloadSource(w.sourceName(), w.text(), w.baseDirectory(), w.environment());
        RunPlan first;
        List<JobDescriptor> jobs;
        try {
            first = service.plan(w.kind(), source, row.device().name(), List.of(row.scheduler().name()), options,
                    seeds.get(0), null, null);
            jobs = checkBuild(first);
        } catch (InvalidInputException e) {
            throw relocate(scenario, row, settings, e);
        }
        checkAggregates(scenario, row, jobs);
        List<RunPlan> runs = new ArrayList<>(seeds.size());
        for (long seed : seeds) {
            runs.add(new RunPlan(first.workload(), first.workloadSource(), first.workloadSettings(), first.device(),
                    first.deviceSettings(), first.schedulers(), first.schedulerSettings(), first.kernelSettings(),
                    first.bioControllers(), seed, null, null, first.rqQos()));
        }
        return new ScenarioPlan.Row(row, settings, runs, jobs);
    }

    /** The jobs of {@code plan}'s workload ({@link RunService#plan} has already built its simulation). */
    private static List<JobDescriptor> checkBuild(RunPlan plan) {
        WorkloadProvider provider = plan.workload();
        return provider.create(plan.workloadSource(),
                Settings.resolve(provider.name(), provider.tunables(), plan.workloadSettings())).jobs();
    }

    private static <T> void known(String file, String kind, Named name, Map<String, T> providers) {
        if (!providers.containsKey(name.name())) {
            throw new InvalidInputException(file, name.line(), "unknown " + kind + " '" + InputText.echo(name.name())
                    + "'; available: " + String.join(", ", new TreeSet<>(providers.keySet())));
        }
    }

    /** Point an error of planning a row at the scenario line (or --set option) that causes it. */
    private static InvalidInputException relocate(Scenario scenario, ScenarioRow row, List<Setting> settings,
                                                  InvalidInputException e) {
        WorkloadSpec w = row.workload();
        String context = "row '" + row.label() + "': ";
        if (e.source() != null && e.source().equals(w.sourceName())) {
            if (!w.sourceName().equals(scenario.file())) {
                return new InvalidInputException(e.source(), e.line(), context + e.detail());
            }
            int line = w.firstTextLine() > 0 && e.line() > 0 ? w.firstTextLine() + e.line() - 1 : w.kindLine();
            return new InvalidInputException(scenario.file(), line, context + "workload: " + e.detail());
        }
        String message = e.getMessage();
        for (int i = settings.size() - 1; i >= 0; i--) {
            Setting s = settings.get(i);
            if (message.contains("'" + s.key() + "'") || message.contains(s.key() + "=")) {
                return new InvalidInputException(s.origin(), s.line(), context + e.detail());
            }
        }
        // "tunables for 'deadline' are set but deadline is not part of this run" names the owner only
        for (Setting s : settings) {
            if (message.contains("'" + s.owner() + "'")) {
                return new InvalidInputException(s.origin(), s.line(), context + e.detail());
            }
        }
        return new InvalidInputException(scenario.file(), row.line(), context + e.getMessage());
    }

    /** A job name numjobs clones share selects several jobs, which the metric must say how to combine. */
    private static void checkAggregates(Scenario scenario, ScenarioRow row, List<JobDescriptor> jobs) {
        for (MetricSpec m : scenario.metrics()) {
            if (m.jobs() == null || m.aggregate() != null) {
                continue;
            }
            int matched = 0;
            for (JobDescriptor job : jobs) {
                if (m.jobs().matches(job)) {
                    matched++;
                }
            }
            if (matched > 1) {
                throw new InvalidInputException(scenario.file(), m.line(), "metric '" + m.label() + "': jobs: "
                        + m.jobs().text() + " matches " + matched + " jobs of row '" + row.label()
                        + "' (numjobs clones share a name); say how to combine them with aggregate:");
            }
        }
    }

    /**
     * Every metric's {@code jobs:} must select jobs in at least one row. Rows whose workload has no such job
     * (a scenario comparing two workloads, each with its own columns) show no value there.
     */
    private static void checkSelectors(Scenario scenario, List<ScenarioPlan.Row> rows) {
        for (MetricSpec m : scenario.metrics()) {
            if (m.jobs() == null) {
                continue;
            }
            boolean matched = false;
            for (ScenarioPlan.Row row : rows) {
                for (JobDescriptor job : row.jobs()) {
                    matched |= m.jobs().matches(job);
                }
            }
            if (!matched) {
                Set<String> names = new LinkedHashSet<>();
                rows.get(0).jobs().forEach(j -> names.add(j.name() + " (group " + j.groupId() + ")"));
                throw new InvalidInputException(scenario.file(), m.line(), "metric '" + m.label() + "': jobs: "
                        + m.jobs().text() + " matches no job of any row; the jobs of row '"
                        + rows.get(0).row().label() + "': " + String.join(", ", names));
            }
        }
    }
}
