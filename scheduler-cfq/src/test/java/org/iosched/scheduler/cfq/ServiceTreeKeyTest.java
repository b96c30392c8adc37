package org.iosched.scheduler.cfq;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.IoPrioClass;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.junit.jupiter.api.Test;

/** {@code cfq_service_tree_add}: rb_key = jiffies + slice offset - resid, and the special cases. */
class ServiceTreeKeyTest {

    @Test
    void firstQueueOfAnEmptyGroupGetsANegativeOffsetBecauseItIsNotCountedYet() {
        CfqHarness h = CfqHarness.defaults();
        long now = h.jiffies();
        CfqQueue a = h.queueOf(h.read(h.task("a"), 0));
        // (0 - 1) * (prio_slice(sync, 0) - prio_slice(sync, 4)) = -(45 - 25)
        assertThat(a.rbKey).isEqualTo(now - 20);
        assertThat(h.cfqd.rootGroup.nrCfqq).isEqualTo(1);
    }

    @Test
    void laterQueuesAreOffsetByTheirSliceShortfallTimesTheQueuesAlreadyBusy() {
        CfqHarness h = CfqHarness.defaults();
        long now = h.jiffies();
        h.read(h.task("a"), 0);
        CfqQueue b = h.queueOf(h.read(h.task("b"), 1_000_000));
        CfqQueue c = h.queueOf(h.read(h.task("c"), 2_000_000));
        CfqQueue p0 = h.queueOf(h.read(h.task("p0", IoPrioClass.BE, 0), 3_000_000));
        assertThat(b.rbKey).isEqualTo(now);            // 0 * 20
        assertThat(c.rbKey).isEqualTo(now + 20);       // 1 * 20
        assertThat(p0.rbKey).isEqualTo(now);           // prio 0 has no shortfall
    }

    @Test
    void asyncQueuesAreOffsetByTheSyncPrio0SliceMinusTheirAsyncSlice() {
        CfqHarness h = CfqHarness.defaults();
        long now = h.jiffies();
        h.read(h.task("a"), 0);
        h.read(h.task("b"), 1_000_000);
        CfqQueue w = h.queueOf(h.asyncWrite(h.task("w"), 2_000_000));
        // (2 - 1) * (45 - 10)
        assertThat(w.rbKey).isEqualTo(now + 35);
    }

    @Test
    void equalKeysKeepArrivalOrder() {
        CfqHarness h = CfqHarness.defaults();
        h.read(h.task("a"), 0);
        CfqQueue b = h.queueOf(h.read(h.task("b"), 1_000_000));
        CfqQueue p0 = h.queueOf(h.read(h.task("p0", IoPrioClass.BE, 0), 3_000_000));
        assertThat(b.rbKey).isEqualTo(p0.rbKey);
        ServiceTree st = b.serviceTree;
        assertThat(st).isSameAs(p0.serviceTree);
        assertThat(st.first().rbKey).isLessThan(b.rbKey);
        CfqQueue afterFirst = b;
        assertThat(st.last()).isSameAs(p0);
        assertThat(afterFirst.rbSeq).isLessThan(p0.rbSeq);
    }

    @Test
    void idleClassQueuesGoIdleDelayBehindTheLastIdleQueue() {
        CfqHarness h = CfqHarness.defaults();
        long now = h.jiffies();
        CfqQueue i1 = h.queueOf(h.read(h.task("i1", IoPrioClass.IDLE, 7), 0));
        CfqQueue i2 = h.queueOf(h.read(h.task("i2", IoPrioClass.IDLE, 7), 1_000_000));
        assertThat(i1.rbKey).isEqualTo(now + 50);      // CFQ_IDLE_DELAY = HZ/5
        assertThat(i2.rbKey).isEqualTo(now + 100);
        assertThat(i1.serviceTree).isSameAs(h.cfqd.rootGroup.serviceTreeIdle);
    }

    @Test
    void residualSliceMovesAPreemptedQueueForwardAtItsNextInsertion() {
        CfqHarness h = CfqHarness.defaults();
        CfqQueue cfqq = h.queueOf(h.read(h.task("a"), 0));
        cfqq.sliceResid = 7;
        long now = h.jiffies();
        long offset = h.cfqd.trees.sliceOffset(cfqq);
        h.cfqd.trees.serviceTreeAdd(cfqq, false);
        assertThat(cfqq.rbKey).isEqualTo(now + offset - 7);
        assertThat(cfqq.sliceResid).isZero();
    }

    @Test
    void aPreemptingQueueGoesOneSecondBeforeTheFirstQueueOfItsTree() {
        CfqHarness h = CfqHarness.defaults();
        CfqQueue a = h.queueOf(h.read(h.task("a"), 0));
        CfqQueue b = h.queueOf(h.read(h.task("b"), 1_000_000));
        h.cfqd.trees.serviceTreeAdd(b, true);
        assertThat(b.rbKey).isEqualTo(a.rbKey - 250);
        assertThat(b.serviceTree.first()).isSameAs(b);
    }

    @Test
    void aQueueMovesToTheSyncNoidleTreeOnlyWhenResortedAfterItsIdleWindowCloses() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("fsync");
        CfqQueue q = h.queueOf(h.syncWrite(t, 0, RequestFlags.NOIDLE));
        // the queue joined its tree before cfq_rq_enqueued cleared the idle window
        assertThat(q.idleWindow).isFalse();
        assertThat(q.serviceTree.type).isEqualTo(WorkloadType.SYNC);
        h.cfqd.trees.resortRrList(q);
        assertThat(q.serviceTree.type).isEqualTo(WorkloadType.SYNC_NOIDLE);
        assertThat(h.cfqd.rootGroup.nrCfqq).isEqualTo(1);
    }

    @Test
    void reinsertingAtTheSamePositionChangesNothing() {
        CfqHarness h = CfqHarness.defaults();
        Request rq = h.read(h.task("a"), 0);
        CfqQueue q = h.queueOf(rq);
        long seq = q.rbSeq;
        q.rbKey = h.jiffies() + h.cfqd.trees.sliceOffset(q);
        h.cfqd.trees.serviceTreeAdd(q, false);
        assertThat(q.rbSeq).isEqualTo(seq);
        assertThat(q.serviceTree.count()).isEqualTo(1);
    }
}
