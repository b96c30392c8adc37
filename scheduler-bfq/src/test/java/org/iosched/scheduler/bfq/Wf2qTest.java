package org.iosched.scheduler.bfq;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.Jiffies;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * B-WF2Q+ on given inputs (bfq-wf2q.c, reference/bfq.md section 5): timestamps from budget and weight,
 * eligibility against V, V's advance by service over the weight sum, back-shifting, the idle tree and the
 * class priority with its idle-class guard.
 */
class Wf2qTest {
    private static final long MS = 1_000_000L;
    private final long[] clock = {0};
    private final Jiffies jiffies = new Jiffies(1000);
    private Wf2q wf2q;
    private BfqGroup root;

    @BeforeEach
    void setUp() {
        wf2q = new Wf2q(jiffies, () -> clock[0], (queue, old) -> { });
        root = new BfqGroup("/", 100, null, new QueueLists(), 0);
    }

    private BfqQueue queue(int pid, int weight, int classIndex, long budget) {
        BfqQueue q = new BfqQueue(pid, true, root);
        BfqEntity e = q.entity;
        e.weight = weight;
        e.origWeight = weight;
        e.newWeight = weight;
        e.classIndex = classIndex;
        q.ioprioClass = classIndex + 1;
        q.newIoprioClass = classIndex + 1;
        e.schedData = root.schedData;
        e.budget = budget;
        return q;
    }

    // a BE queue of weight 40 in `group`
    private static BfqQueue queueIn(int pid, BfqGroup group, long budget) {
        BfqQueue q = new BfqQueue(pid, true, group);
        q.entity.weight = 40;
        q.entity.origWeight = 40;
        q.entity.newWeight = 40;
        q.entity.classIndex = Bfq.BE;
        q.ioprioClass = 2;
        q.newIoprioClass = 2;
        q.entity.schedData = group.schedData;
        q.entity.parent = group.entity;
        q.entity.budget = budget;
        return q;
    }

    private ServiceTree be() {
        return root.schedData.trees[Bfq.BE];
    }

    @Test
    void finishIsStartPlusBudgetShiftedBy22OverWeight() {
        BfqQueue a = queue(1, 40, Bfq.BE, 1024);
        BfqQueue b = queue(2, 80, Bfq.BE, 1024);
        wf2q.activateRequeue(a.entity, false, false, false);
        wf2q.activateRequeue(b.entity, false, false, false);
        assertThat(a.entity.start).isZero();
        assertThat(a.entity.finish).isEqualTo((1024L << 22) / 40);
        assertThat(b.entity.finish).isEqualTo((1024L << 22) / 80);
        assertThat(be().wsum).isEqualTo(120);
        // the eligible entity with the smallest finish: the heavier one
        assertThat(wf2q.getNextQueue(root.schedData)).isSameAs(b);
    }

    @Test
    void serviceAdvancesVirtualTimeByServiceOverTheWeightSum() {
        BfqQueue a = queue(1, 40, Bfq.BE, 1024);
        BfqQueue b = queue(2, 80, Bfq.BE, 1024);
        wf2q.activateRequeue(a.entity, false, false, false);
        wf2q.activateRequeue(b.entity, false, false, false);
        BfqQueue served = wf2q.getNextQueue(root.schedData);
        Wf2q.served(served.entity, 256);
        assertThat(be().vtime).isEqualTo((256L << 22) / 120);
        assertThat(served.entity.service).isEqualTo(256);
    }

    @Test
    void anEntityStartingAfterTheVirtualTimeIsNotEligibleEvenWithTheSmallestFinish() {
        BfqQueue early = queue(1, 10, Bfq.BE, 4096);
        wf2q.activateRequeue(early.entity, false, false, false);
        be().vtime = 1000;
        BfqQueue late = queue(2, 1000, Bfq.BE, 8);
        wf2q.activateRequeue(late.entity, false, false, false);
        // late starts at V = 1000 and finishes first; make it ineligible by moving its start after V
        be().activeExtract(late.entity);
        late.entity.start = 5000;
        Wf2q.calcFinish(late.entity, late.entity.budget);
        be().activeInsert(late.entity);
        assertThat(late.entity.finish).isLessThan(early.entity.finish);
        assertThat(be().firstActiveEntity(be().vtime)).isSameAs(early.entity);
        // with no entity eligible, the lookup jumps V to the smallest start
        be().activeExtract(early.entity);
        root.schedData.nextInService = null;
        assertThat(wf2q.lookupNextEntity(root.schedData, false)).isSameAs(late.entity);
        assertThat(be().vtime).isEqualTo(5000);
    }

    @Test
    void equalFinishTimesAreServedInInsertionOrder() {
        BfqQueue first = queue(1, 40, Bfq.BE, 1024);
        BfqQueue second = queue(2, 40, Bfq.BE, 1024);
        wf2q.activateRequeue(first.entity, false, false, false);
        wf2q.activateRequeue(second.entity, false, false, false);
        assertThat(first.entity.finish).isEqualTo(second.entity.finish);
        assertThat(wf2q.getNextQueue(root.schedData)).isSameAs(first);
    }

