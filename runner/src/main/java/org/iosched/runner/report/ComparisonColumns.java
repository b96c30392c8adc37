package org.iosched.runner.report;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.iosched.simulator.DirectionStats;
import org.iosched.simulator.LatencyStats;
import org.iosched.simulator.SimulationResult;

/**
 * The usual {@link ComparisonTable} columns, per job (or group with {@code group_reporting}, named by its
 * first job as fio names it) and direction, in fio's units: bandwidth in KiB/s and IOPS as fio's text report
 * truncates them, completion latencies in µs. A result without that job or direction shows {@code -}.
 */
public final class ComparisonColumns {
    /** The cell of a metric a result does not have. */
    public static final String MISSING = "-";

    private ComparisonColumns() {
    }

    /** Bandwidth, KiB/s ({@code 1000 * bytes / runtime_ms / 1024}, as fio's JSON {@code bw}). */
    public static ComparisonTable.Column bandwidthKib(String job, Direction direction) {
        return column(job, direction, "bw (KiB/s)",
                stats -> Long.toString(FioMath.bandwidthBytes(stats) / 1024));
    }

    /** IOPS, truncated as fio's {@code IOPS=}. */
    public static ComparisonTable.Column iops(String job, Direction direction) {
        return column(job, direction, "iops", stats -> Long.toString(FioMath.iopsTruncated(stats)));
    }

    /** Mean completion latency, µs with two decimals. */
    public static ComparisonTable.Column meanClatMicros(String job, Direction direction) {
        return column(job, direction, "mean clat (usec)",
                stats -> CFormat.fixed(clat(stats).meanNanos() / 1000.0, 2));
    }

    /** Largest completion latency, whole µs. */
    public static ComparisonTable.Column maxClatMicros(String job, Direction direction) {
        return column(job, direction, "max clat (usec)", stats -> Long.toString(clat(stats).maxNanos() / 1000));
    }

    /**
     * A completion-latency percentile, µs rounded up as fio's percentile table shows it; {@code -} when the
     * simulator did not compute that percentile.
     */
    public static ComparisonTable.Column clatPercentileMicros(String job, Direction direction, double percentile) {
        String name = "p" + BigDecimal.valueOf(percentile).stripTrailingZeros().toPlainString() + " clat (usec)";
        return column(job, direction, name, stats -> {
            Long nanos = clat(stats).percentiles().get(percentile);
            return nanos == null ? MISSING : Long.toString((nanos + 999) / 1000);
        });
    }

    /**
     * The five usual columns (bandwidth, IOPS, mean, max and p99 clat) for every job or group and direction
     * with I/O in {@code sample}, in report order.
     */
    public static List<ComparisonTable.Column> standard(SimulationResult sample) {
        List<ComparisonTable.Column> columns = new ArrayList<>();
        for (ReportedJob job : ReportedJob.of(sample)) {
            for (Direction direction : Direction.values()) {
                if (direction.of(job.result()).totalIos() == 0) {
                    continue;
                }
                columns.add(bandwidthKib(job.name(), direction));
                columns.add(iops(job.name(), direction));
                columns.add(meanClatMicros(job.name(), direction));
                columns.add(maxClatMicros(job.name(), direction));
                columns.add(clatPercentileMicros(job.name(), direction, 99.0));
            }
        }
        return List.copyOf(columns);
    }

    private static ComparisonTable.Column column(String job, Direction direction, String metric,
            Function<DirectionStats, String> cell) {
        String label = job + " " + direction.fioName() + " " + metric;
        return new ComparisonTable.Column(label, result -> find(result, job)
                .map(found -> direction.of(found.result()))
                .filter(stats -> stats.totalIos() > 0)
                .map(cell)
                .orElse(MISSING));
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
