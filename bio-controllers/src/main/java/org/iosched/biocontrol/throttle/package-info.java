/**
 * The blkio throttling policy of Linux 2.6.37 ({@code block/blk-throttle.c}, {@code CONFIG_BLK_DEV_THROTTLING}):
 * per-cgroup read/write limits in bytes and IOs per second, enforced on bios before the elevator.
 */
package org.iosched.biocontrol.throttle;
