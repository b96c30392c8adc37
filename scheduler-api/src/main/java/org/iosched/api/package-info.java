/**
 * The service-provider interfaces of iosched and the values they exchange, depending on the JDK only: what a
 * scheduler, device, workload, bio controller or rq-qos policy implements, and what the simulator hands it.
 *
 * <ul>
 *   <li>Schedulers: {@link org.iosched.api.IoScheduler} (the 2.6.32-3.0 {@code elevator_ops} of
 *       {@code include/linux/elevator.h}) and {@link org.iosched.api.MqScheduler} (6.6's {@code elevator_mq_ops}),
 *       with their providers and contexts.</li>
 *   <li>Devices ({@link org.iosched.api.BlockDevice}), workloads ({@link org.iosched.api.Workload}), bio controllers
 *       ({@link org.iosched.api.BioController}) and rq-qos policies ({@link org.iosched.api.RqQosPolicy}, 6.6's
 *       {@code block/blk-rq-qos.h}).</li>
 *   <li>Every context extends {@link org.iosched.api.PluginContext}: virtual clock, {@code HZ}, timers
 *       ({@code timer_list}), seeded randomness and the block trace ({@code blk_add_trace_msg}).</li>
 *   <li>Values: {@link org.iosched.api.Bio} ({@code struct bio}), {@link org.iosched.api.Request}
 *       ({@code struct request}), {@link org.iosched.api.Task}, {@link org.iosched.api.Cgroup}, io priorities
 *       ({@code include/linux/ioprio.h}), {@link org.iosched.api.Jiffies}, tunable descriptors and settings.</li>
 * </ul>
 *
 * Everything here is public API: it grows with defaults, so that plugins written against it keep compiling.
 * Methods documented "block layer" are for the simulator only.
 */
package org.iosched.api;
