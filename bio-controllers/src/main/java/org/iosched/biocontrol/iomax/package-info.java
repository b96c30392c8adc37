/**
 * {@code io.max} of cgroup v2: blk-throttle of Linux 6.6 ({@code block/blk-throttle.c}): per-cgroup read/write bytes
 * and IOs per second, hierarchical, enforced on bios in {@code submit_bio_noacct} before blk-mq.
 */
package org.iosched.biocontrol.iomax;
