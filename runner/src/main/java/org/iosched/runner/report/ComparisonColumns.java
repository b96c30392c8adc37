package org.iosched.runner.report;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.iosched.simulator.result.DirectionStats;
import org.iosched.simulator.result.LatencyStats;
import org.iosched.simulator.result.SimulationResult;

/**
 * The usual {@link ComparisonTable} columns, per job (or group with {@code group_reporting}, named by its
 * first job as fio names it) and direction, in fio's units: bandwidth in KiB/s and IOPS as fio's text report
 * truncates them, completion latencies in µs. A result without that job or direction shows {@code -}.
 */
public final class ComparisonColumns {
    /** The cell of a metric a result does not have. */
    public static final String MISSING = "-";

    private static final Function<DirectionStats, String> BANDWIDTH_KIB =
            stats -> Long.toString(FioMath.bandwidthBytes(stats) / 1024);
    private static final Function<DirectionStats, String> IOPS = stats -> Long.toString(FioMath.iopsTruncated(stats));
    private static final Function<DirectionStats, String> MEAN_CLAT_MICROS =
            stats -> CFormat.fixed(clat(stats).meanNanos() / 1000.0, 2);
    private static final Function<DirectionStats, String> MAX_CLAT_MICROS =
            stats -> Long.toString(clat(stats).maxNanos() / 1000);

    private ComparisonColumns() {
    }

    /** Bandwidth, KiB/s ({@code 1000 * bytes / runtime_ms / 1024}, as fio's JSON {@code bw}). */
    public static ComparisonTable.Column bandwidthKib(String job, Direction direction) {
        return column(job, direction, "bw (KiB/s)", BANDWIDTH_KIB);
    }

    /** IOPS, truncated as fio's {@code IOPS=}. */
    public static ComparisonTable.Column iops(String job, Direction direction) {
        return column(job, direction, "iops", IOPS);
    }

    /** Mean completion latency, µs with two decimals. */
    public static ComparisonTable.Column meanClatMicros(String job, Direction direction) {
        return column(job, direction, "mean clat (usec)", MEAN_CLAT_MICROS);
    }

    /** Largest completion latency, whole µs. */
    public static ComparisonTable.Column maxClatMicros(String job, Direction direction) {
        return column(job, direction, "max clat (usec)", MAX_CLAT_MICROS);
    }

    /**
     * A completion-latency percentile, µs rounded up as fio's percentile table shows it; {@code -} when the
     * simulator did not compute that percentile.
     */
    public static ComparisonTable.Column clatPercentileMicros(String job, Direction direction, double percentile) {
        String name = "p" + BigDecimal.valueOf(percentile).stripTrailingZeros().toPlainString() + " clat (usec)";
        return column(job, direction, name, percentileMicros(percentile));
    }

    private static Function<DirectionStats, String> percentileMicros(double percentile) {
        return stats -> {
            Long nanos = clat(stats).percentiles().get(percentile);
            return nanos == null ? MISSING : Long.toString((nanos + 999) / 1000);
        };
    }

    /**
     * The five usual columns (bandwidth, IOPS, mean, max and p99 clat) for every job or group and direction
     * with I/O in {@code sample}, in report order.
     */
    public static List<ComparisonTable.Column> standard(SimulationResult sample) {
        List<ComparisonTable.Column> columns = new ArrayList<>();
        List<ReportedJob> jobs = ReportedJob.of(sample);
        Map<String, Integer> seen = new HashMap<>();
        for (int index = 0; index < jobs.size(); index++) {
            ReportedJob job = jobs.get(index);
            // numjobs clones share a name: number the repeats so that every column says which job it is
            int occurrence = seen.merge(job.name(), 1, Integer::sum);
            boolean repeated = occurrence > 1 || jobs.stream().skip(index + 1L).anyMatch(j -> j.name().equals(job.name()));
            String label = repeated ? job.name() + "#" + occurrence : job.name();
            for (Direction direction : Direction.values()) {
                if (direction.of(job.result()).totalIos() == 0) {
                    continue;
                }
                final int position = index;
                Function<SimulationResult, Optional<ReportedJob>> finder = result -> at(result, position);
                columns.add(column(label, finder, direction, "bw (KiB/s)", BANDWIDTH_KIB));
                columns.add(column(label, finder, direction, "iops", IOPS));
                columns.add(column(label, finder, direction, "mean clat (usec)", MEAN_CLAT_MICROS));
                columns.add(column(label, finder, direction, "max clat (usec)", MAX_CLAT_MICROS));
                columns.add(column(label, finder, direction, "p99 clat (usec)", percentileMicros(99.0)));
            }
        }
        return List.copyOf(columns);
    }

    private static ComparisonTable.Column column(String job, Direction direction, String metric,
            Function<DirectionStats, String> cell) {
        return column(job, result -> find(result, job), direction, metric, cell);
    }

    private static ComparisonTable.Column column(String label, Function<SimulationResult, Optional<ReportedJob>> finder,
            Direction direction, String metric, Function<DirectionStats, String> cell) {
        return new ComparisonTable.Column(label + " " + direction.fioName() + " " + metric, result -> finder.apply(result)
                .map(found -> direction.of(found.result()))
                .filter(stats -> stats.totalIos() > 0)
                .map(cell)
                .orElse(MISSING));
    }

    private static Optional<ReportedJob> at(SimulationResult result, int position) {
        List<ReportedJob> jobs = ReportedJob.of(result);
        return position < jobs.size() ? Optional.of(jobs.get(position)) : Optional.empty();
    }

    private static Optional<ReportedJob> find(SimulationResult result, String job) {
        for (ReportedJob reported : ReportedJob.of(result)) {
            if (reported.name().equals(job)) {
                return Optional.of(reported);
            }
        }
        return Optional.empty();
    }

    private static LatencyStats clat(DirectionStats stats) {
        return stats.clat();
    }
}
