/**
 * The deterministic discrete-event engine: {@link org.iosched.simulator.engine.EventQueue} (virtual time in
 * nanoseconds, {@link org.iosched.simulator.engine.SimTimer}s fired in (time, arming order)),
 * {@link org.iosched.simulator.engine.KernelClock} (jiffies at {@code CONFIG_HZ}, kernel/time/timer.c's rounding),
 * {@link org.iosched.simulator.engine.RandomStreams} (a seeded stream per component), and the plugin guard:
 * {@link org.iosched.simulator.engine.PluginGuard} names the plugin that threw
 * ({@link org.iosched.simulator.engine.PluginFailureException}), {@link org.iosched.simulator.engine.HookWatch}
 * says which plugin hook runs now; {@link org.iosched.simulator.engine.InvariantViolationException} and
 * {@link org.iosched.simulator.engine.NoProgressException} are the simulator's own failures.
 *
 * <p>Depends on no other package of the simulator; nothing internal.
 */
package org.iosched.simulator.engine;
