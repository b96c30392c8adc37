package org.iosched.workload.fio;

import java.util.Arrays;

/**
 * fio's random map ({@code io_axmap}): which blocks of a file a random job has done in this pass, so that
 * every block is covered once before any repeats. A busy pick moves to the next free block
 * ({@code axmap_next_free}), wrapping at the end; a run of free blocks is marked for a multi-block I/O,
 * shortening it at the first block already done ({@code axmap_set_nr}).
 *
 * <p>Features: the bits live in pages of {@value #PAGE_BLOCKS} blocks, allocated when a block in them is
 * first marked, so a map costs memory for the part of the file the job has touched, not for its size (as
 * fio's lazily committed {@code calloc} of the axmap costs resident memory), and thousands of random jobs
 * over a large device stay small. Pages are found through an open-addressing table while the map is sparse;
 * once three quarters of them are touched, one flat bitmap of the whole file (about what the pages and the
 * table take by then) replaces them, and a lookup is one memory access instead of three.
 *
 * <p>A bit per page tells which pages are full, so a search over a nearly full map skips them 64 at a time
 * (fio's axmap is hierarchical to the same end).
 *
 * <p>Limitations: fio fails a map it cannot allocate ("failed allocating random map"), iosched refuses a map of
 * more than {@link #MAX_BLOCKS} blocks (a map fully touched would take {@code blocks / 8} bytes), whatever the
 * machine's memory.
 */
final class RandomMap {
    /** The largest map, in blocks: 2^35 (4 GiB of bits when every page is touched; 32 TiB at 1 KiB blocks). */
    static final long MAX_BLOCKS = 1L << 35;
    private static final int PAGE_SHIFT = 10;
    /** Blocks per page. */
    static final int PAGE_BLOCKS = 1 << PAGE_SHIFT;
    private static final int WORDS_SHIFT = PAGE_SHIFT - 6;
    private static final int PAGE_WORDS = 1 << WORDS_SHIFT;
    private static final long EMPTY = -1;

    private final long blocks;
    private final long pageCount;
    /**
     * While sparse: an open-addressing table of page numbers ({@link #EMPTY} for a free slot), their bits and the
     * blocks marked in each, by table slot. Once dense, {@link #keys} and {@link #pages} are null, {@link #flat}
     * holds page p's bits from word {@code p * PAGE_WORDS}, and {@link #counts} is indexed by page number.
     */
    private long[] keys;
    private long[][] pages;
    private int[] counts;
    private long[] flat;
    /** A bit per page: all its blocks are marked. */
    private final long[] fullPages;
    private int pagesUsed;
    private long used;

    RandomMap(long blocks) {
        if (blocks <= 0 || blocks > MAX_BLOCKS) {
            throw new IllegalArgumentException("random map of " + blocks + " blocks");
        }
        this.blocks = blocks;
        this.pageCount = (blocks + PAGE_BLOCKS - 1) >>> PAGE_SHIFT;
        this.fullPages = new long[(int) ((pageCount + 63) >>> 6)];
        newTable(8);
    }

    /** Number of blocks tracked. */
    long blocks() {
        return blocks;
    }

    /** Whether every block is done. */
    boolean full() {
        return used >= blocks;
    }

    /** Pages allocated (for tests of the memory bound): every page once the map is one flat bitmap. */
    int pagesAllocated() {
        return flat != null ? (int) pageCount : pagesUsed;
    }

    /** Whether the map is one flat bitmap (for tests of the switch). */
    boolean dense() {
        return flat != null;
    }

    boolean isFree(long block) {
        if (flat != null) {
            return (flat[(int) (block >>> 6)] & (1L << block)) == 0;
        }
        long[] page = page(block >>> PAGE_SHIFT);
        return page == null || (page[(int) (block >>> 6) & (PAGE_WORDS - 1)] & (1L << block)) == 0;
    }

    /** The first free block at or after {@code block}, wrapping to 0; -1 when the map is full. */
    long nextFree(long block) {
        if (full()) {
            return -1;
        }
        long p = block >>> PAGE_SHIFT;
        if (!pageFull(p)) {
            long b = freeInPage(p, (int) (block >>> 6) & (PAGE_WORDS - 1), -1L << block);
            if (b >= 0) {
                return b;
            }
        }
        // the pages after p, then from the start up to p itself (its blocks before `block`)
        long q = nextNotFull(p + 1, pageCount);
        if (q < 0) {
            q = nextNotFull(0, p + 1);
        }
        return q < 0 ? -1 : freeInPage(q, 0, -1L);
    }

    private boolean pageFull(long p) {
        return (fullPages[(int) (p >>> 6)] & (1L << p)) != 0;
    }

    /** The first page in [from, to) that is not full, or -1. */
    private long nextNotFull(long from, long to) {
        if (from >= to) {
            return -1;
        }
        int w = (int) (from >>> 6);
        long open = ~fullPages[w] & (-1L << from);
        while (true) {
            if (open != 0) {
                long q = ((long) w << 6) + Long.numberOfTrailingZeros(open);
                return q < to ? q : -1;
            }
            if (++w >= fullPages.length || (long) w << 6 >= to) {
                return -1;
            }
            open = ~fullPages[w];
        }
    }

