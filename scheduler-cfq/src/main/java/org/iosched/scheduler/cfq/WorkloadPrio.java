package org.iosched.scheduler.cfq;

/**
 * {@code enum wl_prio_t}: the first index of a group's service trees. The ordinals are the kernel's values
 * ({@code BE_WORKLOAD = 0, RT_WORKLOAD = 1, IDLE_WORKLOAD = 2}), which the {@code set_active} trace prints.
 */
enum WorkloadPrio {
    /** Best effort. */
    BE,
    /** Real time. */
    RT,
    /** Idle: one tree, not split by workload type. */
    IDLE
}
