package org.iosched.device.rotational;

/**
 * The write-back side of the on-drive cache: dirty sector runs kept sorted and merged, plus the sectors being
 * destaged right now (still occupying memory until they reach the medium).
 *
 * <p>Features: writes to adjacent or overlapping sectors merge into one run; a FUA write or a DISCARD removes
 * the sectors it covers; runs are found by binary search so that the destage policy can scan outward from the
 * head (shortest access time first, devices-os.md §5 A).
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
    private long[] start = new long[64];
    private long[] end = new long[64];
    private int count;
    /**
     * The track and angle of each run's start, for the destage scan: valid for run {@code i} while
     * {@code placedLba[i] == start[i]} (shifted with the runs; recomputed when a run's start moves).
     */
    private long[] placedLba = new long[64];
    private long[] track = new long[64];
    private int[] cylinder = new int[64];
    private double[] angle = new double[64];
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
        return count;
    }

    /** Start of run {@code i}. */
    long start(int i) {
        return start[i];
    }

    /** End of run {@code i}. */
    long end(int i) {
        return end[i];
    }

    /** Index of the first run ending after {@code lba}. */
    int firstEndingAfter(long lba) {
        int lo = 0;
        int hi = count;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (end[mid] > lba) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    private int firstStartingAfter(long lba) {
        int lo = 0;
        int hi = count;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (start[mid] > lba) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /**
     * The run whose start has the least write positioning time from the head (after {@code headLba}, at time
     * {@code t}), or -1 if none: scans outward from the head's LBA in both directions and stops a direction
     * once its seek alone exceeds the best total (runs are sorted by LBA, hence by cylinder). A run starting at
     * {@code continuation} (the sector after the head's write stream, or -1) pays no write settle. The time is
     * left in {@link #nearestRunNanos()}.
     *
     * <p>The exact positioning time is computed only for runs that could beat the best so far: a run is reached
     * at a passage of its start angle under the head, so its time is at least the wait for the next such
     * passage from {@code t} (less {@link #BOUND_MARGIN_NANOS} for rounding; a start less than that margin behind
     * the head is always evaluated, since the timing may count it as under the head); a run whose wait alone is not below
     * the best cannot win, as a tie keeps the run found first. The seek bound is one integer comparison: the
     * least cylinder distance whose seek reaches the best, found by bisection whenever the best improves (the
     * seek curve rises with distance). Both only skip runs that would lose, so the choice is the full scan's.
     */
    int nearestRun(MediaTiming timing, long headLba, double t, long continuation) {
        ZonedGeometry geometry = timing.geometry();
        SeekCurve seek = timing.seekCurve();
        int heads = geometry.heads();
        long headTrack = geometry.track(headLba);
        int headCylinder = (int) (headTrack / heads);
        double revolution = timing.revolutionNanos();
        double headAngle = timing.angleAt(t);
        // a start just behind the head may count as under it (MediaTiming's ANGLE_EPSILON): never skipped
        double wrap = 1 - BOUND_MARGIN_NANOS / revolution;
        int up = firstEndingAfter(headLba);
        int down = up - 1;
        int best = -1;
        double bestCost = Double.POSITIVE_INFINITY;
        double angleLimit = Double.POSITIVE_INFINITY;
        long stopDistance = Long.MAX_VALUE;
        while (up < count || down >= 0) {
            if (up < count) {
                place(geometry, heads, up);
                if (Math.abs(cylinder[up] - headCylinder) >= stopDistance) {
                    up = count;
                } else {
                    double wait = wait(angle[up], headAngle);
                    if (wait < angleLimit || wait > wrap) {
                        double cost = timing.positionNanos(headTrack, t, track[up], angle[up],
                                start[up] != continuation);
                        if (cost < bestCost) {
                            bestCost = cost;
                            best = up;
                            angleLimit = (bestCost + BOUND_MARGIN_NANOS) / revolution;
                            stopDistance = firstDistanceReaching(seek, bestCost);
                        }
                    }
                    up++;
                }
            }
            if (down >= 0) {
                place(geometry, heads, down);
                if (Math.abs(cylinder[down] - headCylinder) >= stopDistance) {
                    down = -1;
                } else {
                    double wait = wait(angle[down], headAngle);
                    if (wait < angleLimit || wait > wrap) {
                        double cost = timing.positionNanos(headTrack, t, track[down], angle[down],
                                start[down] != continuation);
                        if (cost < bestCost) {
                            bestCost = cost;
                            best = down;
                            angleLimit = (bestCost + BOUND_MARGIN_NANOS) / revolution;
                            stopDistance = firstDistanceReaching(seek, bestCost);
                        }
                    }
                    down--;
                }
            }
        }
        nearestRunNanos = bestCost;
        return best;
    }

    /** The fraction of a revolution from {@code headAngle} on to {@code target}, in [0, 1). */
    private static double wait(double target, double headAngle) {
        double d = target - headAngle;
        return d < 0 ? d + 1 : d;
    }

    /**
     * The least cylinder distance whose seek time, in nanoseconds, is at least {@code nanos}: the scan's stop
     * rule {@code seek.millis(d) * 1e6 >= nanos}, which holds for every larger distance once it holds.
     */
    private long firstDistanceReaching(SeekCurve seek, double nanos) {
        if (seek.millis(0) * 1e6 >= nanos) {
            return 0;
        }
        long lo = 0; // seek(lo) below nanos
        long hi = 1;
        while (seek.millis(hi) * 1e6 < nanos) {
            lo = hi;
            hi *= 2;
            if (hi > (1L << 40)) {
                return Long.MAX_VALUE;
            }
        }
        while (hi - lo > 1) {
            long mid = (lo + hi) >>> 1;
            if (seek.millis(mid) * 1e6 >= nanos) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return hi;
    }

    /** Makes {@code track[i]}, {@code cylinder[i]} and {@code angle[i]} those of run {@code i}'s start. */
    private void place(ZonedGeometry geometry, int heads, int i) {
        long lba = start[i];
        if (placedLba[i] != lba) {
            placedLba[i] = lba;
            track[i] = geometry.track(lba);
            cylinder[i] = (int) (track[i] / heads);
            angle[i] = geometry.angle(lba);
        }
    }

    /** Positioning time to the run the last {@link #nearestRun} chose, in nanoseconds. */
    double nearestRunNanos() {
        return nearestRunNanos;
    }

    /** Whether every sector of {@code [from, to)} is dirty. */
    boolean covers(long from, long to) {
        int i = firstEndingAfter(from);
        return i < count && start[i] <= from && end[i] >= to;
    }

    /** Adds {@code [from, to)}, merging with runs it overlaps or touches. */
    void add(long from, long to) {
        int i = firstEndingAfter(from - 1);
        int j = firstStartingAfter(to);
        if (i == j) {
            insert(i, from, to);
            dirtySectors += to - from;
            return;
        }
        long mergedStart = Math.min(from, start[i]);
        long mergedEnd = Math.max(to, end[j - 1]);
        for (int k = i; k < j; k++) {
            dirtySectors -= end[k] - start[k];
        }
        dirtySectors += mergedEnd - mergedStart;
        start[i] = mergedStart;
        end[i] = mergedEnd;
        delete(i + 1, j);
    }

    /** Removes {@code [from, to)} from the dirty runs. */
    void remove(long from, long to) {
        int i = firstEndingAfter(from);
        if (i >= count || start[i] >= to) {
            return;
        }
        if (start[i] < from && end[i] > to) {
            insert(i + 1, to, end[i]);
            end[i] = from;
            dirtySectors -= to - from;
            return;
        }
        if (start[i] < from) {
            dirtySectors -= end[i] - from;
            end[i] = from;
            i++;
        }
        int j = i;
        while (j < count && end[j] <= to) {
            dirtySectors -= end[j] - start[j];
            j++;
        }
        if (j < count && start[j] < to) {
            dirtySectors -= to - start[j];
            start[j] = to;
        }
        delete(i, j);
    }

    /** Moves up to {@code maxSectors} from the front of run {@code i} into the destaging state; returns them. */
    long takeForDestage(int i, long maxSectors) {
        long from = start[i];
        long sectors = Math.min(end[i] - from, maxSectors);
        remove(from, from + sectors);
        destagingSectors += sectors;
        return sectors;
    }

    /** {@code sectors} being destaged reached the medium. */
    void destaged(long sectors) {
        destagingSectors -= sectors;
    }

    private void insert(int at, long from, long to) {
        if (count == start.length) {
            start = java.util.Arrays.copyOf(start, count * 2);
            end = java.util.Arrays.copyOf(end, count * 2);
            placedLba = java.util.Arrays.copyOf(placedLba, count * 2);
            track = java.util.Arrays.copyOf(track, count * 2);
            cylinder = java.util.Arrays.copyOf(cylinder, count * 2);
            angle = java.util.Arrays.copyOf(angle, count * 2);
        }
        System.arraycopy(start, at, start, at + 1, count - at);
        System.arraycopy(end, at, end, at + 1, count - at);
        System.arraycopy(placedLba, at, placedLba, at + 1, count - at);
        System.arraycopy(track, at, track, at + 1, count - at);
        System.arraycopy(cylinder, at, cylinder, at + 1, count - at);
        System.arraycopy(angle, at, angle, at + 1, count - at);
        start[at] = from;
        end[at] = to;
        placedLba[at] = -1;
        count++;
    }

    private void delete(int from, int to) {
        if (to <= from) {
            return;
        }
        System.arraycopy(start, to, start, from, count - to);
        System.arraycopy(end, to, end, from, count - to);
        System.arraycopy(placedLba, to, placedLba, from, count - to);
        System.arraycopy(track, to, track, from, count - to);
        System.arraycopy(cylinder, to, cylinder, from, count - to);
        System.arraycopy(angle, to, angle, from, count - to);
        count -= to - from;
    }
}
