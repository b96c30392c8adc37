/**
 * {@code io.cost} of cgroup v2: blk-iocost of Linux 6.6 ({@code block/blk-iocost.c}), a request-QoS policy that
 * charges each bio its cost in device virtual time and makes cgroups wait for their weighted share.
 */
package org.iosched.biocontrol.iocost;
