/**
 * The {@code iosched} command line (picocli): the entry point {@link org.iosched.runner.cli.Main} (which first
 * lets the launcher re-run the command in a tuned JVM), the top command {@link org.iosched.runner.cli.IoschedCommand}
 * and its subcommands {@code run}, {@code list}, {@code demo} and {@code scenario}, the options every command takes
 * ({@link org.iosched.runner.cli.GlobalOptions}), {@code --progress}/{@code --watchdog} and Ctrl-C as fio handles
 * it, and the exit codes ({@link org.iosched.runner.cli.ExitCodes}: 0 ok, 1 internal error, 2 user error,
 * 3 plugin failure, 130 interrupted).
 *
 * <p>The top layer of the runner: it uses every other runner package and none uses it. Internal: the value checks
 * ({@code CliChecks}, {@code OutputSelection}, {@code StatusInterval}), {@code ResultWriter}, {@code SignalStop} and
 * the start-up {@code Warmup} (loads classes on the second core while picocli parses). The commands are public for
 * picocli and for tests that drive them.
 */
package org.iosched.runner.cli;
