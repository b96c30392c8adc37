package org.iosched.runner.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iosched.api.InvalidInputException;

/**
 * Expands a scenario's axes into rows: the cartesian product of the variants, the first axis outermost,
 * without the {@code exclude:}d combinations. A variant overrides the base; two variants of one row that
 * set the same thing (the scheduler, the device, the workload text or kind, one setting or env variable)
 * contradict each other and are an error unless the combination is excluded. Settings from the command
 * line come last and override everything. A {@code sample:} keeps a seeded random subset of the rows, in
 * matrix order.
 */
final class ScenarioMatrix {
    private static final String JOIN = " / ";
    /** The most combinations of variants a scenario's axes may make, so that counting its rows stays cheap. */
    static final long MAX_COMBINATIONS = 10_000_000L;

    private ScenarioMatrix() {
    }

    /**
     * The rows of {@code scenario}, each with its reference values.
     *
     * @param extra settings from the command line, applied to every row after the file's
     */
    static List<ScenarioRow> expand(Scenario scenario, List<Setting> extra) {
        List<Axis> axes = scenario.axes();
        long[] sample = sample(scenario);
        int next = 0;
        long ordinal = 0;
        int[] index = new int[axes.size()];
        List<ScenarioRow> rows = new ArrayList<>();
        while (true) {
            Map<String, String> labels = new LinkedHashMap<>();
            for (int a = 0; a < axes.size(); a++) {
                labels.put(axes.get(a).name(), axes.get(a).variants().get(index[a]).label());
            }
            if (!excluded(scenario, labels)) {
                // simplification: rows a sample leaves out are never built, so their contradictions go unreported
                if (sample == null || (next < sample.length && sample[next] == ordinal)) {
                    List<Variant> chosen = new ArrayList<>(axes.size());
                    for (int a = 0; a < axes.size(); a++) {
                        chosen.add(axes.get(a).variants().get(index[a]));
                    }
                    rows.add(row(scenario, chosen, labels, extra));
                    next++;
                }
                ordinal++;
            }
            if (!advance(index, axes)) {
                break;
            }
        }
        if (rows.isEmpty()) {
            throw new InvalidInputException(scenario.file(), scenario.exclusions().get(0).line(),
                    "exclude: leaves no row to run");
        }
        return attachReferences(scenario, rows, sample != null);
    }

    /**
     * The rows of a {@code sample:}, as ordinals of the matrix's rows after {@code exclude:}, ascending; null
     * when the scenario takes every row (no sample, or a sample not smaller than the matrix).
     *
     * <p>Selection sampling (Knuth's algorithm S): row {@code t} of {@code n} is taken with probability
     * {@code (k - taken) / (n - t)}, which draws {@code k} distinct rows, each set of {@code k} equally likely,
     * from one SplitMix64 stream seeded with {@link Scenario#sampleSeed()}: the same rows on every machine.
     */
    static long[] sample(Scenario scenario) {
        long k = scenario.sample();
        if (k == 0) {
            return null;
        }
        long n = count(scenario);
        if (k >= n) {
            return null;
        }
        long[] chosen = new long[(int) k];
        long state = scenario.sampleSeed();
        int taken = 0;
        for (long t = 0; t < n && taken < k; t++) {
            state += 0x9E3779B97F4A7C15L;
            long z = state;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            z ^= z >>> 31;
            double uniform = (z >>> 11) * 0x1.0p-53;
            if ((n - t) * uniform < k - taken) {
                chosen[taken++] = t;
            }
        }
        return chosen;
    }

    /**
     * How many rows {@link #expand} would give, without building them.
     *
     * @throws InvalidInputException when the axes make more than {@link #MAX_COMBINATIONS} combinations
     */
    static long count(Scenario scenario) {
        List<Axis> axes = scenario.axes();
        long combinations = 1;
        for (Axis a : axes) {
            // at most 10^7 * 2^31 before the check: no overflow
            combinations *= a.variants().size();
            if (combinations > MAX_COMBINATIONS) {
                throw new InvalidInputException(scenario.file(), axes.get(0).line(), "the axes make more than "
                        + MAX_COMBINATIONS + " combinations of variants; accepted: at most " + MAX_COMBINATIONS
                        + " (before exclude:)");
            }
        }
        if (scenario.exclusions().isEmpty()) {
            return combinations;
        }
        // each exclusion as the variant index it requires per axis (-1: any), so that the scan allocates nothing
        int[][] excluded = new int[scenario.exclusions().size()][axes.size()];
        for (int e = 0; e < excluded.length; e++) {
            Map<String, String> labels = scenario.exclusions().get(e).labels();
            for (int a = 0; a < axes.size(); a++) {
                String label = labels.get(axes.get(a).name());
                excluded[e][a] = label == null ? -1 : axes.get(a).variants().indexOf(axes.get(a).variant(label));
            }
        }
        int[] index = new int[axes.size()];
        long rows = 0;
        do {
            boolean out = false;
            for (int e = 0; e < excluded.length && !out; e++) {
                boolean matches = true;
                for (int a = 0; a < index.length && matches; a++) {
                    matches = excluded[e][a] < 0 || excluded[e][a] == index[a];
                }
                out = matches;
            }
            if (!out) {
                rows++;
            }
        } while (advance(index, axes));
        return rows;
    }

