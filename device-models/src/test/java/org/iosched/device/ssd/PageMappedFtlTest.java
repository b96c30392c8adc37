package org.iosched.device.ssd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class PageMappedFtlTest {
    @Test
    void aFreshDriveWritesWithoutGarbageCollectionUntilItsFreeBlocksRunLow() {
        PageMappedFtl ftl = new PageMappedFtl(4096, 4, 1, 64, 10, 5, false);
        for (long lpn = 0; lpn < 4096; lpn++) {
            ftl.write(lpn);
        }

        assertThat(ftl.victims()).isZero();
        assertThat(ftl.relocatedPages()).isZero();
    }

    @Test
    void sustainedRandomOverwritesCollectGarbageAndAmplifyWrites() {
        // 256 user blocks per die plus 10% spare, 5% of which is kept free
        PageMappedFtl ftl = new PageMappedFtl(65_536, 4, 1, 64, 10, 5, false);
        java.util.SplittableRandom random = new java.util.SplittableRandom(9);
        for (int i = 0; i < 300_000; i++) {
            ftl.write(random.nextLong(65_536));
        }

        assertThat(ftl.victims()).isPositive();
        double wa = (double) (ftl.hostPages() + ftl.relocatedPages()) / ftl.hostPages();
        // greedy at ~10% spare: a few times (§2.2 table: 5.7 for LRW at 10%)
        assertThat(wa).isBetween(2.0, 8.0);
        for (int d = 0; d < 4; d++) {
            assertThat(ftl.freeBlocks(d)).isGreaterThanOrEqualTo(ftl.reserveBlocks() - 1);
        }
    }

    @Test
    void aPreconditionedDriveHoldsEveryLogicalPageAndCollectsFromItsFirstBlock() {
        PageMappedFtl ftl = new PageMappedFtl(64_000, 4, 1, 64, 7.5, 5, true);
        assertThat(ftl.validPages(0) + ftl.validPages(1) + ftl.validPages(2) + ftl.validPages(3)).isEqualTo(64_000);

        java.util.SplittableRandom random = new java.util.SplittableRandom(9);
        for (int i = 0; i < 4 * 64 * 2; i++) {
            ftl.write(random.nextLong(64_000));
        }
        assertThat(ftl.victims()).isPositive();
        assertThat(ftl.validPages(0) + ftl.validPages(1) + ftl.validPages(2) + ftl.validPages(3)).isEqualTo(64_000);
    }

    @Test
    void stripedPreconditionedDrivesKeepEveryPageThroughGarbageCollection() {
        PageMappedFtl ftl = new PageMappedFtl(64_000, 4, 16, 64, 7.5, 5, true);
        java.util.SplittableRandom random = new java.util.SplittableRandom(4);
        for (int i = 0; i < 20_000; i++) {
            ftl.write(random.nextLong(64_000));
        }

        assertThat(ftl.victims()).isPositive();
        assertThat(ftl.validPages(0) + ftl.validPages(1) + ftl.validPages(2) + ftl.validPages(3)).isEqualTo(64_000);
        assertThat(ftl.die(15)).isZero();
        assertThat(ftl.die(16)).isEqualTo(1);
        assertThat(ftl.die(64)).isZero();
    }

    @Test
    void discardMakesPagesStale() {
        PageMappedFtl ftl = new PageMappedFtl(4096, 4, 1, 64, 10, 5, false);
        ftl.write(8);
        ftl.write(12);
        ftl.trim(8);
        ftl.trim(8);

        assertThat(ftl.validPages(0)).isEqualTo(1);
    }

    @Test
    void thePreconditionedAgeGivesTheLrwWriteAmplification() {
        // fill 0.93 (7.5% spare): (1 - e^-A) / A = 0.93, WA = 1 / (1 - e^-A) ≈ 7.3 (§2.2: 7.8 at 7%)
        double age = PreconditionProfile.solveAge(1 / 1.075);
        assertThat((1 - Math.exp(-age)) / age).isCloseTo(1 / 1.075, within(1e-9));
        assertThat(1 / (1 - Math.exp(-age))).isBetween(7.0, 8.0);
    }

    @Test
    void thePreconditionProfilePlacesEveryPageWithinBlockLimits() {
        PreconditionProfile profile = new PreconditionProfile(100_000, 1700, 64);
        long sum = 0;
        for (int b = 0; b < profile.usedBlocks(); b++) {
            assertThat(profile.valid(b)).isBetween(0, 64);
            sum += profile.valid(b);
        }
        assertThat(sum).isEqualTo(100_000);
        int b = profile.blockOf(54_321);
        assertThat(profile.owner(b, profile.pageOf(54_321, b))).isEqualTo(54_321);
    }

    /** Valid pages always equal the distinct logical pages written and not discarded. */
    @Property(tries = 100)
    void validPagesEqualLiveLogicalPages(@ForAll @Size(max = 3000) List<@IntRange(min = 0, max = 1023) Integer> ops) {
        PageMappedFtl ftl = new PageMappedFtl(512, 2, 4, 16, 25, 10, false);
        Set<Integer> live = new HashSet<>();
        for (int op : ops) {
            int lpn = op % 512;
            if (op >= 1000) {
                ftl.trim(lpn);
                live.remove(lpn);
            } else {
                ftl.write(lpn);
                live.add(lpn);
            }
        }
        assertThat(ftl.validPages(0) + ftl.validPages(1)).isEqualTo(live.size());
    }
}
