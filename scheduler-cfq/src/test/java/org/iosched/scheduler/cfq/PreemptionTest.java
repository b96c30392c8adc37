package org.iosched.scheduler.cfq;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.Cgroup;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.junit.jupiter.api.Test;

/** Each rule of {@code cfq_should_preempt} in 3.0's order, the seed variants, and {@code cfq_preempt_queue}. */
class PreemptionTest {
    private static final long FAR = 50_000_000;
    private static final Cgroup G1 = new Cgroup("/g1", 500);
    private static final Cgroup G2 = new Cgroup("/g2", 500);

    /** Submit {@code rq} and report whether it preempted the active queue. */
    private static boolean preempts(CfqHarness h, Runnable submit) {
        int before = h.ctx.messages().size();
        submit.run();
        return h.ctx.messages().subList(before, h.ctx.messages().size()).stream().anyMatch(m -> m.endsWith(" preempt"));
    }

    /** The task's read is dispatched and completes: its queue is active, empty, idling. */
    private static CfqQueue idlingOn(CfqHarness h, Task task, long sector) {
        Request rq = h.read(task, sector);
        CfqQueue q = h.queueOf(rq);
        assertThat(h.dispatchOne()).isSameAs(rq);
        h.complete(rq);
        assertThat(q.waitRequest).as("idling").isTrue();
        return q;
    }

    /** A queue that already served a REQ_NOIDLE write: its next request puts it on the sync-noidle tree. */
    private static void primeNoidle(CfqHarness h, Task task, long sector) {
        Request rq = h.syncWrite(task, sector, RequestFlags.NOIDLE);
        assertThat(h.dispatchOne()).isSameAs(rq);
        h.complete(rq);
        h.advanceJiffies(3);
        assertThat(h.cfqd.activeQueue).isNull();
    }

    @Test
    void withNoActiveQueueNothingIsPreempted() {
        CfqHarness h = CfqHarness.defaults();
        assertThat(preempts(h, () -> h.read(h.task("a"), 0))).isFalse();
    }

    @Test
    void anIdleClassRequestNeverPreemptsEvenWhenClose() {
        CfqHarness h = CfqHarness.defaults();
        idlingOn(h, h.task("a"), 0);
        assertThat(preempts(h, () -> h.read(h.task("i", IoPrioClass.IDLE, 7), 16))).isFalse();
    }

    @Test
    void anActiveIdleClassQueueIsPreemptedByAnyOtherClass() {
        CfqHarness h = CfqHarness.defaults();
        h.read(h.task("i", IoPrioClass.IDLE, 7), 0);
        h.dispatchOne();
        assertThat(preempts(h, () -> h.read(h.task("b"), FAR))).isTrue();
    }

    @Test
    void aNonRtRequestNeverPreemptsAnRtQueue() {
        CfqHarness h = CfqHarness.defaults();
        idlingOn(h, h.task("rt", IoPrioClass.RT, 4), 0);
        assertThat(preempts(h, () -> h.read(h.task("b"), 16))).isFalse();
    }

    @Test
    void aSyncRequestPreemptsAnActiveAsyncQueueEvenInAnotherGroup() {
        CfqHarness h = CfqHarness.defaults();
        h.asyncWrite(h.task("w"), 0);
        h.asyncWrite(h.task("w2"), 8);
        h.dispatchOne();
        assertThat(h.cfqd.activeQueue.sync).isFalse();
        assertThat(preempts(h, () -> h.read(h.task("r", IoPrioClass.BE, 4, G1), FAR))).isTrue();
    }

