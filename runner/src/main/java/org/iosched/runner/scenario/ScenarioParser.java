package org.iosched.runner.scenario;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.iosched.api.InvalidInputException;
import org.iosched.workload.text.InputText;

/**
 * Reads a scenario file (YAML). Strict: an unknown key, a value of the wrong shape, an unknown metric or
 * aggregate, an axis or label that does not exist, is an {@link InvalidInputException} naming the file and
 * line. The format:
 *
 * <pre>{@code
 * name: 000-write-fsync-cgroup              # required
 * title: write+fsync in a cgroup            # required, the table's title line
 * thread: shared/seeds/000_....txt          # the seed thread reproduced
 * description: what was set up and scaled   # free text
 * device: hdd-7200                          # required, base device preset
 * scheduler: cfq                            # base scheduler, unless every row's variants name one
 * seeds: [1, 2, 3]                          # replicated runs (default [1])
 * sample: 500                               # a seeded random sample of the matrix's rows (seed: the first seed)
 * workload:                                 # required
 *   fio: |                                  # inline fio job text, or
 *     [job] ...
 *   file: jobs/x.fio                        # a file relative to this one; kind: replay for a trace
 *   env: {READERS: 4}                       # ${READERS} in the job text
 * set: {fs.barrier: 0}                      # base settings, same keys as --set
 * axes:                                     # rows = cartesian product, labels joined with " / "
 *   - name: scheduler
 *     variants:
 *       - {label: cfq, scheduler: cfq}
 *       - {label: cfq+patch, scheduler: cfq, set: {cfq.group_preempt_sync_noidle: 1}}
 *       - {label: deadline, scheduler: deadline}   # also device:, workload: (kind/fio/file/env)
 *   - name: slice_idle                      # a swept axis: one variant per value, labelled slice_idle=VALUE
 *     set: cfq.slice_idle                   # the setting it sweeps (or env: READERS, a workload variable)
 *     values: 0..16 step 2                  # FROM..TO [step STEP], integers or decimals, or a list [0, 4, 8]
 * exclude:                                  # combinations left out
 *   - {scheduler: deadline, barrier: "on"}
 * metrics:                                  # required, the columns
 *   - {label: iops, jobs: write-fsync, metric: write.iops}
 *   - {label: max lat, jobs: "prio4-*", metric: read.clat.max, unit: ms, aggregate: max}
 * reference:                                # the thread's numbers, printed beside ours
 *   - row: {scheduler: cfq}
 *     values: {iops: 49}
 * }</pre>
 */
public final class ScenarioParser {
    private static final Set<String> TOP = Set.of("name", "title", "thread", "description", "device", "scheduler",
            "seeds", "sample", "workload", "set", "axes", "exclude", "metrics", "reference");
    private static final Set<String> WORKLOAD = Set.of("kind", "fio", "text", "file", "env");
    private static final Set<String> AXIS = Set.of("name", "variants", "values", "set", "env");
    private static final Set<String> VARIANT = Set.of("label", "scheduler", "device", "set", "workload");
    private static final Set<String> METRIC = Set.of("label", "jobs", "metric", "unit", "aggregate", "decimals");
    private static final Set<String> REFERENCE = Set.of("row", "values");

    private final String file;
    private final Path baseDirectory;

    private ScenarioParser(String file, Path baseDirectory) {
        this.file = file;
        this.baseDirectory = baseDirectory;
    }

    /**
     * Read and parse a scenario file.
     *
     * @throws InvalidInputException when it cannot be read or is not a valid scenario
     */
    public static Scenario parse(Path path) {
        String text;
        try {
            text = InputText.decode(path.toString(), Files.readAllBytes(path));
        } catch (NoSuchFileException e) {
            throw new InvalidInputException(path.toString(), 0, "unable to open scenario file: no such file");
        } catch (IOException e) {
            throw new InvalidInputException(path.toString(), 0, "unable to open scenario file: " + e.getMessage());
        }
        Path parent = path.toAbsolutePath().getParent();
        return parse(path.toString(), text, parent);
    }

    /**
     * Parse scenario text.
     *
     * @param file          the name used in messages
     * @param text          the YAML
     * @param baseDirectory where {@code workload: file:} paths are resolved
     */
    public static Scenario parse(String file, String text, Path baseDirectory) {
        return new ScenarioParser(file, baseDirectory).scenario(YamlTreeReader.read(file, text));
    }

