package org.iosched.api;

/**
 * Creates an {@link MqScheduler} for Linux 6.6's multi-queue block layer. Register an implementation with
 * {@code @AutoService(MqSchedulerProvider.class)}; users select it by {@link #name()}
 * ({@code --scheduler mq-deadline}) and set its tunables with {@code --set mq-deadline.fifo_batch=8}. Names are
 * unique across {@link IoSchedulerProvider} and this kind: a scheduler's kind says which block layer (and so which
 * kernel era) it runs on.
 */
public interface MqSchedulerProvider extends PluginProvider {
    /**
     * {@code init_sched}: a scheduler for one request queue, created after {@code nr_requests} is set and the
     * scheduler tags exist; {@link MqScheduler#initHardwareQueue} follows for every hardware queue.
     *
     * @param context  the queue's services
     * @param settings validated values of {@link #tunables()}
     */
    MqScheduler create(MqSchedulerContext context, Settings settings);

    /**
     * The CPU time the scheduler's own work costs per request, in nanoseconds on the modelled era's reference CPU
     * (the kernel's documentation gives BFQ 1.9 µs and mq-deadline 0.7 µs per request). -1, the default, means
     * "not stated": the simulator charges its {@code cpu.elevator_request_ns} default.
     *
     * @param settings the validated tunables of the instance
     */
    default long requestCpuNanos(Settings settings) {
        return -1;
    }

    /**
     * {@code QUEUE_FLAG_SQ_SCHED}, set by the scheduler's {@code init_sched}: it serves the device as one queue
     * whatever hardware queue asks, so running every hardware queue only contends; {@code blk_mq_run_hw_queues}
     * then runs the current CPU's hardware queue alone (and the others only for their {@code hctx->dispatch}).
     * BFQ sets it; the default, false, runs them all.
     */
    default boolean singleQueueScheduling() {
        return false;
    }

    /**
     * {@code ELEVATOR_FLAG_DISABLE_WBT} with {@code wbt_disable_default}: the scheduler turns writeback throttling
     * off while it is on by default only (a {@code wbt_lat_usec} the user wrote keeps it on). BFQ does; the
     * default, false, leaves blk-wbt as it is.
     */
    default boolean disablesDefaultWbt() {
        return false;
    }
}
