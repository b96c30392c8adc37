package org.iosched.runner.report;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.iosched.simulator.DirectionStats;

/**
 * fio 3.x {@code struct group_run_stats}: per reporting group and direction, the bytes moved, the aggregate
 * bandwidth (bytes over the longest runtime), the smallest and largest per-block bandwidth and runtime.
 */
final class GroupRunStats {
    /**
     * One direction of one group.
     *
     * @param ioBytes bytes moved by the group
     * @param agg     ioBytes * 1000 / maxRun, B/s
     * @param minBw   smallest block bandwidth, B/s
     * @param maxBw   largest block bandwidth, B/s
     * @param minRun  shortest block runtime, ms
     * @param maxRun  longest block runtime, ms (0: the direction had no I/O)
     */
    record Totals(long ioBytes, long agg, long minBw, long maxBw, long minRun, long maxRun) {
        static final Totals NONE = new Totals(0, 0, 0, 0, 0, 0);
    }

    private final int groupId;
    private final Map<Direction, Totals> totals;

    private GroupRunStats(int groupId, Map<Direction, Totals> totals) {
        this.groupId = groupId;
        this.totals = totals;
    }

    int groupId() {
        return groupId;
    }

    Totals totals(Direction direction) {
        return totals.get(direction);
    }

    /** One entry per group id from 0 to the highest in use, as fio prints them (stat.c __show_run_stats). */
    static List<GroupRunStats> of(List<ReportedJob> jobs) {
        int groups = 0;
        for (ReportedJob job : jobs) {
            groups = Math.max(groups, job.groupId() + 1);
        }
        List<GroupRunStats> all = new ArrayList<>(groups);
        for (int group = 0; group < groups; group++) {
            Map<Direction, Totals> byDirection = new EnumMap<>(Direction.class);
            for (Direction direction : Direction.values()) {
                byDirection.put(direction, totals(jobs, group, direction));
            }
            all.add(new GroupRunStats(group, byDirection));
        }
        return List.copyOf(all);
    }

    private static Totals totals(List<ReportedJob> jobs, int group, Direction direction) {
        long ioBytes = 0;
        long minBw = Long.MAX_VALUE;
        long maxBw = 0;
        long minRun = Long.MAX_VALUE;
        long maxRun = 0;
        for (ReportedJob job : jobs) {
            DirectionStats stats = direction.of(job.result());
            long runtime = FioMath.runtimeMillis(stats);
            if (job.groupId() != group || runtime == 0) {
                continue;
            }
            long bw = FioMath.bandwidthBytes(stats);
            minRun = Math.min(minRun, runtime);
            maxRun = Math.max(maxRun, runtime);
            minBw = Math.min(minBw, bw);
            maxBw = Math.max(maxBw, bw);
            ioBytes += stats.ioBytes();
        }
        if (maxRun == 0) {
            return Totals.NONE;
        }
        return new Totals(ioBytes, ioBytes * 1000 / maxRun, minBw, maxBw, minRun, maxRun);
    }

    /**
     * A block's share of the group's aggregate bandwidth, as fio's {@code convert_agg_kbytes_percent}
     * computes it: the mean KiB/s (truncated to an int) over the aggregate, at most 100; 100 when the
     * aggregate is at most 1 KiB/s.
     */
    double percentOfAggregate(Direction direction, double meanKib) {
        long agg = totals(direction).agg();
        if (agg <= 1024) {
            return 100.0;
        }
        double share = (int) meanKib * 100.0 / (agg / 1024.0);
        return Math.min(share, 100.0);
    }
}
