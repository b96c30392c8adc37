/**
 * {@code io.max} of cgroup v2: blk-throttle of Linux 6.6 ({@code block/blk-throttle.c}): per-cgroup read/write bytes
 * and IOs per second, hierarchical, enforced on bios in {@code submit_bio_noacct} before blk-mq.
 *
 * <p>Public: the provider ({@code iomax}), the controller ({@code throtl_data} and the service queues) and its
 * configuration (the {@code io.max} writes). Internal: a group's state and rate checks ({@code IoMaxGroup},
 * {@code struct throtl_grp}, {@code tg_may_dispatch}). The slices are the shared
 * {@link org.iosched.biocontrol.ThrottleSlice}.
 */
package org.iosched.biocontrol.iomax;
