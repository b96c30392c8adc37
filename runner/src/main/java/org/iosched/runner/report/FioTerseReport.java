package org.iosched.runner.report;

import java.util.List;
import org.iosched.api.InvalidInputException;
import org.iosched.simulator.result.CpuUsage;
import org.iosched.simulator.result.DirectionStats;
import org.iosched.simulator.result.DiskStats;
import org.iosched.simulator.result.LatencyStats;
import org.iosched.simulator.result.SimulationResult;

/**
 * fio's terse output ({@code --output-format=terse}, {@code --minimal}): one line of semicolon-separated
 * fields per report block, field for field as fio 3.33 prints it (stat.c {@code show_thread_status_terse_all},
 * {@code show_ddir_status_terse}; diskutil.c {@code print_disk_util}; HOWTO "Terse output").
 *
 * <p>Features: terse versions 2, 3 (fio's default), 4 and 5 ({@code --terse-version}): version 2 has no fio
 * version field, no disk fields and puts the description on a line of its own; 2, 4 and 5 carry the trim
 * direction; 5 adds the bandwidth sample count and the IOPS samples (min, max, mean, stdev, count). Per
 * direction: KiB, KiB/s, IOPS, runtime (ms); slat, clat and lat min/max (µs, truncated) and mean/stdev (µs);
 * 20 percentile fields {@code p%=µs} from the lat histogram when {@code lat_percentiles} is on, else the clat
 * histogram when {@code clat_percentiles} is on ({@code 0%=0} padding the list, all of them when both are off);
 * bandwidth min, max, share of the group aggregate, mean, stdev. Then CPU, the seven I/O-depth buckets, the
 * microsecond row (with every sub-microsecond I/O in its first bucket, {@code stat_calc_lat_nu}) and the
 * millisecond row of the latency distribution, the disk ({@code sda}) for versions 3 and up unless a job has
 * {@code disk_util=0}, {@code ;0;0} when {@code continue_on_error} is set, and the description.
 * {@code unified_rw_reporting} applies as in fio: {@code mixed} prints one summed direction, {@code both}
 * the directions and then their sum.
 *
 * <p>Limitations: the I/O-depth buckets are 0.0% (not simulated, as in the other formats); the error
 * fields are 0 (no simulated I/O fails). iosched's own header is not part of the line; see {@link #notes}.
 */
public final class FioTerseReport {
    /** fio 3.33's default {@code --terse-version}. */
    public static final int DEFAULT_VERSION = 3;
    /** fio's {@code FIO_IO_U_LIST_MAX_LEN}: the percentile fields of each direction. */
    private static final int PERCENTILE_FIELDS = 20;

    private FioTerseReport() {
    }

    /**
     * Checks a {@code --terse-version} value as fio does ({@code fio: bad terse version format}).
     *
     * @throws InvalidInputException for anything but 2, 3, 4 or 5
     */
    public static int version(String text) {
        String trimmed = text == null ? "" : text.trim();
        if (!trimmed.matches("[2-5]")) {
            throw new InvalidInputException("--terse-version", 0,
                    "bad terse version format '" + text + "'; accepted: 2, 3, 4, 5");
        }
        return Integer.parseInt(trimmed);
    }

    /**
     * The lines of {@code result}, one per report block, each ending with a newline (version 2: a block with a
     * description ends with a second line holding it).
     *
     * @throws InvalidInputException when a job's output option has a value fio rejects
     */
    public static String render(SimulationResult result, int version) {
        StringBuilder out = new StringBuilder(2048);
        List<ReportBlock> blocks = ReportBlock.of(result);
        List<GroupRunStats> groups = GroupRunStats.of(blocks);
        boolean disk = FioNormalReport.diskUtil(result);
        for (ReportBlock block : blocks) {
            appendBlock(out, block, groups.get(block.job().groupId()), disk ? result.disk() : null, version);
        }
        return out.toString();
    }

