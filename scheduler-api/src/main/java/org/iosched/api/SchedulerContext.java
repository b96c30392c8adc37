package org.iosched.api;

/**
 * What the request queue hands to an {@link IoScheduler}: besides the clock, timers, randomness and trace of every
 * {@link PluginContext}, the dispatch queue and the device's facts and counts. Everything is single-threaded and in
 * virtual time.
 */
public interface SchedulerContext extends PluginContext {
    /**
     * {@code kblockd_schedule_work} / {@code blk_run_queue}: ask the block layer to call
     * {@link IoScheduler#dispatch(boolean)} again soon (at the current virtual time, after the running event).
     */
    void kick();

    /** Facts about the device below. */
    DeviceInfo device();

    /**
     * {@code elv_dispatch_sort}: put a request on the dispatch queue, sorted within the current one-way sweep
     * (from the last dispatched position upwards), behind any started or barrier request.
     */
    void dispatchSort(Request rq);

    /** {@code elv_dispatch_add_tail}: append a request to the dispatch queue and move the sweep boundary. */
    void dispatchAddTail(Request rq);

    /** Requests on the dispatch queue, not yet taken by the driver. */
    int dispatchQueueLength();

    /** Requests the driver holds ({@code rq_in_driver}, sync plus async). */
    int inDriver();

    /** Requests the driver holds that are sync ({@code true}) or async ({@code false}) ({@code q->in_flight[]}). */
    int inDriver(boolean sync);

    /** Requests allocated from the pool and not yet freed, sync or async ({@code rl->count[]}). */
    int allocated(boolean sync);
}
