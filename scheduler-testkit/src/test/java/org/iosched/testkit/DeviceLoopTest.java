package org.iosched.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.iosched.api.Bio;
import org.iosched.api.MayQueue;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.SchedulerContext;
import org.iosched.api.Task;
import org.iosched.api.Timer;
import org.junit.jupiter.api.Test;

class DeviceLoopTest {
    private static final long MS = 1_000_000L;
    private final FakeSchedulerContext context = FakeSchedulerContext.create();

    private DeviceLoop fifoLoop(long serviceNanos) {
        return DeviceLoop.on(context).serviceTime(serviceNanos).build(FifoScheduler::new);
    }

    private static FifoScheduler fifo(DeviceLoop loop) {
        return (FifoScheduler) loop.scheduler();
    }

    @Test
    void aFixedServiceTimeGivesEachRequestItsWaitPlusItsService() {
        DeviceLoop loop = fifoLoop(2 * MS);
        Requests requests = loop.requests();
        Request a = requests.read(100);
        Request b = requests.read(900);
        Request c = requests.read(500);
        loop.submit(a);
        loop.submit(b);
        loop.submit(c);

        loop.runUntilIdle(Long.MAX_VALUE);

        assertThat(loop.started()).containsExactly(a, b, c);
        assertThat(loop.completed()).containsExactly(a, b, c);
        assertThat(loop.latency(a)).isEqualTo(2 * MS);
        assertThat(loop.latency(b)).isEqualTo(4 * MS);
        assertThat(loop.latency(c)).isEqualTo(6 * MS);
        assertThat(loop.times(c)).isEqualTo(new DeviceLoop.Times(0, 4 * MS, 6 * MS));
        assertThat(loop.times(c).queueTime()).isEqualTo(4 * MS);
        assertThat(loop.outstanding()).isZero();
        assertThat(context.now()).isEqualTo(6 * MS);
    }

    @Test
    void theBlockLayerCallsTheHooksInTheKernelsOrder() {
        DeviceLoop loop = fifoLoop(MS);
        Requests requests = loop.requests();
        List<String> events = new ArrayList<>();
        Request rq = requests.fromBio(requests.bio(requests.defaultTask(), Op.READ, 0, 200, 8,
                (bio, at) -> events.add("bio end at " + at)));
        loop.submit(rq, () -> events.add("onComplete"));
        loop.runUntilIdle(Long.MAX_VALUE);

        assertThat(fifo(loop).hooks).containsExactly("set 1", "add 1", "activate 1", "completed 1", "put 1");
        assertThat(events).containsExactly("bio end at 1000000", "onComplete");
        assertThat(context.allocated(true)).isZero();
    }

    @Test
    void submitAtDelaysARequestAndAnIdleDeviceServesItAtOnce() {
        DeviceLoop loop = fifoLoop(3 * MS);
        Request rq = loop.requests().read(100);
        loop.submitAt(10 * MS, rq);
        loop.runUntil(9 * MS);
        assertThat(loop.submitted()).isEmpty();

        loop.runUntilIdle(Long.MAX_VALUE);

        assertThat(rq.insertTime()).isEqualTo(10 * MS);
        assertThat(loop.latency(rq)).isEqualTo(3 * MS);
    }

    @Test
    void theDeviceHoldsNoMoreThanItsQueueDepthAndServesOneAtATime() {
        int[] deepest = {0};
        DeviceLoop loop = DeviceLoop.on(context).queueDepth(4).serviceTime(rq -> {
            deepest[0] = Math.max(deepest[0], context.inDriver());
            return MS;
        }).build(FifoScheduler::new);
        for (int i = 0; i < 10; i++) {
            loop.submit(loop.requests().read(1000L * i));
        }
        loop.runUntil(0);
        assertThat(loop.inDevice()).isEqualTo(4);
        assertThat(loop.queued()).isEqualTo(6);

        loop.runUntilIdle(Long.MAX_VALUE);

        assertThat(deepest[0]).isEqualTo(4);
        assertThat(context.now()).isEqualTo(10 * MS);
    }

    @Test
    void theDefaultQueueDepthIsTheDevices() {
        FakeSchedulerContext ssd = FakeSchedulerContext.builder().device(FakeSchedulerContext.SSD).build();
        DeviceLoop loop = DeviceLoop.on(ssd).build(FifoScheduler::new);
        for (int i = 0; i < 40; i++) {
            loop.submit(loop.requests().read(8L * i));
        }
        loop.runUntil(0);
        assertThat(loop.inDevice()).isEqualTo(32);
    }

