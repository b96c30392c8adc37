/**
 * The blkio throttling policy of Linux 2.6.37 ({@code block/blk-throttle.c}, {@code CONFIG_BLK_DEV_THROTTLING}):
 * per-cgroup read/write limits in bytes and IOs per second, enforced on bios before the elevator.
 *
 * <p>Public: the provider ({@code throttle}), the controller ({@code throtl_data}: dispatch and the delayed work)
 * and its configuration and limits. Internal: a group's state and rate checks ({@code ThrottleGroup},
 * {@code struct throtl_grp}, {@code tg_may_dispatch}). The slices are the shared
 * {@link org.iosched.biocontrol.ThrottleSlice}.
 */
package org.iosched.biocontrol.throttle;