    private Scenario scenario(YamlNode root) {
        MappingFields top = new MappingFields(file, root, "the scenario", TOP);
        String name = top.text("name");
        String title = top.text("title");
        String thread = orEmpty(top.optionalText("thread"));
        String description = orEmpty(top.optionalText("description"));
        Named device = new Named(top.text("device"), top.keyLine("device"));
        Named scheduler = top.has("scheduler") ? new Named(top.text("scheduler"), top.keyLine("scheduler")) : null;
        List<Long> seeds = top.has("seeds") ? seeds(top.node("seeds")) : List.of(1L);
        WorkloadSpec workload = workload(top.required("workload"), top.keyLine("workload"), true);
        List<Setting> set = top.has("set") ? settings(top.node("set"), "set") : List.of();
        List<Axis> axes = top.has("axes") ? axes(top.node("axes")) : List.of();
        long sample = top.has("sample") ? sample(top) : 0;
        List<MetricSpec> metrics = metrics(top.required("metrics"));
        List<Combination> exclusions = new ArrayList<>();
        if (top.has("exclude")) {
            for (YamlNode item : MappingFields.sequence(file, top.node("exclude"), "exclude").items()) {
                exclusions.add(combination(item, axes, "an exclude entry"));
            }
        }
        List<Reference> references = top.has("reference") ? references(top.node("reference"), axes, metrics)
                : List.of();
        return new Scenario(file, baseDirectory, name, title, thread, description, device, scheduler, seeds,
                top.has("seeds") ? top.keyLine("seeds") : 0, sample, top.has("sample") ? top.keyLine("sample") : 0,
                workload, set, axes, exclusions, metrics, references);
    }

    private List<Long> seeds(YamlNode node) {
        List<Long> seeds = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        for (YamlNode item : MappingFields.sequence(file, node, "seeds").items()) {
            YamlNode.Scalar s = MappingFields.scalar(file, item, "a seed");
            long seed;
            try {
                seed = Long.parseLong(s.text().trim());
            } catch (NumberFormatException e) {
                throw new InvalidInputException(file, s.line(), "bad seed '" + s.text() + "'; accepted: integers");
            }
            if (!seen.add(seed)) {
                throw new InvalidInputException(file, s.line(), "seed " + seed + " is listed twice");
            }
            seeds.add(seed);
        }
        if (seeds.isEmpty()) {
            throw new InvalidInputException(file, node.line(), "seeds must list at least one seed");
        }
        return seeds;
    }

    private long sample(MappingFields top) {
        String text = top.text("sample");
        try {
            long rows = Long.parseLong(text.trim());
            if (rows >= 1) {
                return rows;
            }
        } catch (NumberFormatException e) {
            // reported below with what is accepted
        }
        throw new InvalidInputException(file, top.keyLine("sample"), "bad sample '" + InputText.echo(text)
                + "'; accepted: a number of rows, 1 or more");
    }

    private WorkloadSpec workload(YamlNode node, int line, boolean base) {
        MappingFields w = new MappingFields(file, node, "the workload", WORKLOAD);
        int sources = (w.has("fio") ? 1 : 0) + (w.has("text") ? 1 : 0) + (w.has("file") ? 1 : 0);
        if (sources > 1) {
            throw new InvalidInputException(file, w.line(), "the workload takes one of fio:, text: or file:");
        }
        if (sources == 0 && (base || w.has("kind"))) {
            throw new InvalidInputException(file, w.line(), "the workload needs its text: fio: (inline job text),"
                    + " text: (inline, any kind) or file: (a path relative to the scenario)");
        }
        String kind = w.optionalText("kind");
        int kindLine = w.keyLine("kind");
        if (w.has("fio")) {
            if (kind != null && !kind.equals("fio")) {
                throw new InvalidInputException(file, kindLine, "fio: holds a fio job file, but kind is " + kind
                        + "; use text: for other kinds");
            }
            kind = "fio";
            kindLine = w.keyLine("fio");
        } else if (kind == null && base) {
            kind = "fio";
        }
        String text = null;
        String sourceName = null;
        Path directory = baseDirectory;
        int firstTextLine = 0;
        if (w.has("fio") || w.has("text")) {
            YamlNode.Scalar s = w.optionalScalar(w.has("fio") ? "fio" : "text");
            text = s.text();
            sourceName = file;
            firstTextLine = s.firstBodyLine();
            if (!w.has("kind")) {
                kindLine = s.line();
            }
        } else if (w.has("file")) {
            Path path = resolve(w.optionalText("file"));
            text = read(path, w.keyLine("file"));
            sourceName = path.toString();
            directory = path.toAbsolutePath().getParent();
            if (!w.has("kind")) {
                kindLine = w.keyLine("file");
            }
        }
        Map<String, String> env = new LinkedHashMap<>();
        if (w.has("env")) {
            MappingFields e = new MappingFields(file, w.node("env"), "env", anyKey(w.node("env")));
            for (YamlNode.Entry entry : e.entries()) {
                env.put(entry.key(), MappingFields.scalar(file, entry.value(), "env " + entry.key()).text());
            }
        }
        return new WorkloadSpec(kind, kindLine, text, sourceName, directory, firstTextLine, env, line);
    }