    @Test
    void theServiceTimeCanBeAFunctionOfTheRequest() {
        DeviceLoop loop = DeviceLoop.on(context).serviceTime(rq -> rq.sectors() * 1_000L).build(FifoScheduler::new);
        Request small = loop.requests().read(0);
        Request large = loop.requests().request(Op.READ, 0, 1000, 256);
        loop.submit(large);
        loop.submit(small);
        loop.runUntilIdle(Long.MAX_VALUE);
        assertThat(loop.latency(large)).isEqualTo(256_000);
        assertThat(loop.latency(small)).isEqualTo(264_000);
    }

    /** Dispatches nothing until its timer fired, then kicks the queue. */
    private static final class WaitsForItsTimer extends FifoScheduler {
        private final Timer timer;
        private boolean waited;

        WaitsForItsTimer(SchedulerContext context) {
            super(context);
            this.timer = context.newTimer(() -> {
                waited = true;
                context.kick();
            });
        }

        @Override
        public int dispatch(boolean force) {
            if (!waited && !force) {
                if (!timer.isPending()) {
                    timer.arm(context.now() + 5 * MS);
                }
                return 0;
            }
            return super.dispatch(force);
        }
    }

    @Test
    void aKickRunsTheQueueAgain() {
        DeviceLoop loop = DeviceLoop.on(context).serviceTime(MS).build(WaitsForItsTimer::new);
        Request rq = loop.requests().read(100);
        loop.submit(rq);
        loop.runUntilIdle(Long.MAX_VALUE);
        assertThat(rq.dispatchTime()).isEqualTo(5 * MS);
        assertThat(context.kicks()).isEqualTo(1);
    }

    @Test
    void aForcedDispatchDrainsTheSchedulerWithoutItsTimer() {
        DeviceLoop loop = DeviceLoop.on(context).serviceTime(MS).build(WaitsForItsTimer::new);
        for (int i = 0; i < 5; i++) {
            loop.submit(loop.requests().read(100L * i));
        }
        loop.forceDispatch();
        assertThat(loop.queued()).isZero();
        assertThat(context.dispatchQueueLength()).isEqualTo(4);
        assertThat(loop.inDevice()).isEqualTo(1);
        loop.runUntilIdle(Long.MAX_VALUE);
        assertThat(loop.outstanding()).isZero();
    }

    @Test
    void aBioFillingAGapBackMergesAndCoalescesWithTheLatterRequest() {
        DeviceLoop loop = fifoLoop(MS);
        Requests requests = loop.requests();
        Request first = requests.read(1000);
        Request second = requests.read(1016);
        loop.submit(first);
        loop.submit(second);

        Request carrier = loop.submitBio(requests.bio(Op.READ, 0, 1008, 8));

        assertThat(carrier).isSameAs(first);
        assertThat(first.sectors()).isEqualTo(24);
        assertThat(first.bioCount()).isEqualTo(3);
        assertThat(loop.mergedAway()).containsExactly(second);
        assertThat(fifo(loop).hooks).endsWith("requests-merged 1 2", "put 2");
        loop.runUntilIdle(Long.MAX_VALUE);
        assertThat(loop.completed()).containsExactly(first);
        assertThat(loop.times(second).completed()).isEqualTo(loop.times(first).completed());
        assertThat(context.allocated(true)).isZero();
    }

    @Test
    void aBioEndingWhereARequestStartsFrontMergesThroughFindFrontMerge() {
        DeviceLoop loop = fifoLoop(MS);
        Requests requests = loop.requests();
        Request rq = requests.read(1000);
        loop.submit(rq);

        assertThat(loop.submitBio(requests.bio(Op.READ, 0, 992, 8))).isSameAs(rq);

        assertThat(rq.sector()).isEqualTo(992);
        assertThat(fifo(loop).hooks).endsWith("front-merged 1");
        assertThat(loop.submitted()).containsExactly(rq);
    }

