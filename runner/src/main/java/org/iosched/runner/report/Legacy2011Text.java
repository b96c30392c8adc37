package org.iosched.runner.report;

import java.util.List;
import org.iosched.simulator.result.DirectionStats;
import org.iosched.simulator.result.DiskStats;
import org.iosched.simulator.result.JobResult;
import org.iosched.simulator.result.LatencyStats;
import org.iosched.workload.fio.Num2Str;

/**
 * fio's normal output as fio 1.5x printed it in 2011, the layout the seed threads quote ({@code io=, bw=,
 * iops=, runt=} per job and {@code aggrb=/minb=/maxb=/mint=/maxt=} per group): latencies in µs, single-letter
 * K/M/G prefixes, no header date, reads and writes only. The output options of that time apply:
 * {@code description}, {@code kb_base}, the {@code disable_*} options, and {@code clat_percentiles=1} with
 * {@code percentile_list} (fio 1.58, August 2011; the table was off by default).
 */
final class Legacy2011Text {
    private static final int DIGITS = 6;
    /** fio 1.58 continued the percentile table under its first entry. */
    private static final String PERCENTILE_INDENT = " ".repeat(29);

    private Legacy2011Text() {
    }

    static void appendJob(StringBuilder out, ReportBlock block, LegacyGroup group) {
        ReportedJob job = block.job();
        JobResult result = job.result();
        if (Direction.READ.of(result).ioBytes() + Direction.WRITE.of(result).ioBytes() == 0
                && Direction.READ.of(result).totalIos() + Direction.WRITE.of(result).totalIos() == 0) {
            return;
        }
        out.append(job.name()).append(": (groupid=").append(job.groupId()).append(", jobs=").append(job.members())
                .append("): err= 0: pid=").append(job.pid()).append('\n');
        if (!block.options().description().isEmpty()) {
            out.append("  Description  : [").append(block.options().description()).append("]\n");
        }
        appendDirection(out, block, Direction.READ, "read ", group);
        appendDirection(out, block, Direction.WRITE, "write", group);
        CpuText.append(out, result.cpu());
        // Not simulated (ReportNotes): the queue-depth histograms print as fio prints them empty.
        out.append("  IO depths    : 1=0.0%, 2=0.0%, 4=0.0%, 8=0.0%, 16=0.0%, 32=0.0%, >=64=0.0%\n");
        out.append("     submit    : 0=0.0%, 4=0.0%, 8=0.0%, 16=0.0%, 32=0.0%, 64=0.0%, >=64=0.0%\n");
        out.append("     complete  : 0=0.0%, 4=0.0%, 8=0.0%, 16=0.0%, 32=0.0%, 64=0.0%, >=64=0.0%\n");
        out.append("     issued r/w/d: total=").append(Direction.READ.of(result).totalIos())
                .append('/').append(Direction.WRITE.of(result).totalIos())
                .append('/').append(Direction.TRIM.of(result).totalIos())
                .append(", short=0/0/0\n");
        LatencyDistribution distribution = LatencyDistribution.legacy(result);
        // fio 1.5x ends each row with a newline even when it printed nothing (show_latencies).
        if (!ModernText.appendBuckets(out, distribution.usec(), "     lat (usec): ")) {
            out.append('\n');
        }
        if (!ModernText.appendBuckets(out, distribution.msec(), "     lat (msec): ")) {
            out.append('\n');
        }
    }

    private static void appendDirection(StringBuilder out, ReportBlock block, Direction direction, String label,
            LegacyGroup group) {
        DirectionStats stats = direction.of(block.job().result());
        long runtime = FioMath.runtimeMillis(stats);
        if (stats.ioBytes() == 0 || runtime == 0) {
            return;
        }
        boolean pow2 = group.kbBase() == 1024;
        out.append("  ").append(label)
                .append(": io=").append(Num2Str.legacy(stats.ioBytes(), DIGITS, 1, pow2)).append('B')
                .append(", bw=").append(Num2Str.legacy(FioMath.bandwidthBytes(stats), DIGITS, 1, pow2)).append("B/s")
                .append(", iops=").append(Num2Str.legacy(FioMath.iopsTruncated(stats), DIGITS, 1, false))
                .append(", runt=").append(CFormat.integer(runtime, 6)).append("msec\n");
        appendLatency(out, "    slat", stats.slat());
        appendLatency(out, "    clat", stats.clat());
        appendLatency(out, "     lat", stats.lat());
        if (block.options().clatPercentilesWritten()) {
            appendPercentiles(out, FioPercentiles.legacy(stats.clat(), block.options()));
        }
        SampleStats bw = SampleStats.merged(block.legacyBandwidthSources(direction));
        if (bw.samples() > 0) {
            double share = bw.mean() * 100 / (double) group.aggregateKib(direction);
            out.append("    bw (KB/s) : min=").append(CFormat.integer(bw.min(), 5))
                    .append(", max=").append(CFormat.integer(bw.max(), 5))
                    .append(", per=").append(CFormat.fixed(share, 3, 2))
                    .append("%, avg=").append(CFormat.fixed(bw.mean(), 5, 2))
                    .append(", stdev=").append(CFormat.fixed(bw.dev(), 5, 2)).append('\n');
        }
    }

