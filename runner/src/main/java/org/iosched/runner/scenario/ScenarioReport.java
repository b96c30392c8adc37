package org.iosched.runner.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iosched.runner.report.ComparisonTable;

/**
 * Renders a {@link ScenarioResult}. Text (the default) and Markdown: a title line, the device and seeds, the
 * thread, the table ({@link ScenarioTable}) and the runs' notices. CSV: the table alone. JSON: the scenario,
 * and per row its variants, its settings (as given and as resolved), the per-seed values, the mean, min
 * and max of each metric and the thread's numbers.
 */
public final class ScenarioReport {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ScenarioReport() {
    }

    /** The report in {@code format}, ending with a newline. */
    public static String render(ScenarioResult result, ScenarioFormat format) {
        return switch (format) {
            case TEXT -> text(result);
            case MARKDOWN -> markdown(result);
            case CSV -> ScenarioTable.of(result, true).render(ComparisonTable.Format.CSV);
            case JSON -> json(result);
        };
    }

    private static String text(ScenarioResult result) {
        Scenario s = result.plan().scenario();
        StringBuilder out = new StringBuilder();
        out.append(s.name()).append(": ").append(s.title()).append('\n');
        out.append(setup(result)).append('\n');
        if (!s.thread().isEmpty()) {
            out.append("thread: ").append(s.thread()).append('\n');
        }
        out.append('\n');
        out.append(ScenarioTable.of(result, false).render(ComparisonTable.Format.TEXT));
        List<String> notices = notices(result);
        if (!notices.isEmpty()) {
            out.append("\nnotes:\n");
            for (String n : notices) {
                out.append("  ").append(n).append('\n');
            }
        }
        return out.toString();
    }

    private static String markdown(ScenarioResult result) {
        Scenario s = result.plan().scenario();
        StringBuilder out = new StringBuilder();
        out.append("### ").append(s.name()).append(": ").append(s.title()).append("\n\n");
        if (!s.description().isEmpty()) {
            out.append(s.description().replace('\n', ' ')).append("\n\n");
        }
        out.append(setup(result));
        if (!s.thread().isEmpty()) {
            out.append("; thread: `").append(s.thread()).append('`');
        }
        out.append("\n\n");
        out.append(ScenarioTable.of(result, false).render(ComparisonTable.Format.MARKDOWN));
        List<String> notices = notices(result);
        if (!notices.isEmpty()) {
            out.append('\n');
            for (String n : notices) {
                out.append("- ").append(n).append('\n');
            }
        }
        return out.toString();
    }

    /** {@code device hdd-7200; seeds 1, 2, 3 (cells: mean (min-max) over the seeds)}. */
    public static String setup(ScenarioResult result) {
        List<Long> seeds = result.plan().seeds();
        List<String> seedText = new ArrayList<>(seeds.size());
        seeds.forEach(seed -> seedText.add(Long.toString(seed)));
        String devices = String.join(", ", ScenarioTable.devices(result));
        StringBuilder line = new StringBuilder();
        line.append(ScenarioTable.devices(result).size() > 1 ? "devices " : "device ").append(devices);
        line.append("; ").append(seeds.size() > 1 ? "seeds " : "seed ").append(String.join(", ", seedText));
        if (seeds.size() > 1) {
            line.append(" (cells: mean (min-max) over the seeds)");
        }
        boolean references = false;
        for (ScenarioResult.Row row : result.rows()) {
            references |= !row.planned().row().reference().isEmpty();
        }
        if (references) {
            line.append("; 'thread' columns: the thread's own numbers");
        }
        java.util.Set<String> kernels = new java.util.TreeSet<>();
        for (ScenarioResult.Row row : result.rows()) {
            if (row.sample() != null) {
                kernels.add(row.sample().kernel().value());
            } else if (row.first() != null && row.first().settings().containsKey("kernel.version")) {
                // a row assembled from outcomes made elsewhere (Spark): the run's settings name its kernel
                kernels.add(row.first().settings().get("kernel.version"));
            }
        }
        if (!kernels.isEmpty()) {
            line.append("; ").append(kernels.size() > 1 ? "kernels " : "kernel ").append(String.join(", ", kernels));
        }
        return line.toString();
    }

    /** The runs' notices, each once, prefixed with its row's label. */
    public static List<String> notices(ScenarioResult result) {
        List<String> all = new ArrayList<>();
        for (ScenarioResult.Row row : result.rows()) {
            for (String n : row.notices()) {
                String text = row.planned().row().label() + ": " + n;
                if (!all.contains(text)) {
                    all.add(text);
                }
            }
        }
        return all;
    }

