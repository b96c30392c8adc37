package org.iosched.simulator.blkmq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** The sbitmap rules blk-mq's tags follow (reference/blk-mq.md §3.2). */
class SbitmapTest {
    @Test
    void wordsShrinkUntilTheMapHasFourOfThem() {
        assertThat(Sbitmap.calculateShift(64)).isEqualTo(4);
        assertThat(Sbitmap.calculateShift(128)).isEqualTo(5);
        assertThat(Sbitmap.calculateShift(256)).isEqualTo(6);
        assertThat(Sbitmap.calculateShift(1023)).isEqualTo(6);
        assertThat(Sbitmap.calculateShift(32)).isEqualTo(3);
    }

    @Test
    void aShallowDepthLimitsEveryWordNotTheWholeMap() {
        Sbitmap tags = new Sbitmap(64, 1);
        int got = 0;
        while (tags.get(3, 0) >= 0) {
            got++;
        }
        // four words of 16 bits, three usable in each
        assertThat(got).isEqualTo(12);
        // an allocation without the limit still finds the rest
        assertThat(tags.get(0, 0)).isGreaterThanOrEqualTo(0);
        assertThat(tags.inUse()).isEqualTo(13);
    }

    @Test
    void everyTagIsHandedOutOnceAndTheMapRunsDry() {
        Sbitmap tags = new Sbitmap(32, 2);
        boolean[] seen = new boolean[32];
        for (int i = 0; i < 32; i++) {
            int tag = tags.get(0, i % 2);
            assertThat(seen[tag]).isFalse();
            seen[tag] = true;
        }
        assertThat(tags.get(0, 0)).isEqualTo(-1);
    }

    @Test
    void wakeUpsComeInBatchesSizedByTheSmallestShallowDepth() {
        Sbitmap tags = new Sbitmap(64, 1);
        assertThat(tags.wakeBatch()).isEqualTo(8);
        // mq-deadline 6.6 declares 12 of each 16-bit word: usable 48, wake_batch 6
        tags.setMinShallowDepth(12);
        assertThat(tags.wakeBatch()).isEqualTo(6);
        // BFQ declares 1: usable 4, wake_batch 1
        tags.setMinShallowDepth(1);
        assertThat(tags.wakeBatch()).isEqualTo(1);
        tags.setMinShallowDepth(12);
        for (int i = 0; i < 10; i++) {
            tags.get(0, 0);
        }
        int woken = 0;
        for (int i = 0; i < 6; i++) {
            woken += tags.put(i, 0);
        }
        assertThat(woken).isEqualTo(6);
        assertThat(tags.put(6, 0)).isZero();
    }

    @Test
    void aSchedulerDeclaresItsSmallestShallowDepthThroughItsHardwareQueue() {
        MqHarness h = MqHarness.builder().fifo(64).build();
        Hctx hctx = (Hctx) h.queue.hardwareQueue(0);
        assertThat(hctx.schedTags.wakeBatch()).isEqualTo(8);
        hctx.setMinShallowDepth(12);
        assertThat(hctx.schedTags.wakeBatch()).isEqualTo(6);
    }

    // a failure shows the sequence as generated: shrinking one that broke the map ran for minutes
    @Property(tries = 500, shrinking = ShrinkingMode.OFF)
    void tagsComeInTheOrderOfABitByBitScan(@ForAll @IntRange(min = 1, max = 300) int depth,
                                           @ForAll @IntRange(min = 1, max = 4) int cpus,
                                           @ForAll @Size(max = 150) List<@IntRange(min = 0, max = 1 << 20) Integer> ops) {
        // gets (with and without a shallow depth, from any CPU) and puts of tags in use, against the scan of
        // sbitmap_queue_get_shallow bit by bit from the CPU's hint
        Sbitmap tags = new Sbitmap(depth, cpus);
        Reference reference = new Reference(depth, cpus);
        for (int op : ops) {
            int cpu = op % cpus;
            if ((op >> 3) % 3 == 0 && reference.inUse() > 0) {
                int tag = reference.nthInUse((op >> 5) % reference.inUse());
                assertThat(tags.put(tag, cpu)).isEqualTo(reference.put(tag, cpu, tags.wakeBatch()));
            } else {
                int shallow = (op >> 5) % 4 == 0 ? 1 + (op >> 7) % 70 : 0;
                assertThat(tags.get(shallow, cpu)).isEqualTo(reference.get(shallow, cpu));
            }
            assertThat(tags.inUse()).isEqualTo(reference.inUse());
        }
    }

    /** The map as a flag per tag, searched a bit at a time. */
    private static final class Reference {
        private final int depth;
        private final int shift;
        private final boolean[] used;
        private final int[] hint;
        private int inUse;
        private int freed;

        Reference(int depth, int cpus) {
            this.depth = depth;
            this.shift = Sbitmap.calculateShift(depth);
            this.used = new boolean[depth];
            this.hint = new int[cpus];
        }

        int inUse() {
            return inUse;
        }

        int nthInUse(int n) {
            for (int tag = 0, seen = 0; ; tag++) {
                if (used[tag] && seen++ == n) {
                    return tag;
                }
            }
        }

        int get(int shallowDepth, int cpu) {
            int word = 1 << shift;
            int limit = shallowDepth <= 0 ? word : Math.min(shallowDepth, word);
            int h = hint[cpu] >= depth ? 0 : hint[cpu];
            int words = (depth + word - 1) >> shift;
            for (int i = 0; i <= words; i++) {
                int w = ((h >> shift) + i) % words;
                int base = w << shift;
                int first = i == 0 ? h & (word - 1) : 0;
                int end = Math.min(base + limit, depth);
                if (i == words) {
                    end = Math.min(base + Math.min(limit, h & (word - 1)), depth);
                    first = 0;
                }
                for (int bit = base + first; bit < end; bit++) {
                    if (!used[bit]) {
                        used[bit] = true;
                        inUse++;
                        if (bit == h) {
                            hint[cpu] = bit + 1 >= depth ? 0 : bit + 1;
                        }
                        return bit;
                    }
                }
            }
            return -1;
        }

        int put(int tag, int cpu, int wakeBatch) {
            used[tag] = false;
            inUse--;
            hint[cpu] = tag;
            if (++freed >= wakeBatch) {
                freed = 0;
                return wakeBatch;
            }
            return 0;
        }
    }
}
