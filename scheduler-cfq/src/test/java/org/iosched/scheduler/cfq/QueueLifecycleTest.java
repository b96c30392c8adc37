package org.iosched.scheduler.cfq;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.Cgroup;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.junit.jupiter.api.Test;

/** Which queue a request goes to, and how queues come and go (cfq_get_queue, set/put request, exit, merge). */
class QueueLifecycleTest {
    private static final Cgroup G1 = new Cgroup("/g1", 500);
    private static final Cgroup G2 = new Cgroup("/g2", 500);

    @Test
    void eachTaskHasItsOwnSyncQueue() {
        CfqHarness h = CfqHarness.defaults();
        Task a = h.task("a");
        Task b = h.task("b");
        CfqQueue qa = h.queueOf(h.read(a, 0));
        assertThat(h.queueOf(h.read(a, 8))).isSameAs(qa);
        assertThat(h.queueOf(h.read(b, 16))).isNotSameAs(qa);
        assertThat(qa.sync).isTrue();
        assertThat(qa.pid).isEqualTo(a.pid());
    }

    @Test
    void asyncQueuesAreSharedByClassAndLevel() {
        CfqHarness h = CfqHarness.defaults();
        CfqQueue be4 = h.queueOf(h.asyncWrite(h.task("a"), 0));
        assertThat(h.queueOf(h.asyncWrite(h.task("b"), 8))).isSameAs(be4);
        assertThat(h.queueOf(h.asyncWrite(h.task("c", IoPrioClass.BE, 0), 16))).isNotSameAs(be4);
        assertThat(h.queueOf(h.asyncWrite(h.task("d", IoPrioClass.RT, 4), 24))).isNotSameAs(be4);
        CfqQueue idle = h.queueOf(h.asyncWrite(h.task("e", IoPrioClass.IDLE, 2), 32));
        assertThat(h.queueOf(h.asyncWrite(h.task("f", IoPrioClass.IDLE, 5), 40))).isSameAs(idle);
        assertThat(idle.ioprio).isEqualTo(7);
        assertThat(be4.sync).isFalse();
    }

    @Test
    void syncQueuesLiveInTheirTasksGroup() {
        CfqHarness h = CfqHarness.defaults();
        CfqQueue q = h.queueOf(h.read(h.task("a", IoPrioClass.BE, 4, G1), 0));
        assertThat(q.cfqg.path).isEqualTo("/g1");
    }

    @Test
    void inLinux30AsyncQueuesLiveInTheRootGroupWhateverTheCgroup() {
        CfqHarness h = CfqHarness.defaults();
        CfqQueue q = h.queueOf(h.asyncWrite(h.task("a", IoPrioClass.BE, 4, G1), 0));
        assertThat(q.cfqg).isSameAs(h.cfqd.rootGroup);
    }

    @Test
    void asyncQueuesPerGroupPutsAsyncQueuesInTheRequestsCgroup() {
        CfqHarness h = CfqHarness.with("async_queues_per_group", "1");
        CfqQueue q1 = h.queueOf(h.asyncWrite(h.task("a", IoPrioClass.BE, 4, G1), 0));
        CfqQueue q1b = h.queueOf(h.asyncWrite(h.task("b", IoPrioClass.BE, 4, G1), 8));
        CfqQueue q2 = h.queueOf(h.asyncWrite(h.task("c", IoPrioClass.BE, 4, G2), 16));
        assertThat(q1.cfqg.path).isEqualTo("/g1");
        assertThat(q1b).isSameAs(q1);
        assertThat(q2.cfqg.path).isEqualTo("/g2");
    }

