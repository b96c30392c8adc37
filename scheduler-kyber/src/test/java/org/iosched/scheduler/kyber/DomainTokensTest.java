package org.iosched.scheduler.kyber;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iosched.api.HardwareQueue;
import org.iosched.api.Request;
import org.iosched.testkit.FakeMqSchedulerContext;
import org.junit.jupiter.api.Test;

/** Domain tokens: the kernel's depths, exhaustion, waiting, wake batching and the asynchronous re-run. */
class DomainTokensTest {
    @Test
    void wakeBatchIsAnEighthOfTheDepthBetweenOneAndEight() {
        assertThat(DomainTokens.wakeBatchFor(256)).isEqualTo(8);
        assertThat(DomainTokens.wakeBatchFor(64)).isEqualTo(8);
        assertThat(DomainTokens.wakeBatchFor(16)).isEqualTo(2);
        assertThat(DomainTokens.wakeBatchFor(12)).isEqualTo(1);
        assertThat(DomainTokens.wakeBatchFor(1)).isEqualTo(1);
    }

    @Test
    void aPoolHandsOutItsDepthThenNothing() {
        DomainTokens pool = new DomainTokens(16);
        for (int i = 0; i < 16; i++) {
            assertThat(pool.get()).isEqualTo(i);
        }
        assertThat(pool.get()).isEqualTo(-1);
        pool.clear(5);
        assertThat(pool.get()).isEqualTo(5);
    }

    @Test
    void shrinkingKeepsTokensHeldAboveTheNewDepthUntilFreed() {
        DomainTokens pool = new DomainTokens(128);
        for (int i = 0; i < 100; i++) {
            pool.get();
        }
        pool.resize(32);

        assertThat(pool.inUse()).isEqualTo(100);
        assertThat(pool.wakeBatch()).isEqualTo(4);
        pool.clear(90);
        assertThat(pool.get()).as("bit 90 is above the depth").isEqualTo(-1);
        pool.clear(3);
        assertThat(pool.get()).isEqualTo(3);
    }

    @Test
    void freedTokensCountOnlyWhileSomeoneWaitsAndWakeEveryWaiterPerBatch() {
        DomainTokens pool = new DomainTokens(16);
        List<String> woken = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            pool.get();
        }
        pool.clear(0); // nobody waits: not counted
        pool.get();
        pool.addWaiter(0, () -> woken.add("a"));
        pool.addWaiter(3, () -> woken.add("b"));
        pool.addWaiter(0, () -> woken.add("c"));

