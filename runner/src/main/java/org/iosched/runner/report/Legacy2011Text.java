package org.iosched.runner.report;

import java.util.List;
import org.iosched.simulator.DirectionStats;
import org.iosched.simulator.DiskStats;
import org.iosched.simulator.JobResult;
import org.iosched.simulator.LatencyStats;

/**
 * fio's normal output as fio 1.5x printed it in 2011, the layout the seed threads quote ({@code io=, bw=,
 * iops=, runt=} per job and {@code aggrb=/minb=/maxb=/mint=/maxt=} per group): latencies in µs, single-letter
 * K/M/G prefixes, no header date, no percentile table (off by default then), reads and writes only.
 */
final class Legacy2011Text {
    private static final int DIGITS = 6;
    private static final int KB_BASE = 1024;

    private Legacy2011Text() {
    }

    static void appendJob(StringBuilder out, ReportedJob job, LegacyGroup group) {
        JobResult result = job.result();
        if (Direction.READ.of(result).ioBytes() + Direction.WRITE.of(result).ioBytes() == 0
                && Direction.READ.of(result).totalIos() + Direction.WRITE.of(result).totalIos() == 0) {
            return;
        }
        out.append(job.name()).append(": (groupid=").append(job.groupId()).append(", jobs=").append(job.members())
                .append("): err= 0: pid=").append(job.pid()).append('\n');
        appendDirection(out, job, Direction.READ, "read ", group);
        appendDirection(out, job, Direction.WRITE, "write", group);
        // Not simulated (ReportNotes): CPU use and the queue-depth histograms print as fio prints them empty.
        out.append("  cpu          : usr=0.00%, sys=0.00%, ctx=0, majf=0, minf=0\n");
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

    private static void appendDirection(StringBuilder out, ReportedJob job, Direction direction, String label,
            LegacyGroup group) {
        DirectionStats stats = direction.of(job.result());
        long runtime = FioMath.runtimeMillis(stats);
        if (stats.ioBytes() == 0 || runtime == 0) {
            return;
        }
        out.append("  ").append(label)
                .append(": io=").append(Num2Str.legacy(stats.ioBytes(), DIGITS, 1, true)).append('B')
                .append(", bw=").append(Num2Str.legacy(FioMath.bandwidthBytes(stats), DIGITS, 1, true)).append("B/s")
                .append(", iops=").append(Num2Str.legacy(FioMath.iopsTruncated(stats), DIGITS, 1, false))
                .append(", runt=").append(CFormat.integer(runtime, 6)).append("msec\n");
        appendLatency(out, "    slat", stats.slat());
        appendLatency(out, "    clat", stats.clat());
        appendLatency(out, "     lat", stats.lat());
        SampleStats bw = SampleStats.merged(job.jobs(), direction);
        if (bw.samples() > 0) {
            double share = bw.mean() * 100 / (double) group.aggregateKib(direction);
            out.append("    bw (KB/s) : min=").append(CFormat.integer(bw.min(), 5))
                    .append(", max=").append(CFormat.integer(bw.max(), 5))
                    .append(", per=").append(CFormat.fixed(share, 3, 2))
                    .append("%, avg=").append(CFormat.fixed(bw.mean(), 5, 2))
                    .append(", stdev=").append(CFormat.fixed(bw.dev(), 5, 2)).append('\n');
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
        for (Direction direction : List.of(Direction.READ, Direction.WRITE)) {
            if (group.maxRun(direction) == 0) {
                continue;
            }
            out.append(direction.groupLabel())
                    .append(": io=").append(Num2Str.legacy(group.ioKib(direction), DIGITS, KB_BASE, true))
                    .append("B, aggrb=").append(Num2Str.legacy(group.aggregateKib(direction), DIGITS, KB_BASE, true))
                    .append("B/s, minb=").append(Num2Str.legacy(group.minBw(direction), DIGITS, KB_BASE, true))
                    .append("B/s, maxb=").append(Num2Str.legacy(group.maxBw(direction), DIGITS, KB_BASE, true))
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
