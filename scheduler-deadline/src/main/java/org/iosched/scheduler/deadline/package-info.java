/**
 * The deadline I/O scheduler of Linux 2.6.32-3.0 ({@code block/deadline-iosched.c}) as an
 * {@link org.iosched.api.IoScheduler} plugin.
 *
 * <ul>
 *   <li>{@link org.iosched.scheduler.deadline.DeadlineScheduler}: {@code struct deadline_data} and the elevator
 *       hooks (add, merge, dispatch in batches, FIFO expiry, write starvation, 3.0's alias rule).</li>
 *   <li>{@link org.iosched.scheduler.deadline.DeadlineTunables}: the sysfs tunables ({@code read_expire},
 *       {@code write_expire}, {@code writes_starved}, {@code front_merges}, {@code fifo_batch});
 *       {@link org.iosched.scheduler.deadline.DeadlineSchedulerProvider} registers it as {@code deadline}.</li>
 * </ul>
 *
 * Internal: {@code DeadlineRequest}, the per-request node, on the sort tree and FIFO of
 * {@code org.iosched.scheduler.support} ({@code elevator.c}'s {@code elv_rb_*}, the request FIFO).
 */
package org.iosched.scheduler.deadline;
