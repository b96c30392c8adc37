/**
 * {@code io.latency} of cgroup v2: blk-iolatency of Linux 6.6 ({@code block/blk-iolatency.c}), an rq-qos policy
 * that throttles the I/O depth of a group's siblings when the group misses its latency target.
 *
 * <p>Public: the provider ({@code iolatency}) only. Internal: the policy ({@code IoLatency}: the groups, the
 * scale cookie, the window checks and the timer).
 */
package org.iosched.biocontrol.iolatency;
