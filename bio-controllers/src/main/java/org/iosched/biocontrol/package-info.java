/**
 * The cgroup I/O controllers, found as plugins: bio controllers ({@link org.iosched.api.BioController}), layers
 * between the OS model and the request queue that hold bios and release them later, and rq-qos policies
 * ({@link org.iosched.api.RqQosPolicy}) in blk-mq's submission and completion paths. One package per kernel file:
 * {@code ioband} models dm-ioband (a device-mapper target, v1.12-era), {@code throttle} the blkio throttling policy
 * of Linux 2.6.37 ({@code block/blk-throttle.c}), {@code iomax} cgroup v2's {@code io.max} (6.6
 * {@code block/blk-throttle.c}), {@code iolatency} {@code io.latency} (6.6 {@code block/blk-iolatency.c}) and
 * {@code iocost} {@code io.cost} (6.6 {@code block/blk-iocost.c}).
 *
 * <p>This package holds what they share: the jiffy clock both blk-throttle versions and dm-ioband count in
 * ({@link org.iosched.biocontrol.Jiffies}), blk-throttle's time slices and per-cgroup counters
 * ({@link org.iosched.biocontrol.ThrottleSlice}, {@link org.iosched.biocontrol.ThrottleStats}) and the parsing of
 * {@code --set} keys that name cgroups ({@link org.iosched.biocontrol.CgroupKey}). They are public for the
 * controllers' packages only; nothing outside this module uses them. The controllers are reached through their
 * providers ({@code ServiceLoader}, {@code @AutoService}).
 */
package org.iosched.biocontrol;