    /**
     * The g.fio starvation in 3.0: a reader of a weight-100 group whose next read always arrives while the root
     * group's async writeback is active preempts it (sync against async, any group) and is put at the front of its
     * own group's tree, one HZ before the queue already first there, which keeps its key; when the group's turn
     * comes, the preempting reader is served and its lower-priority group-mate waits.
     */
    @Test
    void aSyncQueuePreemptingTheRootAsyncQueueJumpsAheadOfTheWaitingQueuesOfItsGroup() {
        CfqHarness h = CfqHarness.defaults();
        Cgroup g = new Cgroup("/grp1", 100);
        Task w = h.task("w");
        for (int i = 0; i < 4; i++) {
            h.asyncWrite(w, 8L * i);
        }
        assertThat(h.dispatchOne()).isNotNull();
        assertThat(h.cfqd.activeQueue.sync).isFalse();

        Request waiting = h.read(h.task("prio4", IoPrioClass.BE, 4, g), FAR);
        CfqQueue prio4 = h.queueOf(waiting);
        long prio4Key = prio4.rbKey;
        assertThat(h.cfqd.activeQueue).isNull();
        assertThat(h.dispatchOne()).as("the root group is still the leftmost").isNotNull();
        assertThat(h.cfqd.activeQueue.sync).isFalse();

        h.advanceJiffies(5);
        Task p0 = h.task("prio0", IoPrioClass.BE, 0, g);
        assertThat(preempts(h, () -> h.read(p0, 2 * FAR))).isTrue();
        CfqQueue prio0 = h.syncQueue(p0);
        assertThat(prio0.rbKey).isEqualTo(prio4Key - h.cfqd.clock.hz());
        assertThat(prio4.rbKey).isEqualTo(prio4Key);
        assertThat(prio0.serviceTree).isSameAs(prio4.serviceTree);
        assertThat(prio0.serviceTree.first()).isSameAs(prio0);
    }

    /** Seed 001's mechanism: the async queue became active while sync I/O was in flight and dispatched nothing. */
    private static void asyncActiveWithoutDispatch(CfqHarness h) {
        Request r = h.read(h.task("r"), 0);
        h.dispatchOne();
        h.asyncWrite(h.task("w"), 5_000_000);
        h.cfqd.selection.sliceExpired(false);
        assertThat(h.dispatchOne()).isNull();
        assertThat(h.cfqd.activeQueue.sync).isFalse();
        assertThat(h.cfqd.activeQueue.sliceDispatch).isZero();
        assertThat(r).isNotNull();
    }

    @Test
    void inLinux30ASyncRequestPreemptsAnAsyncQueueThatHasNotDispatchedYet() {
        CfqHarness h = CfqHarness.defaults();
        asyncActiveWithoutDispatch(h);
        assertThat(preempts(h, () -> h.read(h.task("r2"), FAR))).isTrue();
    }

    @Test
    void asyncMinDispatchProtectsAnAsyncQueueUntilItHasDispatchedOneRequest() {
        CfqHarness h = CfqHarness.with("async_min_dispatch", "1");
        asyncActiveWithoutDispatch(h);
        assertThat(preempts(h, () -> h.read(h.task("r2"), FAR))).isFalse();
    }

    @Test
    void fifoExpiredMustDispatchProtectsAnAsyncQueueMarkedMustDispatch() {
        CfqHarness h = CfqHarness.with("fifo_expired_must_dispatch", "1");
        asyncActiveWithoutDispatch(h);
        h.cfqd.activeQueue.mustDispatch = true;
        assertThat(preempts(h, () -> h.read(h.task("r2"), FAR))).isFalse();
    }

    @Test
    void aQueueOfAnotherGroupDoesNotPreemptEvenWhenClose() {
        CfqHarness h = CfqHarness.defaults();
        idlingOn(h, h.task("a", IoPrioClass.BE, 4, G1), 0);
        assertThat(preempts(h, () -> h.read(h.task("b", IoPrioClass.BE, 4, G2), 16))).isFalse();
    }

    @Test
    void anRtRequestOfAnotherGroupDoesNotPreemptABeQueue() {
        CfqHarness h = CfqHarness.defaults();
        idlingOn(h, h.task("a", IoPrioClass.BE, 4, G1), 0);
        assertThat(preempts(h, () -> h.read(h.task("rt", IoPrioClass.RT, 0, G2), FAR))).isFalse();
    }

