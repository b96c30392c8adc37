/** cgroup v2's {@code io.latency} of Linux 6.6 (block/blk-iolatency.c) as an rq-qos policy. */
package org.iosched.biocontrol.iolatency;
