package org.iosched.api;

/**
 * Creates an {@link IoScheduler}. Register an implementation with
 * {@code @AutoService(IoSchedulerProvider.class)}; users select it by {@link #name()}
 * ({@code --scheduler deadline}) and set its tunables with {@code --set deadline.fifo_batch=1}.
 */
public interface IoSchedulerProvider extends PluginProvider {
    /**
     * {@code elevator_init_fn}: a scheduler for one request queue.
     *
     * @param context  the queue's services
     * @param settings validated values of {@link #tunables()}
     */
    IoScheduler create(SchedulerContext context, Settings settings);

    /**
     * The CPU time the scheduler's own work costs per request, in nanoseconds on the modelled era's reference CPU:
     * its insert, dispatch and completion hooks together, as the kernel's documentation states such figures (BFQ's
     * 1.9 µs against mq-deadline's 0.7 µs per request). The OS model charges it to the CPU that inserts the request;
     * {@code cpu.speed} scales it like every other cost. The default, -1, means "not stated": the simulator then
     * charges its {@code cpu.elevator_request_ns} default.
     *
     * @param settings the validated tunables of the instance, for schedulers whose cost depends on them
     */
    default long requestCpuNanos(Settings settings) {
        return -1;
    }
}
