package org.iosched.device.rotational;

import java.util.Arrays;

/**
 * The starts of the write buffer's dirty runs by rotational position, for the destage choice: {@link #BUCKETS}
 * buckets by the start's angle, each sorted by LBA (hence by cylinder), with the start's track, cylinder, head and
 * angle.
 * {@link WriteBuffer#nearestRun} visits the buckets in the order the platter brings them under the head and, in
 * each, only the starts close enough in cylinders to be reached before they pass, so that a choice costs about
 * the runs it could pick rather than every dirty run.
 *
 * <p>Limitations: a bookkeeping structure, no model of its own; it holds what the buffer's runs say.
 */
final class RunAngleIndex {
    /** Angle buckets: a power of two. */
    static final int BUCKETS = 256;

    private final ZonedGeometry geometry;
    private final long[][] lba = new long[BUCKETS][];
    private final long[][] track = new long[BUCKETS][];
    private final int[][] cylinder = new int[BUCKETS][];
    private final int[][] head = new int[BUCKETS][];
    private final double[][] angle = new double[BUCKETS][];
    private final int[] size = new int[BUCKETS];

    RunAngleIndex(ZonedGeometry geometry) {
        this.geometry = geometry;
        for (int b = 0; b < BUCKETS; b++) {
            lba[b] = new long[4];
            track[b] = new long[4];
            cylinder[b] = new int[4];
            head[b] = new int[4];
            angle[b] = new double[4];
        }
    }

    /** The geometry the positions are computed with. */
    ZonedGeometry geometry() {
        return geometry;
    }

    /** The bucket of angle {@code a} in [0, 1). */
    static int bucketOf(double a) {
        int b = (int) (a * BUCKETS);
        return b >= BUCKETS ? BUCKETS - 1 : b;
    }

    /** Adds the run start {@code start}. */
    void add(long start) {
        double a = geometry.angle(start);
        long t = geometry.track(start);
        int b = bucketOf(a);
        int n = size[b];
        if (n == lba[b].length) {
            lba[b] = Arrays.copyOf(lba[b], n * 2);
            track[b] = Arrays.copyOf(track[b], n * 2);
            cylinder[b] = Arrays.copyOf(cylinder[b], n * 2);
            head[b] = Arrays.copyOf(head[b], n * 2);
            angle[b] = Arrays.copyOf(angle[b], n * 2);
        }
        int at = firstAtOrAfter(b, start);
        System.arraycopy(lba[b], at, lba[b], at + 1, n - at);
        System.arraycopy(track[b], at, track[b], at + 1, n - at);
        System.arraycopy(cylinder[b], at, cylinder[b], at + 1, n - at);
        System.arraycopy(head[b], at, head[b], at + 1, n - at);
        System.arraycopy(angle[b], at, angle[b], at + 1, n - at);
        lba[b][at] = start;
        track[b][at] = t;
        cylinder[b][at] = (int) (t / geometry.heads());
        head[b][at] = (int) (t % geometry.heads());
        angle[b][at] = a;
        size[b] = n + 1;
    }

    /** Removes the run start {@code start}, which was added. */
    void remove(long start) {
        int b = bucketOf(geometry.angle(start));
        int at = firstAtOrAfter(b, start);
        int n = size[b];
        if (at >= n || lba[b][at] != start) {
            throw new IllegalStateException("run start " + start + " is not indexed");
        }
        System.arraycopy(lba[b], at + 1, lba[b], at, n - at - 1);
        System.arraycopy(track[b], at + 1, track[b], at, n - at - 1);
        System.arraycopy(cylinder[b], at + 1, cylinder[b], at, n - at - 1);
        System.arraycopy(head[b], at + 1, head[b], at, n - at - 1);
        System.arraycopy(angle[b], at + 1, angle[b], at, n - at - 1);
        size[b] = n - 1;
    }

    /** Starts in bucket {@code b}. */
    int size(int b) {
        return size[b];
    }

    long lba(int b, int i) {
        return lba[b][i];
    }

    long track(int b, int i) {
        return track[b][i];
    }

    int cylinder(int b, int i) {
        return cylinder[b][i];
    }

    int head(int b, int i) {
        return head[b][i];
    }

    double angle(int b, int i) {
        return angle[b][i];
    }

    /** Index of the first start of bucket {@code b} whose cylinder is at least {@code c}. */
    int firstCylinderAtLeast(int b, long c) {
        int[] cyl = cylinder[b];
        int lo = 0;
        int hi = size[b];
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (cyl[mid] >= c) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** Whether start {@code i} of bucket {@code b} lies on a cylinder below {@code c}. */
    boolean cylinderBelow(int b, int i, long c) {
        return cylinder[b][i] < c;
    }

    private int firstAtOrAfter(int b, long start) {
        long[] l = lba[b];
        int lo = 0;
        int hi = size[b];
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (l[mid] >= start) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }
}
