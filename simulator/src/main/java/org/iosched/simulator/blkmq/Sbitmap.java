package org.iosched.simulator.blkmq;

import java.util.Arrays;

/**
 * One tag space of blk-mq ({@code struct sbitmap_queue}, lib/sbitmap.c): {@code depth} tags in words of
 * {@code 1 << shift} bits, allocation from a per-CPU hint, shallow allocations and batched wake-ups.
 *
 * <p>Features:
 * <ul>
 *   <li>{@code shift} as {@code sbitmap_calculate_shift}: 6 (64-bit words) reduced while {@code 4 << shift >
 *       depth}, so that a map has at least 4 words when it can.</li>
 *   <li>{@link #get(int, int)}: the first free bit at or after the CPU's hint, word by word; a shallow depth
 *       {@code d} lets the allocation use only bits {@code [0, min(d, word))} of each word
 *       ({@code sbitmap_queue_get_shallow}); the hint moves past an allocated hint bit
 *       ({@code update_alloc_hint_after_get}).</li>
 *   <li>{@link #put}: frees the tag; the hint of the freeing CPU is set to it ({@code sbitmap_update_cpu_hint})
 *       and the free counts towards {@code wake_batch} ({@code sbq_calc_wake_batch} with the smallest shallow
 *       depth declared, {@link #setMinShallowDepth}).</li>
 * </ul>
 *
 * <p>Limitations: one wait list instead of the kernel's 8 round-robin wait queues; the caller keeps it.
 */
final class Sbitmap {
    /** {@code SBQ_WAIT_QUEUES}. */
    static final int WAIT_QUEUES = 8;
    /** {@code SBQ_WAKE_BATCH}. */
    static final int WAKE_BATCH = 8;

    private final int depth;
    private final int shift;
    private final int words;
    /** {@code tag & bitMask} is the tag's bit in its word: {@code (1 << shift) - 1}. */
    private final int bitMask;
    /**
     * The tags in use, a word of the map in the low {@code 1 << shift} bits of each long; or, for a map of at most
     * 64 tags ({@link #packed}), the whole map in {@code used[0]}, tag {@code t} in bit {@code t} (word {@code w} in
     * bits {@code [w << shift, (w + 1) << shift)}).
     */
    private final long[] used;
    /** Whether the map fits in one long (at most 64 tags): the search is then two masks and a bit count. */
    private final boolean packed;
    /** For a packed map: the shallow limit {@link #allowedBits} was made for (-1: none yet). */
    private int allowedLimit = -1;
    /** For a packed map: the tags a search with limit {@link #allowedLimit} may take, the first bits of each word. */
    private long allowedBits;
    private final int[] hint;
    private int inUse;
    private int minShallowDepth;
    private int wakeBatch;
    private int freedSinceWake;

    /**
     * @param depth    tags
     * @param cpuCount CPUs (one allocation hint each)
     */
    Sbitmap(int depth, int cpuCount) {
        if (depth < 1) {
            throw new IllegalArgumentException("tag depth must be at least 1, not " + depth);
        }
        this.depth = depth;
        this.shift = calculateShift(depth);
        this.bitMask = (1 << shift) - 1;
        this.words = (depth + bitMask) >> shift;
        this.packed = depth <= Long.SIZE;
        this.used = new long[packed ? 1 : words];
        this.hint = new int[Math.max(1, cpuCount)];
        this.minShallowDepth = Integer.MAX_VALUE;
        this.wakeBatch = calcWakeBatch();
    }

    /** {@code sbitmap_calculate_shift}. */
    static int calculateShift(int depth) {
        int shift = 6;
        if (depth >= 4) {
            while ((4 << shift) > depth) {
                shift--;
            }
        }
        return shift;
    }

    int depth() {
        return depth;
    }

    int shift() {
        return shift;
    }

    int inUse() {
        return inUse;
    }

    int wakeBatch() {
        return wakeBatch;
    }

    /** {@code sbitmap_queue_min_shallow_depth}: the smallest shallow depth a scheduler will ask for. */
    void setMinShallowDepth(int value) {
        this.minShallowDepth = value <= 0 ? Integer.MAX_VALUE : value;
        this.wakeBatch = calcWakeBatch();
    }

