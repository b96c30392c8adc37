package org.iosched.runner.plot;

import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.iosched.runner.report.ComparisonTable;
import org.iosched.runner.scenario.Scenario;
import org.iosched.runner.scenario.ScenarioReport;
import org.iosched.runner.scenario.ScenarioResult;
import org.iosched.runner.scenario.ScenarioRow;
import org.iosched.runner.scenario.ScenarioTable;
import org.iosched.runner.scenario.Setting;

/**
 * A scenario's results as one self-contained HTML page ({@code iosched scenario FILE --report report.html}):
 * the title, setup and thread; the comparison table with the thread's numbers beside ours (the text table's
 * cells); the notes; the bar chart of every metric; and per row its settings (as given and as resolved) and the
 * time-series charts of its first seed's jobs. Styles are inline and the charts are PNG {@code data:} URIs, so
 * the page loads nothing from anywhere and opens offline. The same results give the same bytes.
 */
public final class ScenarioHtml {
    private static final String STYLE = """
            body { font-family: sans-serif; margin: 2em; color: #222; max-width: 1000px; }
            h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; } h3 { font-size: 1.05em; }
            table { border-collapse: collapse; margin: 0.5em 0 1em 0; font-size: 0.9em; }
            th, td { border: 1px solid #bbb; padding: 0.2em 0.6em; text-align: right; }
            th:first-child, td:first-child { text-align: left; }
            td.thread, th.thread { background: #f3efe0; font-style: italic; }
            table.settings td { text-align: left; font-family: monospace; }
            img { display: block; max-width: 100%; margin: 0.5em 0 1em 0; border: 1px solid #ddd; }
            .setup, .notes { color: #555; }
            """;

    private ScenarioHtml() {
    }

    /** The page. */
    public static String render(ScenarioResult result) {
        Scenario s = result.plan().scenario();
        StringBuilder out = new StringBuilder(64 * 1024);
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
                .append(escape(s.name() + ": " + s.title())).append("</title>\n<style>\n").append(STYLE)
                .append("</style>\n</head>\n<body>\n");
        out.append("<h1>").append(escape(s.name())).append(": ").append(escape(s.title())).append("</h1>\n");
        if (!s.description().isEmpty()) {
            out.append("<p>").append(escape(s.description().replace('\n', ' '))).append("</p>\n");
        }
        out.append("<p class=\"setup\">").append(escape(ScenarioReport.setup(result))).append("</p>\n");
        if (!s.thread().isEmpty()) {
            out.append("<p class=\"setup\">thread: <code>").append(escape(s.thread())).append("</code></p>\n");
        }
        out.append("<h2>Comparison</h2>\n");
        table(out, ScenarioTable.of(result, false));
        List<String> notices = ScenarioReport.notices(result);
        if (!notices.isEmpty()) {
            out.append("<ul class=\"notes\">\n");
            for (String n : notices) {
                out.append("<li>").append(escape(n)).append("</li>\n");
            }
            out.append("</ul>\n");
        }
        out.append("<h2>Metrics</h2>\n");
        for (ScenarioCharts.Bars bars : ScenarioCharts.bars(result)) {
            image(out, bars.name(), bars.title(), bars.png());
        }
        out.append("<h2>Rows</h2>\n");
        for (int r = 0; r < result.rows().size(); r++) {
            row(out, result, r);
        }
        out.append("</body>\n</html>\n");
        return out.toString();
    }

    private static void table(StringBuilder out, ComparisonTable table) {
        List<List<String>> grid = table.grid();
        List<String> header = grid.get(0);
        out.append("<table class=\"comparison\">\n<tr>");
        for (String cell : header) {
            out.append(cell.equals("thread") ? "<th class=\"thread\">" : "<th>").append(escape(cell)).append("</th>");
        }
        out.append("</tr>\n");
        for (List<String> line : grid.subList(1, grid.size())) {
            out.append("<tr>");
            for (int c = 0; c < line.size(); c++) {
                out.append(header.get(c).equals("thread") ? "<td class=\"thread\">" : "<td>")
                        .append(escape(line.get(c))).append("</td>");
            }
            out.append("</tr>\n");
        }
        out.append("</table>\n");
    }

    private static void row(StringBuilder out, ScenarioResult result, int r) {
        ScenarioResult.Row row = result.rows().get(r);
        ScenarioRow planned = row.planned().row();
        out.append("<h3 id=\"row-").append(r + 1).append("\">").append(r + 1).append(". ")
                .append(escape(planned.label())).append("</h3>\n");
        out.append("<table class=\"settings\">\n");
        setting(out, "scheduler", planned.scheduler().name());
        setting(out, "device", planned.device().name());
        setting(out, "workload", planned.workload().kind() + " " + planned.workload().sourceName());
        for (Map.Entry<String, String> env : planned.workload().environment().entrySet()) {
            setting(out, "env " + env.getKey(), env.getValue());
        }
        for (Setting setting : row.planned().settings()) {
            setting(out, setting.key(), setting.value());
        }
        out.append("</table>\n<details><summary>every resolved setting</summary>\n<table class=\"settings\">\n");
        for (Map.Entry<String, String> setting : row.resolvedSettings().entrySet()) {
            setting(out, setting.getKey(), setting.getValue());
        }
        out.append("</table>\n</details>\n");
        for (TimeSeriesCharts.Chart chart : ScenarioCharts.rowCharts(result, r)) {
            image(out, chart.name(), chart.title(), chart.png());
        }
    }

    private static void setting(StringBuilder out, String key, String value) {
        out.append("<tr><td>").append(escape(key)).append("</td><td>").append(escape(value)).append("</td></tr>\n");
    }

    private static void image(StringBuilder out, String name, String title, byte[] png) {
        out.append("<img class=\"chart\" alt=\"").append(escape(title)).append("\" title=\"").append(escape(name))
                .append("\" src=\"data:image/png;base64,").append(Base64.getEncoder().encodeToString(png))
                .append("\">\n");
    }

    /** {@code text} with HTML's special characters escaped, for text and attribute values. */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
