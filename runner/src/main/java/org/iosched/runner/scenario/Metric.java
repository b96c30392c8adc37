package org.iosched.runner.scenario;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;
import org.iosched.api.InvalidInputException;
import org.iosched.runner.report.Direction;
import org.iosched.simulator.result.DirectionStats;
import org.iosched.simulator.result.JobResult;
import org.iosched.simulator.result.LatencyStats;

/**
 * What a scenario column measures, named as in the scenario file's {@code metric:} key:
 * <ul>
 *   <li>{@code read.bw}, {@code write.bw}, {@code trim.bw}: bandwidth in KiB/s (or MiB/s by {@code unit});</li>
 *   <li>{@code read.iops}, {@code write.iops}, {@code trim.iops}: I/Os per second of the direction's runtime;</li>
 *   <li>{@code sync.iops}: fsync/fdatasync calls per second of the job's runtime;</li>
 *   <li>{@code <dir>.<clat|lat|slat>.<min|max|mean|stdev|pN>} and {@code sync.lat.<...>}: a latency statistic
 *       (any percentile {@code p0.1} to {@code p100}), in usec unless {@code unit} says ns, ms or s;</li>
 *   <li>{@code runtime}: the job's runtime, in ms unless {@code unit} says usec or s;</li>
 *   <li>{@code stat:<name>}: a number of {@code SimulationResult.deviceStatistics()}.</li>
 * </ul>
 * Bandwidth and IOPS are the exact rates over the direction's runtime ({@link DirectionStats}), not fio's
 * integer KiB/s over whole milliseconds; the difference is below one unit of the last digit printed.
 */
public sealed interface Metric extends java.io.Serializable permits Metric.JobMetric, Metric.DeviceStatistic {
    /** The metric as written in the scenario ({@code read.clat.p99}). */
    String text();

    /** The unit shown in the table header, or empty. */
    String unit();

    /** A metric of one job's result; NaN where the job has nothing to measure. */
    sealed interface JobMetric extends Metric permits Rate, SyncRate, Latency, Runtime {
        /** This metric of {@code job}, NaN when the job did no I/O of that kind. */
        double of(JobResult job);
    }

    /**
     * Bandwidth or IOPS of one direction.
     *
     * @param direction read, write or trim
     * @param bandwidth bandwidth (true) or IOPS
     * @param divisor   bytes per displayed unit (1024 for KiB/s), 1 for IOPS
     * @param unit      the header unit
     */
    record Rate(Direction direction, boolean bandwidth, double divisor, String unit) implements JobMetric {
        @Override
        public String text() {
            return direction.fioName() + (bandwidth ? ".bw" : ".iops");
        }

        @Override
        public double of(JobResult job) {
            DirectionStats stats = direction.of(job);
            return bandwidth ? stats.bandwidthBytesPerSec() / divisor : stats.iops();
        }
    }

    /** fsync/fdatasync calls per second of the job's runtime (fio's {@code sync} section). */
    record SyncRate() implements JobMetric {
        @Override
        public String text() {
            return "sync.iops";
        }

        @Override
        public String unit() {
            return "";
        }

        @Override
        public double of(JobResult job) {
            long runtime = job.runtimeNanos();
            return runtime == 0 ? 0.0 : job.sync().count() * 1e9 / runtime;
        }
    }

    /**
     * A latency statistic.
     *
     * @param source     {@code read}, {@code write}, {@code trim} or {@code sync}
     * @param kind       {@code clat}, {@code lat} or {@code slat} ({@code lat} for sync)
     * @param statistic  {@code min}, {@code max}, {@code mean}, {@code stdev} or {@code p<N>}
     * @param percentile N for {@code p<N>}, NaN otherwise
     * @param timeUnit   the unit values are shown in
     */
    record Latency(String source, String kind, String statistic, double percentile, TimeUnit timeUnit)
            implements JobMetric {
        @Override
        public String text() {
            return source + "." + kind + "." + statistic;
        }

        @Override
        public String unit() {
            return timeUnit.label();
        }

        @Override
        public double of(JobResult job) {
            LatencyStats stats = stats(job);
            if (stats.count() == 0) {
                return Double.NaN;
            }
            double nanos = switch (statistic) {
                case "min" -> stats.minNanos();
                case "max" -> stats.maxNanos();
                case "mean" -> stats.meanNanos();
                case "stdev" -> stats.stdevNanos();
                default -> percentileNanos(stats, percentile);
            };
            return nanos / timeUnit.nanos();
        }

        private LatencyStats stats(JobResult job) {
            if (source.equals("sync")) {
                return job.sync();
            }
            DirectionStats d = Direction.valueOf(source.toUpperCase(Locale.ROOT)).of(job);
            return switch (kind) {
                case "clat" -> d.clat();
                case "slat" -> d.slat();
                default -> d.lat();
            };
        }
    }

    /**
     * The job's runtime (fio's {@code job_runtime}): for a job that does a fixed amount of work, how long it
     * took (an application's start-up time).
     *
     * @param timeUnit the unit shown
     */
    record Runtime(TimeUnit timeUnit) implements JobMetric {
        @Override
        public String text() {
            return "runtime";
        }

        @Override
        public String unit() {
            return timeUnit.label();
        }

        @Override
        public double of(JobResult job) {
            return job.runtimeNanos() / (double) timeUnit.nanos();
        }
    }

    /**
     * A number the simulation reports about the device or block layer, by key.
     *
     * @param name the key in {@code SimulationResult.deviceStatistics()}
     */
    record DeviceStatistic(String name) implements Metric {
        @Override
        public String text() {
            return "stat:" + name;
        }

        @Override
        public String unit() {
            return "";
        }
    }

