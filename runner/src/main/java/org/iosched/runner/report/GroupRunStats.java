package org.iosched.runner.report;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.iosched.simulator.result.DirectionStats;
import org.iosched.workload.fio.Num2Str;

/**
 * fio 3.x {@code struct group_run_stats}: per reporting group and direction, the bytes moved, the aggregate
 * bandwidth (bytes over the longest runtime), the smallest and largest per-block bandwidth and runtime; and
 * the group's output settings, which fio takes from the group's last block ({@code kb_base},
 * {@code unit_base}, {@code significant_figures}) or ORs over its blocks ({@code unified_rw_reporting}).
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
    private final int kbBase;
    private final boolean bits;
    private final int sigFigs;
    private final int unified;

    private GroupRunStats(int groupId, Map<Direction, Totals> totals, ReportOptions last, int unified) {
        this.groupId = groupId;
        this.totals = totals;
        this.kbBase = last.kbBase();
        this.bits = last.bits();
        this.sigFigs = last.sigFigs();
        this.unified = unified;
    }

    int groupId() {
        return groupId;
    }

    Totals totals(Direction direction) {
        return totals.get(direction);
    }

    /** The group's {@code kb_base}: 1024 prints binary prefixes first. */
    int kbBase() {
        return kbBase;
    }

    /** Whether rates are printed in bits ({@code unit_base=1}). */
    boolean bits() {
        return bits;
    }

    int sigFigs() {
        return sigFigs;
    }

    /** The unit of the group's rates. */
    Num2Str.Unit rateUnit() {
        return bits ? Num2Str.Unit.BIT_PER_SEC : Num2Str.Unit.BYTE_PER_SEC;
    }

    /**
     * fio ORs its blocks' {@code unified_rw_reporting} values: the lines say {@code MIXED} only when that
     * gives exactly {@code mixed}, and a summed line follows only when it gives exactly {@code both}.
     */
    boolean labelsMixed() {
        return unified == ReportOptions.Unified.MIXED.value();
    }

    boolean addsMixedLine() {
        return unified == ReportOptions.Unified.BOTH.value();
    }

    /**
     * fio's {@code show_mixed_group_stats}: the directions with I/O summed (bytes and aggregates), the
     * smallest of their minimum and the largest of their maximum bandwidths and runtimes.
     */
    Totals mixedTotals() {
        long ioBytes = 0;
        long agg = 0;
        long minBw = Long.MAX_VALUE;
        long maxBw = 0;
        long minRun = Long.MAX_VALUE;
        long maxRun = 0;
        for (Direction direction : Direction.values()) {
            Totals t = totals(direction);
            if (t.maxRun() == 0) {
                continue;
            }
            ioBytes += t.ioBytes();
            agg += t.agg();
            minBw = Math.min(minBw, t.minBw());
            maxBw = Math.max(maxBw, t.maxBw());
            minRun = Math.min(minRun, t.minRun());
            maxRun = Math.max(maxRun, t.maxRun());
        }
        return maxRun == 0 ? Totals.NONE : new Totals(ioBytes, agg, minBw, maxBw, minRun, maxRun);
    }

    /** One entry per group id from 0 to the highest in use, as fio prints them (stat.c __show_run_stats). */
    static List<GroupRunStats> of(List<ReportBlock> blocks) {
        int groups = 0;
        for (ReportBlock block : blocks) {
            groups = Math.max(groups, block.job().groupId() + 1);
        }
        List<GroupRunStats> all = new ArrayList<>(groups);
        for (int group = 0; group < groups; group++) {
            Map<Direction, Totals> byDirection = new EnumMap<>(Direction.class);
            for (Direction direction : Direction.values()) {
                byDirection.put(direction, totals(blocks, group, direction));
            }
            ReportOptions last = ReportOptions.DEFAULTS;
            int unified = 0;
            for (ReportBlock block : blocks) {
                if (block.job().groupId() == group) {
                    last = block.options();
                    unified |= block.options().unified().value();
                }
            }
            all.add(new GroupRunStats(group, byDirection, last, unified));
        }
        return List.copyOf(all);
    }

    private static Totals totals(List<ReportBlock> blocks, int group, Direction direction) {
        long ioBytes = 0;
        long minBw = Long.MAX_VALUE;
        long maxBw = 0;
        long minRun = Long.MAX_VALUE;
        long maxRun = 0;
        for (ReportBlock block : blocks) {
            DirectionStats stats = direction.of(block.reported());
            long runtime = FioMath.runtimeMillis(stats);
            if (block.job().groupId() != group || runtime == 0) {
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
