package org.iosched.scheduler.cfq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.junit.jupiter.api.Test;

/** {@code cfq_may_dispatch}, step by step, and the switches that change it. */
class MayDispatchTest {

    private static List<Request> dispatchAll(CfqHarness h) {
        List<Request> out = new ArrayList<>();
        Request rq;
        while ((rq = h.dispatchOne()) != null) {
            out.add(rq);
        }
        return out;
    }

    private static List<Request> reads(CfqHarness h, Task t, int n, long start) {
        List<Request> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(h.read(t, start + i * 8L));
        }
        return out;
    }

    /** An async write in flight when a sync reader preempts its queue. */
    private static Request asyncInFlightThenSyncRead(CfqHarness h) {
        Request w = h.asyncWrite(h.task("w"), 5_000_000);
        assertThat(h.dispatchOne()).isSameAs(w);
        h.read(h.task("r"), 0);
        assertThat(h.ctx.messages()).anyMatch(m -> m.endsWith(" preempt"));
        return w;
    }

    @Test
    void asyncRequestsDrainBeforeASyncQueueWeWouldIdleOnStarts() {
        CfqHarness h = CfqHarness.defaults();
        Request w = asyncInFlightThenSyncRead(h);
        assertThat(h.dispatchOne()).isNull();
        h.complete(w);
        assertThat(h.dispatchOne()).isNotNull();
    }

    @Test
    void syncAsyncTogetherLetsTheSyncQueueStartWhileAsyncIsInFlight() {
        CfqHarness h = CfqHarness.with("sync_async_together", "1");
        asyncInFlightThenSyncRead(h);
        assertThat(h.dispatchOne()).isNotNull();
    }

    /** A sync read in flight, its queue expired, an async queue next. */
    private static Request syncInFlightThenAsyncQueue(CfqHarness h, long asyncAgeJiffies) {
        Request r = h.read(h.task("r"), 0);
        assertThat(h.dispatchOne()).isSameAs(r);
        Request w = h.asyncWrite(h.task("w"), 5_000_000);
        h.advanceJiffies(asyncAgeJiffies);
        h.cfqd.selection.sliceExpired(false);
        return w;
    }

    @Test
    void anAsyncQueueWaitsWhileSyncRequestsAreInFlight() {
        CfqHarness h = CfqHarness.defaults();
        syncInFlightThenAsyncQueue(h, 0);
        assertThat(h.dispatchOne()).isNull();
        assertThat(h.cfqd.activeQueue.sync).isFalse();
    }

    @Test
    void syncAsyncTogetherLetsAsyncGoWhileSyncIsInFlight() {
        CfqHarness h = CfqHarness.with("sync_async_together", "1");
        Request w = syncInFlightThenAsyncQueue(h, 0);
        assertThat(h.dispatchOne()).isSameAs(w);
    }

    @Test
    void inLinux30AFifoExpiredAsyncRequestStillWaitsForSyncInFlight() {
        CfqHarness h = CfqHarness.defaults();
        syncInFlightThenAsyncQueue(h, 70);
        assertThat(h.dispatchOne()).isNull();
    }

    @Test
    void fifoExpiredMustDispatchSendsAnExpiredAsyncRequestDespiteSyncInFlight() {
        CfqHarness h = CfqHarness.with("fifo_expired_must_dispatch", "1");
        Request w = syncInFlightThenAsyncQueue(h, 70);
        assertThat(h.dispatchOne()).isSameAs(w);
    }

    @Test
    void withOtherQueuesBusyAQueueStopsAtHalfTheQuantumBeforeItsSliceStarts() {
        CfqHarness h = CfqHarness.defaults();
        reads(h, h.task("a"), 12, 0);
        h.read(h.task("b"), 5_000_000);
        assertThat(dispatchAll(h)).hasSize(4);
    }

    @Test
    void earlyInItsSliceAQueueMayGoUpToTheQuantum() {
        CfqHarness h = CfqHarness.defaults();
        reads(h, h.task("a"), 12, 0);
        h.read(h.task("b"), 5_000_000);
        List<Request> first = dispatchAll(h);
        h.complete(first.get(0));
        // 3 in flight, slice_end = now + 25: up to 8 while now + slice_idle * dispatched <= slice_end
        assertThat(dispatchAll(h)).hasSize(5);
    }

    @Test
    void nearTheEndOfItsSliceAQueueFallsBackToTheSoftLimit() {
        CfqHarness h = CfqHarness.defaults();
        reads(h, h.task("a"), 12, 0);
        h.read(h.task("b"), 5_000_000);
        List<Request> first = dispatchAll(h);
        h.complete(first.get(0));
        List<Request> more = dispatchAll(h);
        h.advanceJiffies(20);
        h.complete(first.get(1));
        // 7 in flight, 5 jiffies left: now + 2 * 7 > slice_end
        assertThat(dispatchAll(h)).isEmpty();
        assertThat(more).hasSize(5);
    }

    @Test
    void withoutSoftQuantumHalfTheQuantumIsAHardLimitWhileOthersAreBusy() {
        CfqHarness h = CfqHarness.with("soft_quantum", "0");
        reads(h, h.task("a"), 12, 0);
        h.read(h.task("b"), 5_000_000);
        List<Request> first = dispatchAll(h);
        assertThat(first).hasSize(4);
        h.complete(first.get(0));
        assertThat(dispatchAll(h)).hasSize(1);
    }

    @Test
    void theOnlyBusyQueueHasNoLimit() {
        CfqHarness h = CfqHarness.defaults();
        reads(h, h.task("a"), 12, 0);
        assertThat(dispatchAll(h)).hasSize(12);
    }

    @Test
    void theOnlyBusySyncQueueIsPromotedPastTheLimitWhenOnlyAsyncQueuesCompete() {
        CfqHarness h = CfqHarness.defaults();
        reads(h, h.task("a"), 12, 0);
        h.asyncWrite(h.task("w"), 5_000_000);
        assertThat(dispatchAll(h)).hasSize(12);
    }

    @Test
    void anIdleClassQueueHasOneRequestInFlight() {
        CfqHarness h = CfqHarness.defaults();
        List<Request> rqs = reads(h, h.task("i", IoPrioClass.IDLE, 7), 3, 0);
        assertThat(dispatchAll(h)).containsExactly(rqs.get(0));
        h.complete(rqs.get(0));
        assertThat(dispatchAll(h)).containsExactly(rqs.get(1));
    }

    @Test
    void asyncDepthRampsUpOneRequestPerSyncSliceSinceASyncRequestWasDelayed() {
        CfqHarness h = CfqHarness.defaults();
        Request r = h.read(h.task("r"), 0);
        h.dispatchOne();
        h.advanceJiffies(32);
        h.complete(r);
        assertThat(h.cfqd.lastDelayedSync).isEqualTo(h.jiffies());
        h.advanceJiffies(3);   // the idle timer gives up on the reader
        assertThat(h.cfqd.activeQueue).isNull();
        Task w = h.task("w");
        for (int i = 0; i < 6; i++) {
            h.asyncWrite(w, 5_000_000 + i * 8L);
        }
        assertThat(dispatchAll(h)).hasSize(1);
        h.advanceJiffies(50);  // 53 jiffies since the delay: depth 2
        assertThat(dispatchAll(h)).hasSize(1);
        assertThat(h.cfqd.activeQueue.dispatched).isEqualTo(2);
    }

    @Test
    void withoutLowLatencyAsyncDepthIsNotRamped() {
        CfqHarness h = CfqHarness.with("low_latency", "0");
        h.cfqd.lastDelayedSync = h.jiffies();
        Task w = h.task("w");
        for (int i = 0; i < 6; i++) {
            h.asyncWrite(w, i * 8L);
        }
        assertThat(dispatchAll(h)).hasSize(6);
    }

    @Test
    void sliceUsedSoonCannotEstimateBeforeTheFirstCompletion() {
        CfqHarness h = CfqHarness.defaults();
        Request r = h.read(h.task("a"), 0);
        CfqQueue q = h.queueOf(r);
        assertThat(h.cfqd.dispatch.sliceUsedSoon(q)).isTrue();
        q.sliceNew = false;
        q.sliceEnd = h.jiffies() + 10;
        q.dispatched = 5;
        assertThat(h.cfqd.dispatch.sliceUsedSoon(q)).isFalse();   // now + 10 is not after slice_end
        q.dispatched = 6;
        assertThat(h.cfqd.dispatch.sliceUsedSoon(q)).isTrue();
    }

    @Test
    void anAsyncQueueIsExpiredOnceItDispatchedItsRequestBudgetWhileOthersWait() {
        CfqHarness h = CfqHarness.defaults();
        Task w = h.task("w");
        for (int i = 0; i < 20; i++) {
            h.asyncWrite(w, i * 8L);
        }
        Request other = h.asyncWrite(h.task("w0", IoPrioClass.BE, 0), 5_000_000);
        List<Request> inFlight = new ArrayList<>();
        int fromW = 0;
        while (true) {
            Request rq = h.dispatchOne();
            if (rq == null) {
                h.complete(inFlight.remove(0));
                continue;
            }
            if (rq == other) {
                break;
            }
            fromW++;
            inFlight.add(rq);
        }
        // 2 * slice_async_rq * (8 - 4)
        assertThat(fromW).isEqualTo(16);
    }

    @Test
    void anIdleClassQueueIsExpiredAfterEachDispatchWhileOthersWait() {
        CfqHarness h = CfqHarness.defaults();
        reads(h, h.task("i1", IoPrioClass.IDLE, 7), 3, 0);
        reads(h, h.task("i2", IoPrioClass.IDLE, 7), 3, 5_000_000);
        h.dispatchOne();
        assertThat(h.cfqd.activeQueue).isNull();
        assertThat(h.ctx.messages()).anyMatch(m -> m.endsWith("slice expired t=0"));
    }

    @Test
    void aForcedDispatchDrainsEveryQueueAndLeavesNothingBusy() {
        CfqHarness h = CfqHarness.defaults();
        reads(h, h.task("a"), 3, 0);
        reads(h, h.task("b", IoPrioClass.RT, 4), 2, 5_000_000);
        h.asyncWrite(h.task("w"), 9_000_000);
        h.read(h.task("i", IoPrioClass.IDLE, 7), 12_000_000);
        assertThat(h.cfq.dispatch(true)).isEqualTo(7);
        assertThat(h.ctx.dispatched()).hasSize(7);
        assertThat(h.cfq.hasQueued()).isFalse();
        assertThat(h.cfqd.busyQueues).isZero();
        assertThat(h.cfqd.activeQueue).isNull();
        assertThat(h.ctx.messages()).contains("cfq forced_dispatch=7");
    }
}
