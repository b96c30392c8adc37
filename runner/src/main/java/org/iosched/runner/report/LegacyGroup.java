package org.iosched.runner.report;

import java.util.ArrayList;
import java.util.List;
import org.iosched.simulator.result.DirectionStats;

/**
 * fio 1.5x group run statistics (stat.c {@code show_run_stats} of 2011). They differ from fio 3.x in units:
 * {@code io_kb} sums each block's bytes in whole {@code kb_base} units (KiB by default), {@code agg} is
 * those units per second over the longest runtime, and minb/maxb are each block's bytes per millisecond,
 * printed with a KiB prefix, so they read about 2.4% above aggrb for a single job; fio of that time printed
 * them so, and the seed threads quote those numbers. {@code kb_base} is the group's last block's.
 */
final class LegacyGroup {
    private final int groupId;
    private int kbBase = 1024;
    private final long[] ioKib = new long[2];
    private final long[] minBw = {Long.MAX_VALUE, Long.MAX_VALUE};
    private final long[] maxBw = new long[2];
    private final long[] minRun = {Long.MAX_VALUE, Long.MAX_VALUE};
    private final long[] maxRun = new long[2];

    private LegacyGroup(int groupId) {
        this.groupId = groupId;
    }

    static List<LegacyGroup> of(List<ReportBlock> blocks) {
        int groups = 0;
        for (ReportBlock block : blocks) {
            groups = Math.max(groups, block.job().groupId() + 1);
        }
        List<LegacyGroup> all = new ArrayList<>(groups);
        for (int group = 0; group < groups; group++) {
            all.add(new LegacyGroup(group));
        }
        for (ReportBlock block : blocks) {
            LegacyGroup group = all.get(block.job().groupId());
            // fio sets the group's kb_base block by block and divides each block's bytes by it as it goes.
            group.kbBase = block.options().kbBase();
            for (Direction direction : List.of(Direction.READ, Direction.WRITE)) {
                group.add(direction.ordinal(), direction.of(block.job().result()));
            }
        }
        return List.copyOf(all);
    }

    private void add(int index, DirectionStats stats) {
        long runtime = FioMath.runtimeMillis(stats);
        if (runtime == 0) {
            return;
        }
        minRun[index] = Math.min(minRun[index], runtime);
        maxRun[index] = Math.max(maxRun[index], runtime);
        long bytesPerMilli = stats.ioBytes() / runtime;
        minBw[index] = Math.min(minBw[index], bytesPerMilli);
        maxBw[index] = Math.max(maxBw[index], bytesPerMilli);
        ioKib[index] += stats.ioBytes() / kbBase;
    }

    int groupId() {
        return groupId;
    }

    /** The group's {@code kb_base}. */
    int kbBase() {
        return kbBase;
    }

    long ioKib(Direction direction) {
        return ioKib[direction.ordinal()];
    }

    /** {@code agg = io_kb * 1000 / max_run}, KiB/s. */
    long aggregateKib(Direction direction) {
        long runtime = maxRun[direction.ordinal()];
        return runtime == 0 ? 0 : ioKib[direction.ordinal()] * 1000 / runtime;
    }

    long minBw(Direction direction) {
        return maxRun[direction.ordinal()] == 0 ? 0 : minBw[direction.ordinal()];
    }

    long maxBw(Direction direction) {
        return maxBw[direction.ordinal()];
    }

    long minRun(Direction direction) {
        return maxRun[direction.ordinal()] == 0 ? 0 : minRun[direction.ordinal()];
    }

    long maxRun(Direction direction) {
        return maxRun[direction.ordinal()];
    }
}
