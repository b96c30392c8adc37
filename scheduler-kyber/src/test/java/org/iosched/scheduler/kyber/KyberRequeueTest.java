package org.iosched.scheduler.kyber;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.HardwareQueue;
import org.iosched.api.Request;
import org.iosched.testkit.FakeMqSchedulerContext;
import org.junit.jupiter.api.Test;

/** requeue_request is kyber_finish_request: the token goes back; the block layer re-inserts at the head. */
class KyberRequeueTest {
    private final FakeMqSchedulerContext context = Kybers.simple();
    private final KyberScheduler kyber = Kybers.on(context);
    private final HardwareQueue hctx = context.hardwareQueue(0);

    @Test
    void aRequeuedRequestGivesItsTokenBackAndIsDispatchedFirstWithANewOne() {
        Request first = Kybers.insert(kyber, Kybers.read(context, 0, 0));
        Request second = Kybers.insert(kyber, Kybers.read(context, 100, 0));
        Request dispatched = kyber.dispatchRequest(hctx);
        assertThat(dispatched).isSameAs(first);
        assertThat(KyberScheduler.tokenOf(first)).isZero();
        assertThat(kyber.tokens(KyberScheduler.READ).inUse()).isEqualTo(1);

        kyber.requeueRequest(first);
        assertThat(KyberScheduler.tokenOf(first)).isEqualTo(-1);
        assertThat(kyber.tokens(KyberScheduler.READ).inUse()).isZero();
        Kybers.insertAtHead(kyber, first);

        // the second read is in rqs[READ] already (flushed with the first); the requeued one is back in the
        // software queue's list, behind it
        assertThat(Kybers.drain(kyber, hctx, 10)).containsExactly(second, first);
        assertThat(kyber.tokens(KyberScheduler.READ).inUse()).isEqualTo(2);
    }

    @Test
    void aRequeuedRequestAloneComesBackAtTheHeadOfItsList() {
        Request a = Kybers.insert(kyber, Kybers.write(context, 0, 0));
        Request rq = kyber.dispatchRequest(hctx);
        Request b = Kybers.insert(kyber, Kybers.write(context, 100, 0));
        kyber.requeueRequest(rq);
        Kybers.insertAtHead(kyber, rq);

        assertThat(Kybers.drain(kyber, hctx, 10)).containsExactly(a, b);
    }

    @Test
    void finishingTwiceReleasesOnce() {
        Kybers.insert(kyber, Kybers.read(context, 0, 0));
        Request rq = kyber.dispatchRequest(hctx);
        kyber.finishRequest(rq);
        kyber.finishRequest(rq);
        assertThat(kyber.tokens(KyberScheduler.READ).inUse()).isZero();
    }

    @Test
    void aRequestFreedWithoutDispatchHoldsNoToken() {
        Request rq = Kybers.insert(kyber, Kybers.read(context, 0, 0));
        kyber.finishRequest(rq);
        assertThat(kyber.tokens(KyberScheduler.READ).inUse()).isZero();
    }
}
