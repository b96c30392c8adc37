/**
 * Running simulations for the command line, scenarios and Spark: {@link org.iosched.runner.RunService} resolves
 * plugin names to providers and runs one simulation per scheduler ({@link org.iosched.runner.RunPlan}), in
 * parallel on the cores ({@link org.iosched.runner.Parallel}); {@link org.iosched.runner.SetOptions} routes
 * {@code --set KEY=VALUE} to the device, kernel, scheduler, workload or controller; and what watches runs from
 * outside them: {@link org.iosched.runner.RunControl} with the {@link org.iosched.runner.Watchdog}, the
 * {@link org.iosched.runner.Progress} line and {@link org.iosched.runner.SignalHandlers}.
 * {@link org.iosched.runner.RunnerLog} is the runner's quiet-by-default logging.
 *
 * <p>Layering: this package uses {@code trace} (and is used by {@code plugin}, {@code launch}, {@code scenario}
 * and {@code cli}); it knows nothing of the command line, scenarios or reports, so that Spark and tests embed
 * it. Everything here is public because {@code cli}, {@code scenario} and the {@code spark} module call it.
 */
package org.iosched.runner;
