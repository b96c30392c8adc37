package org.iosched.runner.plot;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.iosched.api.JobDescriptor;
import org.iosched.simulator.result.DirectionStats;
import org.iosched.simulator.result.DiskStats;
import org.iosched.simulator.result.JobResult;
import org.iosched.simulator.result.LatencyStats;
import org.iosched.simulator.result.RateSamples;
import org.iosched.simulator.result.RateSeries;
import org.iosched.simulator.result.SimulationResult;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TimeSeriesChartsTest {
    @TempDir
    Path dir;

    private static RateSamples samples(long... values) {
        long[] millis = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            millis[i] = 500L * (i + 1);
        }
        return new RateSamples(values.length, 0, 0, 0, 0, new RateSeries(millis, values));
    }

    private static SimulationResult run(String scheduler, long scale) {
        TreeMap<Long, Long> bins = new TreeMap<>(Map.of(100_000L, 50L, 200_000L, 30L * scale, 4_000_000L, 20L));
        LatencyStats clat = new LatencyStats(50 + 30 * scale + 20, 100_000, 4_000_000, 500_000, 1_000,
                new TreeMap<>(), bins);
        DirectionStats read = new DirectionStats(1 << 20, 256, 2_000_000_000L, LatencyStats.empty(), clat, clat,
                samples(4000 * scale, 3900, 4100), samples(1000, 975, 1025));
        JobResult job = new JobResult(new JobDescriptor(0, "seq read", 0, false, "", Map.of(), List.of()), 1, 0,
                2_000_000_000L, read, DirectionStats.empty(), DirectionStats.empty(), LatencyStats.empty());
        return new SimulationResult(scheduler, "ssd", 1, Map.of(), 2_000_000_000L, List.of(job),
                new DiskStats("sda", 0, 0, 0, 0, 0, 0, 0, 0.0, 0, 0), List.of(), Map.of());
    }

    @Test
    void eachJobGetsBandwidthIopsAndClatCdfChartsWithALinePerScheduler() {
        List<TimeSeriesCharts.Chart> charts = TimeSeriesCharts.charts("", List.of(
                new TimeSeriesCharts.Run("cfq", run("cfq", 1)), new TimeSeriesCharts.Run("noop", run("noop", 2))));

        assertThat(charts).extracting(TimeSeriesCharts.Chart::name)
                .containsExactly("seq-read-1-bw.png", "seq-read-1-iops.png", "seq-read-1-clat-cdf.png");
        XYDataset bw = ((XYPlot) charts.get(0).chart().getPlot()).getDataset();
        assertThat(bw.getSeriesCount()).isEqualTo(2);
        assertThat(bw.getSeriesKey(0)).isEqualTo("cfq");
        assertThat(bw.getSeriesKey(1)).isEqualTo("noop");
        assertThat(bw.getItemCount(0)).isEqualTo(3);
        assertThat(bw.getXValue(0, 2)).isEqualTo(1.5);
        assertThat(bw.getYValue(1, 0)).isEqualTo(8000.0);

        XYDataset cdf = ((XYPlot) charts.get(2).chart().getPlot()).getDataset();
        // cfq: 50 of 100 completions at 100 us, 80 at 200 us, all at 4 ms
        assertThat(cdf.getXValue(0, 0)).isEqualTo(100.0);
        assertThat(cdf.getYValue(0, 0)).isEqualTo(50.0);
        assertThat(cdf.getYValue(0, 1)).isEqualTo(80.0);
        assertThat(cdf.getYValue(0, 2)).isEqualTo(100.0);
    }

    @Test
    void aLoneRunNamesItsLinesByDirectionAndTheSameResultsGiveTheSamePngBytes() throws Exception {
        List<TimeSeriesCharts.Chart> first = TimeSeriesCharts.charts("x-", List.of(new TimeSeriesCharts.Run("",
                run("cfq", 1))));
        XYDataset bw = ((XYPlot) first.get(0).chart().getPlot()).getDataset();
        assertThat(bw.getSeriesKey(0)).isEqualTo("read");

        List<Path> written = TimeSeriesCharts.write(first, dir.resolve("a"));
        List<Path> again = TimeSeriesCharts.write(TimeSeriesCharts.charts("x-", List.of(new TimeSeriesCharts.Run("",
                run("cfq", 1)))), dir.resolve("b"));
        assertThat(written).extracting(p -> p.getFileName().toString())
                .containsExactly("x-seq-read-1-bw.png", "x-seq-read-1-iops.png", "x-seq-read-1-clat-cdf.png");
        for (int i = 0; i < written.size(); i++) {
            byte[] bytes = Files.readAllBytes(written.get(i));
            assertThat(bytes).startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
            assertThat(Files.readAllBytes(again.get(i))).as(written.get(i).toString()).isEqualTo(bytes);
        }
        assertThat(Files.readAllBytes(written.get(0)))
                .isNotEqualTo(TimeSeriesCharts.charts("x-", List.of(new TimeSeriesCharts.Run("", run("cfq", 2))))
                        .get(0).png());
    }

    @Test
    void aJobWithoutSamplesGetsOnlyItsCdf() {
        SimulationResult quiet = run("cfq", 1);
        JobResult job = quiet.jobs().get(0);
        DirectionStats read = new DirectionStats(job.read().ioBytes(), job.read().totalIos(),
                job.read().runtimeNanos(), job.read().slat(), job.read().clat(), job.read().lat());
        SimulationResult shortRun = new SimulationResult("cfq", "ssd", 1, Map.of(), 1, List.of(job.withStats(read,
                job.write(), job.trim(), job.sync())), quiet.disk(), List.of(), Map.of());

        assertThat(TimeSeriesCharts.charts("", List.of(new TimeSeriesCharts.Run("", shortRun))))
                .extracting(TimeSeriesCharts.Chart::name).containsExactly("seq-read-1-clat-cdf.png");
    }
}
