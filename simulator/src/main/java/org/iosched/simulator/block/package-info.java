/**
 * The single-queue block layer of Linux 2.6.32-3.0 and its elevator path (block/blk-core.c, block/elevator.c,
 * block/blk-merge.c, block/blk-flush.c, block/blk-settings.c): {@link org.iosched.simulator.block.RequestQueue}
 * runs an {@link org.iosched.api.IoScheduler} plugin above a device, with
 * {@link org.iosched.simulator.block.SchedulerHost} as the scheduler's context and
 * {@link org.iosched.simulator.block.RequestPool}, the request lists of {@code nr_requests}.
 *
 * <p>Internal: {@code RqState} (a request and where it is), {@code RqStates}; {@code RequestAllocator}
 * ({@code get_request}, {@code get_request_wait} with its {@code Waiter}s); {@code ElevatorMerge} (elevator.c's
 * merges: the last-merge hint, the back-merge hash of {@link org.iosched.simulator.blk.MergeHash}, the scheduler's
 * front merge, request merging); {@code DispatchQueue} ({@code elv_dispatch_sort}, {@code elv_dispatch_add_tail});
 * {@code Plug} (the 2.6.32-2.6.38 queue plug and 2.6.39-3.0's on-stack plugging); {@code FlushSequencer}
 * (blk-flush.c's PREFLUSH, data, POSTFLUSH sequence); {@code GuardedScheduler} (the guard around the scheduler's
 * hooks).
 */
package org.iosched.simulator.block;