    /**
     * iosched's notices for a terse run (the settings, what is not simulated, the workload's notices), each line
     * starting with {@code iosched: }: the terse line has no room for them, so the command prints them on
     * standard error.
     */
    public static List<String> notes(SimulationResult result) {
        List<String> notes = new java.util.ArrayList<>();
        notes.add("iosched: scheduler=" + result.scheduler() + ", device=" + result.device() + ", seed="
                + result.seed());
        for (String notice : result.notices()) {
            notes.add("iosched: " + notice);
        }
        for (String note : OptionNotices.of(result, OptionNotices.Layout.FIO3)) {
            notes.add("iosched: " + note);
        }
        return notes;
    }

    private static void appendBlock(StringBuilder out, ReportBlock block, GroupRunStats group, DiskStats disk,
                                    int version) {
        ReportedJob job = block.job();
        if (version == 2) {
            out.append("2;").append(job.name()).append(';').append(job.groupId()).append(";0");
        } else {
            out.append(version).append(';').append(FioNormalReport.FIO3_VERSION).append(';').append(job.name())
                    .append(';').append(job.groupId()).append(";0");
        }
        ReportOptions.Unified unified = block.options().unified();
        if (unified == ReportOptions.Unified.MIXED) {
            appendDirection(out, block, Direction.READ.of(block.mixed()), block.mixedBandwidthSources(),
                    block.mixedIopsSources(), group, Direction.READ, version);
        } else {
            appendDirection(out, block, job.result().read(), block.bandwidthSources(Direction.READ),
                    block.iopsSources(Direction.READ), group, Direction.READ, version);
            appendDirection(out, block, job.result().write(), block.bandwidthSources(Direction.WRITE),
                    block.iopsSources(Direction.WRITE), group, Direction.WRITE, version);
            if (version != 3) {
                appendDirection(out, block, job.result().trim(), block.bandwidthSources(Direction.TRIM),
                        block.iopsSources(Direction.TRIM), group, Direction.TRIM, version);
            }
        }
        if (unified == ReportOptions.Unified.BOTH) {
            appendDirection(out, block, Direction.READ.of(block.mixed()), block.mixedBandwidthSources(),
                    block.mixedIopsSources(), group, Direction.READ, version);
        }
        CpuUsage cpu = job.result().cpu();
        out.append(';').append(CFormat.fixed6(cpu.userPercent())).append('%')
                .append(';').append(CFormat.fixed6(cpu.systemPercent())).append('%')
                .append(';').append(cpu.contextSwitches())
                .append(';').append(cpu.majorFaults())
                .append(';').append(cpu.minorFaults());
        // I/O depths are not simulated (ReportNotes): fio's seven buckets, empty.
        for (int i = 0; i < 7; i++) {
            out.append(";0.0%");
        }
        LatencyDistribution distribution = LatencyDistribution.of(job.result());
        for (double share : distribution.terseUsec()) {
            out.append(';').append(percent2(share)).append('%');
        }
        for (double share : distribution.msec()) {
            out.append(';').append(percent2(share)).append('%');
        }
        if (version >= 3 && disk != null) {
            out.append(';').append(disk.name())
                    .append(';').append(disk.readIos()).append(';').append(disk.writeIos())
                    .append(';').append(disk.readMerges()).append(';').append(disk.writeMerges())
                    .append(';').append(disk.readTicksMillis()).append(';').append(disk.writeTicksMillis())
                    .append(';').append(disk.inQueueMillis())
                    .append(';').append(percent2(Math.min(disk.utilPercent(), 100.0))).append('%');
        }
        if (continueOnError(job)) {
            // total_err_count and first_error: no simulated I/O fails
            out.append(";0;0");
        }
        String description = block.options().description();
        if (!description.isEmpty()) {
            if (version == 2) {
                out.append('\n');
            }
            out.append(';').append(description);
        }
        out.append('\n');
    }

    /** fio's {@code continue_on_error}: any value but {@code none}/{@code 0} adds the error fields. */
    private static boolean continueOnError(ReportedJob job) {
        String value = job.last().job().options().get("continue_on_error");
        return value != null && !value.trim().equals("none") && !value.trim().equals("0");
    }