    @Test
    void bioMergesRespectTheOperationNomergeAndMaxSectors() {
        DeviceLoop loop = fifoLoop(MS);
        Requests requests = loop.requests();
        Request write = requests.write(1000);
        Request noMerge = requests.request(Op.READ, RequestFlags.NOMERGE, 2000, 8);
        Request large = requests.request(Op.READ, 0, 3000, 1020);
        loop.submit(write);
        loop.submit(noMerge);
        loop.submit(large);

        Request read = loop.submitBio(requests.bio(Op.READ, 0, 1008, 8));
        Request afterNoMerge = loop.submitBio(requests.bio(Op.READ, 0, 2008, 8));
        Request tooLarge = loop.submitBio(requests.bio(Op.READ, 0, 4020, 8));

        assertThat(read).isNotSameAs(write);
        assertThat(afterNoMerge).isNotSameAs(noMerge);
        assertThat(tooLarge).isNotSameAs(large);
        assertThat(loop.submitted()).hasSize(6);
    }

    @Test
    void aSchedulerThatSaysNoToMayQueueIsCounted() {
        DeviceLoop loop = DeviceLoop.on(context).build(ctx -> new FifoScheduler(ctx) {
            @Override
            public MayQueue mayQueue(Task task, Op op, int flags) {
                return MayQueue.NO;
            }
        });
        loop.submit(loop.requests().read(0));
        assertThat(loop.mayQueueRefusals()).isEqualTo(1);
        assertThat(loop.queued()).isEqualTo(1);
    }

    @Test
    void onMovedSeesEachRequestAsTheSchedulerMovesIt() {
        DeviceLoop loop = fifoLoop(MS);
        List<Request> moved = new ArrayList<>();
        loop.onMoved(rq -> moved.add(rq));
        Request a = loop.requests().read(0);
        loop.submit(a);
        loop.runUntilIdle(Long.MAX_VALUE);
        assertThat(moved).containsExactly(a);
    }

    // ---- what the loop catches

    @Test
    void aRequestThatWasNeverAddedCannotBeDispatched() {
        Requests outside = Requests.atTimeZero();
        DeviceLoop loop = DeviceLoop.on(context).build(ctx -> new FifoScheduler(ctx) {
            @Override
            public void add(Request rq) {
                super.add(rq);
                fifo.add(outside.read(5000));
            }
        });
        loop.submit(loop.requests().read(0));
        assertThatThrownBy(() -> loop.runUntilIdle(Long.MAX_VALUE)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("never added");
    }

    @Test
    void aMergedAwayRequestCannotBeDispatched() {
        DeviceLoop loop = DeviceLoop.on(context).build(ctx -> new FifoScheduler(ctx) {
            @Override
            public void requestsMerged(Request rq, Request next) {
                // forgets to drop next
            }
        });
        Requests requests = loop.requests();
        loop.submit(requests.read(1000));
        loop.submit(requests.read(1016));
        loop.submitBio(requests.bio(Op.READ, 0, 1008, 8));
        assertThatThrownBy(() -> loop.runUntilIdle(Long.MAX_VALUE)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("was merged into rq1");
    }

    @Test
    void dispatchMustReturnHowManyRequestsItMoved() {
        DeviceLoop loop = DeviceLoop.on(context).build(ctx -> new FifoScheduler(ctx) {
            @Override
            public int dispatch(boolean force) {
                return super.dispatch(force) + 1;
            }
        });
        loop.submit(loop.requests().read(0));
        assertThatThrownBy(() -> loop.runUntilIdle(Long.MAX_VALUE)).isInstanceOf(AssertionError.class)
                .hasMessage("dispatch(false) returned 2 but moved 1 request(s) to the dispatch queue");
    }

    @Test
    void aFrontMergeCandidateMustStartWhereTheBioEnds() {
        DeviceLoop loop = DeviceLoop.on(context).build(ctx -> new FifoScheduler(ctx) {
            @Override
            public Request findFrontMerge(Bio bio) {
                return fifo.isEmpty() ? null : fifo.get(0);
            }
        });
        loop.submit(loop.requests().read(1000));
        assertThatThrownBy(() -> loop.submitBio(loop.requests().bio(Op.READ, 0, 500, 8)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("does not start where the bio ends");
    }

    @Test
    void aRequestCannotBeSubmittedTwice() {
        DeviceLoop loop = fifoLoop(MS);
        Request rq = loop.requests().read(0);
        loop.submit(rq);
        assertThatThrownBy(() -> loop.submit(rq)).isInstanceOf(IllegalArgumentException.class);
    }
}
