package org.iosched.simulator.blk;

import org.iosched.api.Bio;
import org.iosched.api.DeviceInfo;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.iosched.simulator.cpu.Cpus;

/**
 * A device's request queue as the OS model, the bio layer and the device see it, whichever block layer the run
 * models: the single-queue one of 2.6.32-3.0 ({@link org.iosched.simulator.block.RequestQueue}) or Linux 6.6's blk-mq
 * ({@code org.iosched.simulator.blkmq.MqRequestQueue}). Each era is a package of its own behind this interface;
 * nothing above or below the queue asks which one it is.
 */
public interface BlockQueue {
    /**
     * {@code generic_make_request} / {@code submit_bio}: queue a bio on behalf of its task.
     *
     * @return true when the bio was queued; false when the task sleeps (for a request or a tag), in which case
     *         the bio is queued later and the {@link SleepListener} is told
     */
    boolean submit(Bio bio);

    /** The submitter is about to wait for its I/O: its plug is flushed (and, on 2.6.32-2.6.38, the queue unplugged). */
    void unplug(Task current);

    /**
     * The OS model runs its tasks in steps on CPUs and calls {@link #stepEnded} at the end of each; set before the
     * run. Without it (a queue driven by tests alone) every plug is flushed at the end of its instant.
     */
    default void tasksRunInSteps() {
    }

    /**
     * A step of {@code task} is ending, on its CPU: its plug is flushed now ({@code blk_finish_plug}), what its
     * wake-up put there included. The 2.6.32-3.0 queue has no per-task plug and ignores it.
     */
    default void stepEnded(Task task) {
    }

    /** {@code exit_io_context}: the task exited. */
    void taskExit(Task task);

    /** The device completed {@code rq} ({@link org.iosched.api.DeviceContext#complete}). */
    void complete(Request rq);

    /** The device can take commands again ({@link org.iosched.api.DeviceContext#ready}). */
    void deviceReady();

    /** The device gives back a request it had accepted. */
    void requeue(Request rq);

    /** Who is told of every request the device completes (per-task accounting). */
    void setCompletionListener(RequestCompletionListener listener);

    /** Who is told of every bio that completes, before its {@code bi_end_io} (the bio layer). */
    void setBioCompletionListener(BioCompletionListener listener);

    /** Who is told when a sleeping submitter got its request. */
    void setSleepListener(SleepListener listener);

    /**
     * Who is told when an rq-qos policy charges a task a delay at its return to user space (Linux 6.6); the
     * 2.6.32-3.0 queue has no rq-qos and never tells.
     */
    default void setReturnDelayListener(ReturnDelayListener listener) {
    }

    /**
     * The OS model: a task writing to this device sleeps in {@code balance_dirty_pages} now
     * ({@code wb->dirty_sleep}, which 6.6's blk-wbt reads); the 2.6.32-3.0 queue ignores it.
     */
    default void dirtySleep(long now) {
    }

    /** The device's facts. */
    DeviceInfo deviceInfo();

    /** {@code max_sectors} in 512-byte sectors. */
    int maxSectors();

    /** {@code queue/nr_requests}: the request pool (2.6.3x, per direction) or the scheduler tag depth (blk-mq). */
    int nrRequests();

    /** The CPUs the queue's work is charged to. */
    Cpus cpus();

    /**
     * Whether the queue reports its sync or async requests congested ({@code bdi_read_congested}); readahead and
     * writeback back off on it. Linux 6.6 has no congestion flags: always false there.
     */
    boolean congested(boolean sync);

    /** The disk statistics. */
    DiskAccounting disk();

    /** The longest window without an async dispatch while async requests waited. */
    AsyncDispatchGap asyncDispatchGap();

    /** Bios completed. */
    long biosCompleted();

    /** Whether nothing is left: no live request and no sleeping submitter. */
    boolean idle();

    /** Where outstanding requests sit, naming the plugins, for stall and end-of-run messages. */
    String whereRequestsAre();

    /** The end-of-run check: every submitted bio completed. */
    void checkDrained();
}
