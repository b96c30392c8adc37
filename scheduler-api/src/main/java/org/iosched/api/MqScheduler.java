package org.iosched.api;

import java.util.List;

/**
 * An I/O scheduler of Linux 6.6's multi-queue block layer, with the hooks of the kernel's {@code elevator_mq_ops}
 * ({@code block/elevator.h}); the legacy single-queue block layer of 2.6.32-3.0 uses {@link IoScheduler} instead.
 *
 * <p>The block layer calls the hooks from the simulation's single thread, in the order and at the points where
 * 6.6 calls them (see {@code reference/blk-mq.md} section 14): {@link #limitDepth} before a request's scheduler
 * tag is taken, {@link #prepareRequest} after, {@link #bioMerge} for a bio the plug could not merge,
 * {@link #insertRequests} when a plug is flushed or a request is (re)inserted, then a hardware-queue run that
 * calls {@link #hasWork} and {@link #dispatchRequest} until the scheduler has nothing, returns null, or the
 * driver has no tag or budget left; at completion {@link #completedRequest} then {@link #finishRequest}. A
 * scheduler that wants to be run later (a timer, a token freed) calls
 * {@link MqSchedulerContext#runHardwareQueue}. Every hook the kernel leaves optional has a default here, so that
 * the interface can grow; the kernel's {@code init_sched} is {@link MqSchedulerProvider#create}.
 *
 * <p>Request ownership: after {@link #insertRequests} the scheduler holds a request until it returns it from
 * {@link #dispatchRequest} or it is merged away ({@link #requestsMerged}, or
 * {@link MqSchedulerContext#tryInsertMerge} returning true).
 */
public interface MqScheduler {
    /** {@code BLK_MQ_INSERT_AT_HEAD}: insert at the head (requeues, a flush sequence's data step after PREFLUSH). */
    int INSERT_AT_HEAD = 1;

    /** {@code init_hctx}: set up per-hardware-queue state ({@link HardwareQueue#setSchedulerData}). */
    default void initHardwareQueue(HardwareQueue hctx) {
    }

    /** {@code exit_hctx}: the hardware queue goes away (end of run). */
    default void exitHardwareQueue(HardwareQueue hctx) {
    }

    /** {@code depth_updated}: {@code nr_requests} (the scheduler tag depth) of {@code hctx} changed. */
    default void depthUpdated(HardwareQueue hctx) {
    }

    /**
     * {@code limit_depth}: a request is about to be allocated for {@code task}; return the shallow depth the
     * allocation may use (bits per sbitmap word of the scheduler tags, see {@link HardwareQueue#schedulerTagShift}),
     * or 0 for no limit ({@code data->shallow_depth} left alone).
     */
    default int limitDepth(Op op, int flags, Task task, HardwareQueue hctx) {
        return 0;
    }

    /** {@code prepare_request}: a request that will go through the scheduler got its tag; bind per-request state. */
    default void prepareRequest(Request rq) {
    }

    /**
     * {@code finish_request}: the request completed, or is freed without having been dispatched (merged away);
     * release what {@link #prepareRequest} took.
     */
    default void finishRequest(Request rq) {
    }

    /**
     * {@code bio_merge}: try to merge {@code bio} into a request the scheduler holds. Schedulers with a merge hash
     * and a sector-sorted tree call {@link MqSchedulerContext#tryMerge}; those with per-CPU lists call
     * {@link MqSchedulerContext#bioListMerge}. Return whether the bio was merged.
     */
    default boolean bioMerge(Bio bio) {
        return false;
    }

    /**
     * {@code request_merge}: after the block layer's one-hit cache and back-merge hash found nothing, a queued
     * request that {@code bio} could be front-merged into (one starting where the bio ends), or null.
     */
    default Request requestMerge(Bio bio) {
        return null;
    }

    /** {@code allow_merge}: veto a merge of {@code bio} into {@code rq}. */
    default boolean allowMerge(Request rq, Bio bio) {
        return true;
    }

    /** {@code request_merged}: {@code bio} was merged into {@code rq} ({@code front} for a front merge). */
    default void requestMerged(Request rq, boolean front) {
    }

    /** {@code requests_merged}: {@code next} was coalesced into {@code rq} and will be freed. */
    default void requestsMerged(Request rq, Request next) {
    }

    /** {@code former_request}: the queued request before {@code rq} in sector order, or null. */
    default Request formerRequest(Request rq) {
        return null;
    }

    /** {@code next_request}: the queued request after {@code rq} in sector order, or null. */
    default Request nextRequest(Request rq) {
        return null;
    }

    /**
     * {@code insert_requests}: requests enter the scheduler, in list order; {@code flags} may hold
     * {@link #INSERT_AT_HEAD}. The list is the block layer's and is reused: do not keep it.
     */
    void insertRequests(HardwareQueue hctx, List<Request> requests, int flags);

    /** {@code dispatch_request}: the next request for the driver of {@code hctx}, or null (nothing, or idling). */
    Request dispatchRequest(HardwareQueue hctx);

    /** {@code has_work}: whether a run of {@code hctx} could get a request from the scheduler. */
    boolean hasWork(HardwareQueue hctx);

    /** {@code completed_request}: the device completed {@code rq} at {@code now} (before {@link #finishRequest}). */
    default void completedRequest(Request rq, long now) {
    }

    /** {@code requeue_request}: the driver gave a started request back; it will be inserted again. */
    default void requeueRequest(Request rq) {
    }

    /** {@code init_icq}: {@code task}'s io context met this queue for the first time. */
    default void initIoContext(Task task) {
    }

    /** {@code exit_icq}: {@code task}'s io context goes away (the task exited). */
    default void exitIoContext(Task task) {
    }

    /** {@code exit_sched}: the run ended. */
    default void exit() {
    }
}
