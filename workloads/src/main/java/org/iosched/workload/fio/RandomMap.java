package org.iosched.workload.fio;

/**
 * fio's random map ({@code io_axmap}): which blocks of a file a random job has done in this pass, so that
 * every block is covered once before any repeats. A busy pick moves to the next free block
 * ({@code axmap_next_free}), wrapping at the end; a run of free blocks is marked for a multi-block I/O,
 * shortening it at the first block already done ({@code axmap_set_nr}).
 *
 * <p>Limitations: a flat bitmap (fio's is hierarchical), so a search over a nearly full map scans words
 * linearly; memory is one bit per block.
 */
final class RandomMap {
    private final long[] words;
    private final long blocks;
    private long used;

    RandomMap(long blocks) {
        if (blocks <= 0 || blocks > (1L << 37)) {
            throw new IllegalArgumentException("random map of " + blocks + " blocks");
        }
        this.blocks = blocks;
        this.words = new long[(int) ((blocks + 63) >>> 6)];
    }

    /** Number of blocks tracked. */
    long blocks() {
        return blocks;
    }

    /** Whether every block is done. */
    boolean full() {
        return used >= blocks;
    }

    boolean isFree(long block) {
        return (words[(int) (block >>> 6)] & (1L << block)) == 0;
    }

    /** The first free block at or after {@code block}, wrapping to 0; -1 when the map is full. */
    long nextFree(long block) {
        if (full()) {
            return -1;
        }
        int start = (int) (block >>> 6);
        long first = ~words[start] & (-1L << block);
        if (first != 0) {
            long b = ((long) start << 6) + Long.numberOfTrailingZeros(first);
            if (b < blocks) {
                return b;
            }
        }
        int n = words.length;
        for (int i = 1; i <= n; i++) {
            int w = (start + i) % n;
            long free = ~words[w];
            if (free != 0) {
                long b = ((long) w << 6) + Long.numberOfTrailingZeros(free);
                if (b < blocks) {
                    return b;
                }
            }
        }
        return -1;
    }

    /** Mark up to {@code count} consecutive free blocks from {@code block}; returns how many were marked. */
    int mark(long block, int count) {
        int marked = 0;
        for (long b = block; marked < count && b < blocks && isFree(b); b++) {
            words[(int) (b >>> 6)] |= 1L << b;
            marked++;
        }
        used += marked;
        return marked;
    }

    /** Start a new pass. */
    void clear() {
        java.util.Arrays.fill(words, 0);
        used = 0;
    }
}
