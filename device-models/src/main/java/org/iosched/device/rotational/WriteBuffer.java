package org.iosched.device.rotational;

/**
 * The write-back side of the on-drive cache: dirty sector runs kept sorted and merged, plus the sectors being
 * destaged right now (still occupying memory until they reach the medium).
 *
 * <p>Features: writes to adjacent or overlapping sectors merge into one run; a FUA write or a DISCARD removes
 * the sectors it covers; runs are found by binary search so that the destage policy can scan outward from the
 * head (shortest access time first, devices-os.md §5 A); they are kept in blocks ({@link RunList}), so that a
 * write or a destage moves a block's runs rather than every later one.
 *
 * <p>Limitations: room is counted in sectors, and a rewrite of dirty sectors is charged again until it merges.
 */
final class WriteBuffer {
    /**
     * Rounding allowance of the destage scan's rotational bound, in nanoseconds: the bound and the exact time
     * differ by far less (float error near 1e-4 ns at 1e12 ns of virtual time, ANGLE_EPSILON of a revolution).
     */
    private static final double BOUND_MARGIN_NANOS = 1.0;
    private final long capacitySectors;
    /** The dirty runs, sorted and neither overlapping nor touching. */
    private final RunList list = new RunList();
    /** The run starts by angle, made by the first {@link #nearestRun} (which knows the geometry), then kept. */
    private RunAngleIndex index;
    /**
     * The scan's state during {@link #nearestRun}: the first run upward (-1 until a tie asks for it), the best
     * start and its scan place (-1 until a tie asks for it).
     */
    private int scanUp;
    /** The head's LBA during a {@link #nearestRun} scan. */
    private long scanHead;
    private long bestLba;
    private long bestKey;
    /** The last answer of {@link #firstDistanceReaching}: seek(reachDistance) reaches reachNanos, one less does not. */
    private double reachNanos;
    private long reachDistance;
    private long dirtySectors;
    private long destagingSectors;
    private double nearestRunNanos;

    WriteBuffer(long capacitySectors) {
        this.capacitySectors = capacitySectors;
    }

    /** Whether {@code sectors} more fit now. */
    boolean hasRoom(long sectors) {
        return dirtySectors + destagingSectors + sectors <= capacitySectors;
    }

    /** Dirty sectors not yet being destaged. */
    long dirtySectors() {
        return dirtySectors;
    }

    /** Dirty plus destaging sectors: the memory in use. */
    long occupiedSectors() {
        return dirtySectors + destagingSectors;
    }

    /** Number of dirty runs. */
    int runs() {
        return list.size();
    }

    /** Start of run {@code i}. */
    long start(int i) {
        return list.start(i);
    }

    /** End of run {@code i}. */
    long end(int i) {
        return list.end(i);
    }

    /** Index of the first run ending after {@code lba}. */
    int firstEndingAfter(long lba) {
        return list.firstEndingAfter(lba);
    }