    private static boolean advance(int[] index, List<Axis> axes) {
        for (int a = axes.size() - 1; a >= 0; a--) {
            if (++index[a] < axes.get(a).variants().size()) {
                return true;
            }
            index[a] = 0;
        }
        return false;
    }

    private static boolean excluded(Scenario scenario, Map<String, String> labels) {
        for (Combination c : scenario.exclusions()) {
            if (c.matches(labels)) {
                return true;
            }
        }
        return false;
    }

    private static ScenarioRow row(Scenario scenario, List<Variant> chosen, Map<String, String> labels,
                                   List<Setting> extra) {
        String file = scenario.file();
        Named scheduler = scenario.scheduler();
        Named device = scenario.device();
        WorkloadSpec base = scenario.workload();
        String kind = base.kind();
        int kindLine = base.kindLine();
        WorkloadSpec text = base;
        Map<String, String> env = new LinkedHashMap<>(base.environment());
        Map<String, Setting> settings = new LinkedHashMap<>();
        for (Setting s : scenario.set()) {
            settings.put(s.key(), s);
        }
        Map<String, Variant> setBy = new LinkedHashMap<>();
        Variant schedulerBy = null;
        Variant deviceBy = null;
        Variant kindBy = null;
        Variant textBy = null;
        int line = scenario.device().line();
        for (Variant v : chosen) {
            line = v.line();
            if (v.scheduler() != null) {
                conflict(file, schedulerBy, v, v.scheduler().line(), "the scheduler");
                schedulerBy = v;
                scheduler = v.scheduler();
            }
            if (v.device() != null) {
                conflict(file, deviceBy, v, v.device().line(), "the device");
                deviceBy = v;
                device = v.device();
            }
            WorkloadSpec w = v.workload();
            if (w != null) {
                if (w.kind() != null) {
                    conflict(file, kindBy, v, w.kindLine(), "the workload kind");
                    kindBy = v;
                    kind = w.kind();
                    kindLine = w.kindLine();
                }
                if (w.text() != null) {
                    conflict(file, textBy, v, w.kindLine(), "the workload text");
                    textBy = v;
                    text = w;
                }
                for (Map.Entry<String, String> e : w.environment().entrySet()) {
                    conflict(file, setBy.get("env " + e.getKey()), v, w.line(), "env " + e.getKey());
                    setBy.put("env " + e.getKey(), v);
                    env.put(e.getKey(), e.getValue());
                }
            }
            for (Setting s : v.set()) {
                conflict(file, setBy.get(s.key()), v, s.line(), s.key());
                setBy.put(s.key(), v);
                settings.remove(s.key());
                settings.put(s.key(), s);
            }
        }
        for (Setting s : extra) {
            settings.remove(s.key());
            settings.put(s.key(), s);
        }
        String label = labels.isEmpty() ? (scheduler == null ? scenario.name() : scheduler.name())
                : String.join(JOIN, labels.values());
        if (scheduler == null) {
            throw new InvalidInputException(file, line, "row '" + label + "' has no scheduler: give scheduler:"
                    + " at the top or in a variant of every row");
        }
        WorkloadSpec workload = new WorkloadSpec(kind, kindLine, text.text(), text.sourceName(), text.baseDirectory(),
                text.firstTextLine(), env, text.line());
        return new ScenarioRow(label, labels, scheduler, device, workload, new ArrayList<>(settings.values()),
                Map.of(), line);
    }

    private static void conflict(String file, Variant earlier, Variant later, int line, String what) {
        if (earlier != null) {
            throw new InvalidInputException(file, line, "variants '" + earlier.label() + "' (line " + earlier.line()
                    + ") and '" + later.label() + "' both set " + what + " in one row; set it in one axis only,"
                    + " or exclude: the combination");
        }
    }

    /** @param sampled whether the rows are a sample, where a reference may match none of them */
    private static List<ScenarioRow> attachReferences(Scenario scenario, List<ScenarioRow> rows, boolean sampled) {
        List<Map<String, ReferenceValue>> values = new ArrayList<>();
        List<Map<String, Integer>> from = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            values.add(new LinkedHashMap<>());
            from.add(new LinkedHashMap<>());
        }
        for (Reference r : scenario.references()) {
            boolean matched = false;
            for (int i = 0; i < rows.size(); i++) {
                if (!r.row().matches(rows.get(i).variants())) {
                    continue;
                }
                matched = true;
                for (Map.Entry<String, ReferenceValue> e : r.values().entrySet()) {
                    Integer earlier = from.get(i).put(e.getKey(), r.line());
                    if (earlier != null) {
                        throw new InvalidInputException(scenario.file(), r.line(), "row '" + rows.get(i).label()
                                + "' already has a reference value for '" + e.getKey() + "' (line " + earlier + ")");
                    }
                    values.get(i).put(e.getKey(), e.getValue());
                }
            }
            if (!matched && !sampled) {
                throw new InvalidInputException(scenario.file(), r.line(), "this reference matches no row"
                        + (scenario.exclusions().isEmpty() ? "" : " (after exclude:)"));
            }
        }
        List<ScenarioRow> attached = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            ScenarioRow row = rows.get(i);
            attached.add(new ScenarioRow(row.label(), row.variants(), row.scheduler(), row.device(), row.workload(),
                    row.settings(), values.get(i), row.line()));
        }
        return attached;
    }
}
