package org.iosched.simulator.blkmq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.RequestFlags;
import org.iosched.api.RqQosPolicy;
import org.iosched.api.Task;
import org.junit.jupiter.api.Test;

/** blk-wbt's rules, one per test (reference/blk-mq.md §10). */
class WbtTest {
    private static final long TARGET = 75_000_000L;

    private static Wbt wbt(MqHarness h) {
        return new Wbt(h.queue.rqQosContext("wbt", new SplittableRandom(1)), TARGET);
    }

    // ---------------------------------------------------------------- depths

    @Test
    void theDepthHalvesPerStepDownFromSixteenAndGrowsUpToThreeQuartersOfTheQueue() {
        Wbt.RqDepth d = new Wbt.RqDepth(32, Wbt.DEFAULT_DEPTH);
        assertThat(d.maxDepth).isEqualTo(16);
        List<Integer> down = new ArrayList<>();
        while (d.scaleDown(true)) {
            down.add(d.maxDepth);
        }
        assertThat(down).containsExactly(8, 4, 2, 1);
        assertThat(d.scaleStep).isEqualTo(4);

        Wbt.RqDepth up = new Wbt.RqDepth(32, Wbt.DEFAULT_DEPTH);
        assertThat(up.scaleUp()).isTrue();
        // 1 + (15 << 1) = 31 is above 3 * 32 / 4: capped at 24, and no further step up
        assertThat(up.maxDepth).isEqualTo(24);
        assertThat(up.scaleUp()).isFalse();
        assertThat(up.scaleStep).isEqualTo(-1);
        // a hard scale down from a negative step goes back to 0 at once
        assertThat(up.scaleDown(true)).isTrue();
        assertThat(up.scaleStep).isZero();
        assertThat(up.maxDepth).isEqualTo(16);
    }

    @Test
    void aQueueOfDepthOneKeepsTwoUnlessScaledDown() {
        Wbt.RqDepth d = new Wbt.RqDepth(1, Wbt.DEFAULT_DEPTH);
        assertThat(d.maxDepth).isEqualTo(2);
        d.scaleDown(true);
        assertThat(d.maxDepth).isEqualTo(1);
        assertThat(d.scaleDown(true)).isFalse();
    }

    @Test
    void theLimitsAreHalfAndAQuarterOfTheDepth() {
        Wbt w = wbt(MqHarness.builder().depth(32).build());
        assertThat(w.depth.maxDepth).isEqualTo(16);
        assertThat(w.wbNormal).isEqualTo(8);
        assertThat(w.wbBackground).isEqualTo(4);
        Wbt one = wbt(MqHarness.builder().depth(1).build());
        assertThat(one.wbNormal).isEqualTo(2);
        assertThat(one.wbBackground).isEqualTo(1);
    }

    @Test
    void aSataDiskWithoutNcqIsAQueueDepthOneDeviceForWbtThoughAhciHas32Tags() {
        // scsi_change_queue_depth -> blk_set_queue_depth(sdev->queue_depth): the LUN's budget, not the host's tags
        MqHarness h = MqHarness.builder().depth(32).build();
        h.queue.setDispatchBudget(1);
        Wbt w = wbt(h);
        assertThat(w.depth.maxDepth).isEqualTo(2);
        assertThat(w.wbNormal).isEqualTo(2);
        assertThat(w.wbBackground).isEqualTo(1);
        // with NCQ the LUN's depth is the drive's (32 on 6.6): 16, as without a budget
        MqHarness ncq = MqHarness.builder().depth(32).build();
        ncq.queue.setDispatchBudget(32);
        assertThat(wbt(ncq).depth.maxDepth).isEqualTo(16);
    }

    @Test
    void aScaledDownWindowIsShorterByTheSquareRootOfTheStep() {
        // int_sqrt(512) = 22
        assertThat((Wbt.WINDOW_NANOS << 4) / Wbt.intSqrt(2L << 8)).isEqualTo(72_727_272L);
        assertThat((Wbt.WINDOW_NANOS << 4) / Wbt.intSqrt(4L << 8)).isEqualTo(50_000_000L);
    }

    // ---------------------------------------------------------------- window decisions

    private static void window(Wbt w, long reads, long readMin, long writes) {
        w.readSamples = reads;
        w.readMin = readMin;
        w.writeSamples = writes;
        w.timerFired();
    }

    @Test
    void aWindowWhoseFastestReadMissedTheTargetScalesDownAndOneThatMetItScalesUp() {
        Wbt w = wbt(MqHarness.builder().depth(32).build());
        window(w, 5, TARGET + 1, 10);
        assertThat(w.depth.scaleStep).isEqualTo(1);
        window(w, 5, TARGET + 1, 10);
        assertThat(w.depth.scaleStep).isEqualTo(2);
        assertThat(w.depth.maxDepth).isEqualTo(4);
        window(w, 5, TARGET, 10);
        assertThat(w.depth.scaleStep).isEqualTo(1);
        assertThat(w.wbNormal).isEqualTo(4);
    }

