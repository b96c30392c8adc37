package org.iosched.scheduler.cfq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iosched.api.Cgroup;
import org.iosched.api.IoPrioClass;
import org.iosched.api.MayQueue;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.iosched.testkit.FakeSchedulerContext;
import org.junit.jupiter.api.Test;

/** Idle window, think time, seek history, arming on completion, the idle timer, wait_busy and hw_tag. */
class IdlingTest {
    private static final long FAR = 50_000_000;
    private static final Cgroup G = new Cgroup("/g", 500);

    private static CfqQueue readAndComplete(CfqHarness h, Task t, long sector) {
        Request rq = h.read(t, sector);
        CfqQueue q = h.queueOf(rq);
        assertThat(h.dispatchOne()).isSameAs(rq);
        h.complete(rq);
        return q;
    }

    @Test
    void completingTheLastRequestOfASyncQueueArmsTheIdleTimerForSliceIdle() {
        CfqHarness h = CfqHarness.defaults();
        CfqQueue q = readAndComplete(h, h.task("r"), 0);
        assertThat(q.waitRequest).isTrue();
        assertThat(h.cfqd.idleSliceTimer.expiresAt()).isEqualTo(h.cfqd.clock.startOf(h.jiffies() + 2));
        assertThat(h.ctx.messages()).contains("cfq100S / arm_idle: 2 group_idle: 0");
    }

    @Test
    void asyncCompletionsDoNotArmTheTimer() {
        CfqHarness h = CfqHarness.defaults();
        Request w = h.asyncWrite(h.task("w"), 0);
        h.dispatchOne();
        h.complete(w);
        assertThat(h.cfqd.idleSliceTimer.isPending()).isFalse();
    }

