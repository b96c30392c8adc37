package org.iosched.scheduler.cfq;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.IoPrioClass;
import org.iosched.api.Request;
import org.junit.jupiter.api.Test;

/** {@code choose_service_tree} and {@code cfq_choose_wl}: class, workload type and workload slice. */
class WorkloadChoiceTest {

    @Test
    void rtIsServedBeforeBeAndBeBeforeIdle() {
        CfqHarness h = CfqHarness.defaults();
        Request idle = h.read(h.task("i", IoPrioClass.IDLE, 7), 0);
        Request be = h.read(h.task("b"), 1_000_000);
        Request rt = h.read(h.task("r", IoPrioClass.RT, 4), 2_000_000);
        assertThat(h.dispatchOne()).isSameAs(rt);
        assertThat(h.cfqd.servingPrio).isEqualTo(WorkloadPrio.RT);
        h.cfqd.selection.sliceExpired(false);
        assertThat(h.dispatchOne()).isSameAs(be);
        assertThat(h.cfqd.servingPrio).isEqualTo(WorkloadPrio.BE);
        h.cfqd.selection.sliceExpired(false);
        assertThat(h.dispatchOne()).isSameAs(idle);
        assertThat(h.cfqd.servingPrio).isEqualTo(WorkloadPrio.IDLE);
    }

    @Test
    void theIdleClassWorkloadExpiresAfterOneJiffy() {
        CfqHarness h = CfqHarness.defaults();
        h.read(h.task("i", IoPrioClass.IDLE, 7), 0);
        h.dispatchOne();
        assertThat(h.cfqd.workloadExpires).isEqualTo(h.jiffies() + 1);
    }

    @Test
    void theWorkloadTypeWhoseFirstQueueHasTheLowestKeyIsChosen() {
        CfqHarness h = CfqHarness.defaults();
        Request async = h.asyncWrite(h.task("w"), 0);   // key now - 35
        h.read(h.task("a"), 1_000_000);                 // key now
        assertThat(h.dispatchOne()).isSameAs(async);
        assertThat(h.cfqd.servingType).isEqualTo(WorkloadType.ASYNC);
    }

    @Test
    void aSyncWorkloadGetsTheGroupSliceShareOfItsQueues() {
        CfqHarness h = CfqHarness.defaults();
        h.read(h.task("a"), 0);
        h.read(h.task("b"), 1_000_000);
        h.asyncWrite(h.task("w"), 2_000_000);
        h.dispatchOne();
        assertThat(h.cfqd.servingType).isEqualTo(WorkloadType.SYNC);
        // group slice 75 * 2 sync queues / 3 busy BE queues
        assertThat(h.cfqd.workloadExpires - h.jiffies()).isEqualTo(50);
    }

    @Test
    void aSyncWorkloadSliceIsAtLeastTwiceSliceIdle() {
        CfqHarness h = CfqHarness.defaults();
        h.read(h.task("a"), 0);
        h.cfqd.rootGroup.busyQueuesAvg[WorkloadPrio.BE.ordinal()] = 100;
        h.dispatchOne();
        assertThat(h.cfqd.workloadExpires - h.jiffies()).isEqualTo(4);
    }

    @Test
    void anAsyncWorkloadSliceIsBoundByTheDeviceWideAsyncShareAndScaledToAsyncSlices() {
        CfqHarness h = CfqHarness.defaults();
        h.asyncWrite(h.task("w"), 0);
        h.read(h.task("a"), 1_000_000);
        h.read(h.task("b"), 2_000_000);
        h.dispatchOne();
        assertThat(h.cfqd.servingType).isEqualTo(WorkloadType.ASYNC);
        // min(75 * 1 / 3, 75 * 1 async / 3 busy) = 25, * slice_async 10 / slice_sync 25
        assertThat(h.cfqd.workloadExpires - h.jiffies()).isEqualTo(10);
    }

    @Test
    void theWorkloadSliceIsAtLeastCfqMinTt() {
        CfqHarness h = CfqHarness.defaults();
        h.asyncWrite(h.task("w"), 0);
        h.cfqd.rootGroup.busyQueuesAvg[WorkloadPrio.BE.ordinal()] = 100;
        h.dispatchOne();
        assertThat(h.cfqd.workloadExpires - h.jiffies()).isEqualTo(2);
    }

    @Test
    void theCurrentWorkloadIsKeptWhileItsSliceLastsAndItsTreeHasQueues() {
        CfqHarness h = CfqHarness.defaults();
        h.read(h.task("a"), 0);
        Request b = h.read(h.task("b"), 1_000_000);
        h.dispatchOne();
        long expires = h.cfqd.workloadExpires;
        h.asyncWrite(h.task("w"), 2_000_000);
        h.cfqd.selection.sliceExpired(false);
        // the async queue's key is lower now, but the SYNC workload has time left
        assertThat(h.dispatchOne()).isSameAs(b);
        assertThat(h.cfqd.workloadExpires).isEqualTo(expires);
    }

    @Test
    void anExpiredWorkloadIsChosenAfreshWithANewSlice() {
        CfqHarness h = CfqHarness.defaults();
        h.read(h.task("a"), 0);
        Request b = h.read(h.task("b"), 1_000_000);
        h.dispatchOne();
        assertThat(h.cfqd.workloadExpires - h.jiffies()).isEqualTo(75);
        h.asyncWrite(h.task("w"), 2_000_000);
        h.advanceJiffies(76);
        h.cfqd.selection.sliceExpired(false);
        // b's key is still the lowest; its workload gets 75 * 1 queue / 2 busy
        assertThat(h.dispatchOne()).isSameAs(b);
        assertThat(h.cfqd.servingType).isEqualTo(WorkloadType.SYNC);
        assertThat(h.cfqd.workloadExpires - h.jiffies()).isEqualTo(37);
    }
}
