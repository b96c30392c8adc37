package org.iosched.api;

/**
 * What a Linux 6.6 request queue hands to an {@link RqQosPolicy}: besides the clock ({@code HZ} included), timers,
 * randomness and trace of every {@link PluginContext}, the device's facts and depths, cgroups, resuming held bios and
 * delaying tasks. Methods grow with defaults.
 */
public interface RqQosContext extends PluginContext {
    /** Facts about the device. */
    DeviceInfo device();

    /** The queue's {@code nr_requests} (its {@code queue_depth} for a policy's scaling: the tag depth). */
    int nrRequests();

    /** The device's queue depth ({@code blk_queue_depth}: {@code q->queue_depth}, else {@code nr_requests}). */
    default int queueDepth() {
        return nrRequests();
    }

    /** The cgroup at {@code path}, if any task has used it, else null. */
    Cgroup cgroup(String path);

    /**
     * Wake the task whose bio {@link RqQosPolicy.Throttle#WAIT} held: its submission goes on after this policy
     * (at the next policy of the chain). Each held bio exactly once.
     */
    void resume(Bio bio);

    /**
     * {@code blkcg_schedule_throttle}: {@code task} sleeps {@code nanos} on its way back to user space (the delay
     * io.latency and io.cost charge to a cgroup over its budget). The default ignores it.
     */
    default void delayTask(Task task, long nanos) {
    }

    /**
     * When a task last slept in {@code balance_dirty_pages} writing to this device ({@code wb->dirty_sleep}), in
     * virtual nanoseconds; {@link Long#MIN_VALUE} when none did. blk-wbt's {@code wb_recent_wait} asks it.
     */
    default long lastDirtySleep() {
        return Long.MIN_VALUE;
    }

    /** Run every hardware queue (asynchronously, as kblockd): a policy that released held work. */
    default void runQueues() {
    }
}