    @Test
    void noIdlingWhileTheQueueStillHasRequestsInFlight() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("r");
        Request a = h.read(t, 0);
        h.read(t, 8);
        h.dispatchOne();
        h.dispatchOne();
        h.complete(a);
        assertThat(h.cfqd.idleSliceTimer.isPending()).isFalse();
    }

    @Test
    void theIdleTimerGivesUpOnTheQueueAndClearsDeep() {
        CfqHarness h = CfqHarness.defaults();
        CfqQueue q = readAndComplete(h, h.task("r"), 0);
        q.deep = true;
        h.advanceJiffies(2);
        assertThat(h.ctx.messages()).contains("cfq idle timer fired");
        assertThat(h.cfqd.activeQueue).isNull();
        assertThat(q.deep).isFalse();
        assertThat(q.onRr).isFalse();
    }

    @Test
    void theDiskStaysWithAnIdlingQueueUntilTheTimerFires() {
        CfqHarness h = CfqHarness.defaults();
        readAndComplete(h, h.task("r"), 0);
        Request b = h.read(h.task("b"), FAR);
        assertThat(h.dispatchOne()).isNull();
        h.advanceJiffies(1);
        assertThat(h.dispatchOne()).isNull();
        int kicks = h.ctx.kicks();
        h.advanceJiffies(1);
        assertThat(h.ctx.kicks()).isGreaterThan(kicks);
        assertThat(h.dispatchOne()).isSameAs(b);
    }

    @Test
    void anEmptyActiveQueueWithRequestsInFlightKeepsTheDiskIfItShouldIdle() {
        CfqHarness h = CfqHarness.defaults();
        h.read(h.task("r"), 0);
        h.dispatchOne();
        h.read(h.task("b"), FAR);
        assertThat(h.dispatchOne()).isNull();
    }

    @Test
    void aRequestLargerThanAPageEndsTheWaitAtOnce() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("r");
        CfqQueue q = readAndComplete(h, t, 0);
        int kicks = h.ctx.kicks();
        h.read(t, 8, 16);
        assertThat(q.waitRequest).isFalse();
        assertThat(h.cfqd.idleSliceTimer.isPending()).isFalse();
        assertThat(h.ctx.kicks()).isEqualTo(kicks + 1);
    }

    @Test
    void aOnePageRequestOfTheOnlyBusyQueueWaitsForTheNextQueueRun() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("r");
        CfqQueue q = readAndComplete(h, t, 0);
        int kicks = h.ctx.kicks();
        h.read(t, 8, 8);
        assertThat(q.mustDispatch).isTrue();
        assertThat(q.waitRequest).isTrue();
        assertThat(h.ctx.kicks()).isEqualTo(kicks);
        h.advanceJiffies(2);
        // the timer lets the request through rather than expiring the queue
        assertThat(h.cfqd.activeQueue).isSameAs(q);
        assertThat(h.ctx.kicks()).isEqualTo(kicks + 1);
    }

    @Test
    void aOnePageRequestEndsTheWaitAtOnceWhenOtherQueuesAreBusy() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("r");
        CfqQueue q = readAndComplete(h, t, 0);
        h.read(h.task("b"), FAR);
        h.read(t, 8, 8);
        assertThat(q.waitRequest).isFalse();
        assertThat(q.mustDispatch).isFalse();
    }

    @Test
    void noIdlingWhenTheThinkTimeWouldOverrunTheSlice() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("r");
        Request a = h.read(t, 0);
        Request b = h.read(t, 8);
        h.dispatchOne();
        h.complete(a);
        h.dispatchOne();
        CfqIoContext cic = CfqIoContext.lookup(h.cfqd, t);
        cic.ttimeSamples = 256;
        cic.ttimeMean = 30;
        h.complete(b);
        assertThat(h.cfqd.idleSliceTimer.isPending()).isFalse();
        assertThat(h.ctx.messages()).anyMatch(m -> m.endsWith("Not idling. think_time:30"));
    }

    @Test
    void groupIdleArmsOnTheLastQueueOfAGroupWhenQueueIdlingIsOff() {
        CfqHarness h = CfqHarness.with("slice_idle", "0");
        readAndComplete(h, h.task("r", IoPrioClass.BE, 4, G), 0);
        assertThat(h.cfqd.idleSliceTimer.isPending()).isTrue();
        assertThat(h.ctx.messages()).anyMatch(m -> m.endsWith("arm_idle: 2 group_idle: 1"));
    }

    @Test
    void groupIdleDoesNotArmWhileTheGroupHasOtherBusyQueues() {
        CfqHarness h = CfqHarness.with("slice_idle", "0");
        Task r = h.task("r", IoPrioClass.BE, 4, G);
        Request rq = h.read(r, 0);
        h.dispatchOne();
        h.read(h.task("other", IoPrioClass.BE, 4, G), FAR);
        h.complete(rq);
        assertThat(h.cfqd.idleSliceTimer.isPending()).isFalse();
    }

    @Test
    void aTaggedSsdIsNeverIdledOn() {
        CfqHarness h = new CfqHarness(250, FakeSchedulerContext.SSD, Map.of());
        readAndComplete(h, h.task("r"), 0);
        assertThat(h.cfqd.idleSliceTimer.isPending()).isFalse();
    }

    @Test
    void anSsdDetectedWithoutQueueingIsIdledOn() {
        CfqHarness h = new CfqHarness(250, FakeSchedulerContext.SSD, Map.of());
        h.cfqd.hwTag = 0;
        readAndComplete(h, h.task("r"), 0);
        assertThat(h.cfqd.idleSliceTimer.isPending()).isTrue();
    }

    @Test
    void theOnlyQueueOfAGroupWaitsBusyWhenItsSliceRunsOutAsItEmpties() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("r", IoPrioClass.BE, 4, G);
        Request a = h.read(t, 0);
        Request b = h.read(t, 8);
        h.dispatchOne();
        h.complete(a);
        h.dispatchOne();
        h.advanceJiffies(26);
        h.complete(b);
        CfqQueue q = h.cfqd.activeQueue;
        assertThat(q).isNotNull();
        assertThat(q.waitBusy).isTrue();
        assertThat(q.sliceEnd).isEqualTo(h.jiffies() + 2);
        assertThat(h.ctx.messages()).anyMatch(m -> m.endsWith("will busy wait"));
        h.read(t, 16);
        // wait_busy with a request: select_queue expires it (and picks it again, it is alone)
        assertThat(h.dispatchOne()).isNotNull();
        assertThat(h.ctx.messages()).anyMatch(m -> m.endsWith("slice expired t=0"));
    }

    @Test
    void aQueueWithOtherQueuesInItsGroupDoesNotWaitBusy() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("r");
        Request a = h.read(t, 0);
        Request b = h.read(t, 8);
        h.read(h.task("other"), FAR);
        h.dispatchOne();
        h.complete(a);
        h.dispatchOne();
        h.advanceJiffies(26);
        h.complete(b);
        assertThat(h.ctx.messages()).noneMatch(m -> m.endsWith("will busy wait"));
        assertThat(h.cfqd.activeQueue).isNull();
    }

    @Test
    void fiveSeeksInTheLast32RequestsMakeAShallowQueueSeekyAndCloseItsIdleWindow() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("r");
        CfqQueue q = null;
        for (int i = 0; i < 5; i++) {
            q = readAndComplete(h, t, i * FAR);
            assertThat(q.idleWindow).isTrue();
        }
        h.read(t, 5 * FAR);
        assertThat(q.seeky()).isTrue();
        assertThat(q.idleWindow).isFalse();
    }

    @Test
    void aDeepQueueKeepsItsIdleWindowDespiteSeeks() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("r");
        Request first = null;
        for (int i = 0; i < 6; i++) {
            Request rq = h.read(t, i * FAR);
            first = first == null ? rq : first;
        }
        CfqQueue q = h.queueOf(first);
        assertThat(q.seeky()).isTrue();
        assertThat(q.deep).isTrue();
        assertThat(q.idleWindow).isTrue();
    }

    @Test
    void onNonRotationalDevicesSmallRequestsCountAsSeeks() {
        CfqHarness h = new CfqHarness(250, FakeSchedulerContext.SSD, Map.of());
        Task t = h.task("r");
        Request small = h.read(t, 0, 8);
        CfqQueue q = h.queueOf(small);
        assertThat(q.seekHistory & 1).isEqualTo(1);
        h.read(t, 8, 64);
        assertThat(q.seekHistory & 1).isZero();
    }

    @Test
    void aSeekyDeepQueueThatEmptiesEarlyInItsSliceStopsBeingIdledOn() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("r");
        List<Request> rqs = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            rqs.add(h.read(t, i * FAR));
        }
        CfqQueue q = h.queueOf(rqs.get(0));
        Request other = h.read(h.task("b"), 7 * FAR);
        for (int i = 0; i < 4; i++) {
            assertThat(h.dispatchOne()).isSameAs(rqs.get(i));
        }
        h.complete(rqs.get(0));
        assertThat(h.dispatchOne()).isSameAs(rqs.get(4));
        assertThat(h.dispatchOne()).isSameAs(rqs.get(5));
        assertThat(q.deep).isTrue();
        // empty with most of its slice left: "the device is much faster than the queue can deliver"
        assertThat(h.dispatchOne()).isSameAs(other);
        assertThat(q.deep).isFalse();
        assertThat(q.idleWindow).isFalse();
    }

    @Test
    void aThinkTimeAboveSliceIdleClosesTheIdleWindowOnceThreeSamplesAreIn() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("r");
        CfqQueue q = readAndComplete(h, t, 0);
        h.advanceJiffies(3);
        q = readAndComplete(h, t, 8);
        assertThat(q.idleWindow).isTrue();
        h.advanceJiffies(3);
        h.read(t, 16);
        CfqIoContext cic = CfqIoContext.lookup(h.cfqd, t);
        assertThat(cic.thinkTimeValid()).isTrue();
        assertThat(cic.ttimeMean).isEqualTo(3);
        assertThat(q.idleWindow).isFalse();
    }

    @Test
    void aFastThinkerKeepsItsIdleWindow() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("r");
        CfqQueue q = null;
        for (int i = 0; i < 5; i++) {
            q = readAndComplete(h, t, i * 8L);
        }
        // no think time at all, but the kernel's rounding (+128 over few samples) still reads 1 jiffy
        assertThat(CfqIoContext.lookup(h.cfqd, t).ttimeMean).isEqualTo(1);
        assertThat(q.idleWindow).isTrue();
    }

    @Test
    void aReqNoidleRequestClosesTheIdleWindow() {
        CfqHarness h = CfqHarness.defaults();
        Request rq = h.syncWrite(h.task("fsync"), 0, RequestFlags.NOIDLE);
        assertThat(h.queueOf(rq).idleWindow).isFalse();
    }

    @Test
    void beforeLinux2637ReqNoidleDidNotTouchTheIdleWindow() {
        CfqHarness h = CfqHarness.with("noidle_on_req_noidle", "0");
        Request rq = h.syncWrite(h.task("fsync"), 0, RequestFlags.NOIDLE);
        assertThat(h.queueOf(rq).idleWindow).isTrue();
    }

    @Test
    void anExitedTaskGetsNoIdleWindow() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("r");
        readAndComplete(h, t, 0);
        h.cfq.taskExit(t);
        assertThat(h.cfqd.activeQueue).isNull();
        Request late = h.read(t, 8);
        assertThat(h.queueOf(late).idleWindow).isFalse();
    }

    /** A seeky sync queue (no idle window) alone on the sync-noidle tree, an async queue also busy. */
    private static Request seekySyncNoidleRequestWithAsyncBusy(CfqHarness h, Op op, int flags) {
        Task t = h.task("fsync");
        Request rq = h.submit(t, op, flags, 0, 8);
        CfqQueue q = h.queueOf(rq);
        q.idleWindow = false;
        h.cfqd.trees.resortRrList(q);
        h.advanceJiffies(1);
        h.asyncWrite(h.task("w"), FAR);
        assertThat(h.dispatchOne()).isSameAs(rq);
        assertThat(h.cfqd.servingType).isEqualTo(WorkloadType.SYNC_NOIDLE);
        return rq;
    }

    @Test
    void inLinux30TheLastQueueOfTheSyncNoidleTreeIsIdledOnAfterAReqNoidleRequest() {
        CfqHarness h = CfqHarness.defaults();
        h.complete(seekySyncNoidleRequestWithAsyncBusy(h, Op.WRITE, RequestFlags.SYNC | RequestFlags.NOIDLE));
        assertThat(h.cfqd.idleSliceTimer.isPending()).isTrue();
    }

    @Test
    void before2637TheSyncNoidleTreeWasNotIdledOnAfterAReqNoidleRequest() {
        CfqHarness h = CfqHarness.with("noidle_on_req_noidle", "0");
        h.complete(seekySyncNoidleRequestWithAsyncBusy(h, Op.WRITE, RequestFlags.SYNC | RequestFlags.NOIDLE));
        assertThat(h.cfqd.idleSliceTimer.isPending()).isFalse();
    }

    @Test
    void before2637TheSyncNoidleTreeWasIdledOnAfterARequestWithoutReqNoidle() {
        CfqHarness h = CfqHarness.with("noidle_on_req_noidle", "0");
        h.complete(seekySyncNoidleRequestWithAsyncBusy(h, Op.READ, 0));
        assertThat(h.cfqd.noidleTreeRequiresIdle).isTrue();
        assertThat(h.cfqd.idleSliceTimer.isPending()).isTrue();
    }

    @Test
    void aQueueWaitingForARequestMayAllocateOnePastTheCongestionLimitPerSlice() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("r");
        readAndComplete(h, t, 0);
        assertThat(h.cfq.mayQueue(t, Op.READ, 0)).isEqualTo(MayQueue.MUST);
        assertThat(h.cfq.mayQueue(t, Op.READ, 0)).isEqualTo(MayQueue.MAY);
        assertThat(h.cfq.mayQueue(h.task("unknown"), Op.READ, 0)).isEqualTo(MayQueue.MAY);
    }

    @Test
    void hwTagBecomesOneAfterFiftySamplesAtADepthOfFiveOrMore() {
        CfqHarness h = new CfqHarness(250, FakeSchedulerContext.HDD_NCQ, Map.of());
        Task t = h.task("r");
        List<Request> rqs = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            rqs.add(h.read(t, i * 8L));
        }
        List<Request> inFlight = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            inFlight.add(h.dispatchOne());
        }
        for (int i = 0; i < 55; i++) {
            h.complete(inFlight.remove(0));
            inFlight.add(h.dispatchOne());
        }
        assertThat(h.cfqd.hwTag).isEqualTo(1);
        assertThat(h.cfqd.hwTagEstDepth).isEqualTo(10);
    }

    @Test
    void hwTagBecomesZeroWhenTheDriverNeverHoldsFiveUnderLoad() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("r");
        for (int i = 0; i < 100; i++) {
            h.read(t, i * 8L);
        }
        assertThat(h.cfqd.hwTag).isEqualTo(-1);
        for (int i = 0; i < 60; i++) {
            h.complete(h.dispatchOne());
        }
        assertThat(h.cfqd.hwTag).isZero();
    }
}
