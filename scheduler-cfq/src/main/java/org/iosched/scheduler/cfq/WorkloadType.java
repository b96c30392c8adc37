package org.iosched.scheduler.cfq;

/**
 * {@code enum wl_type_t}: the second index of a group's service trees ({@code cfqq_type}). The ordinals are the
 * kernel's values ({@code ASYNC_WORKLOAD = 0, SYNC_NOIDLE_WORKLOAD = 1, SYNC_WORKLOAD = 2}); {@code cfq_choose_wl}
 * scans them in this order.
 */
enum WorkloadType {
    /** Async queues (buffered writeback). */
    ASYNC,
    /** Sync queues without the idle window: idled on only as the last queue of the tree. */
    SYNC_NOIDLE,
    /** Sync queues with the idle window. */
    SYNC
}
