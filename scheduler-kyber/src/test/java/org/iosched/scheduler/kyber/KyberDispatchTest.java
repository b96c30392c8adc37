package org.iosched.scheduler.kyber;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.iosched.api.HardwareQueue;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.iosched.testkit.FakeMqSchedulerContext;
import org.junit.jupiter.api.Test;

/** kyber_dispatch_request: batches per domain, round-robin rotation, async depth (kyber_limit_depth). */
class KyberDispatchTest {
    private final FakeMqSchedulerContext context = Kybers.simple();
    private final KyberScheduler kyber = Kybers.on(context);
    private final HardwareQueue hctx = context.hardwareQueue(0);

    private void queue(Op op, int count) {
        for (int i = 0; i < count; i++) {
            Kybers.insert(kyber, Kybers.request(context, op, 0, (long) i * 1000, 8, 0));
        }
    }

    @Test
    void readsThenWritesInBatchesOfSixteenAndEight() {
        queue(Op.READ, 40);
        queue(Op.WRITE, 20);

        String order = Kybers.ops(Kybers.drain(kyber, hctx, 100));

        assertThat(order).isEqualTo("R".repeat(16) + "W".repeat(8) + "R".repeat(16) + "W".repeat(8)
                + "R".repeat(8) + "W".repeat(4));
    }

    @Test
    void everyDomainGetsItsTurnWithDiscardAndOtherOneAtATime() {
        queue(Op.READ, 20);
        queue(Op.WRITE, 10);
        queue(Op.DISCARD, 3);
        queue(Op.FLUSH, 3);

        String order = Kybers.ops(Kybers.drain(kyber, hctx, 100));

        assertThat(order).isEqualTo("R".repeat(16) + "W".repeat(8) + "D" + "F" + "RRRR" + "WW" + "D" + "F" + "D" + "F");
    }

    @Test
    void theFirstDispatchServesReadFromCurrentDomainZero() {
        queue(Op.WRITE, 1);
        queue(Op.READ, 1);

        // cur_domain starts at READ with batching 0: the read goes first though the write came first
        assertThat(Kybers.ops(Kybers.drain(kyber, hctx, 10))).isEqualTo("RW");
    }

    @Test
    void aFullBatchMovesOnEvenWhenOnlyTheSameDomainHasWork() {
        queue(Op.READ, 17);
        List<Request> out = Kybers.drain(kyber, hctx, 16);
        assertThat(KyberScheduler.batching(hctx)).isEqualTo(16);

        kyber.dispatchRequest(hctx);

        // batching reset, three empty domains passed, back to READ with a new batch of one
        assertThat(KyberScheduler.currentDomain(hctx)).isEqualTo(KyberScheduler.READ);
        assertThat(KyberScheduler.batching(hctx)).isEqualTo(1);
        assertThat(out).hasSize(16);
    }

    @Test
    void aDomainWithoutTokensIsSkippedForTheNext() {
        queue(Op.FLUSH, 20);
        queue(Op.READ, 3);
        Kybers.drain(kyber, hctx, 100);
        queue(Op.READ, 2);

        String after = Kybers.ops(Kybers.drain(kyber, hctx, 100));

        assertThat(after).isEqualTo("RR");
        assertThat(kyber.hasWork(hctx)).isTrue();
    }

    @Test
    void asyncRequestsGetThreeQuartersOfEachSchedulerTagWord() {
        // 64 scheduler tags: 16-bit words (shift 4) -> 12
        assertThat(kyber.asyncDepth()).isEqualTo(12);
        Task task = context.requests().defaultTask();
        assertThat(kyber.limitDepth(Op.WRITE, 0, task, hctx)).isEqualTo(12);
        assertThat(kyber.limitDepth(Op.DISCARD, 0, task, hctx)).isEqualTo(12);
        assertThat(kyber.limitDepth(Op.READ, 0, task, hctx)).isZero();
        assertThat(kyber.limitDepth(Op.WRITE, RequestFlags.SYNC, task, hctx)).isZero();
        assertThat(kyber.limitDepth(Op.WRITE, RequestFlags.FUA, task, hctx)).isZero();
        assertThat(kyber.limitDepth(Op.WRITE, RequestFlags.PREFLUSH, task, hctx)).isZero();
        assertThat(kyber.limitDepth(Op.FLUSH, 0, task, hctx)).as("6.6 skips REQ_OP_FLUSH").isZero();
    }

    @Test
    void asyncDepthFollowsTheWordSizeOfTheSchedulerTags() {
        FakeMqSchedulerContext nvme = Kybers.context(250, 4, 4, 1023, 256);
        KyberScheduler onNvme = Kybers.on(nvme);
        assertThat(nvme.hardwareQueue(0).schedulerTagShift()).isEqualTo(6);
        assertThat(onNvme.asyncDepth()).isEqualTo(48);

        HardwareQueue narrow = Kybers.context(250, 1, 1, 32, 128).hardwareQueue(0);
        onNvme.depthUpdated(narrow);
        assertThat(onNvme.asyncDepth()).isEqualTo(24);
    }
}
