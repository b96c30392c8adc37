/**
 * Test fixtures for I/O scheduler plugins, written against {@code scheduler-api} alone: depend on this module in
 * test scope.
 *
 * <ul>
 *   <li>{@link org.iosched.testkit.SchedulerContract}: the checks every scheduler must pass, in one call.</li>
 *   <li>{@link org.iosched.testkit.FakeSchedulerContext}: a {@code SchedulerContext} with a manual virtual clock,
 *       timers, the dispatch queue ({@code elv_dispatch_sort}), driver counts and a recording trace.</li>
 *   <li>{@link org.iosched.testkit.DeviceLoop}: the block layer and a fake device around one scheduler, for
 *       dispatch orders and latencies.</li>
 *   <li>{@link org.iosched.testkit.Requests}: tasks, bios and requests.</li>
 *   <li>blk-mq (Linux 6.6) schedulers: {@link org.iosched.testkit.MqSchedulerContract},
 *       {@link org.iosched.testkit.FakeMqSchedulerContext} (clock, hardware queues and tags, the generic merge
 *       helpers) and {@link org.iosched.testkit.MqDeviceLoop} (allocation, insert, dispatch, completion).</li>
 * </ul>
 *
 * The two contexts share the package-private {@code FakePluginContext} (clock, timers, {@code HZ}, device, seeded
 * randomness, recording trace) and the two loops {@code FakeDeviceLoop} (the records read back, the device's
 * service timing); {@code VirtualClock}, {@code DispatchList}, {@code BioMerges}, {@code MqMerges} and
 * {@code FakeHardwareQueue} are internal too.
 *
 * Failures are plain {@link java.lang.AssertionError}s, so any test framework reports them.
 */
package org.iosched.testkit;
