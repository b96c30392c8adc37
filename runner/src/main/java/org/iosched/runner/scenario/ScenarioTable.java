package org.iosched.runner.scenario;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.iosched.runner.report.ComparisonTable;

/**
 * A scenario's results as a {@link ComparisonTable} (which renders text, Markdown and CSV): one row per
 * configuration, one column per metric, and where the scenario gives the thread's numbers, a column
 * {@code thread} right after the metric it belongs to (blank in rows the thread did not measure).
 *
 * <p>With several seeds a cell reads {@code mean (min-max)}; the CSV layout instead has separate
 * {@code min} and {@code max} columns of plain numbers. Numbers have 0 decimals from 100 up, 1 from 10,
 * 2 from 1 and 3 below, unless the metric says {@code decimals:}.
 */
public final class ScenarioTable {
    /** A value the runs did not produce (a latency of a job that did no I/O of that kind). */
    static final String MISSING = "-";

    private ScenarioTable() {
    }

    /** The table; {@code csv} selects the CSV layout (plain numbers, min and max in their own columns). */
    public static ComparisonTable of(ScenarioResult result, boolean csv) {
        List<MetricSpec> metrics = result.plan().scenario().metrics();
        boolean replicated = result.plan().seeds().size() > 1;
        List<String> headers = new ArrayList<>();
        for (MetricSpec m : metrics) {
            headers.add(m.header());
            if (csv && replicated) {
                headers.add(m.header() + " min");
                headers.add(m.header() + " max");
            }
            if (hasReference(result, m)) {
                headers.add(csv ? m.header() + " thread" : "thread");
            }
        }
        List<ComparisonTable.Row> rows = new ArrayList<>();
        for (ScenarioResult.Row row : result.rows()) {
            List<String> line = new ArrayList<>(headers.size());
            for (MetricValues v : row.values()) {
                MetricSpec m = v.metric();
                if (csv) {
                    line.add(number(v.mean(), m.decimals(), v.mean()));
                    if (replicated) {
                        line.add(number(v.min(), m.decimals(), v.mean()));
                        line.add(number(v.max(), m.decimals(), v.mean()));
                    }
                } else {
                    line.add(cell(v, replicated));
                }
                if (hasReference(result, m)) {
                    ReferenceValue ref = row.planned().row().reference().get(m.label());
                    line.add(ref == null ? "" : ref.text());
                }
            }
            rows.add(new ComparisonTable.Row(row.planned().row().label(), line));
        }
        List<ComparisonTable.Column> columns = new ArrayList<>(headers.size());
        for (String header : headers) {
            columns.add(new ComparisonTable.Column(header));
        }
        return new ComparisonTable(rowHeader(result.plan().scenario()), columns, rows);
    }

    /** {@code mean}, or {@code mean (min-max)} over several seeds. */
    static String cell(MetricValues v, boolean replicated) {
        double mean = v.mean();
        if (Double.isNaN(mean)) {
            return MISSING;
        }
        int decimals = v.metric().decimals();
        String text = number(mean, decimals, mean);
        if (!replicated) {
            return text;
        }
        return text + " (" + number(v.min(), decimals, mean) + "-" + number(v.max(), decimals, mean) + ")";
    }

    /**
     * {@code value} with {@code decimals} digits, or as many as {@code magnitude} calls for when
     * {@code decimals} is negative.
     */
    static String number(double value, int decimals, double magnitude) {
        if (Double.isNaN(value)) {
            return MISSING;
        }
        int digits = decimals >= 0 ? decimals : autoDecimals(magnitude);
        return String.format(Locale.ROOT, "%." + digits + "f", value);
    }

    private static int autoDecimals(double magnitude) {
        double a = Math.abs(magnitude);
        if (a >= 100 || a == 0 || Double.isNaN(a)) {
            return 0;
        }
        if (a >= 10) {
            return 1;
        }
        return a >= 1 ? 2 : 3;
    }

    private static boolean hasReference(ScenarioResult result, MetricSpec m) {
        for (ScenarioResult.Row row : result.rows()) {
            if (row.planned().row().reference().containsKey(m.label())) {
                return true;
            }
        }
        return false;
    }

    /** The first column's header: the axis names ({@code barrier / scheduler}), or {@code scheduler}. */
    static String rowHeader(Scenario scenario) {
        if (scenario.axes().isEmpty()) {
            return "scheduler";
        }
        List<String> names = new ArrayList<>();
        scenario.axes().forEach(a -> names.add(a.name()));
        return String.join(" / ", names);
    }

    /** The devices the rows run on, each once, in row order. */
    static Set<String> devices(ScenarioResult result) {
        Set<String> devices = new LinkedHashSet<>();
        for (ScenarioResult.Row row : result.rows()) {
            devices.add(row.planned().row().device().name());
        }
        return devices;
    }
}
