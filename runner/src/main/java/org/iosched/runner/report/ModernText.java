package org.iosched.runner.report;

import org.iosched.simulator.DirectionStats;
import org.iosched.simulator.DiskStats;
import org.iosched.simulator.JobResult;
import org.iosched.simulator.LatencyStats;

/** fio 3.x normal output, block by block, after stat.c's {@code show_thread_status_normal} and friends. */
final class ModernText {
    /** fio's default {@code sig_figs}. */
    private static final int SIG_FIGS = 4;

    private ModernText() {
    }

    /** One job (or group) block; nothing for a job that did no I/O, as fio. */
    static void appendJob(StringBuilder out, ReportedJob job, GroupRunStats group, String date) {
        JobResult result = job.result();
        if (!hasIo(result)) {
            return;
        }
        out.append(job.name()).append(": (groupid=").append(job.groupId()).append(", jobs=").append(job.members())
                .append("): err= 0: pid=").append(job.pid()).append(": ").append(date).append('\n');
        for (Direction direction : Direction.values()) {
            if (direction.of(result).ioBytes() != 0) {
                appendDirection(out, job, direction, group);
            }
        }
        appendDistribution(out, LatencyDistribution.of(result));
        LatencyStats sync = result.sync();
        if (sync.count() > 0) {
            out.append("  fsync/fdatasync/sync_file_range/syncfs:\n");
            LatencyText.appendSummary(out, "sync", sync);
            LatencyText.appendPercentiles(out, "sync", sync.percentiles());
        }
        // Not simulated (ReportNotes): CPU use and the queue-depth histograms print as fio prints them empty.
        out.append("  cpu          : usr=0.00%, sys=0.00%, ctx=0, majf=0, minf=0\n");
        out.append("  IO depths    : 1=0.0%, 2=0.0%, 4=0.0%, 8=0.0%, 16=0.0%, 32=0.0%, >=64=0.0%\n");
        out.append("     submit    : 0=0.0%, 4=0.0%, 8=0.0%, 16=0.0%, 32=0.0%, 64=0.0%, >=64=0.0%\n");
        out.append("     complete  : 0=0.0%, 4=0.0%, 8=0.0%, 16=0.0%, 32=0.0%, 64=0.0%, >=64=0.0%\n");
        out.append("     issued rwts: total=").append(Direction.READ.of(result).totalIos())
                .append(',').append(Direction.WRITE.of(result).totalIos())
                .append(',').append(Direction.TRIM.of(result).totalIos())
                .append(',').append(sync.count())
                .append(" short=0,0,0,0 dropped=0,0,0,0\n");
        out.append("     latency   : target=0.00ns, window=0.00ns, percentile=100.00%, depth=")
                .append(JobOptions.iodepth(job.last())).append('\n');
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

    private static void appendDirection(StringBuilder out, ReportedJob job, Direction direction, GroupRunStats group) {
        DirectionStats stats = direction.of(job.result());
        long runtime = FioMath.runtimeMillis(stats);
        if (runtime == 0) {
            return;
        }
        long bw = FioMath.bandwidthBytes(stats);
        out.append("  ").append(direction.fioName())
                .append(": IOPS=")
                .append(Num2Str.modern(FioMath.iopsTruncated(stats), SIG_FIGS, 1, false, Num2Str.Unit.NONE))
                .append(", BW=").append(Num2Str.modern(bw, SIG_FIGS, 1, true, Num2Str.Unit.BYTE_PER_SEC))
                .append(" (").append(Num2Str.modern(bw, SIG_FIGS, 1, false, Num2Str.Unit.BYTE_PER_SEC))
                .append(")(").append(Num2Str.modern(stats.ioBytes(), SIG_FIGS, 1, true, Num2Str.Unit.BYTE))
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
        if (clat.count() > 0) {
            LatencyText.appendPercentiles(out, "clat", clat.percentiles());
        }
        appendBandwidthSamples(out, SampleStats.summedBandwidth(job.jobs(), direction), group, direction);
        SampleStats iops = SampleStats.summedIops(job.jobs(), direction);
        if (iops.samples() > 0) {
            out.append("   iops        : min=").append(CFormat.integer(iops.min(), 5))
                    .append(", max=").append(CFormat.integer(iops.max(), 5))
                    .append(", avg=").append(CFormat.fixed(iops.mean(), 5, 2))
                    .append(", stdev=").append(CFormat.fixed(iops.dev(), 5, 2))
                    .append(", samples=").append(iops.samples()).append('\n');
        }
    }

    /** {@code "   bw (  KiB/s): ..."}, switching to MiB/s when the mean exceeds 1024 KiB/s squared. */
    private static void appendBandwidthSamples(StringBuilder out, SampleStats bw, GroupRunStats group,
            Direction direction) {
        if (bw.samples() == 0) {
            return;
        }
        double share = group.percentOfAggregate(direction, bw.mean());
        long min = bw.min();
        long max = bw.max();
        double mean = bw.mean();
        double dev = bw.dev();
        String unit = "KiB";
        if (mean > 1024.0 * 1024.0) {
            min /= 1024;
            max /= 1024;
            mean /= 1024.0;
            dev /= 1024.0;
            unit = "MiB";
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

    /** {@code "Run status group 0 (all jobs):"} and its {@code READ: bw=...} lines (stat.c show_group_stats). */
    static void appendGroup(StringBuilder out, GroupRunStats group) {
        out.append("\nRun status group ").append(group.groupId()).append(" (all jobs):\n");
        for (Direction direction : Direction.values()) {
            GroupRunStats.Totals totals = group.totals(direction);
            if (totals.maxRun() == 0) {
                continue;
            }
            out.append(direction.groupLabel())
                    .append(": bw=").append(rate(totals.agg(), true))
                    .append(" (").append(rate(totals.agg(), false))
                    .append("), ").append(rate(totals.minBw(), true)).append('-').append(rate(totals.maxBw(), true))
                    .append(" (").append(rate(totals.minBw(), false)).append('-').append(rate(totals.maxBw(), false))
                    .append("), io=").append(Num2Str.modern(totals.ioBytes(), SIG_FIGS, 1, true, Num2Str.Unit.BYTE))
                    .append(" (").append(Num2Str.modern(totals.ioBytes(), SIG_FIGS, 1, false, Num2Str.Unit.BYTE))
                    .append("), run=").append(totals.minRun()).append('-').append(totals.maxRun()).append("msec\n");
        }
    }

    private static String rate(long bytesPerSecond, boolean pow2) {
        return Num2Str.modern(bytesPerSecond, SIG_FIGS, 1, pow2, Num2Str.Unit.BYTE_PER_SEC);
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
