/**
 * mq-deadline of Linux 6.6 ({@code block/mq-deadline.c}) as an {@link org.iosched.api.MqScheduler} plugin.
 *
 * <ul>
 *   <li>{@link org.iosched.scheduler.mqdeadline.MqDeadlineScheduler}: {@code struct deadline_data} and the
 *       {@code elevator_mq_ops} hooks (depth limits, insert, merges, priority-aged and per-level dispatch,
 *       statistics).</li>
 *   <li>{@link org.iosched.scheduler.mqdeadline.MqDeadlineTunables}: the sysfs tunables;
 *       {@link org.iosched.scheduler.mqdeadline.MqDeadlineSchedulerProvider} registers it as
 *       {@code mq-deadline}.</li>
 * </ul>
 *
 * Internal: {@code PerPriority} ({@code struct dd_per_prio}) and {@code MqDeadlineRequest}, the per-request node, on
 * the sort trees and lists of {@code org.iosched.scheduler.support} ({@code elevator.c}'s {@code elv_rb_*}, the
 * request FIFO).
 */
package org.iosched.scheduler.mqdeadline;