    /**
     * The run whose start has the least write positioning time from the head (after {@code headLba}, at time
     * {@code t}), or -1 if none; a run starting at {@code continuation} (the sector after the head's write
     * stream, or -1) pays no write settle. The time is left in {@link #nearestRunNanos()}. Of runs with equal
     * times the one met first scanning outward from the head's LBA wins, alternately upward and downward (the
     * first run ending after the head, the last one before it, the second after it, ...).
     *
     * <p>A run is reached at a passage of its start under the head, after its seek: its time is at least its
     * seek and at least the wait for the next passage from {@code t}, and one revolution more when the seek is
     * longer than that wait. So the starts are visited by angle ({@link RunAngleIndex}), in the order the
     * platter brings them under the head, and in each bucket only those whose seek is short enough to arrive in
     * time; the visit ends at the first bucket that passes only after the best time found. A second visit, which
     * a buffer of more than a few runs seldom needs, prices the starts that arrive a turn after their first
     * passage, where that turn could still beat the best time. In the buckets at and just behind the head, every
     * start but those the head reaches before they pass (the head's own cylinder, mostly) is at least
     * {@code 1 - 2/BUCKETS} of a revolution away (a start just behind the head may count as under it, but only
     * for a head that does not move), so they wait for that visit. Every bound keeps {@link #BOUND_MARGIN_NANOS}
     * for rounding, so that the choice is that of pricing every run.
     */
    int nearestRun(MediaTiming timing, long headLba, double t, long continuation) {
        ZonedGeometry geometry = timing.geometry();
        if (index == null || index.geometry() != geometry) {
            index = new RunAngleIndex(geometry);
            reachNanos = 0;
            reachDistance = 0;
            for (int i = 0; i < list.size(); i++) {
                index.add(list.start(i));
            }
        }
        nearestRunNanos = Double.POSITIVE_INFINITY;
        int count = list.size();
        if (count == 0) {
            return -1;
        }
        long headTrack = geometry.track(headLba);
        int headCylinder = (int) (headTrack / geometry.heads());
        int headHead = (int) (headTrack % geometry.heads());
        double revolution = timing.revolutionNanos();
        double position = timing.angleAt(t) * RunAngleIndex.BUCKETS;
        int headBucket = Math.min((int) position, RunAngleIndex.BUCKETS - 1);
        double offset = position - headBucket;
        scanUp = -1;
        scanHead = headLba;
        bestLba = -1;
        bestKey = Long.MAX_VALUE;
        double settle = timing.writeSettleNanos();
        int continued = continuation < 0 ? count : firstEndingAfter(continuation);
        if (continued < count && list.start(continued) == continuation) {
            // the one start without a write settle; every other start off the head's cylinder pays one
            long lba = continuation;
            nearestRunNanos = timing.positionNanos(headTrack, t, geometry.track(lba), geometry.angle(lba), false);
            bestLba = lba;
            bestKey = -1;
        }
        int buckets = RunAngleIndex.BUCKETS;
        int behindBucket = (headBucket - 1) & (buckets - 1);
        // first passages: in the head's bucket the starts ahead of it pass within the rest of the bucket
        long headReach = reachDistance(timing,
                Math.min((1 - offset) / buckets * revolution + BOUND_MARGIN_NANOS, nearestRunNanos), settle);
        scanBucket(timing, headBucket, headTrack, headCylinder, headHead, t, continuation, headReach);
        scanBucket(timing, behindBucket, headTrack, headCylinder, headHead, t, continuation, headReach);
        int visited = buckets - 1;
        for (int k = 1; k < buckets - 1; k++) {
            double best = nearestRunNanos;
            if (leastWait(k, offset, revolution) >= best) {
                visited = k;
                break;
            }
            double mostWait = (k + 1 - offset) / buckets * revolution + BOUND_MARGIN_NANOS;
            scanBucket(timing, (headBucket + k) & (buckets - 1), headTrack, headCylinder, headHead, t, continuation,
                    reachDistance(timing, Math.min(mostWait, best), settle));
        }
        // a turn later: the starts not priced above arrive no sooner, and most often none of them can win
        if (nearestRunNanos >= (1 - 2.0 / buckets) * revolution - 2 * BOUND_MARGIN_NANOS) {
            long reach = reachDistance(timing, nearestRunNanos, settle);
            scanBucket(timing, headBucket, headTrack, headCylinder, headHead, t, continuation, reach);
            scanBucket(timing, behindBucket, headTrack, headCylinder, headHead, t, continuation, reach);
        }
        for (int k = 1; k < visited; k++) {
            double best = nearestRunNanos;
            if (leastWait(k, offset, revolution) + revolution - BOUND_MARGIN_NANOS > best) {
                break;
            }
            scanBucket(timing, (headBucket + k) & (buckets - 1), headTrack, headCylinder, headHead, t, continuation,
                    reachDistance(timing, best, settle));
        }
        return firstEndingAfter(bestLba);
    }

    /**
     * A lower bound, less the margin, of the wait for a start in the {@code k}th bucket after the head's to pass
     * under the head ({@code offset} is the head's place in its bucket, in buckets).
     */
    private static double leastWait(int k, double offset, double revolution) {
        return (k - offset) / RunAngleIndex.BUCKETS * revolution - BOUND_MARGIN_NANOS;
    }

