package org.iosched.device.rotational;

/**
 * The read side of the on-drive cache: a fixed number of equal segments, each holding one run of sequential
 * sectors, replaced least recently used (DiskSim's segmented buffer, devices-os.md §1.1).
 *
 * <p>Limitations: segments hold whole runs only (no sparse contents); a write that overlaps a segment drops
 * the segment rather than updating it; read segments and the write buffer do not compete for memory.
 */
final class SegmentCache {
    private final long segmentSectors;
    private final long[] start;
    private final long[] end;
    private final long[] lastUse;
    private long clock;
    private int found = -1;

    SegmentCache(int segments, long segmentSectors) {
        this.segmentSectors = segmentSectors;
        this.start = new long[segments];
        this.end = new long[segments];
        this.lastUse = new long[segments];
    }

    /** Sectors one segment holds. */
    long segmentSectors() {
        return segmentSectors;
    }

    /**
     * The end of the longest cached run that contains {@code lba}, or {@code lba} when none does;
     * {@link #found()} then names the segment (or -1).
     */
    long cachedEnd(long lba) {
        long best = lba;
        found = -1;
        for (int i = 0; i < start.length; i++) {
            if (start[i] <= lba && lba < end[i] && end[i] > best) {
                best = end[i];
                found = i;
            }
        }
        return best;
    }

    /** The segment of the last {@link #cachedEnd} that hit, or -1. */
    int found() {
        return found;
    }

    /** Marks {@code segment} used now. */
    void touch(int segment) {
        lastUse[segment] = ++clock;
    }

    /** Takes the least recently used segment for the run {@code [from, to)}; returns its index. */
    int allocate(long from, long to) {
        int victim = 0;
        for (int i = 1; i < start.length; i++) {
            if (lastUse[i] < lastUse[victim]) {
                victim = i;
            }
        }
        start[victim] = Math.max(from, to - segmentSectors);
        end[victim] = to;
        touch(victim);
        return victim;
    }

    /** The run in {@code segment} now ends at {@code to} (read-ahead progress); the oldest sectors give way. */
    void extend(int segment, long to) {
        end[segment] = to;
        start[segment] = Math.max(start[segment], to - segmentSectors);
    }

    /** Drops every segment that overlaps {@code [from, to)}. */
    void invalidate(long from, long to) {
        for (int i = 0; i < start.length; i++) {
            if (start[i] < to && from < end[i]) {
                start[i] = 0;
                end[i] = 0;
            }
        }
    }

    /** Whether {@code segment} holds data. */
    boolean valid(int segment) {
        return end[segment] > start[segment];
    }

    /** End of the run in {@code segment}. */
    long end(int segment) {
        return end[segment];
    }
}