    private Path resolve(String relative) {
        Path p = Path.of(relative);
        return (baseDirectory == null || p.isAbsolute() ? p : baseDirectory.resolve(p)).normalize();
    }

    private String read(Path path, int line) {
        try {
            return InputText.decode(path.toString(), Files.readAllBytes(path));
        } catch (NoSuchFileException e) {
            throw new InvalidInputException(file, line, "workload file " + path + " does not exist");
        } catch (IOException e) {
            throw new InvalidInputException(file, line, "cannot read workload file " + path + ": " + e.getMessage());
        }
    }

    private List<Setting> settings(YamlNode node, String what) {
        MappingFields fields = new MappingFields(file, node, what, anyKey(node));
        List<Setting> settings = new ArrayList<>();
        for (YamlNode.Entry e : fields.entries()) {
            int dot = e.key().indexOf('.');
            if (dot <= 0 || dot == e.key().length() - 1) {
                throw new InvalidInputException(file, e.keyLine(), "bad setting '" + e.key() + "' in " + what
                        + "; keys are <owner>.<name> as in --set (cfq.slice_idle, device.queue_depth, fs.barrier)");
            }
            String value = MappingFields.scalar(file, e.value(), "setting " + e.key()).text();
            settings.add(new Setting(e.key(), value, file, e.keyLine()));
        }
        return settings;
    }

    private List<Axis> axes(YamlNode node) {
        List<Axis> axes = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (YamlNode item : MappingFields.sequence(file, node, "axes").items()) {
            MappingFields a = new MappingFields(file, item, "an axis", AXIS);
            String name = label(a, "name", "an axis", "names the axis in exclude: and reference rows");
            if (!names.add(name)) {
                throw new InvalidInputException(file, a.keyLine("name"), "axis '" + InputText.echo(name) + "' is given twice");
            }
            List<Variant> variants = a.has("values") || a.has("set") || a.has("env") ? sweep(a, name)
                    : variants(a, name);
            axes.add(new Axis(name, a.keyLine("name"), variants));
        }
        return axes;
    }

    private List<Variant> variants(MappingFields a, String name) {
        List<Variant> variants = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        YamlNode list = a.has("variants") ? a.node("variants") : null;
        if (list == null) {
            throw new InvalidInputException(file, a.line(), "axis '" + name + "' needs variants: (a list of labelled"
                    + " variants) or values: with set: or env: (a swept setting or workload variable)");
        }
        for (YamlNode v : MappingFields.sequence(file, list, "variants of " + name).items()) {
            Variant variant = variant(v, name);
            if (!labels.add(variant.label())) {
                throw new InvalidInputException(file, variant.line(), "axis '" + name + "' has two variants"
                        + " labelled '" + variant.label() + "'");
            }
            variants.add(variant);
        }
        if (variants.isEmpty()) {
            throw new InvalidInputException(file, a.keyLine("variants"), "axis '" + name + "' has no variants");
        }
        return variants;
    }

