package org.iosched.scheduler.cfq;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.Cgroup;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.junit.jupiter.api.Test;

/** {@code cfq_prio_slice}, {@code cfq_group_slice}, {@code cfq_scaled_cfqq_slice} and friends, at HZ=250. */
class SliceArithmeticTest {

    @Test
    void prioSliceGivesSyncQueues180To40MsByLevel() {
        CfqSlices slices = CfqHarness.defaults().cfqd.slices;
        assertThat(slices.prioSlice(true, 0)).isEqualTo(45);  // 180 ms
        assertThat(slices.prioSlice(true, 4)).isEqualTo(25);  // 100 ms
        assertThat(slices.prioSlice(true, 7)).isEqualTo(10);  // 40 ms
    }

    @Test
    void prioSliceGivesAsyncQueues72To16MsByLevel() {
        CfqSlices slices = CfqHarness.defaults().cfqd.slices;
        assertThat(slices.prioSlice(false, 0)).isEqualTo(18);  // 72 ms
        assertThat(slices.prioSlice(false, 4)).isEqualTo(10);  // 40 ms
        assertThat(slices.prioSlice(false, 7)).isEqualTo(4);
    }

    @Test
    void asyncRequestBudgetPerSliceIsTwiceSliceAsyncRqPerFreeLevel() {
        CfqHarness h = CfqHarness.defaults();
        Request rq = h.asyncWrite(h.task("w"), 0);
        assertThat(h.cfqd.slices.prioToMaxRq(h.queueOf(rq))).isEqualTo(16);
    }

    @Test
    void groupSliceIsTheTargetLatencyShareOfTheGroupsWeight() {
        CfqHarness h = CfqHarness.defaults();
        Task root = h.task("a");
        Task other = h.task("b", IoPrioClass.BE, 4, new Cgroup("/g", 500));
        h.read(root, 0);
        h.read(other, 1_000_000);
        // root 1000 + /g 500: 75 jiffies * 500 / 1500
        assertThat(h.cfqd.slices.groupSlice(h.cfqd.groups.get("/g"))).isEqualTo(25);
        assertThat(h.cfqd.slices.groupSlice(h.cfqd.rootGroup)).isEqualTo(50);
    }

    @Test
    void averageBusyQueuesRisesAtOnceAndDecaysSlowly() {
        CfqHarness h = CfqHarness.defaults();
        CfqGroup root = h.cfqd.rootGroup;
        for (int i = 0; i < 8; i++) {
            h.read(h.task("r" + i), i * 1_000_000L);
        }
        assertThat(h.cfqd.slices.groupAvgQueues(root, false)).isEqualTo(6);  // (3*8 + 0 + 2) / 4
        assertThat(h.cfqd.slices.groupAvgQueues(root, false)).isEqualTo(8);  // (3*8 + 6 + 2) / 4
        root.busyQueuesAvg[WorkloadPrio.BE.ordinal()] = 20;
        assertThat(h.cfqd.slices.groupAvgQueues(root, false)).isEqualTo(17);  // (3*20 + 8 + 2) / 4
    }

    @Test
    void lowLatencyScalesSlicesSoThatAllBusyQueuesFitTheGroupSlice() {
        CfqHarness h = CfqHarness.defaults();
        Request first = null;
        for (int i = 0; i < 6; i++) {
            Request rq = h.read(h.task("r" + i), i * 1_000_000L);
            first = first == null ? rq : first;
        }
        CfqQueue cfqq = h.queueOf(first);
        // iq = (3*6+0+2)/4 = 5; expect 5*25 = 125 > group slice 75: 25*75/125 = 15, low = min(25, 4*25/25) = 4
        assertThat(h.cfqd.slices.scaledSlice(cfqq)).isEqualTo(15);
    }

    @Test
    void scaledSliceNeverDropsBelowTwiceSliceIdleScaledByPriority() {
        CfqHarness h = CfqHarness.defaults();
        CfqQueue cfqq = h.queueOf(h.read(h.task("r"), 0));
        h.cfqd.rootGroup.busyQueuesAvg[WorkloadPrio.BE.ordinal()] = 400;
        // 25*75/(25*301) = 0 -> low_slice = min(25, 2*2*25/25) = 4
        assertThat(h.cfqd.slices.scaledSlice(cfqq)).isEqualTo(4);
    }

    @Test
    void withoutLowLatencyTheSliceIsThePrioSlice() {
        CfqHarness h = CfqHarness.with("low_latency", "0");
        Request first = null;
        for (int i = 0; i < 6; i++) {
            Request rq = h.read(h.task("r" + i), i * 1_000_000L);
            first = first == null ? rq : first;
        }
        assertThat(h.cfqd.slices.scaledSlice(h.queueOf(first))).isEqualTo(25);
    }

    @Test
    void rtQueuesAreScaledOnlyByOtherRtQueues() {
        CfqHarness h = CfqHarness.defaults();
        CfqQueue rt = h.queueOf(h.read(h.task("rt", IoPrioClass.RT, 0), 0));
        for (int i = 0; i < 6; i++) {
            h.read(h.task("be" + i), (i + 1) * 1_000_000L);
        }
        assertThat(h.cfqd.slices.scaledSlice(rt)).isEqualTo(45);
    }

    @Test
    void groupChargeIsScaledByDefaultWeightOverGroupWeightInServiceShiftUnits() {
        CfqGroup g = new CfqGroup("/g", 250);
        assertThat(CfqSlices.scaleCharge(10, g)).isEqualTo((10L << 12) * 2);
        CfqGroup heavy = new CfqGroup("/h", 1000);
        assertThat(CfqSlices.scaleCharge(10, heavy)).isEqualTo((10L << 12) / 2);
    }

    @Test
    void theSliceStartsAtTheFirstCompletionNotAtActivation() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("r");
        Request rq = h.read(t, 0);
        h.read(t, 8);
        assertThat(h.dispatchOne()).isSameAs(rq);
        CfqQueue cfqq = h.queueOf(rq);
        assertThat(cfqq.sliceNew).isTrue();
        assertThat(cfqq.sliceEnd).isZero();
        h.advanceJiffies(5);
        h.complete(rq);
        assertThat(cfqq.sliceNew).isFalse();
        assertThat(cfqq.sliceStart).isEqualTo(h.jiffies());
        assertThat(cfqq.sliceEnd).isEqualTo(h.jiffies() + 25);
        assertThat(cfqq.allocatedSlice).isEqualTo(25);
    }
}