    @Test
    void anActiveQueueWhoseSliceIsUsedIsPreempted() {
        CfqHarness h = CfqHarness.defaults();
        Task a = h.task("a");
        Request first = h.read(a, 0);
        h.read(a, 8);
        h.dispatchOne();
        h.complete(first);
        h.advanceJiffies(26);
        assertThat(preempts(h, () -> h.read(h.task("b"), FAR))).isTrue();
    }

    @Test
    void aSyncNoidleRequestPreemptsAQueueIdlingAtTheEndOfTheSyncNoidleTree() {
        CfqHarness h = CfqHarness.defaults();
        Task a = h.task("a");
        Task b = h.task("b");
        primeNoidle(h, b, FAR);
        primeNoidle(h, a, 0);
        Request rq = h.syncWrite(a, 8, RequestFlags.NOIDLE);
        h.dispatchOne();
        h.complete(rq);
        assertThat(h.cfqd.servingType).isEqualTo(WorkloadType.SYNC_NOIDLE);
        assertThat(h.cfqd.activeQueue.waitRequest).isTrue();
        assertThat(preempts(h, () -> h.syncWrite(b, FAR + 8, RequestFlags.NOIDLE))).isTrue();
    }

    @Test
    void aSyncIdleRequestDoesNotPreemptAQueueIdlingAtTheEndOfTheSyncNoidleTree() {
        CfqHarness h = CfqHarness.defaults();
        Task a = h.task("a");
        primeNoidle(h, a, 0);
        Request rq = h.syncWrite(a, 8, RequestFlags.NOIDLE);
        h.dispatchOne();
        h.complete(rq);
        assertThat(preempts(h, () -> h.read(h.task("b"), FAR))).isFalse();
    }

    private static void syncNoidleAcrossGroups(CfqHarness h, Task a, Task b) {
        primeNoidle(h, b, FAR);
        primeNoidle(h, a, 0);
        Request rq = h.syncWrite(a, 8, RequestFlags.NOIDLE);
        h.dispatchOne();
        h.complete(rq);
        assertThat(h.cfqd.activeQueue.waitRequest).isTrue();
    }

    @Test
    void inLinux30ASyncNoidleQueueOfAnotherGroupWaitsOutTheIdleWindow() {
        CfqHarness h = CfqHarness.defaults();
        Task a = h.task("fsync", IoPrioClass.BE, 4, G1);
        Task b = h.task("jbd2", IoPrioClass.BE, 4, Cgroup.ROOT);
        syncNoidleAcrossGroups(h, a, b);
        assertThat(preempts(h, () -> h.syncWrite(b, FAR + 8, RequestFlags.NOIDLE))).isFalse();
    }

    @Test
    void groupPreemptSyncNoidleLetsASyncNoidleQueueAloneInItsGroupPreemptAcrossGroups() {
        CfqHarness h = CfqHarness.with("group_preempt_sync_noidle", "1");
        Task a = h.task("fsync", IoPrioClass.BE, 4, G1);
        Task b = h.task("jbd2", IoPrioClass.BE, 4, Cgroup.ROOT);
        syncNoidleAcrossGroups(h, a, b);
        assertThat(preempts(h, () -> h.syncWrite(b, FAR + 8, RequestFlags.NOIDLE))).isTrue();
    }

    @Test
    void groupPreemptSyncNoidleKeepsTheSameGroupRuleOfTwoQueuesOnTheTree() {
        CfqHarness h = CfqHarness.with("group_preempt_sync_noidle", "1");
        Task a = h.task("a");
        Task b = h.task("b");
        primeNoidle(h, b, FAR);
        primeNoidle(h, a, 0);
        Request rq = h.syncWrite(a, 8, RequestFlags.NOIDLE);
        h.dispatchOne();
        h.complete(rq);
        assertThat(preempts(h, () -> h.syncWrite(b, FAR + 8, RequestFlags.NOIDLE))).isTrue();
    }

    @Test
    void aMetadataRequestPreemptsAQueueWithNoMetadataPending() {
        CfqHarness h = CfqHarness.defaults();
        idlingOn(h, h.task("a"), 0);
        Task b = h.task("b");
        assertThat(preempts(h, () -> h.submit(b, Op.READ, RequestFlags.META, FAR, 8))).isTrue();
    }

