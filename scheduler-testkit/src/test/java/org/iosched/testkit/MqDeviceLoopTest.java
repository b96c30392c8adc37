package org.iosched.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.HardwareQueue;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.junit.jupiter.api.Test;

/** The blk-mq device loop: allocation with shallow depths, dispatch, completion, requeue, re-polls. */
class MqDeviceLoopTest {
    private static final long MS = 1_000_000L;

    @Test
    void requestsRunThroughInsertDispatchAndCompletion() {
        FakeMqSchedulerContext context = FakeMqSchedulerContext.create();
        MqDeviceLoop loop = MqDeviceLoop.on(context).serviceTime(2 * MS).slots(1)
                .build(FifoMqScheduler::new);
        Request first = context.requests().read(100);
        Request second = context.requests().read(900);
        loop.submit(first);
        loop.submit(second);
        loop.runToCompletion(Long.MAX_VALUE);
        assertThat(loop.started()).containsExactly(first, second);
        assertThat(loop.times(second).completed()).isEqualTo(4 * MS);
        assertThat(loop.finishes(first)).isEqualTo(1);
        assertThat(first.ioPriority()).as("bio_set_ioprio: the task's").isNotZero();
        assertThat(loop.schedulerTagsInUse(0)).isZero();
    }

    @Test
    void aShallowDepthLeavesTheRestOfEachWordToOthers() {
        // 16 scheduler tags in words of 4: a shallow depth of 1 may use one tag per word, 4 in all
        FakeMqSchedulerContext context = FakeMqSchedulerContext.builder().nrRequests(16).build();
        MqDeviceLoop loop = MqDeviceLoop.on(context).slots(1).build(ctx -> new FifoMqScheduler(ctx) {
            @Override
            public int limitDepth(Op op, int flags, Task task, HardwareQueue hctx) {
                return op == Op.WRITE ? 1 : 0;
            }
        });
        for (int i = 0; i < 6; i++) {
            loop.submit(context.requests().write(1000L * i));
        }
        assertThat(loop.schedulerTagsInUse(0)).isEqualTo(4);
        assertThat(loop.waitingForTag()).isEqualTo(2);
        loop.submit(context.requests().read(99_000));
        assertThat(loop.schedulerTagsInUse(0)).as("reads are not limited").isEqualTo(5);
        loop.runToCompletion(Long.MAX_VALUE);
        assertThat(loop.completed()).hasSize(7);
        assertThat(loop.tagWaits()).isEqualTo(2);
        assertThat(loop.shallowDepths()).containsExactly(1, 1, 1, 1, 1, 1, 0);
    }

    @Test
    void aRequeuedRequestIsInsertedAtTheHeadAndRestarted() {
        FakeMqSchedulerContext context = FakeMqSchedulerContext.create();
        MqDeviceLoop loop = MqDeviceLoop.on(context).serviceTime(MS).slots(1).build(FifoMqScheduler::new);
        Request first = context.requests().read(100);
        Request second = context.requests().read(200);
        loop.submit(first);
        loop.submit(second);
        loop.runUntil(0);
        loop.requeue(first);
        loop.runToCompletion(Long.MAX_VALUE);
        assertThat(loop.started()).containsExactly(first, first, second);
        assertThat(loop.finishes(first)).isEqualTo(1);
    }

    @Test
    void aNullDispatchWithWorkLeftIsRetriedAfterTheBudgetDelay() {
        FakeMqSchedulerContext context = FakeMqSchedulerContext.create();
        int[] refusals = {2};
        MqDeviceLoop loop = MqDeviceLoop.on(context).slots(1).build(ctx -> new FifoMqScheduler(ctx) {
            @Override
            public Request dispatchRequest(HardwareQueue hctx) {
                return refusals[0]-- > 0 ? null : super.dispatchRequest(hctx);
            }
        });
        Request rq = context.requests().read(100);
        loop.submit(rq);
        loop.runToCompletion(Long.MAX_VALUE);
        assertThat(loop.times(rq).dispatched()).isEqualTo(2 * MqDeviceLoop.BUDGET_DELAY_NANOS);
    }
}
