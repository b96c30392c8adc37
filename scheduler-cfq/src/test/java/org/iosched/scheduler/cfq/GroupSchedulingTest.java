package org.iosched.scheduler.cfq;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.Cgroup;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.junit.jupiter.api.Test;

/** The group service tree: vdisktime, weights, and {@code cfq_group_served} in time and IOPS mode. */
class GroupSchedulingTest {
    private static final Cgroup G = new Cgroup("/g", 250);

    @Test
    void theRootGroupWeighsTwiceTheDefaultWeight() {
        CfqHarness h = CfqHarness.defaults();
        h.read(h.task("a"), 0);
        h.read(h.task("b", IoPrioClass.BE, 4, new Cgroup("/g", 500)), 1_000_000);
        assertThat(h.cfqd.rootGroup.weight).isEqualTo(1000);
        assertThat(h.cfqd.grpServiceTree.totalWeight).isEqualTo(1500);
    }

    @Test
    void withoutGroupSchedulingEveryCgroupsQueueIsInTheRootGroupAtItsWeight() {
        CfqHarness h = CfqHarness.with("group_scheduling", "0");
        h.read(h.task("a"), 0);
        h.read(h.task("b", IoPrioClass.BE, 4, new Cgroup("/g", 100)), 1_000_000);
        assertThat(h.cfqd.groups).doesNotContainKey("/g");
        assertThat(h.cfqd.rootGroup.weight).isEqualTo(1000);
        assertThat(h.cfqd.grpServiceTree.totalWeight).isEqualTo(1000);
    }

    @Test
    void aNewlyBusyGroupGoesBehindTheLastGroupByAnUnscaledIdleDelay() {
        CfqHarness h = CfqHarness.defaults();
        h.read(h.task("a"), 0);
        h.read(h.task("b", IoPrioClass.BE, 4, G), 1_000_000);
        CfqGroup g = h.cfqd.groups.get("/g");
        assertThat(g.vdisktime).isEqualTo(h.cfqd.rootGroup.vdisktime + 50);
        assertThat(h.cfqd.grpServiceTree.first()).isSameAs(h.cfqd.rootGroup);
    }

    @Test
    void theFirstBusyGroupStartsAtMinVdisktime() {
        CfqHarness h = CfqHarness.defaults();
        h.cfqd.grpServiceTree.minVdisktime = 12345;
        h.read(h.task("b", IoPrioClass.BE, 4, G), 0);
        assertThat(h.cfqd.groups.get("/g").vdisktime).isEqualTo(12345);
    }

