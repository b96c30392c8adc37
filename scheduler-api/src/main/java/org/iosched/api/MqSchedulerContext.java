package org.iosched.api;

import java.util.List;

/**
 * What Linux 6.6's multi-queue block layer hands to an {@link MqScheduler}: besides the clock, timers, randomness and
 * trace of every {@link PluginContext}, the hardware queues, queue runs, the generic merge helpers schedulers call and
 * the device's facts. Single-threaded, in virtual time. Methods grow with defaults.
 */
public interface MqSchedulerContext extends PluginContext {
    /** Facts about the device below. */
    DeviceInfo device();

    /** Online CPUs ({@code nr_cpu_ids}); CPUs are numbered from 0. */
    int cpuCount();

    /** {@code smp_processor_id()}: the CPU the hook is running on (the submitter's, or the completion's). */
    int currentCpu();

    /** {@code q->nr_hw_queues}. */
    int hardwareQueueCount();

    /** Hardware queue {@code index}. */
    HardwareQueue hardwareQueue(int index);

    /** {@code q->nr_requests}: the scheduler tag depth of each hardware queue. */
    int nrRequests();

    /**
     * {@code blk_mq_run_hw_queue}: run {@code hctx}'s dispatch; {@code async} defers it to kblockd (after the running
     * event), as a scheduler's timer or a token wake-up does.
     */
    void runHardwareQueue(HardwareQueue hctx, boolean async);

    /** {@code blk_mq_run_hw_queues}: run every hardware queue. */
    void runHardwareQueues(boolean async);

    /**
     * {@code blk_mq_sched_try_merge}: the generic merge of {@code bio} into a request the scheduler holds: the
     * one-hit cache and the back-merge hash, then {@link MqScheduler#requestMerge}, {@link MqScheduler#allowMerge},
     * the merge itself, then coalescing with the neighbour ({@link MqScheduler#nextRequest} /
     * {@link MqScheduler#formerRequest}, {@link MqScheduler#requestsMerged}, freeing the absorbed request) or
     * {@link MqScheduler#requestMerged}. Returns whether the bio was merged.
     */
    boolean tryMerge(Bio bio);

    /**
     * {@code blk_mq_sched_try_insert_merge} ({@code elv_attempt_insert_merge}): merge the new request {@code rq} into
     * a queued one that ends where it starts. When this returns true, {@code rq} was absorbed: the block layer frees
     * it after {@link MqScheduler#insertRequests} returns; the scheduler must not queue it.
     */
    boolean tryInsertMerge(Request rq);

    /**
     * {@code blk_bio_list_merge}: try to merge {@code bio} into one of {@code requests} (a scheduler's per-CPU list),
     * scanning at most the last 8 from the tail. Returns whether the bio was merged.
     */
    boolean bioListMerge(List<Request> requests, Bio bio);

    /** {@code elv_rqhash_add}: make {@code rq} findable for back merges (a scheduler does it at insert). */
    void hashAdd(Request rq);

    /** {@code elv_rqhash_del}: no longer findable (dispatched or merged away); no-op if not hashed. */
    void hashRemove(Request rq);

    /** {@code q->last_merge}: the one-hit merge cache, or null. */
    Request lastMerge();

    /** Set {@code q->last_merge} (null clears it). */
    void setLastMerge(Request rq);
}
