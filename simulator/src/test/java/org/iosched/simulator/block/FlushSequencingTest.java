package org.iosched.simulator.block;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.junit.jupiter.api.Test;

class FlushSequencingTest {
    private final Task task = QueueHarness.task(1000);

    private static QueueHarness device(boolean writeCache, boolean fua) {
        return QueueHarness.builder().disk(1).writeCache(writeCache, fua).serviceTime(rq -> 1_000_000).build();
    }

    @Test
    void aPreflushWriteOnACachedDiskIsAFlushThenTheData() {
        QueueHarness h = device(true, true);
        Bio bio = h.bio(task, Op.WRITE, RequestFlags.SYNC | RequestFlags.PREFLUSH, 800, 8);

        h.submit(bio);
        h.runAll();

        assertThat(h.deviceSaw()).containsExactly("FLUSH 0+0", "WRITE 800+8");
        assertThat(h.device.submitted().get(1).hasFlag(RequestFlags.PREFLUSH)).isFalse();
        assertThat(h.completed).containsExactly(bio);
        assertThat(h.clock.now()).isEqualTo(2_000_000);
        assertThat(h.recording().log).isEmpty();
    }

    @Test
    void fuaOnADeviceWithoutNativeFuaIsTheDataThenAFlush() {
        QueueHarness h = device(true, false);
        h.submit(h.bio(task, Op.WRITE, RequestFlags.SYNC | RequestFlags.FUA, 800, 8));
        h.runAll();

        assertThat(h.deviceSaw()).containsExactly("WRITE 800+8", "FLUSH 0+0");
        assertThat(h.device.submitted().get(0).hasFlag(RequestFlags.FUA)).isFalse();
        assertThat(h.completed).hasSize(1);
    }

    @Test
    void nativeFuaGoesToTheDeviceAsIs() {
        QueueHarness h = device(true, true);
        h.submit(h.bio(task, Op.WRITE, RequestFlags.SYNC | RequestFlags.FUA, 800, 8));
        h.runAll();

        assertThat(h.deviceSaw()).containsExactly("WRITE 800+8");
        assertThat(h.device.submitted().get(0).hasFlag(RequestFlags.FUA)).isTrue();
    }

    @Test
    void aPreflushFuaWriteWithoutNativeFuaIsFlushDataFlush() {
        QueueHarness h = device(true, false);
        h.submit(h.bio(task, Op.WRITE, RequestFlags.SYNC | RequestFlags.PREFLUSH | RequestFlags.FUA, 800, 8));
        h.runAll();

        assertThat(h.deviceSaw()).containsExactly("FLUSH 0+0", "WRITE 800+8", "FLUSH 0+0");
        assertThat(h.completed).hasSize(1);
        assertThat(h.queue.idle()).isTrue();
    }

    @Test
    void withoutAWriteCacheFlushAndFuaAreDroppedAndTheDataGoesAlone() {
        QueueHarness h = device(false, false);
        h.submit(h.bio(task, Op.WRITE, RequestFlags.SYNC | RequestFlags.PREFLUSH | RequestFlags.FUA, 800, 8));
        h.runAll();

        assertThat(h.deviceSaw()).containsExactly("WRITE 800+8");
        assertThat(h.device.submitted().get(0).flags() & (RequestFlags.FUA | RequestFlags.PREFLUSH)).isZero();
    }

    @Test
    void anEmptyFlushIsOneFlushRequest() {
        QueueHarness h = device(true, false);
        h.submit(h.bio(task, Op.FLUSH, RequestFlags.SYNC, 0, 0));
        h.runAll();

        assertThat(h.deviceSaw()).containsExactly("FLUSH 0+0");
        // without data blkparse prints no "sector + n" (and only the sector on C)
        assertThat(h.events()).containsExactly("Q", "G", "I", "D", "C");
        assertThat(h.traceLines().get(0)).endsWith(" Q FWS [" + task.name() + "]");
        assertThat(h.traceLines().get(4)).endsWith(" C FWS 0 [0]");
        assertThat(h.queue.disk().snapshot("fake", h.clock.now(), h.clock.now()).writeIos()).isEqualTo(1);
    }

    @Test
    void anEmptyFlushOnADeviceWithoutCacheCompletesAtOnce() {
        QueueHarness h = device(false, false);
        Bio flush = h.bio(task, Op.FLUSH, RequestFlags.SYNC, 0, 0);

        assertThat(h.submit(flush)).isTrue();

        assertThat(h.completed).containsExactly(flush);
        assertThat(h.deviceSaw()).isEmpty();
        assertThat(h.queue.idle()).isTrue();
    }

    @Test
    void flushStepsBypassTheSchedulerAndActAsBarriersOnTheDispatchQueue() {
        QueueHarness h = QueueHarness.builder().disk(1).writeCache(true, true).build();
        h.submit(h.read(task, 0, 8));
        h.queue.unplug(task);
        h.submit(h.bio(task, Op.FLUSH, RequestFlags.SYNC, 0, 0));
        h.submit(h.read(task, 100, 8));
        h.queue.unplug(task);

        h.runAll();

        assertThat(h.deviceSaw()).containsExactly("READ 0+8", "FLUSH 0+0", "READ 100+8");
        assertThat(h.recording().hooks("add")).containsExactly("add rq0", "add rq2");
    }

    @Test
    void aDeviceThatRefusesAFlushWhileBusyGetsItWhenIdle() {
        QueueHarness h = QueueHarness.builder().disk(4).writeCache(true, false).refuseFlushWhileBusy()
                .serviceTime(rq -> rq.op() == Op.READ ? 5_000_000 : 1_000_000).build();
        h.submit(h.read(task, 0, 8));
        h.queue.unplug(task);
        h.submit(h.bio(task, Op.FLUSH, RequestFlags.SYNC, 0, 0));

        assertThat(h.deviceSaw()).containsExactly("READ 0+8");
        h.runAll();

        assertThat(h.deviceSaw()).containsExactly("READ 0+8", "FLUSH 0+0");
        assertThat(h.device.submitted().get(1).dispatchTime()).isEqualTo(5_000_000);
    }
}
