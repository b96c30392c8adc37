package org.iosched.simulator.blk;

import org.iosched.api.Task;

/**
 * The OS model's side of {@code blkcg_schedule_throttle}: an rq-qos policy (io.latency's {@code use_delay},
 * io.cost's debt) charged a task a sleep at its next return to user space.
 */
@FunctionalInterface
public interface ReturnDelayListener {
    /** {@code task} owes {@code nanos} of sleep on its way back to user space. */
    void delay(Task task, long nanos);
}