    @Test
    void tooFewSamplesWithWritesScaleUpPastZero() {
        Wbt w = wbt(MqHarness.builder().depth(32).build());
        // one read but only two writes: not a valid sample, writes were seen
        window(w, 1, 1, 2);
        assertThat(w.depth.scaleStep).isEqualTo(-1);
    }

    @Test
    void fiveUnknownWindowsMoveTheStepOneTowardZero() {
        Wbt w = wbt(MqHarness.builder().depth(32).build());
        window(w, 5, TARGET + 1, 10);
        window(w, 5, TARGET + 1, 10);
        for (int i = 0; i < 4; i++) {
            window(w, 0, Long.MAX_VALUE, 0);
            assertThat(w.depth.scaleStep).isEqualTo(2);
        }
        window(w, 0, Long.MAX_VALUE, 0);
        assertThat(w.depth.scaleStep).isEqualTo(1);
        assertThat(w.unknownCount).isZero();
    }

    // ---------------------------------------------------------------- which bios

    @Test
    void buffered_writesAndDiscardsAreThrottledButNotReadsOrODirectWrites() {
        assertThat(Wbt.shouldThrottle(Op.WRITE, 0)).isTrue();
        assertThat(Wbt.shouldThrottle(Op.WRITE, RequestFlags.SYNC | RequestFlags.NOIDLE)).isTrue();
        assertThat(Wbt.shouldThrottle(Op.DISCARD, 0)).isTrue();
        // O_DIRECT: REQ_SYNC | REQ_IDLE
        assertThat(Wbt.shouldThrottle(Op.WRITE, RequestFlags.SYNC)).isFalse();
        assertThat(Wbt.shouldThrottle(Op.READ, RequestFlags.SYNC)).isFalse();
        assertThat(Wbt.shouldThrottle(Op.FLUSH, RequestFlags.SYNC)).isFalse();
    }

    @Test
    void aRecentReadLimitsBufferedWritesToTheBackgroundDepthAndSyncWritesGetTheMaximum() {
        MqHarness h = MqHarness.builder().depth(32).build();
        Wbt w = wbt(h);
        Task t = MqHarness.task(7);
        Bio write = h.write(t, 0, 8);
        assertThat(w.limit(write)).isEqualTo(8);
        assertThat(w.limit(h.bio(t, Op.WRITE, RequestFlags.SYNC | RequestFlags.NOIDLE, 0, 8))).isEqualTo(16);
        assertThat(w.limit(h.bio(t, Op.DISCARD, 0, 0, 8))).isEqualTo(4);
        assertThat(w.throttle(h.read(t, 100, 8))).isEqualTo(RqQosPolicy.Throttle.PROCEED);
        assertThat(w.closeIo()).isTrue();
        assertThat(w.limit(write)).isEqualTo(4);
    }

    // ---------------------------------------------------------------- waiting

    @Test
    void writersAboveTheLimitSleepAndAreWokenInOrderOnceEnoughCompleted() {
        MqHarness h = MqHarness.builder().depth(32).build();
        Wbt w = new Wbt(h.queue.wbtContext(), TARGET);
        h.queue.addRqQos(w, h.queue.wbtContext());
        List<Bio> writes = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            Bio bio = h.write(MqHarness.task(200 + i), i * 1000L, 8);
            writes.add(bio);
            boolean queued = h.submit(bio);
            assertThat(queued).isEqualTo(i < 8);
        }
        assertThat(w.waits[Wbt.RWQ_BG].inflight).isEqualTo(8);
        h.runAll();

        assertThat(h.resumed).containsExactly(writes.get(8), writes.get(9));
        assertThat(h.completed).hasSize(10);
        assertThat(w.inflight()).isZero();
        assertThat(h.queue.idle()).isTrue();
    }

    @Test
    void onAWriteBackCacheDeviceSleepersWaitUntilTheClassDrains() {
        MqHarness h = MqHarness.builder().depth(32).writeCache(true, false).build();
        Wbt w = new Wbt(h.queue.wbtContext(), TARGET);
        h.queue.addRqQos(w, h.queue.wbtContext());
        for (int i = 0; i < 9; i++) {
            h.submit(h.write(MqHarness.task(300 + i), i * 1000L, 8));
        }
        // the eight in flight complete one by one: nobody is woken until the eighth
        List<Integer> inflightAtResume = new ArrayList<>();
        h.queue.setSleepListener(bio -> inflightAtResume.add(h.device.submitted().size()));
        h.runAll();
        assertThat(inflightAtResume).containsExactly(8);
        assertThat(h.completed).hasSize(9);
    }
}