    /** Blocks in page {@code p} (the last may be short). */
    private int blocksIn(long p) {
        return (int) Math.min(PAGE_BLOCKS, blocks - (p << PAGE_SHIFT));
    }

    /** The first free block of page {@code p} from word {@code word} (its bits masked by {@code mask}), or -1. */
    private long freeInPage(long p, int word, long mask) {
        long[] words;
        int base;
        if (flat != null) {
            words = flat;
            base = (int) (p << WORDS_SHIFT);
        } else {
            words = page(p);
            base = 0;
        }
        long first = p << PAGE_SHIFT;
        if (words == null) {
            long b = first + ((long) word << 6) + Long.numberOfTrailingZeros(mask);
            return b < blocks ? b : -1;
        }
        long free = ~words[base + word] & mask;
        for (int w = word; ; ) {
            if (free != 0) {
                long b = first + ((long) w << 6) + Long.numberOfTrailingZeros(free);
                return b < blocks ? b : -1;
            }
            if (++w == PAGE_WORDS) {
                return -1;
            }
            free = ~words[base + w];
        }
    }

    /** Mark up to {@code count} consecutive free blocks from {@code block}; returns how many were marked. */
    int mark(long block, int count) {
        int marked = 0;
        long[] words = null;
        int base = 0;
        int slot = -1;
        long pageNumber = -1;
        for (long b = block; marked < count && b < blocks; b++) {
            long p = b >>> PAGE_SHIFT;
            if (p != pageNumber) {
                pageNumber = p;
                slot = slotForWrite(p);
                if (flat != null) {
                    words = flat;
                    base = (int) (p << WORDS_SHIFT);
                } else {
                    words = pages[slot];
                    base = 0;
                }
            }
            int w = base + ((int) (b >>> 6) & (PAGE_WORDS - 1));
            long bit = 1L << b;
            if ((words[w] & bit) != 0) {
                break;
            }
            words[w] |= bit;
            marked++;
            if (++counts[slot] == blocksIn(p)) {
                fullPages[(int) (p >>> 6)] |= 1L << p;
            }
        }
        used += marked;
        return marked;
    }

    /** Start a new pass. */
    void clear() {
        if (flat != null) {
            Arrays.fill(flat, 0);
        } else if (pagesUsed > 0) {
            for (long[] page : pages) {
                if (page != null) {
                    Arrays.fill(page, 0);
                }
            }
        }
        if (pagesAllocated() > 0) {
            Arrays.fill(counts, 0);
            Arrays.fill(fullPages, 0);
        }
        used = 0;
    }

    /** Page {@code p}'s bits while the map is sparse, or null if it has none. */
    private long[] page(long p) {
        int mask = keys.length - 1;
        for (int i = slot(p, mask); ; i = (i + 1) & mask) {
            long k = keys[i];
            if (k == p) {
                return pages[i];
            }
            if (k == EMPTY) {
                return null;
            }
        }
    }

    /**
     * The index of page {@code p} in {@link #counts}: its table slot, allocating the page on first use, or once the
     * map is dense (which this may make it) its number.
     */
    private int slotForWrite(long p) {
        if (flat != null) {
            return (int) p;
        }
        int mask = keys.length - 1;
        int i = slot(p, mask);
        for (; keys[i] != EMPTY; i = (i + 1) & mask) {
            if (keys[i] == p) {
                return i;
            }
        }
        if ((pagesUsed + 1) * 4L >= pageCount * 3) {
            becomeDense();
            return (int) p;
        }
        if ((pagesUsed + 1) * 2 > keys.length) {
            grow();
            return slotForWrite(p);
        }
        keys[i] = p;
        pages[i] = new long[PAGE_WORDS];
        pagesUsed++;
        return i;
    }

    /** Replaces the pages and their table by one flat bitmap of every page. */
    private void becomeDense() {
        long[] bits = new long[(int) (pageCount << WORDS_SHIFT)];
        int[] byPage = new int[(int) pageCount];
        for (int j = 0; j < keys.length; j++) {
            if (keys[j] != EMPTY) {
                System.arraycopy(pages[j], 0, bits, (int) (keys[j] << WORDS_SHIFT), PAGE_WORDS);
                byPage[(int) keys[j]] = counts[j];
            }
        }
        flat = bits;
        counts = byPage;
        keys = null;
        pages = null;
    }

    private void grow() {
        long[] oldKeys = keys;
        long[][] oldPages = pages;
        int[] oldCounts = counts;
        newTable(keys.length * 2);
        int mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] != EMPTY) {
                int i = slot(oldKeys[j], mask);
                while (keys[i] != EMPTY) {
                    i = (i + 1) & mask;
                }
                keys[i] = oldKeys[j];
                pages[i] = oldPages[j];
                counts[i] = oldCounts[j];
            }
        }
    }

    private void newTable(int size) {
        keys = new long[size];
        Arrays.fill(keys, EMPTY);
        pages = new long[size][];
        counts = new int[size];
    }

    private static int slot(long p, int mask) {
        long h = p * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 32) & mask;
    }
}
