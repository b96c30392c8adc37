/**
 * The noop elevator of Linux 2.6.32-3.0 (block/noop-iosched.c): one FIFO of requests, built in so that a run needs
 * no scheduler module; {@link org.iosched.simulator.noop.NoopSchedulerProvider} registers it as
 * {@code noop}. The blk-mq {@code none} is in {@link org.iosched.simulator.blkmq}.
 */
package org.iosched.simulator.noop;
