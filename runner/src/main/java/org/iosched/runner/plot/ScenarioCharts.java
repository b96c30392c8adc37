package org.iosched.runner.plot;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.iosched.api.InvalidInputException;
import org.iosched.runner.scenario.MetricSpec;
import org.iosched.runner.scenario.MetricValues;
import org.iosched.runner.scenario.ScenarioResult;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.StatisticalBarRenderer;
import org.jfree.data.statistics.DefaultStatisticalCategoryDataset;

/**
 * Bar charts of a scenario's results, one PNG per metric: a bar per row at the mean over the seeds, with the
 * seeds' range as an error bar; and per row the time-series charts of its first seed's jobs
 * ({@link TimeSeriesCharts}: bandwidth and IOPS over time, clat CDF). Rendered with JFreeChart, headless, with
 * fixed fonts and sizes so that the same results give the same picture.
 */
public final class ScenarioCharts {
    private static final int WIDTH = 1000;
    private static final int HEIGHT = 600;

    private ScenarioCharts() {
    }

    /**
     * A bar chart and its file name.
     *
     * @param name  the file name, {@code <scenario>-<metric>.png}
     * @param title the chart's title
     * @param chart the chart
     */
    public record Bars(String name, String title, JFreeChart chart) {
        /** The chart as PNG bytes, at the size {@link #write} uses. */
        public byte[] png() {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            try {
                ChartUtils.writeChartAsPNG(out, chart, WIDTH, HEIGHT);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return out.toByteArray();
        }
    }

    /** One bar chart per metric, in metric order. */
    public static List<Bars> bars(ScenarioResult result) {
        List<Bars> bars = new ArrayList<>();
        List<MetricSpec> metrics = result.plan().scenario().metrics();
        for (int m = 0; m < metrics.size(); m++) {
            JFreeChart chart = chart(result, m);
            bars.add(new Bars(slug(result.plan().scenario().name()) + "-" + slug(metrics.get(m).label()) + ".png",
                    chart.getTitle().getText(), chart));
        }
        return bars;
    }

    /**
     * The time-series charts of row {@code r} (its first seed's run), named
     * {@code <scenario>-r<N>-<row>-<job>-<n>-<bw|iops|clat-cdf>.png}.
     */
    public static List<TimeSeriesCharts.Chart> rowCharts(ScenarioResult result, int r) {
        ScenarioResult.Row row = result.rows().get(r);
        String prefix = slug(result.plan().scenario().name()) + "-r" + (r + 1) + "-"
                + slug(row.planned().row().label()) + "-";
        return TimeSeriesCharts.charts(prefix, List.of(new TimeSeriesCharts.Run("", row.sample())));
    }

    /**
     * Write one bar chart per metric into {@code directory} (created if needed), named
     * {@code <scenario>-<metric>.png}, then each row's time-series charts ({@link #rowCharts}).
     *
     * @return the files written: the bar charts in metric order, then the rows' charts in row order
     */
    public static List<Path> write(ScenarioResult result, Path directory) {
        List<Path> files = new ArrayList<>();
        try {
            Files.createDirectories(directory);
            for (Bars bars : bars(result)) {
                Path file = directory.resolve(bars.name());
                Files.write(file, bars.png());
                files.add(file);
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new InvalidInputException(directory.toString(), 0, "cannot write plots: " + e.getMessage());
        }
        for (int r = 0; r < result.rows().size(); r++) {
            files.addAll(TimeSeriesCharts.write(rowCharts(result, r), directory));
        }
        return files;
    }

    /** The chart of metric {@code m}: rows that lack the metric (no such job) are left out. */
    static JFreeChart chart(ScenarioResult result, int m) {
        MetricSpec metric = result.plan().scenario().metrics().get(m);
        DefaultStatisticalCategoryDataset data = new DefaultStatisticalCategoryDataset();
        for (ScenarioResult.Row row : result.rows()) {
            MetricValues values = row.values().get(m);
            double mean = values.mean();
            if (Double.isNaN(mean)) {
                continue;
            }
            // the error bar spans min..max: JFreeChart draws mean ± the "standard deviation" given
            double halfRange = (values.max() - values.min()) / 2;
            data.add(mean, halfRange, metric.label(), row.planned().row().label());
        }
        CategoryAxis rows = new CategoryAxis(null);
        rows.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        rows.setTickLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        NumberAxis value = new NumberAxis(metric.header());
        StatisticalBarRenderer renderer = new StatisticalBarRenderer();
        renderer.setSeriesPaint(0, new Color(0x3b6ea5));
        renderer.setErrorIndicatorPaint(Color.DARK_GRAY);
        CategoryPlot plot = new CategoryPlot(data, rows, value, renderer);
        plot.setOrientation(PlotOrientation.VERTICAL);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        String title = result.plan().scenario().name() + ": " + metric.header()
                + String.format(Locale.ROOT, " (mean of %d seed%s, bars span min-max)", result.plan().seeds().size(),
                result.plan().seeds().size() == 1 ? "" : "s");
        JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 14), plot, false);
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }

    static String slug(String text) {
        String slug = text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
        return slug.isEmpty() ? "metric" : slug;
    }
}