    /**
     * The cylinder distance from which no start can be reached within {@code nanos} (give or take the margin):
     * off the head's cylinder a start costs at least its seek plus the write settle (the continuation, which
     * pays none, is priced before the scan).
     */
    private long reachDistance(MediaTiming timing, double nanos, double settle) {
        return Math.max(1, firstDistanceReaching(timing, nanos - settle + BOUND_MARGIN_NANOS));
    }

    /** Prices the starts of bucket {@code b} less than {@code distance} cylinders from the head. */
    private void scanBucket(MediaTiming timing, int b, long headTrack, int headCylinder, int headHead, double t,
                            long continuation, long distance) {
        long from = distance >= headCylinder ? 0 : headCylinder - distance + 1;
        long below = distance > Integer.MAX_VALUE ? Long.MAX_VALUE : headCylinder + distance;
        int n = index.size(b);
        for (int i = index.firstCylinderAtLeast(b, from); i < n && index.cylinderBelow(b, i, below); i++) {
            long lba = index.lba(b, i);
            if (lba == continuation) {
                continue; // priced before the scan
            }
            double cost = timing.positionNanos(headTrack, headCylinder, headHead, t, index.track(b, i),
                    index.cylinder(b, i), index.head(b, i), index.angle(b, i), true);
            if (cost < nearestRunNanos) {
                nearestRunNanos = cost;
                bestLba = lba;
                bestKey = -1; // found when a tie needs it
            } else if (cost == nearestRunNanos && scanBefore(lba)) {
                bestLba = lba;
            }
        }
    }

    /**
     * Whether the run starting at {@code lba} comes before the best so far (keeping {@link #bestKey} that of the
     * one that wins, or -1 when not needed yet) in the outward scan from the head
     * ({@link #scanKey} order): runs on one side of the head are ordered by their starts alone, so only a tie
     * across the head needs their places in the arrays.
     */
    private boolean scanBefore(long lba) {
        boolean up = isUp(lba);
        if (up == isUp(bestLba)) {
            boolean before = up ? lba < bestLba : lba > bestLba;
            if (before) {
                bestKey = -1; // the new best's place, found when a tie across the head needs it
            }
            return before;
        }
        if (bestKey < 0) {
            bestKey = scanKey(bestLba);
        }
        long key = scanKey(lba);
        if (key < bestKey) {
            bestKey = key;
            return true;
        }
        return false;
    }

    /** Whether the run starting at {@code lba} is at or after {@link #scanUp} (ends after the head). */
    private boolean isUp(long lba) {
        if (lba > scanHead) {
            return true;
        }
        int up = scanUp();
        return up < list.size() && list.start(up) == lba;
    }

    /** The place of the run starting at {@code lba} in the outward scan from the head (see {@link #nearestRun}). */
    private long scanKey(long lba) {
        int i = firstEndingAfter(lba);
        int up = scanUp();
        return i >= up ? 2L * (i - up) : 2L * (up - 1 - i) + 1;
    }

    /** The first run ending after the head in this scan, found when a tie first asks. */
    private int scanUp() {
        if (scanUp < 0) {
            scanUp = firstEndingAfter(scanHead);
        }
        return scanUp;
    }

