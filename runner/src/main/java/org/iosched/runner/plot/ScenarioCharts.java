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
 * seeds' range as an error bar. Rendered with JFreeChart, headless, with fixed fonts and sizes so that the same
 * results give the same picture.
 */
public final class ScenarioCharts {
    private static final int WIDTH = 1000;
    private static final int HEIGHT = 600;

    private ScenarioCharts() {
    }

    /**
     * Write one chart per metric into {@code directory} (created if needed), named
     * {@code <scenario>-<metric>.png}.
     *
     * @return the files written, in metric order
     */
    public static List<Path> write(ScenarioResult result, Path directory) {
        List<Path> files = new ArrayList<>();
        try {
            Files.createDirectories(directory);
            List<MetricSpec> metrics = result.plan().scenario().metrics();
            for (int m = 0; m < metrics.size(); m++) {
                MetricSpec metric = metrics.get(m);
                Path file = directory.resolve(slug(result.plan().scenario().name()) + "-" + slug(metric.label()) + ".png");
                ChartUtils.saveChartAsPNG(file.toFile(), chart(result, m), WIDTH, HEIGHT);
                files.add(file);
            }
        } catch (IOException e) {
            throw new InvalidInputException(directory.toString(), 0, "cannot write plots: " + e.getMessage());
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
