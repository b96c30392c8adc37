package org.iosched.runner.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iosched.api.InvalidInputException;
import org.iosched.simulator.result.DirectionStats;
import org.iosched.simulator.result.JobResult;
import org.iosched.simulator.result.LatencyStats;
import org.iosched.simulator.result.RateSamples;
import org.iosched.simulator.result.RateSeries;
import org.iosched.simulator.result.SimulationResult;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Time-series charts of fio jobs, one per job and metric: bandwidth (KiB/s) and IOPS over the job's time, one
 * point per {@code bwavgtime}/{@code iopsavgtime} window (the samples fio's bw/iops lines summarise), and the
 * completion latency (clat) as a CDF from the latency histogram. Several runs of the same job file (one per
 * scheduler) share each chart, one line per run and direction. Rendered headless with fixed sizes, fonts and
 * colours and no timestamps, so the same results give the same PNG bytes.
 */
public final class TimeSeriesCharts {
    /** Width and height of a chart in pixels. */
    static final int WIDTH = 900;
    static final int HEIGHT = 450;

    private static final Color[] PALETTE = {new Color(0x3b6ea5), new Color(0xd1603d), new Color(0x4b9b4b),
        new Color(0x8e5ea2), new Color(0xc9a227), new Color(0x4aa3a8), new Color(0x9c4f4f), new Color(0x666666)};
    private static final String[] DIRECTIONS = {"read", "write", "trim"};

    private TimeSeriesCharts() {
    }

    /**
     * One run of a job file.
     *
     * @param label  the run's name in the legend (its scheduler), or empty for a lone run
     * @param result its results
     */
    public record Run(String label, SimulationResult result) {
    }

    /**
     * A chart and the file name it goes by.
     *
     * @param name  the file name without directory, e.g. {@code seq-read-1-bw.png}
     * @param title the chart's title
     * @param chart the chart
     */
    public record Chart(String name, String title, JFreeChart chart) {
        /** The chart as PNG bytes. */
        public byte[] png() {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try {
                ChartUtils.writeChartAsPNG(out, chart, WIDTH, HEIGHT);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return out.toByteArray();
        }
    }

    /**
     * The charts of {@code runs}' jobs (matched by job index; the first run's jobs name them): per job a
     * bandwidth, an IOPS and a clat CDF chart, each only when some run has data for it. File names start
     * with {@code prefix} (may be empty).
     */
    public static List<Chart> charts(String prefix, List<Run> runs) {
        List<Chart> charts = new ArrayList<>();
        if (runs.isEmpty()) {
            return charts;
        }
        List<JobResult> jobs = runs.get(0).result().jobs();
        for (int j = 0; j < jobs.size(); j++) {
            JobResult job = jobs.get(j);
            String base = prefix + ScenarioCharts.slug(job.job().name()) + "-" + (j + 1);
            String who = job.job().name() + " (job " + (j + 1) + ")";
            addIfAny(charts, base + "-bw.png", who + ": bandwidth, one point per bwavgtime window",
                    rateChart(runs, j, true), "KiB/s");
            addIfAny(charts, base + "-iops.png", who + ": IOPS, one point per iopsavgtime window",
                    rateChart(runs, j, false), "IOPS");
            addIfAny(charts, base + "-clat-cdf.png", who + ": completion latency (clat) CDF", cdfChart(runs, j),
                    null);
        }
        return charts;
    }

    /** Adds the chart of {@code data} unless it is null; {@code rateUnit} null makes it a CDF. */
    private static void addIfAny(List<Chart> charts, String name, String title, XYSeriesCollection data,
            String rateUnit) {
        if (data != null) {
            charts.add(new Chart(name, title, build(title, data, rateUnit)));
        }
    }

    /** Writes {@code charts} as PNG files into {@code directory} (created if needed); the files written. */
    public static List<Path> write(List<Chart> charts, Path directory) {
        List<Path> files = new ArrayList<>(charts.size());
        try {
            Files.createDirectories(directory);
            for (Chart chart : charts) {
                Path file = directory.resolve(chart.name());
                Files.write(file, chart.png());
                files.add(file);
            }
        } catch (IOException | UncheckedIOException e) {
            throw new InvalidInputException(directory.toString(), 0, "cannot write plots: " + e.getMessage());
        }
        return files;
    }

    private static String seriesName(Run run, int direction, int directionsUsed) {
        if (run.label().isEmpty()) {
            return DIRECTIONS[direction];
        }
        return directionsUsed > 1 ? run.label() + " " + DIRECTIONS[direction] : run.label();
    }

    private static int directionsUsed(List<Run> runs, int job) {
        int mask = 0;
        for (Run run : runs) {
            if (job < run.result().jobs().size()) {
                JobResult result = run.result().jobs().get(job);
                for (int d = 0; d < 3; d++) {
                    if (direction(result, d).totalIos() > 0) {
                        mask |= 1 << d;
                    }
                }
            }
        }
        return Integer.bitCount(mask);
    }

    private static DirectionStats direction(JobResult job, int d) {
        return switch (d) {
            case 0 -> job.read();
            case 1 -> job.write();
            default -> job.trim();
        };
    }

    /** Bandwidth (KiB/s) or IOPS over seconds since the job's start; null when no run has a point. */
    private static XYSeriesCollection rateChart(List<Run> runs, int job, boolean bandwidth) {
        XYSeriesCollection data = new XYSeriesCollection();
        int used = directionsUsed(runs, job);
        for (Run run : runs) {
            if (job >= run.result().jobs().size()) {
                continue;
            }
            JobResult result = run.result().jobs().get(job);
            for (int d = 0; d < 3; d++) {
                RateSamples samples = bandwidth ? direction(result, d).bwSamples() : direction(result, d).iopsSamples();
                RateSeries points = samples.series();
                if (points.size() == 0) {
                    continue;
                }
                XYSeries series = new XYSeries(seriesName(run, d, used), false, true);
                for (int i = 0; i < points.size(); i++) {
                    series.add(points.millis(i) / 1000.0, points.value(i));
                }
                data.addSeries(series);
            }
        }
        return data.getSeriesCount() == 0 ? null : data;
    }

    /** Percent of completions at or under each latency (µs), from the clat histogram; null when none. */
    private static XYSeriesCollection cdfChart(List<Run> runs, int job) {
        XYSeriesCollection data = new XYSeriesCollection();
        int used = directionsUsed(runs, job);
        for (Run run : runs) {
            if (job >= run.result().jobs().size()) {
                continue;
            }
            JobResult result = run.result().jobs().get(job);
            for (int d = 0; d < 3; d++) {
                LatencyStats clat = direction(result, d).clat();
                if (clat.count() == 0 || clat.bins().isEmpty()) {
                    continue;
                }
                long total = 0;
                for (long count : clat.bins().values()) {
                    total += count;
                }
                XYSeries series = new XYSeries(seriesName(run, d, used), true, false);
                long seen = 0;
                for (Map.Entry<Long, Long> bin : clat.bins().entrySet()) {
                    seen += bin.getValue();
                    // a log axis has no 0: a bucket at 0 ns is drawn at 1 ns
                    series.addOrUpdate(Math.max(bin.getKey(), 1L) / 1000.0, 100.0 * seen / total);
                }
                data.addSeries(series);
            }
        }
        return data.getSeriesCount() == 0 ? null : data;
    }

    private static JFreeChart build(String title, XYSeriesCollection data, String rateUnit) {
        ValueAxis x;
        NumberAxis y;
        XYLineAndShapeRenderer renderer;
        if (rateUnit == null) {
            double low = data.getDomainLowerBound(false);
            double high = data.getDomainUpperBound(false);
            if (high > 100 * low) {
                // latencies over more than two decades: a log axis ticked at the decades
                LogAxis log = new LogAxis("clat (µs, log scale)");
                log.setSmallestValue(0.001);
                log.setAutoTickUnitSelection(false);
                log.setTickUnit(new NumberTickUnit(1.0));
                log.setMinorTickCount(9);
                log.setMinorTickMarksVisible(true);
                log.setNumberFormatOverride(new java.text.DecimalFormat("0.###",
                        java.text.DecimalFormatSymbols.getInstance(java.util.Locale.ROOT)));
                x = log;
            } else {
                NumberAxis linear = new NumberAxis("clat (µs)");
                linear.setAutoRangeIncludesZero(false);
                x = linear;
            }
            y = new NumberAxis("completions at or under (%)");
            y.setRange(0, 100);
            renderer = new XYStepRenderer();
        } else {
            x = new NumberAxis("time since the job's start (s)");
            y = new NumberAxis(rateUnit);
            y.setAutoRangeIncludesZero(true);
            renderer = new XYLineAndShapeRenderer(true, data.getItemCount(0) < 60);
        }
        Font tick = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
        Font label = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
        x.setTickLabelFont(tick);
        x.setLabelFont(label);
        y.setTickLabelFont(tick);
        y.setLabelFont(label);
        y.setNumberFormatOverride(new java.text.DecimalFormat("#,##0.###",
                java.text.DecimalFormatSymbols.getInstance(java.util.Locale.ROOT)));
        for (int s = 0; s < data.getSeriesCount(); s++) {
            renderer.setSeriesPaint(s, PALETTE[s % PALETTE.length]);
            renderer.setSeriesStroke(s, new BasicStroke(1.5f));
        }
        XYPlot plot = new XYPlot(data, x, y, renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 14), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        LegendTitle legend = chart.getLegend();
        legend.setPosition(RectangleEdge.BOTTOM);
        legend.setItemFont(label);
        return chart;
    }
}