    private static void appendDirection(StringBuilder out, ReportBlock block, DirectionStats stats,
                                        List<DirectionStats> bandwidthSources, List<DirectionStats> iopsSources,
                                        GroupRunStats group, Direction shareOf, int version) {
        ReportOptions options = block.options();
        long runtime = FioMath.runtimeMillis(stats);
        long bandwidthKib = runtime == 0 ? 0 : 1000 * stats.ioBytes() / runtime / 1024;
        long iops = runtime == 0 ? 0 : 1000 * stats.totalIos() / runtime;
        out.append(';').append(stats.ioBytes() >> 10).append(';').append(bandwidthKib).append(';').append(iops)
                .append(';').append(runtime);
        appendLatency(out, stats.slat());
        appendLatency(out, stats.clat());
        LatencyStats histogram = options.latPercentiles() ? stats.lat()
                : options.clatPercentiles() ? stats.clat() : null;
        appendPercentiles(out, histogram, options);
        appendLatency(out, stats.lat());
        SampleStats bw = SampleStats.summedBandwidth(bandwidthSources);
        if (bw.samples() > 0) {
            // the terse rule (not JSON's): the mean over the aggregate in whole KiB/s, 100 without an aggregate
            long agg = group.totals(shareOf).agg();
            double share = agg == 0 ? 100.0 : Math.min(100.0, bw.mean() * 100 / (double) (agg / 1024));
            out.append(';').append(bw.min()).append(';').append(bw.max()).append(';')
                    .append(CFormat.fixed6(share)).append("%;").append(CFormat.fixed6(bw.mean())).append(';')
                    .append(CFormat.fixed6(bw.dev()));
        } else {
            out.append(";0;0;0.000000%;0.000000;0.000000");
        }
        if (version == 5) {
            out.append(';').append(bw.samples());
            SampleStats iopsSamples = SampleStats.summedIops(iopsSources);
            if (iopsSamples.samples() > 0) {
                out.append(';').append(iopsSamples.min()).append(';').append(iopsSamples.max()).append(';')
                        .append(CFormat.fixed6(iopsSamples.mean())).append(';')
                        .append(CFormat.fixed6(iopsSamples.dev())).append(';').append(iopsSamples.samples());
            } else {
                out.append(";0;0;0.000000;0.000000;0");
            }
        }
    }

    /** {@code ;min;max;mean;dev} in µs (min and max truncated), zeros without samples (stat.c calc_lat). */
    private static void appendLatency(StringBuilder out, LatencyStats stats) {
        if (stats.count() == 0) {
            out.append(";0;0;0.000000;0.000000");
            return;
        }
        out.append(';').append(stats.minNanos() / 1000).append(';').append(stats.maxNanos() / 1000).append(';')
                .append(CFormat.fixed6(stats.meanNanos() / 1000)).append(';')
                .append(CFormat.fixed6(stats.stdevNanos() / 1000));
    }

    /**
     * The 20 fields {@code ;p%=µs}: the list's percentiles (fio's default list, or {@code percentile_list}) with
     * their values, a list without samples with values 0, and {@code ;0%=0} for each field beyond the list.
     */
    private static void appendPercentiles(StringBuilder out, LatencyStats stats, ReportOptions options) {
        int written = 0;
        if (stats != null) {
            List<Double> percentiles;
            List<Long> values;
            FioPercentiles.Table table = stats.count() == 0 ? null : FioPercentiles.modern(stats, options);
            if (table != null && !table.isEmpty()) {
                percentiles = table.percentiles();
                values = table.values();
            } else {
                percentiles = options.percentileList() == null ? LatencyStats.FIO_PERCENTILES
                        : options.percentileList().percentiles();
                values = null;
            }
            for (int i = 0; i < percentiles.size() && written < PERCENTILE_FIELDS; i++, written++) {
                out.append(';').append(CFormat.fixed6(percentiles.get(i))).append("%=")
                        .append(values == null ? 0 : values.get(i) / 1000);
            }
        }
        for (; written < PERCENTILE_FIELDS; written++) {
            out.append(";0%=0");
        }
    }

    /** {@code %3.2f}, with C's {@code -nan} for the share of no I/O at all. */
    private static String percent2(double share) {
        return Double.isNaN(share) ? "-nan" : CFormat.fixed(share, 3, 2);
    }
}
