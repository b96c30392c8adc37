package org.iosched.api;

/**
 * What the bio layer hands to a {@link BioController}: besides the clock, timers, randomness and trace of every
 * {@link PluginContext}, the next layer down, kernel threads, wake-ups, cgroups and the device's facts.
 */
public interface BioControllerContext extends PluginContext {
    /** Hand {@code bio} to the next layer down ({@code generic_make_request}); each bio exactly once. */
    void passDown(Bio bio);

    /**
     * A kernel thread for this controller's workers ({@code kioband}, {@code kthrotld}), created on first use:
     * a task of class BE level 4 in the root cgroup. Bios it re-issues carry its io context
     * ({@link Bio#reissueFrom(Task)}).
     */
    Task kernelThread(String name);

    /** Wake a task that {@link BioController.Admission#SLEEP} put to sleep: it submits its bio again. */
    void wake(Task task);

    /** The cgroup at {@code path}, if any task has used it, else null. */
    Cgroup cgroup(String path);

    /** The request queue's {@code nr_requests} (dm-ioband's default {@code io_limit} derives from it). */
    int nrRequests();

    /** Facts about the device below. */
    DeviceInfo device();

    /**
     * Run the queue below now, as 2.6.37's {@code throtl_dispatch} does after a round ({@code blk_unplug}):
     * bios just passed down need not wait for the unplug timer. The default does nothing.
     */
    default void unplug() {
    }
}