    /**
     * A swept axis: {@code values:} (a range or a list) of one setting ({@code set: cfq.slice_idle}) or one
     * workload variable ({@code env: READERS}), one variant per value labelled {@code NAME=VALUE}.
     */
    private List<Variant> sweep(MappingFields a, String name) {
        if (a.has("variants")) {
            throw new InvalidInputException(file, a.keyLine("variants"), "axis '" + name + "' gives both variants:"
                    + " and values:; an axis is a list of variants or a swept set: or env: with values:");
        }
        if (a.has("set") == a.has("env")) {
            int line = a.has("set") ? a.keyLine("env") : a.has("values") ? a.keyLine("values") : a.line();
            throw new InvalidInputException(file, line, "axis '" + name + "' sweeps values: of one thing; give"
                    + " set: KEY (a setting, as in --set: cfq.slice_idle) or env: NAME (a workload variable), not "
                    + (a.has("set") ? "both" : "neither"));
        }
        if (!a.has("values")) {
            throw new InvalidInputException(file, a.line(), "axis '" + name + "' needs values: (FROM..TO [step STEP]"
                    + " or a list [0, 4, 8])");
        }
        String key = a.has("set") ? a.text("set").trim() : a.text("env").trim();
        int keyLine = a.has("set") ? a.keyLine("set") : a.keyLine("env");
        if (a.has("set")) {
            int dot = key.indexOf('.');
            if (dot <= 0 || dot == key.length() - 1) {
                throw new InvalidInputException(file, keyLine, "bad setting '" + InputText.echo(key) + "' of axis '"
                        + name + "'; keys are <owner>.<name> as in --set (cfq.slice_idle, device.queue_depth, fs.barrier)");
            }
        } else if (key.isEmpty()) {
            throw new InvalidInputException(file, keyLine, "env: of axis '" + name + "' is empty; it names a"
                    + " workload variable (${READERS} in the job text)");
        }
        List<Variant> variants = new ArrayList<>();
        for (AxisValues.Value value : AxisValues.parse(file, a.node("values"), name)) {
            String label = name + "=" + value.text();
            if (a.has("set")) {
                variants.add(new Variant(label, value.line(), null, null, null,
                        List.of(new Setting(key, value.text(), file, value.line()))));
            } else {
                WorkloadSpec env = new WorkloadSpec(null, value.line(), null, null, baseDirectory, 0,
                        Map.of(key, value.text()), value.line());
                variants.add(new Variant(label, value.line(), null, null, env, List.of()));
            }
        }
        return variants;
    }

    private Variant variant(YamlNode node, String axis) {
        MappingFields v = new MappingFields(file, node, "a variant of axis " + axis, VARIANT);
        String label = label(v, "label", "a variant of axis " + axis,
                "names the variant in the table (cfq, deadline, slice_idle=0)");
        Named scheduler = v.has("scheduler") ? new Named(v.text("scheduler"), v.keyLine("scheduler")) : null;
        Named device = v.has("device") ? new Named(v.text("device"), v.keyLine("device")) : null;
        WorkloadSpec workload = v.has("workload") ? workload(v.node("workload"), v.keyLine("workload"), false) : null;
        List<Setting> set = v.has("set") ? settings(v.node("set"), "set of variant " + label) : List.of();
        return new Variant(label, v.keyLine("label"), scheduler, device, workload, set);
    }

    private List<MetricSpec> metrics(YamlNode node) {
        List<MetricSpec> metrics = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        for (YamlNode item : MappingFields.sequence(file, node, "metrics").items()) {
            MappingFields m = new MappingFields(file, item, "a metric", METRIC);
            String label = label(m, "label", "a metric", "heads the metric's column");
            int line = m.keyLine("label");
            if (!labels.add(label)) {
                throw new InvalidInputException(file, line, "two metrics are labelled '" + label + "'");
            }
            Metric metric = Metric.parse(m.text("metric"), m.optionalText("unit"), file, m.keyLine("metric"));
            JobSelector jobs = m.has("jobs") ? JobSelector.parse(m.text("jobs"), file, m.keyLine("jobs")) : null;
            Aggregate aggregate = m.has("aggregate")
                    ? Aggregate.parse(m.text("aggregate"), file, m.keyLine("aggregate")) : null;
            if (metric instanceof Metric.DeviceStatistic) {
                if (jobs != null || aggregate != null) {
                    throw new InvalidInputException(file, line, metric.text() + " is a statistic of the whole run;"
                            + " it takes no jobs: or aggregate:");
                }
            } else if (jobs == null) {
                throw new InvalidInputException(file, line, "metric '" + label + "' needs jobs: (a job name,"
                        + " a glob such as prio4-*, or group:N)");
            } else if (jobs.selectsSeveral() && aggregate == null) {
                throw new InvalidInputException(file, m.keyLine("jobs"), "jobs: " + jobs.text() + " can match several"
                        + " jobs; say how to combine them with aggregate: sum, max, min or mean");
            }
            metrics.add(new MetricSpec(label, jobs, metric, aggregate, decimals(m), line));
        }
        if (metrics.isEmpty()) {
            throw new InvalidInputException(file, node.line(), "metrics must list at least one column");
        }
        return metrics;
    }