    @Test
    void timeModeChargesTheTimeSinceTheSliceStartedScaledByWeight() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("r", IoPrioClass.BE, 4, G);
        Request first = h.read(t, 0);
        h.read(t, 8);
        h.dispatchOne();
        h.advanceJiffies(3);
        h.complete(first);
        CfqGroup g = h.cfqd.groups.get("/g");
        long before = g.vdisktime;
        h.advanceJiffies(10);
        h.cfqd.selection.sliceExpired(false);
        // (10 << 12) * 500 / 250
        assertThat(g.vdisktime - before).isEqualTo(81920);
    }

    @Test
    void aQueueExpiredBeforeItsFirstCompletionIsChargedTheTimeSinceActivation() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("r", IoPrioClass.BE, 4, G);
        h.read(t, 0);
        h.dispatchOne();
        CfqGroup g = h.cfqd.groups.get("/g");
        long before = g.vdisktime;
        h.advanceJiffies(3);
        h.cfqd.selection.sliceExpired(false);
        assertThat(g.vdisktime - before).isEqualTo((3L << 12) * 2);
    }

    @Test
    void chargedTimeIsCappedAtTheAllocatedSlice() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("r", IoPrioClass.BE, 4, G);
        Request first = h.read(t, 0);
        h.read(t, 8);
        h.dispatchOne();
        h.complete(first);
        CfqGroup g = h.cfqd.groups.get("/g");
        long before = g.vdisktime;
        h.advanceJiffies(40);
        h.cfqd.selection.sliceExpired(false);
        assertThat(g.vdisktime - before).isEqualTo((25L << 12) * 2);
    }

    @Test
    void iopsModeChargesTheRequestsDispatchedInTheSlice() {
        CfqHarness h = CfqHarness.with("slice_idle", "0");
        Task t = h.task("r", IoPrioClass.BE, 4, G);
        for (int i = 0; i < 5; i++) {
            h.read(t, i * 8L);
        }
        h.dispatchOne();
        h.dispatchOne();
        h.dispatchOne();
        assertThat(h.cfqd.iopsMode()).isTrue();
        CfqGroup g = h.cfqd.groups.get("/g");
        long before = g.vdisktime;
        h.advanceJiffies(10);
        h.cfqd.selection.sliceExpired(false);
        assertThat(g.vdisktime - before).isEqualTo((3L << 12) * 2);
    }

    @Test
    void iopsModeNeedsBothNoIdlingAndAQueueingDevice() {
        CfqHarness h = CfqHarness.with("slice_idle", "0");
        h.cfqd.hwTag = 0;
        assertThat(h.cfqd.iopsMode()).isFalse();
        h.cfqd.hwTag = 1;
        assertThat(h.cfqd.iopsMode()).isTrue();
        assertThat(CfqHarness.defaults().cfqd.iopsMode()).isFalse();
    }

    @Test
    void anAsyncOnlyGroupPaysTheWholeAllocatedSliceOnceARequestCompleted() {
        CfqHarness h = CfqHarness.defaults();
        Task w = h.task("w");
        Request first = h.asyncWrite(w, 0);
        h.asyncWrite(w, 8);
        CfqQueue q = h.queueOf(first);
        h.dispatchOne();
        h.complete(first);
        assertThat(q.allocatedSlice).isEqualTo(10);
        long before = h.cfqd.rootGroup.vdisktime;
        h.advanceJiffies(1);
        h.cfqd.selection.sliceExpired(false);
        // (10 << 12) * 500 / 1000
        assertThat(h.cfqd.rootGroup.vdisktime - before).isEqualTo(20480);
    }

    @Test
    void anAsyncOnlyGroupExpiredBeforeAnyCompletionPaysNothing() {
        CfqHarness h = CfqHarness.defaults();
        Task w = h.task("w");
        h.asyncWrite(w, 0);
        h.asyncWrite(w, 8);
        h.dispatchOne();
        long before = h.cfqd.rootGroup.vdisktime;
        h.advanceJiffies(5);
        h.cfqd.selection.sliceExpired(false);
        assertThat(h.cfqd.rootGroup.vdisktime).isEqualTo(before);
    }

    @Test
    void theGroupWithTheSmallestVdisktimeIsServedAndMinVdisktimeFollowsIt() {
        CfqHarness h = CfqHarness.defaults();
        Request rootRq = h.read(h.task("a"), 0);
        Request gRq = h.read(h.task("b", IoPrioClass.BE, 4, G), 1_000_000);
        CfqGroup g = h.cfqd.groups.get("/g");
        h.cfqd.grpServiceTree.del(h.cfqd.rootGroup);
        h.cfqd.rootGroup.vdisktime = g.vdisktime + 1;
        h.cfqd.grpServiceTree.add(h.cfqd.rootGroup);
        assertThat(h.dispatchOne()).isSameAs(gRq);
        assertThat(h.cfqd.servingGroup).isSameAs(g);
        assertThat(h.cfqd.grpServiceTree.minVdisktime).isEqualTo(g.vdisktime);
        assertThat(rootRq).isNotNull();
    }

    @Test
    void aWeightWriteTakesEffectOnlyWhenTheGroupIsNextTakenOffTheTree() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("r", IoPrioClass.BE, 4, new Cgroup("/g", 500));
        h.read(t, 0);
        h.dispatchOne();
        t.setCgroup(new Cgroup("/g", 800));
        h.read(t, 8);
        CfqGroup g = h.cfqd.groups.get("/g");
        assertThat(g.weight).isEqualTo(500);
        assertThat(g.needsUpdate).isTrue();
        h.cfqd.selection.sliceExpired(false);
        assertThat(g.weight).isEqualTo(800);
        assertThat(h.cfqd.grpServiceTree.totalWeight).isEqualTo(800);
    }

    @Test
    void aGroupLeavesTheTreeAndForgetsItsWorkloadWhenItsLastQueueExpiresEmpty() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("r", IoPrioClass.BE, 4, G);
        Request rq = h.read(t, 0);
        h.dispatchOne();
        h.complete(rq);
        CfqGroup g = h.cfqd.groups.get("/g");
        assertThat(g.onTree).isTrue();
        h.cfqd.selection.sliceExpired(false);
        assertThat(g.onTree).isFalse();
        assertThat(g.nrCfqq).isZero();
        assertThat(g.savedWorkloadSlice).isZero();
        assertThat(h.cfqd.grpServiceTree.totalWeight).isZero();
    }

    @Test
    void anExpiredGroupSavesItsRemainingWorkloadSliceAndGetsItBackWhenServedAgain() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("r", IoPrioClass.BE, 4, G);
        h.read(t, 0);
        h.read(t, 8);
        h.dispatchOne();
        long remaining = h.cfqd.workloadExpires - h.jiffies();
        h.advanceJiffies(2);
        h.cfqd.selection.sliceExpired(false);
        CfqGroup g = h.cfqd.groups.get("/g");
        assertThat(g.savedWorkloadSlice).isEqualTo(remaining - 2);
        assertThat(g.savedWorkload).isEqualTo(WorkloadType.SYNC);
        h.cfqd.servingType = WorkloadType.ASYNC;
        h.dispatchOne();
        assertThat(h.cfqd.servingType).isEqualTo(WorkloadType.SYNC);
        assertThat(h.cfqd.workloadExpires - h.jiffies()).isEqualTo(remaining - 2);
    }

    @Test
    void aRootBlkioWeightOtherThanTheDefaultReplacesTheRootGroupsDoubleWeight() {
        CfqHarness h = CfqHarness.defaults();
        assertThat(h.cfqd.rootGroup.weight).isEqualTo(1000);
        Task t = h.task("r", IoPrioClass.BE, 4, new Cgroup("/", 300));
        h.read(t, 0);
        // the root group was off the tree, so the write applied as it joined
        assertThat(h.cfqd.rootGroup.weight).isEqualTo(300);
        assertThat(h.cfqd.grpServiceTree.totalWeight).isEqualTo(300);
    }
}
