package org.iosched.api;

/**
 * One hardware queue of a blk-mq request queue ({@code struct blk_mq_hw_ctx}) as a {@link MqScheduler} sees it:
 * its index, its tag spaces and the software queues (per-CPU {@code blk_mq_ctx}) mapped to it. A scheduler keeps
 * its per-queue state in {@link #schedulerData()} ({@code hctx->sched_data}); the block layer never touches it.
 */
public interface HardwareQueue {
    /** {@code hctx->queue_num}: 0 .. {@link MqSchedulerContext#hardwareQueueCount()} - 1. */
    int index();

    /** Driver tags of this queue ({@code hctx->tags}, the tag set's {@code queue_depth}). */
    int driverTagDepth();

    /**
     * Scheduler tags of this queue ({@code hctx->sched_tags}): {@code nr_requests}, the requests that may be
     * allocated at once with a scheduler attached.
     */
    int schedulerTagDepth();

    /**
     * The sbitmap word shift of the scheduler tags ({@code sched_tags->bitmap_tags.sb.shift}): tags are handed
     * out from words of {@code 1 << shift} bits, and a {@link MqScheduler#limitDepth} shallow depth limits how many
     * bits of each word an allocation may use, as {@code sbitmap_queue_get_shallow} does.
     */
    int schedulerTagShift();

    /**
     * {@code sbitmap_queue_min_shallow_depth}: the smallest shallow depth {@link MqScheduler#limitDepth} will return
     * (mq-deadline: its {@code async_depth}, from {@code depth_updated}); the scheduler tags size their wake-up
     * batches from it. The default ignores it.
     */
    default void setMinShallowDepth(int depth) {
    }

    /** {@code hctx->nr_ctx}: how many software queues (CPUs) map to this hardware queue. */
    int softwareQueueCount();

    /** The CPU of software queue {@code index} ({@code hctx->ctxs[index]->cpu}). */
    int softwareQueueCpu(int index);

    /** The scheduler's state for this queue ({@code hctx->sched_data}), or null. */
    Object schedulerData();

    /** Attach the scheduler's state ({@code init_hctx}). */
    void setSchedulerData(Object data);
}