    /** A required label: not blank, no control characters (it is printed as one cell of one line). */
    private String label(MappingFields m, String key, String what, String role) {
        String text = m.text(key);
        if (text.isBlank()) {
            throw new InvalidInputException(file, m.keyLine(key), key + " of " + what + " is empty; a " + key
                    + " " + role);
        }
        for (int i = 0; i < text.length(); i++) {
            if (Character.isISOControl(text.charAt(i))) {
                throw new InvalidInputException(file, m.keyLine(key), key + " '" + InputText.echo(text) + "' of "
                        + what + " holds a control character; a " + key + " is one line of printable text");
            }
        }
        return text;
    }

    private int decimals(MappingFields m) {
        if (!m.has("decimals")) {
            return -1;
        }
        String text = m.text("decimals");
        try {
            int d = Integer.parseInt(text.trim());
            if (d >= 0 && d <= 9) {
                return d;
            }
        } catch (NumberFormatException e) {
            // reported below with what is accepted
        }
        throw new InvalidInputException(file, m.keyLine("decimals"), "bad decimals '" + text + "'; accepted: 0..9");
    }

    private Combination combination(YamlNode node, List<Axis> axes, String what) {
        MappingFields c = new MappingFields(file, node, what, axisNames(axes));
        Map<String, String> labels = new LinkedHashMap<>();
        for (YamlNode.Entry e : c.entries()) {
            String label = MappingFields.scalar(file, e.value(), "the variant of axis " + e.key()).text();
            Axis axis = axes.stream().filter(a -> a.name().equals(e.key())).findFirst().orElseThrow();
            if (axis.variant(label) == null) {
                List<String> known = new ArrayList<>();
                axis.variants().forEach(v -> known.add(v.label()));
                throw new InvalidInputException(file, e.keyLine(), "axis '" + e.key() + "' has no variant '" + label
                        + "'; its variants: " + String.join(", ", known));
            }
            labels.put(e.key(), label);
        }
        return new Combination(labels, c.line());
    }

    private List<Reference> references(YamlNode node, List<Axis> axes, List<MetricSpec> metrics) {
        Set<String> labels = new HashSet<>();
        metrics.forEach(m -> labels.add(m.label()));
        List<Reference> references = new ArrayList<>();
        for (YamlNode item : MappingFields.sequence(file, node, "reference").items()) {
            MappingFields r = new MappingFields(file, item, "a reference", REFERENCE);
            Combination row = r.has("row") ? combination(r.node("row"), axes, "a reference row")
                    : new Combination(Map.of(), r.line());
            MappingFields v = new MappingFields(file, r.required("values"), "reference values", labels);
            Map<String, ReferenceValue> values = new LinkedHashMap<>();
            for (YamlNode.Entry e : v.entries()) {
                YamlNode.Scalar s = MappingFields.scalar(file, e.value(), "the reference value of " + e.key());
                values.put(e.key(), new ReferenceValue(s.text(), s.number()));
            }
            references.add(new Reference(row, values, r.line()));
        }
        return references;
    }

    private static Set<String> axisNames(List<Axis> axes) {
        Set<String> names = new HashSet<>();
        axes.forEach(a -> names.add(a.name()));
        return names;
    }

    private static Set<String> anyKey(YamlNode node) {
        Set<String> keys = new HashSet<>();
        if (node instanceof YamlNode.Mapping m) {
            keys.addAll(m.entries().keySet());
        }
        return keys;
    }

    private static String orEmpty(String text) {
        return text == null ? "" : text.trim();
    }
}
