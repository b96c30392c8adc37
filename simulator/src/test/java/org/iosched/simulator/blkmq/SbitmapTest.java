package org.iosched.simulator.blkmq;

import static org.assertj.core.api.Assertions.assertThat;

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
}