        pool.clear(1);
        assertThat(woken).as("wake_batch is 2").isEmpty();
        pool.clear(2);
        // non-exclusive entries: all are woken, queue 0 first, newest first within a queue (add_wait_queue)
        assertThat(woken).containsExactly("c", "a", "b");
        assertThat(pool.activeWaiters()).isZero();
    }

    @Test
    void anExhaustedDomainLeavesItsRequestsQueuedTracesThrottledAndWaits() {
        FakeMqSchedulerContext context = Kybers.simple();
        KyberScheduler kyber = Kybers.on(context);
        HardwareQueue hctx = context.hardwareQueue(0);
        for (int i = 0; i < 17; i++) {
            Kybers.insert(kyber, Kybers.request(context, org.iosched.api.Op.FLUSH, 0, 0, 0, 0));
        }

        List<Request> out = Kybers.drain(kyber, hctx, 100);

        assertThat(out).hasSize(16);
        assertThat(kyber.hasWork(hctx)).isTrue();
        assertThat(KyberScheduler.waiting(hctx, KyberScheduler.OTHER)).isTrue();
        assertThat(kyber.tokens(KyberScheduler.OTHER).activeWaiters()).isEqualTo(1);
        assertThat(context.messages()).contains("kyber_throttled: OTHER");
        assertThat(out).extracting(KyberScheduler::tokenOf).doesNotHaveDuplicates().allMatch(t -> t >= 0 && t < 16);
    }

    @Test
    void aFreedTokenWakesTheWaitingHardwareQueueAsynchronouslyAfterAWakeBatch() {
        FakeMqSchedulerContext context = Kybers.simple();
        KyberScheduler kyber = Kybers.on(context);
        HardwareQueue hctx = context.hardwareQueue(0);
        for (int i = 0; i < 18; i++) {
            Kybers.insert(kyber, Kybers.request(context, org.iosched.api.Op.FLUSH, 0, 0, 0, 0));
        }
        List<Request> out = Kybers.drain(kyber, hctx, 100);

        kyber.completedRequest(out.get(0), context.now());
        kyber.finishRequest(out.get(0));
        assertThat(Kybers.runs(context)).as("OTHER's wake batch is 16 / 8 = 2").isEmpty();
        kyber.finishRequest(out.get(1));

        assertThat(Kybers.runs(context)).containsExactly("hctx0 async");
        assertThat(KyberScheduler.waiting(hctx, KyberScheduler.OTHER)).isFalse();
        assertThat(Kybers.drain(kyber, hctx, 100)).hasSize(2);
    }

    @Test
    void aTokenGotWhileQueuedTakesTheWaitEntryOff() {
        FakeMqSchedulerContext context = Kybers.simple();
        KyberScheduler kyber = Kybers.on(context);
        HardwareQueue hctx = context.hardwareQueue(0);
        for (int i = 0; i < 17; i++) {
            Kybers.insert(kyber, Kybers.request(context, org.iosched.api.Op.FLUSH, 0, 0, 0, 0));
        }
        List<Request> out = Kybers.drain(kyber, hctx, 100);
        assertThat(KyberScheduler.waiting(hctx, KyberScheduler.OTHER)).isTrue();

        kyber.finishRequest(out.get(0)); // one freed: below the wake batch, the entry stays queued
        assertThat(KyberScheduler.waiting(hctx, KyberScheduler.OTHER)).isTrue();
        assertThat(kyber.dispatchRequest(hctx)).isNotNull();
        assertThat(KyberScheduler.waiting(hctx, KyberScheduler.OTHER)).isFalse();
        assertThat(kyber.tokens(KyberScheduler.OTHER).activeWaiters()).isZero();
    }

    @Test
    void tokensAreDeviceWideAcrossHardwareQueues() {
        FakeMqSchedulerContext context = Kybers.context(250, 2, 2, 32, 64);
        KyberScheduler kyber = Kybers.on(context);
        for (int i = 0; i < 10; i++) {
            Kybers.insert(kyber, Kybers.request(context, org.iosched.api.Op.FLUSH, 0, 0, 0, 0));
            Kybers.insert(kyber, Kybers.request(context, org.iosched.api.Op.FLUSH, 0, 0, 0, 1));
        }

        int first = Kybers.drain(kyber, context.hardwareQueue(0), 100).size();
        int second = Kybers.drain(kyber, context.hardwareQueue(1), 100).size();

        assertThat(first).isEqualTo(10);
        assertThat(second).as("16 OTHER tokens for the whole device").isEqualTo(6);
        assertThat(KyberScheduler.waiting(context.hardwareQueue(1), KyberScheduler.OTHER)).isTrue();
        assertThat(KyberScheduler.waiting(context.hardwareQueue(0), KyberScheduler.OTHER)).isFalse();
    }

    @Test
    void eachWaitPicksTheNextOfTheEightWaitQueues() {
        FakeMqSchedulerContext context = Kybers.simple();
        KyberScheduler kyber = Kybers.on(context);
        HardwareQueue hctx = context.hardwareQueue(0);
        for (int i = 0; i < 40; i++) {
            Kybers.insert(kyber, Kybers.request(context, org.iosched.api.Op.FLUSH, 0, 0, 0, 0));
        }
        List<Request> out = new ArrayList<>(Kybers.drain(kyber, hctx, 100));
        // wake, dispatch two, wait again: the entry must still be woken each time (whichever queue it is on)
        for (int round = 0; round < 10; round++) {
            kyber.finishRequest(out.remove(0));
            kyber.finishRequest(out.remove(0));
            assertThat(Kybers.runs(context)).hasSize(round + 1);
            out.addAll(Kybers.drain(kyber, hctx, 100));
            assertThat(KyberScheduler.waiting(hctx, KyberScheduler.OTHER)).isTrue();
        }
    }
}