    @Test
    void aDeactivatedEntityAheadOfVirtualTimeStaysOnTheIdleTreeAndIsForgottenOnceVirtualTimePassesIt() {
        BfqQueue a = queue(1, 40, Bfq.BE, 1024);
        BfqQueue b = queue(2, 40, Bfq.BE, 1024);
        wf2q.activateRequeue(a.entity, false, false, false);
        wf2q.activateRequeue(b.entity, false, false, false);
        BfqQueue inService = wf2q.getNextQueue(root.schedData);
        Wf2q.served(inService.entity, 512);
        wf2q.deactivate(inService.entity, true, true);
        // F = S + 512 << 22 / 40 is ahead of V = 512 << 22 / 80: idle tree, weight kept in wsum
        assertThat(inService.entity.finish).isEqualTo((512L << 22) / 40);
        assertThat(inService.entity.treeKind).isEqualTo(BfqEntity.IDLE);
        assertThat(be().wsum).isEqualTo(80);
        // reactivated from the idle tree it cannot start before its old finish
        be().vtime = 10;
        wf2q.activateRequeue(inService.entity, false, false, false);
        assertThat(inService.entity.start).isEqualTo((512L << 22) / 40);
        wf2q.deactivate(inService.entity, true, false);
        assertThat(inService.entity.treeKind).isEqualTo(BfqEntity.IDLE);
        // V passes its finish: one service update forgets it
        be().vtime = inService.entity.finish;
        Wf2q.forgetIdle(be());
        assertThat(inService.entity.treeKind).isEqualTo(BfqEntity.NO_TREE);
        assertThat(inService.entity.onStOrInService).isFalse();
        assertThat(be().wsum).isEqualTo(40);
    }

    @Test
    void aQueueReturningInTimeIsBackShiftedToFinishAtTheVirtualTime() {
        BfqQueue a = queue(1, 40, Bfq.BE, 1024);
        a.entity.start = 0;
        a.entity.finish = 100;
        a.entity.onStOrInService = true;
        be().wsum = 40;
        be().idleInsert(a.entity);
        be().vtime = 500_000_000;
        wf2q.activateRequeue(a.entity, true, false, false);
        long span = (1024L << 22) / 40;
        // S = old F, F = S + span; then both shifted by V - F so that F = V
        assertThat(a.entity.finish).isEqualTo(500_000_000);
        assertThat(a.entity.start).isEqualTo(500_000_000 - span);
    }

    @Test
    void realTimeIsServedBeforeBestEffortAndIdleGetsOneTurnAfter200MsWithoutIt() {
        BfqQueue idle = queue(3, 10, Bfq.IDLE, 1024);
        BfqQueue be = queue(2, 40, Bfq.BE, 1024);
        BfqQueue rt = queue(1, 40, Bfq.RT, 1024);
        wf2q.activateRequeue(idle.entity, false, false, false);
        wf2q.activateRequeue(be.entity, false, false, false);
        wf2q.activateRequeue(rt.entity, false, false, false);
        assertThat(wf2q.lookupNextEntity(root.schedData, false)).isSameAs(rt.entity);
        clock[0] = 150 * MS;
        assertThat(wf2q.lookupNextEntity(root.schedData, false)).isSameAs(rt.entity);
        clock[0] = 201 * MS;
        assertThat(wf2q.lookupNextEntity(root.schedData, false)).isSameAs(idle.entity);
        // the guard restarts: the next lookup is RT again
        assertThat(wf2q.lookupNextEntity(root.schedData, false)).isSameAs(rt.entity);
    }

    @Test
    void aGroupCompetesWithItsWeightAndTheBudgetOfItsNextChild() {
        QueueLists lists = new QueueLists();
        root = new BfqGroup("/", 100, null, lists, 0);
        BfqGroup group = new BfqGroup("/a", 200, root, lists, 0);
        BfqQueue inGroup = queueIn(5, group, 2048);
        wf2q.activateRequeue(inGroup.entity, false, false, false);
        assertThat(group.entity.budget).isEqualTo(2048);
        assertThat(group.entity.finish).isEqualTo((2048L << 22) / 200);
        assertThat(root.schedData.trees[Bfq.BE].wsum).isEqualTo(200);
        assertThat(wf2q.getNextQueue(root.schedData)).isSameAs(inGroup);
        Wf2q.served(inGroup.entity, 100);
        assertThat(group.entity.service).isEqualTo(100);
        assertThat(root.schedData.trees[Bfq.BE].vtime).isEqualTo((100L << 22) / 200);
        assertThat(group.schedData.trees[Bfq.BE].vtime).isEqualTo((100L << 22) / 40);
    }

    @Test
    void aQueueTwoGroupsDownActivatesAndIsChargedAtEveryLevel() {
        QueueLists lists = new QueueLists();
        root = new BfqGroup("/", 100, null, lists, 0);
        BfqGroup a = new BfqGroup("/a", 200, root, lists, 0);
        BfqGroup ax = new BfqGroup("/a/x", 100, a, lists, 0);
        assertThat(ax.entity.parent).isSameAs(a.entity);
        assertThat(ax.entity.schedData).isSameAs(a.schedData);
        BfqQueue deep = queueIn(6, ax, 1024);
        wf2q.activateRequeue(deep.entity, false, false, false);
        // each level's tree holds the entity below with its own weight; the budget goes up the chain
        assertThat(root.schedData.trees[Bfq.BE].wsum).isEqualTo(200);
        assertThat(a.schedData.trees[Bfq.BE].wsum).isEqualTo(100);
        assertThat(ax.schedData.trees[Bfq.BE].wsum).isEqualTo(40);
        assertThat(a.entity.finish).isEqualTo((1024L << 22) / 200);
        assertThat(ax.entity.finish).isEqualTo((1024L << 22) / 100);
        assertThat(wf2q.getNextQueue(root.schedData)).isSameAs(deep);
        Wf2q.served(deep.entity, 64);
        assertThat(a.entity.service).isEqualTo(64);
        assertThat(ax.entity.service).isEqualTo(64);
        assertThat(root.schedData.trees[Bfq.BE].vtime).isEqualTo((64L << 22) / 200);
        assertThat(a.schedData.trees[Bfq.BE].vtime).isEqualTo((64L << 22) / 100);
        assertThat(ax.schedData.trees[Bfq.BE].vtime).isEqualTo((64L << 22) / 40);
    }
}
