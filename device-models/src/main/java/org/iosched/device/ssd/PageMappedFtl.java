package org.iosched.device.ssd;

import java.util.Arrays;

/**
 * A page-mapped flash translation layer, one log per die, with greedy garbage collection (devices-os.md §2.2:
 * DiskSim SSD, FlashSim and MQSim all offer it).
 *
 * <p>Features: logical page {@code lpn} lives on die {@code (lpn / stripe) mod dies} (the LBA hashing of §5 D,
 * by program unit so that a sequential run fills whole multi-plane pages); each die
 * appends to one open block; overwritten pages become stale; when free blocks fall below the reserve, the block
 * with the fewest valid pages is collected (valid pages copied into the open block, then the block erased).
 * The work each host write causes is reported through {@link #gcReads()}, {@link #gcPrograms()} and
 * {@link #gcErases()} so that the device can charge the die's time. DISCARD makes pages stale.
 *
 * <p>Limitations: no wear levelling, no hot/cold separation, no background GC (collection happens in the write
 * that needs a block), copy-back within the die (no channel transfer for relocations).
 *
 * <p>Notes: memory follows what the run writes: the logical-to-physical map keeps only pages written during the
 * run (the rest are where the start state put them), and a block gets its reverse map when first written.
 */
final class PageMappedFtl {
    private static final byte FREE = 0;
    private static final byte OPEN = 1;
    private static final byte FULL = 2;

    private final int dies;
    private final int stripe;
    private final int pagesPerBlock;
    private final int blocksPerDie;
    private final int reserveBlocks;
    private final PreconditionProfile profile;
    private final LongIntMap map = new LongIntMap();
    private final int[][] valid;
    private final byte[][] state;
    private final int[][][] owner;
    private final int[][] freeStack;
    private final int[] freeCount;
    private final int[] openBlock;
    private final int[] openPage;
    private boolean collecting;

    private long gcReads;
    private long gcPrograms;
    private long gcErases;
    private long hostPages;
    private long relocatedPages;
    private long victims;
    private long erases;

    /**
     * @param userPages      logical pages of the drive
     * @param dies           parallel units
     * @param stripe         consecutive logical pages placed on one die before the next die
     * @param pagesPerBlock  pages per block
     * @param sparePct       spare area, percent of the user capacity
     * @param reservePct     free blocks kept, percent of the spare area
     * @param preconditioned start in the steady state of random overwrites
     */
    PageMappedFtl(long userPages, int dies, int stripe, int pagesPerBlock, double sparePct, double reservePct,
                  boolean preconditioned) {
        this.dies = dies;
        this.stripe = stripe;
        this.pagesPerBlock = pagesPerBlock;
        long stripes = (userPages + stripe - 1) / stripe;
        long pagesPerDie = (stripes + dies - 1) / dies * stripe;
        long userBlocks = (pagesPerDie + pagesPerBlock - 1) / pagesPerBlock;
        long spareBlocks = Math.max(2, Math.round(userBlocks * sparePct / 100));
        this.blocksPerDie = Math.toIntExact(userBlocks + spareBlocks);
        this.reserveBlocks = (int) Math.max(2, Math.round(spareBlocks * reservePct / 100));
        this.profile = preconditioned
                ? new PreconditionProfile(pagesPerDie, blocksPerDie - reserveBlocks - 1, pagesPerBlock) : null;
        valid = new int[dies][blocksPerDie];
        state = new byte[dies][blocksPerDie];
        owner = new int[dies][blocksPerDie][];
        freeStack = new int[dies][blocksPerDie];
        freeCount = new int[dies];
        openBlock = new int[dies];
        openPage = new int[dies];
        for (int d = 0; d < dies; d++) {
            int first = 0;
            if (profile != null) {
                first = profile.usedBlocks();
                for (int b = 0; b < first; b++) {
                    valid[d][b] = profile.valid(b);
                    state[d][b] = FULL;
                }
            }
            // free blocks are taken lowest number first
            for (int b = blocksPerDie - 1; b >= first; b--) {
                freeStack[d][freeCount[d]++] = b;
            }
            openBlock[d] = -1;
        }
    }

    /** The die that holds logical page {@code lpn}: stripes of {@code stripe} pages go round the dies. */
    int die(long lpn) {
        return (int) ((lpn / stripe) % dies);
    }

    /** The index of {@code lpn} among its die's logical pages. */
    private long local(long lpn) {
        return lpn / ((long) stripe * dies) * stripe + lpn % stripe;
    }

    /** The logical page that is die {@code d}'s {@code local}-th. */
    private long lpnOf(long local, int d) {
        return local / stripe * stripe * dies + (long) d * stripe + local % stripe;
    }

    /** A host write of logical page {@code lpn}: the old copy goes stale, a new page is appended on its die. */
    void write(long lpn) {
        hostPages++;
        int d = die(lpn);
        invalidate(lpn, d);
        append(lpn, d);
    }