    private static String json(ScenarioResult result) {
        return write(jsonTree(result));
    }

    /** The JSON report's tree, to put several scenarios' into one {@link #jsonArray}. */
    public static ObjectNode jsonTree(ScenarioResult result) {
        ObjectNode root = JSON.createObjectNode();
        root.set("scenario", scenario(result));
        ArrayNode rows = root.putArray("rows");
        for (ScenarioResult.Row row : result.rows()) {
            rows.add(row(result, row));
        }
        return root;
    }

    /** Several scenarios' JSON reports ({@link #jsonTree}) as one array, in order, ending with a newline. */
    public static String jsonArray(List<ObjectNode> reports) {
        ArrayNode array = JSON.createArrayNode();
        array.addAll(reports);
        return write(array);
    }

    private static String write(JsonNode node) {
        try {
            return JSON.writeValueAsString(node) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the scenario's JSON", e);
        }
    }

    private static ObjectNode scenario(ScenarioResult result) {
        Scenario s = result.plan().scenario();
        ObjectNode node = JSON.createObjectNode();
        node.put("name", s.name());
        node.put("title", s.title());
        node.put("thread", s.thread());
        node.put("description", s.description());
        node.put("file", s.file());
        ArrayNode seeds = node.putArray("seeds");
        result.plan().seeds().forEach(seeds::add);
        ArrayNode axes = node.putArray("axes");
        for (Axis a : s.axes()) {
            ObjectNode axis = axes.addObject();
            axis.put("name", a.name());
            ArrayNode labels = axis.putArray("variants");
            a.variants().forEach(v -> labels.add(v.label()));
        }
        ArrayNode metrics = node.putArray("metrics");
        for (MetricSpec m : s.metrics()) {
            ObjectNode metric = metrics.addObject();
            metric.put("label", m.label());
            metric.put("metric", m.metric().text());
            metric.put("unit", m.metric().unit());
            if (m.jobs() != null) {
                metric.put("jobs", m.jobs().text());
            }
            if (m.aggregate() != null) {
                metric.put("aggregate", m.aggregate().yamlName());
            }
        }
        return node;
    }

    private static ObjectNode row(ScenarioResult result, ScenarioResult.Row row) {
        ScenarioRow r = row.planned().row();
        ObjectNode node = JSON.createObjectNode();
        node.put("label", r.label());
        ObjectNode variants = node.putObject("variants");
        r.variants().forEach(variants::put);
        node.put("scheduler", r.scheduler().name());
        node.put("device", r.device().name());
        ObjectNode workload = node.putObject("workload");
        workload.put("kind", r.workload().kind());
        workload.put("source", r.workload().sourceName());
        ObjectNode env = workload.putObject("env");
        r.workload().environment().forEach(env::put);
        ObjectNode set = node.putObject("set");
        for (Setting s : row.planned().settings()) {
            set.put(s.key(), s.value());
        }
        ObjectNode settings = node.putObject("settings");
        row.resolvedSettings().forEach(settings::put);
        ArrayNode seeds = node.putArray("seeds");
        List<Long> seedList = result.plan().seeds();
        for (int i = 0; i < seedList.size(); i++) {
            ObjectNode seed = seeds.addObject();
            seed.put("seed", seedList.get(i));
            ObjectNode values = seed.putObject("values");
            for (MetricValues v : row.values()) {
                number(values, v.metric().label(), v.perSeed()[i]);
            }
        }
        ObjectNode metrics = node.putObject("metrics");
        for (MetricValues v : row.values()) {
            ObjectNode metric = metrics.putObject(v.metric().label());
            number(metric, "mean", v.mean());
            number(metric, "min", v.min());
            number(metric, "max", v.max());
        }
        ObjectNode reference = node.putObject("reference");
        for (Map.Entry<String, ReferenceValue> e : r.reference().entrySet()) {
            reference.put(e.getKey(), e.getValue().text());
            if (e.getValue().number()) {
                try {
                    reference.put(e.getKey(), new java.math.BigDecimal(e.getValue().text().trim()));
                } catch (NumberFormatException notPlain) {
                    // a YAML number such as 1_000 or 0x10 stays as written
                }
            }
        }
        ArrayNode notices = node.putArray("notices");
        row.notices().forEach(notices::add);
        return node;
    }

    private static void number(ObjectNode node, String key, double value) {
        if (Double.isNaN(value)) {
            node.putNull(key);
        } else {
            node.put(key, value);
        }
    }
}
