package org.iosched.device.rotational;

import java.util.Arrays;

/**
 * The write buffer's dirty runs: {@code [start, end)} sector ranges sorted by start, each addressed by its place
 * in that order, kept in blocks of at most {@link #BLOCK} runs so that an insertion or a deletion moves the runs
 * of one block and the blocks' first places instead of every run after it.
 *
 * <p>Features: a place is found in its block by bisection over the blocks' first places, a sector by bisection
 * over the blocks' last runs and then within the block; a full block splits in two, and a block left small by a
 * deletion merges with a neighbour, so that the number of blocks stays near the number of runs over the block
 * size. Blocks given up by merges keep their arrays for later splits: in a steady state nothing is allocated.
 *
 * <p>Limitations: a container, no model of its own; it trusts its caller (the write buffer) to keep the runs
 * sorted and checks nothing.
 */
final class RunList {
    /** Most runs in one block. */
    static final int BLOCK = 128;
    /** A block below this many runs after a deletion merges with a neighbour when the two fit in 3/4 block. */
    private static final int SMALL = BLOCK / 4;

    private long[][] starts = new long[4][];
    private long[][] ends = new long[4][];
    /** Runs in each block (none empty between operations). */
    private int[] sizes = new int[4];
    /** Place of each block's first run. */
    private int[] firsts = new int[4];
    private int blocks;
    private int count;
    /** The block of the last place looked up, tried first: callers touch a few neighbouring places in a row. */
    private int lastBlock;
    /** Arrays of blocks given up, for reuse. */
    private long[][] spare = new long[8][];
    private int spares;

    /** Number of runs. */
    int size() {
        return count;
    }

    /** Start of run {@code i}. */
    long start(int i) {
        int b = blockOf(i);
        return starts[b][i - firsts[b]];
    }

    /** End of run {@code i}. */
    long end(int i) {
        int b = blockOf(i);
        return ends[b][i - firsts[b]];
    }

    /** Sets the start of run {@code i}, which must keep the runs sorted. */
    void setStart(int i, long lba) {
        int b = blockOf(i);
        starts[b][i - firsts[b]] = lba;
    }

    /** Sets the end of run {@code i}, which must keep the runs sorted. */
    void setEnd(int i, long lba) {
        int b = blockOf(i);
        ends[b][i - firsts[b]] = lba;
    }

    /** Place of the first run ending after {@code lba} ({@link #size()} if none). */
    int firstEndingAfter(long lba) {
        int b = firstBlockAbove(ends, lba);
        if (b == blocks) {
            return count;
        }
        lastBlock = b;
        return firsts[b] + firstAbove(ends[b], sizes[b] - 1, lba);
    }

    /** Place of the first run starting after {@code lba} ({@link #size()} if none). */
    int firstStartingAfter(long lba) {
        int b = firstBlockAbove(starts, lba);
        return b == blocks ? count : firsts[b] + firstAbove(starts[b], sizes[b] - 1, lba);
    }

    /** The first block whose last value in {@code keys} ({@link #starts} or {@link #ends}) is above {@code lba}. */
    private int firstBlockAbove(long[][] keys, long lba) {
        int lo = 0;
        int hi = blocks;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (keys[mid][sizes[mid] - 1] > lba) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** The first index of {@code a[0..last]} holding more than {@code lba}, given that {@code a[last]} does. */
    private static int firstAbove(long[] a, int last, long lba) {
        int lo = 0;
        int hi = last;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] > lba) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** Inserts the run {@code [from, to)} at place {@code at}, the runs from there on moving up one place. */
    void insert(int at, long from, long to) {
        if (blocks == 0) {
            addBlock(0);
        }
        int b = at == count ? blocks - 1 : blockOf(at);
        if (sizes[b] == BLOCK) {
            split(b);
            if (at - firsts[b] > sizes[b]) {
                b++;
            }
        }
        int k = at - firsts[b];
        int n = sizes[b];
        System.arraycopy(starts[b], k, starts[b], k + 1, n - k);
        System.arraycopy(ends[b], k, ends[b], k + 1, n - k);
        starts[b][k] = from;
        ends[b][k] = to;
        sizes[b] = n + 1;
        count++;
        for (int c = b + 1; c < blocks; c++) {
            firsts[c]++;
        }
    }