    /**
     * The least cylinder distance whose seek time, in nanoseconds, is at least {@code nanos} (Long.MAX_VALUE
     * for none): the seek curve rises with distance, so every larger distance's seek is at least as long. Found
     * by galloping from the last answer (a scan asks for slowly growing times) and bisection, exactly.
     */
    private long firstDistanceReaching(MediaTiming timing, double nanos) {
        if (!(nanos < Double.POSITIVE_INFINITY)) {
            return Long.MAX_VALUE;
        }
        if (timing.seekNanos(0) >= nanos) {
            return 0;
        }
        long lo; // a distance whose seek is below nanos
        long hi; // one whose seek reaches it
        if (nanos >= reachNanos) {
            if (reachDistance == Long.MAX_VALUE) {
                return Long.MAX_VALUE;
            }
            lo = Math.max(0, reachDistance - 1);
            long step = 1;
            hi = lo + 1;
            while (timing.seekNanos(hi) < nanos) {
                lo = hi;
                step *= 2;
                hi = lo + step;
                if (hi > (1L << 40)) {
                    reachNanos = nanos;
                    reachDistance = Long.MAX_VALUE;
                    return Long.MAX_VALUE;
                }
            }
        } else {
            hi = reachDistance;
            long step = 1;
            lo = hi - 1;
            while (lo > 0 && timing.seekNanos(lo) >= nanos) {
                hi = lo;
                step *= 2;
                lo = Math.max(0, hi - step);
            }
        }
        while (hi - lo > 1) {
            long mid = (lo + hi) >>> 1;
            if (timing.seekNanos(mid) >= nanos) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        reachNanos = nanos;
        reachDistance = hi;
        return hi;
    }

    /** Positioning time to the run the last {@link #nearestRun} chose, in nanoseconds. */
    double nearestRunNanos() {
        return nearestRunNanos;
    }

    /** Whether every sector of {@code [from, to)} is dirty. */
    boolean covers(long from, long to) {
        int i = list.firstEndingAfter(from);
        return i < list.size() && list.start(i) <= from && list.end(i) >= to;
    }

    /** Adds {@code [from, to)}, merging with runs it overlaps or touches. */
    void add(long from, long to) {
        int i = list.firstEndingAfter(from - 1);
        int j = list.firstStartingAfter(to);
        if (i == j) {
            insert(i, from, to);
            dirtySectors += to - from;
            return;
        }
        long mergedStart = Math.min(from, list.start(i));
        long mergedEnd = Math.max(to, list.end(j - 1));
        for (int k = i; k < j; k++) {
            dirtySectors -= list.end(k) - list.start(k);
        }
        dirtySectors += mergedEnd - mergedStart;
        moveStart(i, mergedStart);
        list.setEnd(i, mergedEnd);
        delete(i + 1, j);
    }

    /** Removes {@code [from, to)} from the dirty runs. */
    void remove(long from, long to) {
        int i = list.firstEndingAfter(from);
        int count = list.size();
        if (i >= count || list.start(i) >= to) {
            return;
        }
        long startI = list.start(i);
        long endI = list.end(i);
        if (startI < from && endI > to) {
            list.setEnd(i, from);
            insert(i + 1, to, endI);
            dirtySectors -= to - from;
            return;
        }
        if (startI < from) {
            dirtySectors -= endI - from;
            list.setEnd(i, from);
            i++;
        }
        int j = i;
        while (j < count && list.end(j) <= to) {
            dirtySectors -= list.end(j) - list.start(j);
            j++;
        }
        if (j < count && list.start(j) < to) {
            dirtySectors -= to - list.start(j);
            moveStart(j, to);
        }
        delete(i, j);
    }

    /** Moves up to {@code maxSectors} from the front of run {@code i} into the destaging state; returns them. */
    long takeForDestage(int i, long maxSectors) {
        long from = list.start(i);
        long end = list.end(i);
        long sectors = Math.min(end - from, maxSectors);
        // remove(from, from + sectors), knowing the run: it goes whole or loses its front
        dirtySectors -= sectors;
        if (from + sectors == end) {
            delete(i, i + 1);
        } else {
            moveStart(i, from + sectors);
        }
        destagingSectors += sectors;
        return sectors;
    }

    /** {@code sectors} being destaged reached the medium. */
    void destaged(long sectors) {
        destagingSectors -= sectors;
    }

    /** Moves the start of run {@code i} to {@code lba}. */
    private void moveStart(int i, long lba) {
        long old = list.start(i);
        if (old == lba) {
            return;
        }
        if (index != null) {
            index.remove(old);
            index.add(lba);
        }
        list.setStart(i, lba);
    }

    private void insert(int at, long from, long to) {
        list.insert(at, from, to);
        if (index != null) {
            index.add(from);
        }
    }

    private void delete(int from, int to) {
        if (to <= from) {
            return;
        }
        if (index != null) {
            for (int i = from; i < to; i++) {
                index.remove(list.start(i));
            }
        }
        list.delete(from, to);
    }
}
