package org.iosched.runner;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The runner's own log messages (INFO: what it discovers and runs), through SLF4J to Log4j2, which is set up
 * only once {@code --verbose} or {@code --debug} raises the level: at the configured level (WARN) nothing of
 * the runner's is printed, and setting up Log4j2 (its configuration, plugin registry and lookups) was a third
 * of a short run's start-up.
 *
 * <p>Limitations: like Log4j2's root level, which {@code --verbose} raises for the rest of the process, the
 * switch is process-wide and only ever turns on; a Log4j2 configuration of the user's own
 * ({@code -Dlog4j2.configurationFile}) sees the runner's INFO messages only with {@code --verbose}.
 */
public final class RunnerLog {
    private static volatile boolean enabled;

    private RunnerLog() {
    }

    /** Turns the runner's messages on (the level was raised to INFO or below). */
    public static void enable() {
        enabled = true;
    }

    /**
     * The logger of {@code owner}, or null while messages are off: callers test for null before building a
     * message, so that nothing touches Log4j2 in a quiet run.
     */
    public static Logger of(Class<?> owner) {
        return enabled ? LoggerFactory.getLogger(owner) : null;
    }
}
