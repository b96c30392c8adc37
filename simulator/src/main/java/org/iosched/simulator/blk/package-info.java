/**
 * The block core both kernel eras share (block/blk-core.c, block/bio.c, kernel/softirq.c, block/genhd.c's
 * accounting): what the 3.0 elevator path ({@link org.iosched.simulator.block}) and 6.6's blk-mq
 * ({@link org.iosched.simulator.blkmq}) are built on.
 *
 * <ul>
 *   <li>{@link org.iosched.simulator.blk.BlockQueue}: a request queue as the OS model and the bio layer see it,
 *       whichever era implements it.</li>
 *   <li>{@link org.iosched.simulator.blk.BioLayer}: {@code generic_make_request} with the bio controllers stacked
 *       above the queue (dm-ioband, blk-throttle), their host and stages; {@link org.iosched.simulator.blk.BioLedger}
 *       the invariant between bios submitted and ended.</li>
 *   <li>{@link org.iosched.simulator.blk.DiskAccounting}: {@code /proc/diskstats} ({@code part_stat},
 *       {@code in_flight}, {@code io_ticks}); {@link org.iosched.simulator.blk.AsyncDispatchGap}: the longest window
 *       with async requests waiting and none issued.</li>
 *   <li>{@link org.iosched.simulator.blk.CompletionInterrupts}: the hard IRQ and the {@code BLOCK_SOFTIRQ} of
 *       completions per CPU, with {@code ksoftirqd}; {@link org.iosched.simulator.blk.DeliveryLine}: started
 *       requests on their way to the device, in dispatch order behind the CPU work before them.</li>
 *   <li>{@link org.iosched.simulator.blk.DeviceHost}, {@link org.iosched.simulator.blk.GuardedDevice} and
 *       {@link org.iosched.simulator.blk.GuardedPlugin}: the context a device plugin gets, and the guards that
 *       name a plugin in what it throws.</li>
 *   <li>{@link org.iosched.simulator.blk.MergeHash}: elevator.c's back-merge hash ({@code elv_rqhash_*}), which
 *       each era keys and links on its own request state.</li>
 *   <li>The listeners through which the queue tells the OS model of completions, sleeps and return-to-user
 *       delays, and {@link org.iosched.simulator.blk.TaskDirectory}, the OS model's tasks and cgroups as the
 *       controllers need them.</li>
 * </ul>
 *
 * <p>Internal: {@code BioControllerHost} (a controller's context), {@code ControllerStage} and {@code Lane} (the
 * bios a controller holds, per stage and per cgroup), {@code WorkerTimer} (a controller's timer run as work of a
 * kernel thread).
 */
package org.iosched.simulator.blk;
