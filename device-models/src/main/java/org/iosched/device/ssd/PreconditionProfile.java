package org.iosched.device.ssd;

import org.iosched.api.InvalidInputException;

/**
 * The valid-page counts of a die's blocks in the steady state of uniform random overwrites, so that a
 * {@code preconditioned} drive collects garbage from its first write without the host writing the whole drive.
 *
 * <p>Derivation (devices-os.md §2.2, write amplification of the LRW model): a block filled at age 0 keeps each
 * page valid with probability {@code e^(-a)} after age a (in units of the time to rewrite the used blocks once);
 * blocks are collected at age A, evenly spread in age, so the mean valid share is {@code (1 - e^-A) / A}, which
 * must equal user pages / used pages. Solving for A gives the victim's valid share {@code e^-A} and a write
 * amplification of {@code 1 / (1 - e^-A)} (7.3 at 7.5% spare, close to §2.2's 7.8).
 *
 * <p>Limitations: logical pages are laid out in order within the profile (block i holds the next
 * {@code valid(i)} pages of the die); under uniform random writes that order does not matter.
 */
final class PreconditionProfile {
    private final int[] firstPage;

    /**
     * @param userPages     logical pages the die holds
     * @param usedBlocks    blocks that hold data (the rest are free)
     * @param pagesPerBlock pages per block
     */
    PreconditionProfile(long userPages, int usedBlocks, int pagesPerBlock) {
        double fill = (double) userPages / ((double) usedBlocks * pagesPerBlock);
        if (fill >= 1) {
            throw new InvalidInputException("device: spare_pct leaves no room for garbage once gc_reserve_pct is"
                    + " kept free; raise spare_pct or lower gc_reserve_pct");
        }
        double age = solveAge(fill);
        double[] cumulative = new double[usedBlocks + 1];
        for (int b = 0; b < usedBlocks; b++) {
            cumulative[b + 1] = cumulative[b] + Math.exp(-age * (b + 0.5) / usedBlocks);
        }
        firstPage = new int[usedBlocks + 1];
        long placed = 0;
        for (int b = 0; b < usedBlocks; b++) {
            long target = Math.round(userPages * cumulative[b + 1] / cumulative[usedBlocks]);
            long next = Math.min(placed + pagesPerBlock, Math.max(placed, target));
            firstPage[b + 1] = (int) next;
            placed = next;
        }
        // rounding may leave a few pages: the emptiest blocks (at the end) take them
        for (int b = usedBlocks - 1; b >= 0 && placed < userPages; b--) {
            int room = pagesPerBlock - valid(b);
            int add = (int) Math.min(room, userPages - placed);
            for (int k = b + 1; k <= usedBlocks; k++) {
                firstPage[k] += add;
            }
            placed += add;
        }
    }

    /** A with (1 - e^-A) / A = fill, by bisection. */
    static double solveAge(double fill) {
        double lo = 1e-12;
        double hi = 100;
        for (int i = 0; i < 200; i++) {
            double mid = (lo + hi) / 2;
            double share = (1 - Math.exp(-mid)) / mid;
            if (share > fill) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    /** Blocks that hold data. */
    int usedBlocks() {
        return firstPage.length - 1;
    }

    /** Valid pages of block {@code b}. */
    int valid(int b) {
        return firstPage[b + 1] - firstPage[b];
    }

    /** The die-local logical page at page {@code p} of block {@code b}, or -1 for a stale page. */
    int owner(int b, int p) {
        return p < valid(b) ? firstPage[b] + p : -1;
    }

    /** The block holding die-local logical page {@code local}. */
    int blockOf(long local) {
        int lo = 0;
        int hi = usedBlocks() - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (firstPage[mid] <= local) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /** The page within {@link #blockOf} of {@code local}. */
    int pageOf(long local, int block) {
        return (int) (local - firstPage[block]);
    }
}
