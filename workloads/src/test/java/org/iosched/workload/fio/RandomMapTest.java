package org.iosched.workload.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.BitSet;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The paged random map: the same answers as a flat bitmap, and memory only for the pages touched. */
class RandomMapTest {
    /** The flat bitmap the map replaced, as the reference. */
    private static long referenceNextFree(BitSet done, long blocks, long block) {
        int free = done.nextClearBit((int) block);
        if (free < blocks) {
            return free;
        }
        free = done.nextClearBit(0);
        return free < blocks ? free : -1;
    }

    @Test
    void answersAsAFlatBitmapDoes() {
        SplittableRandom random = new SplittableRandom(15);
        for (long blocks : new long[] {1, 63, 64, 65, 1023, 1024, 1025, 5000, 70_001}) {
            RandomMap map = new RandomMap(blocks);
            BitSet done = new BitSet();
            for (int i = 0; i < 4 * blocks; i++) {
                long b = random.nextLong(blocks);
                long expected = referenceNextFree(done, blocks, b);
                assertThat(map.isFree(b)).isEqualTo(!done.get((int) b));
                assertThat(map.nextFree(b)).as("blocks %d at %d", blocks, b).isEqualTo(expected);
                if (expected < 0) {
                    assertThat(map.full()).isTrue();
                    break;
                }
                int count = 1 + random.nextInt(8);
                int marked = map.mark(expected, count);
                int want = 0;
                for (long x = expected; want < count && x < blocks && !done.get((int) x); x++) {
                    done.set((int) x);
                    want++;
                }
                assertThat(marked).isEqualTo(want);
            }
            map.clear();
            assertThat(map.full()).isFalse();
            assertThat(map.nextFree(blocks - 1)).isEqualTo(blocks - 1);
            // a second pass after clear (full pages forgotten) answers as a fresh bitmap
            BitSet again = new BitSet();
            for (int i = 0; i < 2 * blocks; i++) {
                long b = random.nextLong(blocks);
                long expected = referenceNextFree(again, blocks, b);
                assertThat(map.nextFree(b)).as("after clear, blocks %d at %d", blocks, b).isEqualTo(expected);
                if (expected < 0) {
                    break;
                }
                int marked = map.mark(expected, 4);
                for (int k = 0; k < marked; k++) {
                    again.set((int) expected + k);
                }
            }
        }
    }

    @Test
    void aTerabyteOf4KibBlocksCostsThePagesTouched() {
        RandomMap map = new RandomMap(1_000_204_886_016L / 4096);
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 1000; i++) {
            long b = map.nextFree(random.nextLong(map.blocks()));
            assertThat(map.mark(b, 1)).isEqualTo(1);
        }
        assertThat(map.pagesAllocated()).isBetween(990, 1000);
        assertThat(map.isFree(map.blocks() - 1)).isTrue();
        assertThat(map.dense()).isFalse();
    }

    @Test
    void aMapTouchedOverThreeQuartersOfItsPagesBecomesOneFlatBitmapAndAnswersAsBefore() {
        long blocks = 200L * RandomMap.PAGE_BLOCKS + 17;
        RandomMap map = new RandomMap(blocks);
        BitSet done = new BitSet();
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 1000; i++) {
            long b = map.nextFree(random.nextLong(blocks));
            int marked = map.mark(b, 1 + random.nextInt(4));
            done.set((int) b, (int) b + marked);
            if (map.pagesAllocated() < 149) {
                assertThat(map.dense()).isFalse();
            }
        }
        assertThat(map.dense()).isTrue();
        assertThat(map.pagesAllocated()).isEqualTo(201);
        for (long b = 0; b < blocks; b += 1 + random.nextInt(64)) {
            assertThat(map.isFree(b)).isEqualTo(!done.get((int) b));
            assertThat(map.nextFree(b)).isEqualTo(referenceNextFree(done, blocks, b));
        }
    }

    @Test
    void aMapBeyondTheLimitIsRefused() {
        assertThat(new RandomMap(RandomMap.MAX_BLOCKS).nextFree(RandomMap.MAX_BLOCKS - 1))
                .isEqualTo(RandomMap.MAX_BLOCKS - 1);
        assertThatThrownBy(() -> new RandomMap(RandomMap.MAX_BLOCKS + 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
