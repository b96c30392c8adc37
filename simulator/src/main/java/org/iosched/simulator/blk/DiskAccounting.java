package org.iosched.simulator.blk;

import org.iosched.api.Request;
import org.iosched.simulator.result.DiskStats;

/**
 * The disk's {@code /proc/diskstats} counters as the 2.6.3x block layer keeps them: a request counts as
 * in flight from its insertion into the queue ({@code drive_stat_acct(rq, 1)}) until it completes or is
 * merged away; ios, sectors and ticks (allocation to completion) are added at completion; merges count
 * bios merged into a request. {@code io_ticks} grows while anything is in flight and
 * {@code time_in_queue} by the number in flight ({@code part_round_stats}). Reads are READ requests,
 * everything else (WRITE, FLUSH, DISCARD) counts as a write, as {@code rq_data_dir} says.
 *
 * <p>Simplified: times are kept in nanoseconds rather than jiffies, so fast devices are not rounded to ticks.
 */
public final class DiskAccounting {
    private final long[] ios = new long[2];
    private final long[] merges = new long[2];
    private final long[] sectors = new long[2];
    private final long[] ticksNanos = new long[2];
    private int inFlight;
    private long ioTicksNanos;
    private long timeInQueueNanos;
    private long stamp;

    private static int dir(Request rq) {
        return rq.isWrite() ? 1 : 0;
    }

    private void round(long now) {
        if (inFlight > 0) {
            long delta = now - stamp;
            ioTicksNanos += delta;
            timeInQueueNanos += delta * inFlight;
        }
        stamp = now;
    }

    public void inserted(long now) {
        round(now);
        inFlight++;
    }

    public void mergedAway(long now) {
        round(now);
        inFlight--;
    }

    public void bioMerged(Request rq) {
        merges[dir(rq)]++;
    }

    public void completed(long now, Request rq, long allocTime) {
        round(now);
        inFlight--;
        int d = dir(rq);
        ios[d]++;
        sectors[d] += rq.sectors();
        ticksNanos[d] += now - allocTime;
    }

    /** Requests in flight as diskstats counts them (inserted, not completed). */
    public int inFlight() {
        return inFlight;
    }

    /** Sectors completed, read ({@code false}) or written ({@code true}). */
    public long sectors(boolean write) {
        return sectors[write ? 1 : 0];
    }

    /** The statistics at {@code end}, over a run of {@code durationNanos}. */
    public DiskStats snapshot(String name, long end, long durationNanos) {
        round(end);
        double util = durationNanos <= 0 ? 0.0 : Math.min(100.0, ioTicksNanos * 100.0 / durationNanos);
        return new DiskStats(name, ios[0], ios[1], merges[0], merges[1], ticksNanos[0] / 1_000_000L,
                ticksNanos[1] / 1_000_000L, timeInQueueNanos / 1_000_000L, util, sectors[0], sectors[1]);
    }
}
