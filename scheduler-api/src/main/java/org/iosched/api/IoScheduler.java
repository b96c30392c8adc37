package org.iosched.api;

/**
 * An I/O scheduler (elevator), with the hooks of the kernel's {@code elevator_ops} in 2.6.3x/3.0.
 *
 * <p>The request queue calls these methods from the simulation's single thread; a scheduler may arm
 * timers and call {@link SchedulerContext#kick()} to be asked for dispatches later. Hooks that the kernel
 * leaves optional have defaults here. Request ownership: after {@link #add} the scheduler holds the
 * request until it moves it to the dispatch queue ({@link SchedulerContext#dispatchSort}/
 * {@link SchedulerContext#dispatchAddTail}) or hands it back through a merge.
 */
public interface IoScheduler {
    /**
     * {@code elevator_set_req_fn}: a request is being allocated for {@code task}; bind per-task state.
     * Called before {@link #add}, also for requests that will be merged away before insertion.
     */
    default void setRequest(Request rq) {
    }

    /** {@code elevator_put_req_fn}: the request is freed; release what {@link #setRequest} took. */
    default void putRequest(Request rq) {
    }

    /** {@code elevator_may_queue_fn}: may {@code task} allocate a request of this kind now? */
    default MayQueue mayQueue(Task task, Op op, int flags) {
        return MayQueue.MAY;
    }

    /**
     * {@code elevator_merge_fn}, front part: a queued request that {@code bio} could be front-merged into
     * (a request starting where the bio ends), or null. Back merges are found by the block layer's hash.
     */
    default Request findFrontMerge(Bio bio) {
        return null;
    }

    /** {@code elevator_allow_merge_fn}: veto a merge of {@code bio} into {@code rq}. */
    default boolean allowMerge(Request rq, Bio bio) {
        return true;
    }

    /** {@code elevator_merged_fn}: {@code bio} was merged into {@code rq}; {@code front} for a front merge. */
    default void merged(Request rq, boolean front) {
    }

    /** {@code elevator_merge_req_fn}: {@code next} was absorbed into {@code rq} and will be freed. */
    default void requestsMerged(Request rq, Request next) {
    }

    /** {@code elevator_former_req_fn}: the queued request before {@code rq} in sector order, or null. */
    default Request formerRequest(Request rq) {
        return null;
    }

    /** {@code elevator_latter_req_fn}: the queued request after {@code rq} in sector order, or null. */
    default Request latterRequest(Request rq) {
        return null;
    }

    /** {@code elevator_add_req_fn}: a new request enters the scheduler. */
    void add(Request rq);

    /**
     * {@code elevator_dispatch_fn}: move requests to the dispatch queue.
     *
     * @param force drain everything now (scheduler switch, barrier); idling is not allowed
     * @return how many requests were moved
     */
    int dispatch(boolean force);

    /** {@code elevator_queue_empty_fn} inverted: whether the scheduler holds any request. */
    boolean hasQueued();

    /** {@code elevator_activate_req_fn}: the driver saw the request for the first time. */
    default void activate(Request rq) {
    }

    /** {@code elevator_deactivate_req_fn}: the driver gave a started request back (requeue). */
    default void deactivate(Request rq) {
    }

    /** {@code elevator_completed_req_fn}: the device completed the request. */
    default void completed(Request rq) {
    }

    /** {@code exit_io_context}: the task exited; drop its state. */
    default void taskExit(Task task) {
    }

    /** {@code elevator_exit_fn}: the run ended. */
    default void exit() {
    }
}
