package org.iosched.scheduler.cfq;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.Cgroup;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.junit.jupiter.api.Test;

/** The kernel's {@code cfq_log_cfqq}/{@code cfq_log_cfqg}/{@code cfq_log} messages in the block trace. */
class TraceTest {

    @Test
    void aReadsLifeShowsTheKernelsMessagesInOrder() {
        CfqHarness h = CfqHarness.defaults();
        Request rq = h.read(h.task("r"), 0);
        h.dispatchOne();
        h.complete(rq);
        h.advanceJiffies(2);
        assertThat(h.ctx.messages()).containsExactly(
                "cfq100S / alloced",
                "cfq100S / insert_request",
                "cfq100S / add_to_rr",
                "cfq workload slice:75",
                "cfq100S / set_active wl_prio:0 wl_type:2",
                "cfq100S / fifo=(null)",
                "cfq100S / dispatch_insert",
                "cfq100S / dispatched a request",
                "cfq100S / activate rq, drv=1",
                "cfq100S / complete rqnoidle 0",
                "cfq100S / set_slice=25",
                "cfq100S / arm_idle: 2 group_idle: 0",
                "cfq schedule dispatch",
                "cfq idle timer fired",
                "cfq100S / slice expired t=0",
                "/ served: vt=4096 min_vt=0",
                "cfq100S / sl_used=2 disp=1 charge=2 iops=0 sect=8",
                "cfq100S / del_from_rr",
                "/ del_from_rr group");
    }

    @Test
    void asyncQueuesAreMarkedAAndGroupsShowTheirCgroupPath() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("w", IoPrioClass.BE, 4, new Cgroup("/g", 300));
        h.asyncWrite(t, 0);
        h.read(t, 100);
        assertThat(h.ctx.messages()).contains("cfq100A / alloced", "cfq100S /g alloced");
    }

    @Test
    void aPreemptionAndAResidualSliceAreLogged() {
        CfqHarness h = CfqHarness.defaults();
        Request rq = h.read(h.task("a"), 0);
        h.dispatchOne();
        h.complete(rq);
        h.read(h.task("b"), 16);
        assertThat(h.ctx.messages()).contains("cfq101S / preempt", "cfq100S / slice expired t=1",
                "cfq100S / resid=25");
    }

    @Test
    void noMessageIsBuiltWhenNobodyReadsTheTrace() {
        CfqHarness h = CfqHarness.defaults();
        h.ctx.setTraceEnabled(false);
        Request rq = h.read(h.task("r"), 0);
        h.dispatchOne();
        h.complete(rq);
        h.advanceJiffies(2);
        assertThat(h.ctx.messages()).isEmpty();
    }
}