    /** Time units of latency and runtime columns. */
    enum TimeUnit {
        /** Nanoseconds. */
        NS("ns", 1L),
        /** Microseconds, fio's unit for clat. */
        USEC("usec", 1_000L),
        /** Milliseconds. */
        MS("ms", 1_000_000L),
        /** Seconds. */
        S("s", 1_000_000_000L);

        private final String label;
        private final long nanos;

        TimeUnit(String label, long nanos) {
            this.label = label;
            this.nanos = nanos;
        }

        /** The name in {@code unit:} and in headers. */
        public String label() {
            return label;
        }

        /** Nanoseconds per unit. */
        public long nanos() {
            return nanos;
        }
    }

    /**
     * Parse a {@code metric:} with its optional {@code unit:}.
     *
     * @param text the metric
     * @param unit the unit key's value, or null
     * @throws InvalidInputException naming what is accepted
     */
    static Metric parse(String text, String unit, String file, int line) {
        String[] parts = text.split("\\.", 3);
        if (text.startsWith("stat:")) {
            String name = text.substring("stat:".length()).trim();
            if (name.isEmpty()) {
                throw new InvalidInputException(file, line, "stat: needs a statistic name (stat:<name>)");
            }
            noUnit(unit, text, file, line);
            return new DeviceStatistic(name);
        }
        if (text.equals("runtime")) {
            return new Runtime(timeUnit(unit, TimeUnit.MS, text, file, line));
        }
        if (text.equals("sync.iops")) {
            noUnit(unit, text, file, line);
            return new SyncRate();
        }
        if (parts.length == 2 && isDirection(parts[0]) && (parts[1].equals("bw") || parts[1].equals("iops"))) {
            Direction direction = Direction.valueOf(parts[0].toUpperCase(Locale.ROOT));
            if (parts[1].equals("iops")) {
                noUnit(unit, text, file, line);
                return new Rate(direction, false, 1.0, "");
            }
            if (unit == null || unit.equals("KiB/s")) {
                return new Rate(direction, true, 1024.0, "KiB/s");
            }
            if (unit.equals("MiB/s")) {
                return new Rate(direction, true, 1024.0 * 1024.0, "MiB/s");
            }
            throw new InvalidInputException(file, line, "unknown unit '" + unit + "' for " + text
                    + "; accepted: KiB/s, MiB/s");
        }
        boolean syncLatency = parts.length == 3 && parts[0].equals("sync") && parts[1].equals("lat");
        boolean ioLatency = parts.length == 3 && isDirection(parts[0])
                && (parts[1].equals("clat") || parts[1].equals("lat") || parts[1].equals("slat"));
        if (syncLatency || ioLatency) {
            String statistic = parts[2];
            double percentile = Double.NaN;
            if (statistic.startsWith("p")) {
                percentile = percentile(statistic.substring(1), text, file, line);
                statistic = "p" + BigDecimal.valueOf(percentile).stripTrailingZeros().toPlainString();
            } else if (!statistic.equals("min") && !statistic.equals("max") && !statistic.equals("mean")
                    && !statistic.equals("stdev")) {
                throw new InvalidInputException(file, line, "unknown latency statistic '" + statistic + "' in "
                        + text + "; accepted: min, max, mean, stdev, p<N> (p99, p99.9, p50)");
            }
            return new Latency(parts[0], parts[1], statistic, percentile,
                    timeUnit(unit, TimeUnit.USEC, text, file, line));
        }
        throw new InvalidInputException(file, line, "unknown metric '" + text + "'; accepted: read.bw, write.bw,"
                + " read.iops, write.iops, sync.iops, <read|write|trim>.<clat|lat|slat>.<min|max|mean|stdev|pN>,"
                + " sync.lat.<...>, runtime, stat:<name>");
    }

    private static boolean isDirection(String word) {
        return word.equals("read") || word.equals("write") || word.equals("trim");
    }

    private static double percentile(String number, String text, String file, int line) {
        try {
            double p = Double.parseDouble(number);
            if (p > 0 && p <= 100 && !number.isBlank() && Character.isDigit(number.charAt(0))) {
                return p;
            }
        } catch (NumberFormatException e) {
            // reported below with what is accepted
        }
        throw new InvalidInputException(file, line, "bad percentile in " + text
                + "; accepted: p<N> with 0 < N <= 100 (p99, p99.9)");
    }

    private static TimeUnit timeUnit(String unit, TimeUnit fallback, String text, String file, int line) {
        if (unit == null) {
            return fallback;
        }
        for (TimeUnit u : TimeUnit.values()) {
            if (u.label().equals(unit) || (u == TimeUnit.USEC && unit.equals("us"))) {
                return u;
            }
        }
        throw new InvalidInputException(file, line, "unknown unit '" + unit + "' for " + text
                + "; accepted: ns, usec, ms, s");
    }

    private static void noUnit(String unit, String text, String file, int line) {
        if (unit != null) {
            throw new InvalidInputException(file, line, text + " takes no unit (unit: " + unit + ")");
        }
    }

    /**
     * A percentile from a latency distribution: fio's precomputed value where it has one, otherwise the
     * histogram bucket holding the {@code ceil(p% * count)}-th sample, bounded by the exact extremes.
     */
    static double percentileNanos(LatencyStats stats, double percentile) {
        Long listed = stats.percentiles().get(percentile);
        if (listed != null) {
            return listed;
        }
        long rank = Math.max(1, (long) Math.ceil(percentile / 100.0 * stats.count()));
        long seen = 0;
        long value = stats.maxNanos();
        for (Map.Entry<Long, Long> bin : stats.bins().entrySet()) {
            seen += bin.getValue();
            if (seen >= rank) {
                value = bin.getKey();
                break;
            }
        }
        return Math.min(stats.maxNanos(), Math.max(stats.minNanos(), value));
    }
}
