package org.iosched.simulator.os;

/**
 * Where writeback of Linux 6.6 ({@code fs/fs-writeback.c}, {@code mm/page-writeback.c}) differs from
 * 2.6.32-3.0's: IO-less dirty throttling ({@link DirtyThrottle}) and the bdi's {@code wb_workfn} in a
 * {@code kworker} instead of a {@code flush-8:0} thread writing back for throttled writers too.
 */
public enum WritebackRules {
    /** 2.6.32-3.0: throttled writers write back themselves; the flusher is the thread {@code flush-8:0}. */
    LINUX_3_0(false),
    /**
     * Linux 6.6: throttled writers sleep while the flusher writes back ({@code balance_dirty_pages} with its
     * {@code wb_domain}); the flusher is work of {@code bdi_wq} in a {@code kworker} ({@code wb_workfn}).
     */
    LINUX_6_6(true);

    /**
     * IO-less throttling and {@code wb_workfn}'s work order: sync, then kupdate, then background, the latter two
     * yielding to queued sync work, {@code dirtied_before} moving on with time.
     */
    final boolean ioLess;

    WritebackRules(boolean ioLess) {
        this.ioLess = ioLess;
    }

    /**
     * The flusher's name: {@code flush-8:0}, or 6.6's {@code kworker/u<2N>:0} (the first unbound worker pool
     * of {@code bdi_wq}, after the 2 per-CPU pools of each of the {@code cpus} CPUs).
     */
    String flusherName(int cpus) {
        return ioLess ? "kworker/u" + 2 * cpus + ":0" : "flush-8:0";
    }
}