    /**
     * fio 1.58's table: {@code "    clat percentiles (usec) :"}, then {@code " %2.2fth=%u"} entries in µs,
     * four to a line, later lines indented under the first entry.
     */
    private static void appendPercentiles(StringBuilder out, FioPercentiles.Table table) {
        out.append("    clat percentiles (usec) :");
        int last = table.percentiles().size() - 1;
        for (int j = 0; j <= last; j++) {
            if (j != 0 && j % 4 == 0) {
                out.append(PERCENTILE_INDENT);
            }
            out.append(' ').append(CFormat.fixed(table.percentiles().get(j), 2, 2)).append("th=")
                    .append(table.values().get(j)).append(j == last ? '\n' : ',');
            if (j != last && j % 4 == 3) {
                out.append('\n');
            }
        }
    }

    /** fio 1.5x kept latencies in µs and switched a line to msec when all four values exceeded 1000 µs. */
    private static void appendLatency(StringBuilder out, String label, LatencyStats stats) {
        if (stats.count() == 0) {
            return;
        }
        long min = stats.minNanos() / 1000;
        long max = stats.maxNanos() / 1000;
        double mean = stats.meanNanos() / 1000.0;
        double dev = stats.stdevNanos() / 1000.0;
        String unit = "(usec)";
        if (min > 1000 && max > 1000 && mean > 1000.0 && dev > 1000.0) {
            min /= 1000;
            max /= 1000;
            mean /= 1000.0;
            dev /= 1000.0;
            unit = "(msec)";
        }
        out.append(label).append(' ').append(unit)
                .append(": min=").append(Num2Str.legacy(min, DIGITS, 1, false))
                .append(", max=").append(Num2Str.legacy(max, DIGITS, 1, false))
                .append(", avg=").append(CFormat.fixed(mean, 5, 2))
                .append(", stdev=").append(CFormat.fixed(dev, 5, 2)).append('\n');
    }

    static void appendGroup(StringBuilder out, LegacyGroup group) {
        out.append("\nRun status group ").append(group.groupId()).append(" (all jobs):\n");
        int kb = group.kbBase();
        boolean pow2 = kb == 1024;
        for (Direction direction : List.of(Direction.READ, Direction.WRITE)) {
            if (group.maxRun(direction) == 0) {
                continue;
            }
            out.append(direction.groupLabel())
                    .append(": io=").append(Num2Str.legacy(group.ioKib(direction), DIGITS, kb, pow2))
                    .append("B, aggrb=").append(Num2Str.legacy(group.aggregateKib(direction), DIGITS, kb, pow2))
                    .append("B/s, minb=").append(Num2Str.legacy(group.minBw(direction), DIGITS, kb, pow2))
                    .append("B/s, maxb=").append(Num2Str.legacy(group.maxBw(direction), DIGITS, kb, pow2))
                    .append("B/s, mint=").append(group.minRun(direction))
                    .append("msec, maxt=").append(group.maxRun(direction)).append("msec\n");
        }
    }

    static void appendDisk(StringBuilder out, DiskStats disk) {
        out.append("\nDisk stats (read/write):\n");
        out.append("  ").append(disk.name())
                .append(": ios=").append(disk.readIos()).append('/').append(disk.writeIos())
                .append(", merge=").append(disk.readMerges()).append('/').append(disk.writeMerges())
                .append(", ticks=").append(disk.readTicksMillis()).append('/').append(disk.writeTicksMillis())
                .append(", in_queue=").append(disk.inQueueMillis())
                .append(", util=").append(CFormat.fixed(Math.min(disk.utilPercent(), 100.0), 3, 2)).append("%\n");
    }
}