    /** DISCARD of logical page {@code lpn}. */
    void trim(long lpn) {
        int d = die(lpn);
        if (invalidate(lpn, d)) {
            map.put(lpn, -1);
        }
    }

    private boolean invalidate(long lpn, int d) {
        int location = location(lpn, d);
        if (location < 0) {
            return false;
        }
        valid[d][location / pagesPerBlock]--;
        return true;
    }

    /** Physical page (block * pagesPerBlock + page) of {@code lpn} on die {@code d}, or -1 when unmapped. */
    private int location(long lpn, int d) {
        int unmapped = Integer.MIN_VALUE;
        int l = map.get(lpn, unmapped);
        if (l != unmapped) {
            return l;
        }
        if (profile == null) {
            return -1;
        }
        long local = local(lpn);
        int b = profile.blockOf(local);
        return b * pagesPerBlock + profile.pageOf(local, b);
    }

    private void append(long lpn, int d) {
        if (openBlock[d] < 0 || openPage[d] == pagesPerBlock) {
            openNewBlock(d);
        }
        int b = openBlock[d];
        int p = openPage[d]++;
        if (owner[d][b] == null) {
            owner[d][b] = new int[pagesPerBlock];
        }
        owner[d][b][p] = (int) local(lpn);
        valid[d][b]++;
        map.put(lpn, b * pagesPerBlock + p);
    }

    private void openNewBlock(int d) {
        if (openBlock[d] >= 0) {
            state[d][openBlock[d]] = FULL;
        }
        if (freeCount[d] == 0) {
            throw new IllegalStateException("die " + d + " has no free block: the FTL is out of space");
        }
        int b = freeStack[d][--freeCount[d]];
        state[d][b] = OPEN;
        openBlock[d] = b;
        openPage[d] = 0;
        if (!collecting) {
            collecting = true;
            while (freeCount[d] < reserveBlocks && collect(d)) {
                victims++;
            }
            collecting = false;
        }
    }

    /** Greedy: collects the full block with the fewest valid pages; false when none would free anything. */
    private boolean collect(int d) {
        int victim = -1;
        int least = pagesPerBlock;
        int[] v = valid[d];
        byte[] s = state[d];
        for (int b = 0; b < blocksPerDie; b++) {
            if (s[b] == FULL && v[b] < least) {
                least = v[b];
                victim = b;
            }
        }
        if (victim < 0) {
            return false;
        }
        for (int p = 0; p < pagesPerBlock && valid[d][victim] > 0; p++) {
            int local = ownerOf(d, victim, p);
            if (local < 0) {
                continue;
            }
            long lpn = lpnOf(local, d);
            if (location(lpn, d) == victim * pagesPerBlock + p) {
                valid[d][victim]--;
                append(lpn, d);
                gcReads++;
                gcPrograms++;
                relocatedPages++;
            }
        }
        state[d][victim] = FREE;
        if (owner[d][victim] != null) {
            Arrays.fill(owner[d][victim], -1);
        } else {
            owner[d][victim] = new int[pagesPerBlock];
            Arrays.fill(owner[d][victim], -1);
        }
        freeStack[d][freeCount[d]++] = victim;
        gcErases++;
        erases++;
        return true;
    }

    private int ownerOf(int d, int b, int p) {
        int[] o = owner[d][b];
        if (o != null) {
            return o[p];
        }
        return profile != null && b < profile.usedBlocks() ? profile.owner(b, p) : -1;
    }

    /** Relocation reads since the last {@link #resetGcWork()}. */
    long gcReads() {
        return gcReads;
    }

    /** Relocated pages programmed since the last {@link #resetGcWork()}. */
    long gcPrograms() {
        return gcPrograms;
    }

    /** Erases since the last {@link #resetGcWork()}. */
    long gcErases() {
        return gcErases;
    }

    /** The device charged the GC work so far. */
    void resetGcWork() {
        gcReads = 0;
        gcPrograms = 0;
        gcErases = 0;
    }

    /** Host pages written. */
    long hostPages() {
        return hostPages;
    }

    /** Pages relocated by GC. */
    long relocatedPages() {
        return relocatedPages;
    }

    /** Blocks collected. */
    long victims() {
        return victims;
    }

    /** Blocks erased. */
    long erases() {
        return erases;
    }

    /** Blocks per die, spare included. */
    int blocksPerDie() {
        return blocksPerDie;
    }

    /** Free blocks kept per die. */
    int reserveBlocks() {
        return reserveBlocks;
    }

    /** Free blocks on die {@code d}. */
    int freeBlocks(int d) {
        return freeCount[d];
    }

    /** Valid pages on die {@code d} (for tests). */
    long validPages(int d) {
        long sum = 0;
        for (int v : valid[d]) {
            sum += v;
        }
        return sum;
    }
}
