package org.iosched.runner.report;

import java.util.List;
import org.iosched.simulator.result.DirectionStats;
import org.iosched.simulator.result.DiskStats;
import org.iosched.simulator.result.JobResult;
import org.iosched.simulator.result.LatencyStats;
import org.iosched.simulator.result.PrioLatency;
import org.iosched.workload.fio.Num2Str;

/**
 * fio 3.x normal output, block by block, after stat.c's {@code show_thread_status_normal} and friends, with
 * the output options fio honours there: {@code description}, the percentile options, the {@code disable_*}
 * options (through the measured statistics), {@code unified_rw_reporting}, {@code significant_figures},
 * {@code kb_base} and {@code unit_base}.
 */
final class ModernText {
    private ModernText() {
    }

    /** One job (or group) block; nothing for a job that did no I/O, as fio. */
    static void appendJob(StringBuilder out, ReportBlock block, GroupRunStats group, String date) {
        ReportedJob job = block.job();
        JobResult result = job.result();
        if (!hasIo(result)) {
            return;
        }
        ReportOptions options = block.options();
        out.append(job.name()).append(": (groupid=").append(job.groupId()).append(", jobs=").append(job.members())
                .append("): err= 0: pid=").append(job.pid()).append(": ").append(date).append('\n');
        if (!options.description().isEmpty()) {
            out.append("  Description  : [").append(options.description()).append("]\n");
        }
        JobResult reported = block.reported();
        boolean mixed = options.unified() == ReportOptions.Unified.MIXED;
        for (Direction direction : Direction.values()) {
            if (direction.of(reported).ioBytes() != 0) {
                appendDirection(out, block, direction.of(reported), mixed ? "mixed" : direction.fioName(),
                        ratesUnit(options), block.bandwidthSources(direction), block.iopsSources(direction),
                        group, direction);
            }
        }
        if (options.unified() == ReportOptions.Unified.BOTH) {
            // stat.c gen_mixed_ddir_stats_from_ts copies neither unit_base nor kb_base into the summed
            // statistics, so fio prints this line's rates without a unit (N2S_NONE).
            appendDirection(out, block, Direction.READ.of(block.mixed()), "mixed", Num2Str.Unit.NONE,
                    block.mixedBandwidthSources(), block.mixedIopsSources(), group, Direction.READ);
        }
        appendDistribution(out, LatencyDistribution.of(result));
        LatencyStats sync = result.sync();
        if (sync.count() > 0) {
            out.append("  fsync/fdatasync/sync_file_range/syncfs:\n");
            LatencyText.appendSummary(out, "sync", sync);
            // fio prints the sync table whatever clat_percentiles says (stat.c show_ddir_status, DDIR_SYNC).
            LatencyText.appendPercentiles(out, "sync", FioPercentiles.modern(sync, options));
        }
        CpuText.append(out, result.cpu());
        // Not simulated (ReportNotes): the queue-depth histograms print as fio prints them empty.
        out.append("  IO depths    : 1=0.0%, 2=0.0%, 4=0.0%, 8=0.0%, 16=0.0%, 32=0.0%, >=64=0.0%\n");
        out.append("     submit    : 0=0.0%, 4=0.0%, 8=0.0%, 16=0.0%, 32=0.0%, 64=0.0%, >=64=0.0%\n");
        out.append("     complete  : 0=0.0%, 4=0.0%, 8=0.0%, 16=0.0%, 32=0.0%, 64=0.0%, >=64=0.0%\n");
        out.append("     issued rwts: total=").append(Direction.READ.of(reported).totalIos())
                .append(',').append(Direction.WRITE.of(reported).totalIos())
                .append(',').append(Direction.TRIM.of(reported).totalIos())
                .append(',').append(block.syncIos())
                .append(" short=0,0,0,0 dropped=0,0,0,0\n");
        out.append("     latency   : target=0.00ns, window=0.00ns, percentile=100.00%, depth=")
                .append(JobOptions.iodepth(job.last())).append('\n');
    }

    /** The unit of a block's own rates: its first job's {@code unit_base}. */
    private static Num2Str.Unit ratesUnit(ReportOptions options) {
        return options.bits() ? Num2Str.Unit.BIT_PER_SEC : Num2Str.Unit.BYTE_PER_SEC;
    }

