/**
 * How {@code java -jar iosched.jar} starts: the decision whether to re-run the command in a JVM tuned for
 * simulation and with which options ({@link org.iosched.runner.launch.Launcher}), that second JVM and its signals
 * (forwarded SIGINT, SIGTERM and SIGHUP; the child halts when its launcher is killed:
 * {@link org.iosched.runner.launch.ChildJvm}), and the class-data-sharing archive kept in the user's cache
 * ({@code ClassArchive}, internal). None of it changes a result: the output is byte for byte the plain JVM's.
 *
 * <p>It loads as few classes as it can (it runs before every command) and uses only the runner's
 * {@link org.iosched.runner.SignalHandlers}; the command line calls it, never the reverse.
 */
package org.iosched.runner.launch;