    /** Deletes the runs at places {@code [from, to)}. */
    void delete(int from, int to) {
        while (to > from) {
            int b = blockOf(to - 1);
            int first = firsts[b];
            int lo = Math.max(from, first);
            int k = to - lo;
            int n = sizes[b];
            System.arraycopy(starts[b], to - first, starts[b], lo - first, n - (to - first));
            System.arraycopy(ends[b], to - first, ends[b], lo - first, n - (to - first));
            sizes[b] = n - k;
            count -= k;
            for (int c = b + 1; c < blocks; c++) {
                firsts[c] -= k;
            }
            to = lo;
            if (sizes[b] == 0) {
                removeBlock(b);
            } else if (sizes[b] < SMALL) {
                if (b + 1 < blocks && sizes[b] + sizes[b + 1] <= BLOCK - SMALL) {
                    merge(b);
                } else if (b > 0 && sizes[b - 1] + sizes[b] <= BLOCK - SMALL) {
                    merge(b - 1);
                }
            }
        }
    }

    /** The block holding place {@code i}, which must be a run's. */
    private int blockOf(int i) {
        int last = lastBlock;
        if (last < blocks && i >= firsts[last] && i - firsts[last] < sizes[last]) {
            return last;
        }
        int lo = 0;
        int hi = blocks - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (firsts[mid] <= i) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lastBlock = lo;
        return lo;
    }

    /** Moves the upper half of block {@code b} into a new block after it. */
    private void split(int b) {
        int n = sizes[b];
        int half = n / 2;
        addBlock(b + 1);
        System.arraycopy(starts[b], half, starts[b + 1], 0, n - half);
        System.arraycopy(ends[b], half, ends[b + 1], 0, n - half);
        sizes[b] = half;
        sizes[b + 1] = n - half;
        firsts[b + 1] = firsts[b] + half;
    }

    /** Appends block {@code b + 1}'s runs to block {@code b} and gives the emptied block up. */
    private void merge(int b) {
        int n = sizes[b];
        int m = sizes[b + 1];
        System.arraycopy(starts[b + 1], 0, starts[b], n, m);
        System.arraycopy(ends[b + 1], 0, ends[b], n, m);
        sizes[b] = n + m;
        removeBlock(b + 1);
    }

    /** Opens an empty block at {@code b} (its first place is set by the caller, or 0 for the first block). */
    private void addBlock(int b) {
        if (blocks == sizes.length) {
            int length = blocks * 2;
            starts = Arrays.copyOf(starts, length);
            ends = Arrays.copyOf(ends, length);
            sizes = Arrays.copyOf(sizes, length);
            firsts = Arrays.copyOf(firsts, length);
        }
        System.arraycopy(starts, b, starts, b + 1, blocks - b);
        System.arraycopy(ends, b, ends, b + 1, blocks - b);
        System.arraycopy(sizes, b, sizes, b + 1, blocks - b);
        System.arraycopy(firsts, b, firsts, b + 1, blocks - b);
        starts[b] = spares > 0 ? spare[--spares] : new long[BLOCK];
        ends[b] = spares > 0 ? spare[--spares] : new long[BLOCK];
        sizes[b] = 0;
        firsts[b] = 0;
        blocks++;
    }

    /** Removes block {@code b}, whose runs are gone or moved, keeping its arrays. */
    private void removeBlock(int b) {
        if (spares + 2 > spare.length) {
            spare = Arrays.copyOf(spare, spare.length * 2);
        }
        spare[spares++] = starts[b];
        spare[spares++] = ends[b];
        System.arraycopy(starts, b + 1, starts, b, blocks - b - 1);
        System.arraycopy(ends, b + 1, ends, b, blocks - b - 1);
        System.arraycopy(sizes, b + 1, sizes, b, blocks - b - 1);
        System.arraycopy(firsts, b + 1, firsts, b, blocks - b - 1);
        blocks--;
        starts[blocks] = null;
        ends[blocks] = null;
    }
}