    // sbq_calc_wake_batch: clamp(usable / 8, 1, 8), usable counting only the shallow part of each word
    private int calcWakeBatch() {
        int word = 1 << shift;
        int shallow = Math.min(word, minShallowDepth);
        int usable = (depth >> shift) * shallow + Math.min(depth & (word - 1), shallow);
        return Math.max(1, Math.min(WAKE_BATCH, usable / WAIT_QUEUES));
    }

    /**
     * Take a tag.
     *
     * @param shallowDepth bits of each word the allocation may use, or 0 for all
     * @param cpu          the allocating CPU (its hint)
     * @return the tag, or -1 when none is free within the limit
     */
    int get(int shallowDepth, int cpu) {
        int word = 1 << shift;
        int limit = shallowDepth <= 0 ? word : Math.min(shallowDepth, word);
        int h = hint[cpu % hint.length];
        if (h >= depth) {
            h = 0;
        }
        if (packed) {
            return getPacked(limit, h, cpu);
        }
        int startWord = h >> shift;
        int startBit = h & (word - 1);
        for (int i = 0, w = startWord; i <= words; i++) {
            int base = w << shift;
            int first = i == 0 ? startBit : 0;
            int end = Math.min(base + limit, depth);
            if (i == words) {
                // the start word again, below the hint
                end = Math.min(base + Math.min(limit, startBit), depth);
                first = 0;
            }
            int bits = end - base;
            if (bits > first) {
                // the first free bit of [first, bits) in this word (find_next_zero_bit)
                long free = ~used[w] & (-1L << first) & (bits == 64 ? -1L : (1L << bits) - 1);
                if (free != 0) {
                    int offset = Long.numberOfTrailingZeros(free);
                    int bit = base + offset;
                    used[w] |= 1L << offset;
                    return taken(bit, h, cpu);
                }
            }
            if (++w == words) {
                w = 0;
            }
        }
        return -1;
    }

    /**
     * {@link #get} on a packed map. The word-by-word search from the hint (its word from the hint's bit, the words
     * after it, round to the words before it, its word below the hint's bit) visits the allowed bits in the order
     * of their tags from the hint round to below it, so the first free allowed bit at or after the hint, else the
     * first one at all, is the tag that search finds.
     */
    private int getPacked(int limit, int h, int cpu) {
        long free = ~used[0] & allowed(limit);
        if (free == 0) {
            return -1;
        }
        long fromHint = free & (-1L << h);
        int bit = Long.numberOfTrailingZeros(fromHint != 0 ? fromHint : free);
        used[0] |= 1L << bit;
        return taken(bit, h, cpu);
    }

    /** Counts tag {@code bit}, just marked in use, and moves the CPU's hint past it when it was the hint. */
    private int taken(int bit, int h, int cpu) {
        inUse++;
        if (bit == h) {
            hint[cpu % hint.length] = bit + 1 >= depth ? 0 : bit + 1;
        }
        return bit;
    }

    /** The tags of a packed map a search with {@code limit} bits a word may take. */
    private long allowed(int limit) {
        if (limit != allowedLimit) {
            long bits = 0;
            for (int w = 0; w < words; w++) {
                int base = w << shift;
                for (int bit = base; bit < Math.min(base + limit, depth); bit++) {
                    bits |= 1L << bit;
                }
            }
            allowedBits = bits;
            allowedLimit = limit;
        }
        return allowedBits;
    }

    /**
     * Free {@code tag} on {@code cpu}.
     *
     * @return how many waiters to wake now: {@link #wakeBatch()} when this free completed a batch, else 0
     */
    int put(int tag, int cpu) {
        int w = packed ? 0 : tag >> shift;
        long bit = 1L << (packed ? tag : tag & bitMask);
        if (tag < 0 || tag >= depth || (used[w] & bit) == 0) {
            throw new IllegalStateException("tag " + tag + " freed but not in use (depth " + depth + ")");
        }
        used[w] &= ~bit;
        inUse--;
        hint[cpu % hint.length] = tag;
        freedSinceWake++;
        if (freedSinceWake >= wakeBatch) {
            freedSinceWake = 0;
            return wakeBatch;
        }
        return 0;
    }

    /** Forget the wake-up count (a waiter was woken by other means). */
    void resetWakeCount() {
        freedSinceWake = 0;
    }

    @Override
    public String toString() {
        return inUse + "/" + depth + " tags in use (shift " + shift + ", wake_batch " + wakeBatch + ")"
                + (inUse == 0 ? "" : " " + Arrays.toString(hint));
    }
}