    @Test
    void anIoprioChangeGivesANewAsyncQueueAndReprioritisesTheSyncQueueAtItsNextInsert() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("t");
        CfqQueue async4 = h.queueOf(h.asyncWrite(t, 0));
        CfqQueue sync = h.queueOf(h.read(t, 8));
        t.setIoprio(IoPrioClass.BE, 0);
        CfqQueue async0 = h.queueOf(h.asyncWrite(t, 16));
        assertThat(async0).isNotSameAs(async4);
        assertThat(async0.ioprio).isZero();
        h.read(t, 24);
        assertThat(sync.ioprio).isZero();
    }

    @Test
    void aTaskMovedToAnotherCgroupGetsANewSyncQueueThere() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("t", IoPrioClass.BE, 4, G1);
        CfqQueue before = h.queueOf(h.read(t, 0));
        t.setCgroup(G2);
        CfqQueue after = h.queueOf(h.read(t, 8));
        assertThat(after).isNotSameAs(before);
        assertThat(after.cfqg.path).isEqualTo("/g2");
        assertThat(h.ctx.messages()).anyMatch(m -> m.endsWith("changed cgroup"));
    }

    @Test
    void anExitingTasksActiveQueueIsExpiredAndTheQueueRunAgain() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("t");
        Request rq = h.read(t, 0);
        h.dispatchOne();
        h.complete(rq);
        h.read(h.task("other"), 50_000_000);
        int kicks = h.ctx.kicks();
        h.cfq.taskExit(t);
        assertThat(h.cfqd.activeQueue).isNull();
        assertThat(h.ctx.kicks()).isGreaterThan(kicks);
    }

    @Test
    void putRequestReleasesTheAllocationAndTheLastReferenceExpiresAnActiveQueue() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("t");
        Request rq = h.read(t, 0);
        CfqQueue q = h.queueOf(rq);
        assertThat(q.allocated[0]).isEqualTo(1);
        assertThat(q.ref).isEqualTo(2);
        h.dispatchOne();
        h.cfq.taskExit(t);
        assertThat(q.ref).isEqualTo(1);
        h.complete(rq);
        assertThat(q.allocated[0]).isZero();
        assertThat(q.ref).isZero();
        assertThat(rq.schedulerData()).isNull();
    }

    @Test
    void aCloseCooperatorIsServedInsteadOfIdlingAndTheQueuesMerge() {
        CfqHarness h = CfqHarness.defaults();
        Task a = h.task("a");
        Task b = h.task("b");
        Request ra = h.read(a, 0);
        CfqQueue qa = h.queueOf(ra);
        h.dispatchOne();
        Request rb = h.read(b, 16);
        CfqQueue qb = h.queueOf(rb);
        h.complete(ra);
        assertThat(qa.waitRequest).as("no idling with a cooperator at hand").isFalse();
        assertThat(h.dispatchOne()).isSameAs(rb);
        assertThat(qa.newCfqq).isSameAs(qb);
        Request next = h.read(a, 24);
        assertThat(h.queueOf(next)).isSameAs(qb);
        assertThat(qb.coop).isTrue();
        assertThat(h.ctx.messages()).anyMatch(m -> m.contains("merging with queue cfq" + b.pid()));
    }

    @Test
    void aSharedQueueThatTurnedSeekyIsSplitAtTheNextRequest() {
        CfqHarness h = CfqHarness.defaults();
        Task a = h.task("a");
        Task b = h.task("b");
        Request ra = h.read(a, 0);
        h.dispatchOne();
        Request rb = h.read(b, 16);
        CfqQueue shared = h.queueOf(rb);
        h.complete(ra);
        h.dispatchOne();
        h.complete(rb);
        Request ra2 = h.read(a, 24);
        assertThat(h.queueOf(ra2)).isSameAs(shared);
        shared.seekHistory = 0xff;
        h.cfqd.selection.sliceExpired(false);
        assertThat(shared.splitCoop).isTrue();
        Request ra3 = h.read(a, 50_000_000);
        assertThat(h.queueOf(ra3)).isNotSameAs(shared);
        assertThat(h.ctx.messages()).anyMatch(m -> m.endsWith("breaking apart cfqq"));
    }

    @Test
    void hooksForARequestCfqNeverDispatchedLeaveItsCountsAlone() {
        CfqHarness h = CfqHarness.defaults();
        Request bypass = h.allocate(h.task("t"), org.iosched.api.Op.WRITE, org.iosched.api.RequestFlags.SYNC, 0, 8);
        h.cfq.activate(bypass);
        h.cfq.completed(bypass);
        h.cfq.putRequest(bypass);
        assertThat(h.cfqd.rqInDriver).isZero();
        assertThat(h.cfqd.rqInFlight).containsExactly(0, 0);
        assertThat(bypass.schedulerData()).isNull();
    }
}