    @Test
    void aFarPlainRequestDoesNotPreemptAnIdlingQueue() {
        CfqHarness h = CfqHarness.defaults();
        idlingOn(h, h.task("a"), 0);
        assertThat(preempts(h, () -> h.read(h.task("b"), FAR))).isFalse();
    }

    @Test
    void anRtRequestPreemptsABeQueueOfItsGroup() {
        CfqHarness h = CfqHarness.defaults();
        idlingOn(h, h.task("a"), 0);
        assertThat(preempts(h, () -> h.read(h.task("rt", IoPrioClass.RT, 4), FAR))).isTrue();
    }

    @Test
    void anEmptyActiveQueueNotWorthIdlingForIsPreempted() {
        CfqHarness h = CfqHarness.with("slice_idle", "0");
        h.read(h.task("a"), 0);
        h.dispatchOne();
        assertThat(preempts(h, () -> h.read(h.task("b"), FAR))).isTrue();
    }

    @Test
    void anActiveQueueThatIsNotWaitingForARequestIsNotPreempted() {
        CfqHarness h = CfqHarness.defaults();
        h.read(h.task("a"), 0);
        h.dispatchOne();
        assertThat(h.cfqd.activeQueue.waitRequest).isFalse();
        assertThat(preempts(h, () -> h.read(h.task("b"), 16))).isFalse();
    }

    @Test
    void aRequestCloseToTheHeadPreemptsAnIdlingQueue() {
        CfqHarness h = CfqHarness.defaults();
        idlingOn(h, h.task("a"), 0);
        // last_position is the end of a's read (sector 8); 8192 sectors away is still close
        assertThat(preempts(h, () -> h.read(h.task("b"), 8 + 8192))).isTrue();
    }

    @Test
    void aRequestJustBeyondTheCloseThresholdDoesNotPreempt() {
        CfqHarness h = CfqHarness.defaults();
        idlingOn(h, h.task("a"), 0);
        assertThat(preempts(h, () -> h.read(h.task("b"), 8 + 8193))).isFalse();
    }

    @Test
    void thePreemptedQueueKeepsItsUnusedSliceAndTheNewQueueGoesFirstWithAFreshSlice() {
        CfqHarness h = CfqHarness.defaults();
        CfqQueue a = idlingOn(h, h.task("a"), 0);
        h.advanceJiffies(1);
        long remaining = a.sliceEnd - h.jiffies();
        Request b = h.read(h.task("b"), 16);
        CfqQueue bq = h.queueOf(b);
        assertThat(a.sliceResid).isEqualTo(remaining);
        assertThat(h.cfqd.activeQueue).isNull();
        assertThat(bq.sliceNew).isTrue();
        assertThat(bq.sliceEnd).isZero();
        assertThat(bq.serviceTree.first()).isSameAs(bq);
        assertThat(h.ctx.kicks()).isPositive();
        assertThat(h.dispatchOne()).isSameAs(b);
    }

    @Test
    void preemptionWithinAWorkloadTypeKeepsTheGroupsSavedWorkload() {
        CfqHarness h = CfqHarness.defaults();
        idlingOn(h, h.task("a"), 0);
        assertThat(preempts(h, () -> h.read(h.task("b"), 16))).isTrue();
        assertThat(h.cfqd.rootGroup.savedWorkloadSlice).isPositive();
    }

    @Test
    void preemptionByAnotherWorkloadTypeDropsTheGroupsSavedWorkload() {
        CfqHarness h = CfqHarness.defaults();
        Task b = h.task("b");
        primeNoidle(h, b, 5_000);
        idlingOn(h, h.task("a"), 0);
        assertThat(preempts(h, () -> h.syncWrite(b, 16, RequestFlags.NOIDLE))).isTrue();
        assertThat(h.cfqd.rootGroup.savedWorkloadSlice).isZero();
    }
}