    static boolean hasIo(JobResult result) {
        for (Direction direction : Direction.values()) {
            DirectionStats stats = direction.of(result);
            if (stats.ioBytes() != 0 || stats.totalIos() != 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * stat.c {@code show_ddir_status}: the rates in the group's {@code kb_base} first, numbers to the block's
     * {@code significant_figures}, the latency lines, the slat, clat and lat percentile tables each when
     * asked, then the bandwidth and IOPS sample lines ({@code shareOf}: the direction whose group aggregate
     * the {@code per=} share is of).
     */
    private static void appendDirection(StringBuilder out, ReportBlock block, DirectionStats stats, String label,
            Num2Str.Unit rateUnit, List<DirectionStats> bandwidthSources, List<DirectionStats> iopsSources,
            GroupRunStats group, Direction shareOf) {
        long runtime = FioMath.runtimeMillis(stats);
        if (runtime == 0) {
            return;
        }
        ReportOptions options = block.options();
        int sigFigs = options.sigFigs();
        boolean pow2 = group.kbBase() == 1024;
        long bw = FioMath.bandwidthBytes(stats);
        out.append("  ").append(label)
                .append(": IOPS=")
                .append(Num2Str.modern(FioMath.iopsTruncated(stats), sigFigs, 1, false, Num2Str.Unit.NONE))
                .append(", BW=").append(Num2Str.modern(bw, sigFigs, 1, pow2, rateUnit))
                .append(" (").append(Num2Str.modern(bw, sigFigs, 1, !pow2, rateUnit))
                .append(")(").append(Num2Str.modern(stats.ioBytes(), sigFigs, 1, pow2, Num2Str.Unit.BYTE))
                .append('/').append(runtime).append("msec)\n");
        LatencyStats slat = stats.slat();
        LatencyStats clat = stats.clat();
        LatencyStats lat = stats.lat();
        if (slat.count() > 0) {
            LatencyText.appendSummary(out, "slat", slat);
        }
        if (clat.count() > 0) {
            LatencyText.appendSummary(out, "clat", clat);
        }
        if (lat.count() > 0) {
            LatencyText.appendSummary(out, " lat", lat);
        }
        // fio 3.33 splits clat by I/O priority (cmdprio) only when at least two priorities have samples
        boolean byPrio = stats.priosWithSamples() >= 2;
        String clatType = options.latPercentiles() ? "lat" : "clat";
        if (byPrio) {
            for (PrioLatency p : stats.clatPrio()) {
                if (p.clat().count() > 0) {
                    LatencyText.appendSummary(out, clatType + " prio " + p.ioprioClass() + "/" + p.level(), p.clat());
                }
            }
        }
        if (options.slatPercentiles() && slat.count() > 0) {
            LatencyText.appendPercentiles(out, "slat", FioPercentiles.modern(slat, options));
        }
        if (options.clatPercentiles() && clat.count() > 0) {
            LatencyText.appendPercentiles(out, "clat", FioPercentiles.modern(clat, options));
        }
        if (options.latPercentiles() && lat.count() > 0) {
            LatencyText.appendPercentiles(out, "lat", FioPercentiles.modern(lat, options));
        }
        if (byPrio && (options.clatPercentiles() || options.latPercentiles())) {
            long samples = options.latPercentiles() ? lat.count() : clat.count();
            for (PrioLatency p : stats.clatPrio()) {
                if (p.clat().count() > 0) {
                    String name = clatType + " prio " + p.ioprioClass() + "/" + p.level() + " ("
                            + CFormat.fixed(100.0 * p.clat().count() / samples, 2) + "% of IOs)";
                    LatencyText.appendPercentiles(out, name, FioPercentiles.modern(p.clat(), options));
                }
            }
        }
        appendBandwidthSamples(out, SampleStats.summedBandwidth(bandwidthSources), group, shareOf);
        SampleStats iops = SampleStats.summedIops(iopsSources);
        if (iops.samples() > 0) {
            out.append("   iops        : min=").append(CFormat.integer(iops.min(), 5))
                    .append(", max=").append(CFormat.integer(iops.max(), 5))
                    .append(", avg=").append(CFormat.fixed(iops.mean(), 5, 2))
                    .append(", stdev=").append(CFormat.fixed(iops.dev(), 5, 2))
                    .append(", samples=").append(iops.samples()).append('\n');
        }
    }

    /**
     * {@code "   bw (  KiB/s): ..."} in the group's units: {@code KiB} or {@code kB} by {@code kb_base},
     * {@code Kibit}/{@code kbit} (values times 8) with {@code unit_base=1}, and {@code MiB}/{@code Mibit}
     * (values over {@code kb_base}) when the mean exceeds {@code kb_base} squared. fio keeps the samples in
     * KiB whatever {@code kb_base} says, and labels the large unit MiB even with {@code kb_base=1000}.
     */
    private static void appendBandwidthSamples(StringBuilder out, SampleStats bw, GroupRunStats group,
            Direction direction) {
        if (bw.samples() == 0) {
            return;
        }
        boolean pow2 = group.kbBase() == 1024;
        double share = group.percentOfAggregate(direction, bw.mean());
        long min = bw.min();
        long max = bw.max();
        double mean = bw.mean();
        double dev = bw.dev();
        String unit;
        if (group.bits()) {
            unit = pow2 ? "Kibit" : "kbit";
            min *= 8;
            max *= 8;
            mean *= 8.0;
            dev *= 8.0;
        } else {
            unit = pow2 ? "KiB" : "kB";
        }
        double kb = group.kbBase();
        if (mean > kb * kb) {
            min = (long) (min / kb);
            max = (long) (max / kb);
            mean /= kb;
            dev /= kb;
            unit = group.bits() ? "Mibit" : "MiB";
        }
        out.append("   bw (").append(CFormat.leftPad(unit, 5)).append("/s): min=").append(CFormat.integer(min, 5))
                .append(", max=").append(CFormat.integer(max, 5))
                .append(", per=").append(CFormat.fixed(share, 3, 2))
                .append("%, avg=").append(CFormat.fixed(mean, 5, 2))
                .append(", stdev=").append(CFormat.fixed(dev, 5, 2))
                .append(", samples=").append(bw.samples()).append('\n');
    }

    /** {@code "  lat (usec)   : 1000=0.12%"}: non-empty buckets only, five per line. */
    private static void appendDistribution(StringBuilder out, LatencyDistribution distribution) {
        appendDistributionRow(out, distribution.nsec(), "nsec");
        appendDistributionRow(out, distribution.usec(), "usec");
        appendDistributionRow(out, distribution.msec(), "msec");
    }

    private static void appendDistributionRow(StringBuilder out, double[] shares, String unit) {
        appendBuckets(out, shares, "  lat (" + unit + ")   : ");
    }

    /** stat.c {@code show_lat}: lines of at most five buckets after {@code prefix}; whether any was printed. */
    static boolean appendBuckets(StringBuilder out, double[] shares, String prefix) {
        boolean shown = false;
        int onLine = 0;
        for (int i = 0; i < shares.length; i++) {
            if (shares[i] <= 0.0) {
                continue;
            }
            if (onLine == 0) {
                if (shown) {
                    out.append('\n');
                }
                out.append(prefix);
            } else {
                out.append(", ");
            }
            shown = true;
            out.append(LatencyDistribution.LABELS[i]).append('=').append(CFormat.fixed(shares[i], 3, 2)).append('%');
            onLine = onLine == 4 ? 0 : onLine + 1;
        }
        if (shown) {
            out.append('\n');
        }
        return shown;
    }

    /**
     * {@code "Run status group 0 (all jobs):"} and its {@code READ: bw=...} lines (stat.c show_group_stats),
     * in the group's units and significant figures; {@code MIXED} lines for {@code unified_rw_reporting}.
     */
    static void appendGroup(StringBuilder out, GroupRunStats group) {
        out.append("\nRun status group ").append(group.groupId()).append(" (all jobs):\n");
        for (Direction direction : Direction.values()) {
            GroupRunStats.Totals totals = group.totals(direction);
            if (totals.maxRun() != 0) {
                appendGroupLine(out, group, group.labelsMixed() ? "  MIXED" : direction.groupLabel(), totals);
            }
        }
        if (group.addsMixedLine()) {
            appendGroupLine(out, group, "  MIXED", group.mixedTotals());
        }
    }

    private static void appendGroupLine(StringBuilder out, GroupRunStats group, String label,
            GroupRunStats.Totals totals) {
        boolean pow2 = group.kbBase() == 1024;
        int sigFigs = group.sigFigs();
        Num2Str.Unit unit = group.rateUnit();
        out.append(label)
                .append(": bw=").append(Num2Str.modern(totals.agg(), sigFigs, 1, pow2, unit))
                .append(" (").append(Num2Str.modern(totals.agg(), sigFigs, 1, !pow2, unit))
                .append("), ").append(Num2Str.modern(totals.minBw(), sigFigs, 1, pow2, unit))
                .append('-').append(Num2Str.modern(totals.maxBw(), sigFigs, 1, pow2, unit))
                .append(" (").append(Num2Str.modern(totals.minBw(), sigFigs, 1, !pow2, unit))
                .append('-').append(Num2Str.modern(totals.maxBw(), sigFigs, 1, !pow2, unit))
                .append("), io=").append(Num2Str.modern(totals.ioBytes(), sigFigs, 1, pow2, Num2Str.Unit.BYTE))
                .append(" (").append(Num2Str.modern(totals.ioBytes(), sigFigs, 1, !pow2, Num2Str.Unit.BYTE))
                .append("), run=").append(totals.minRun()).append('-').append(totals.maxRun()).append("msec\n");
    }

    /**
     * {@code "  sda: ios=R/W, sectors=R/W, merge=R/W, ticks=R/W, in_queue=N, util=P%"}, with {@code sectors=} as
     * fio 3.36+ prints it (stat.c).
     */
    static void appendDisk(StringBuilder out, DiskStats disk) {
        out.append("\nDisk stats (read/write):\n");
        out.append("  ").append(disk.name())
                .append(": ios=").append(disk.readIos()).append('/').append(disk.writeIos())
                .append(", sectors=").append(disk.readSectors()).append('/').append(disk.writeSectors())
                .append(", merge=").append(disk.readMerges()).append('/').append(disk.writeMerges())
                .append(", ticks=").append(disk.readTicksMillis()).append('/').append(disk.writeTicksMillis())
                .append(", in_queue=").append(disk.inQueueMillis())
                .append(", util=").append(CFormat.fixed(Math.min(disk.utilPercent(), 100.0), 3, 2)).append("%\n");
    }
}
