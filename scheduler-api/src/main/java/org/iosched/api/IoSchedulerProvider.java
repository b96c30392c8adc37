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
}
