package org.iosched.simulator.engine;

import org.iosched.api.InvalidInputException;

/**
 * Attributes an exception thrown inside plugin code to that plugin. User errors, invariant violations and
 * failures already attributed pass through unchanged, so the innermost plugin on the stack is the one
 * named. A {@link StackOverflowError} (an {@code Error}, not an exception) caught where a hook was called is the
 * plugin's too: unbounded recursion in its code, or through the simulator back into it.
 */
public final class PluginGuard {
    private PluginGuard() {
    }

    /**
     * @param plugin the plugin's kind and name ({@code scheduler cfq}), or null for simulator code
     * @param e      what was thrown
     * @return the exception to rethrow
     */
    public static RuntimeException blame(String plugin, RuntimeException e) {
        if (plugin == null || e instanceof PluginFailureException || e instanceof InvalidInputException
                || e instanceof InvariantViolationException) {
            return e;
        }
        return new PluginFailureException(plugin, e);
    }

    /**
     * As {@link #blame(String, RuntimeException)}, for what a guard caught around one hook: a runtime exception,
     * or a stack overflow, which is reported naming the hook (the stack trace would be thousands of frames of
     * the plugin's own recursion).
     *
     * @param plugin the plugin's kind and name, or null for simulator code (its overflow is rethrown as it was)
     * @param hook   the hook called ({@code dispatch}), or {@code timer}
     * @param e      a {@link RuntimeException} or a {@link StackOverflowError}
     */
    public static RuntimeException blame(String plugin, String hook, Throwable e) {
        if (e instanceof RuntimeException runtime) {
            return blame(plugin, runtime);
        }
        if (e instanceof StackOverflowError overflow) {
            if (plugin == null) {
                throw overflow;
            }
            return new PluginFailureException(plugin, "overflowed the stack in " + hook
                    + " (StackOverflowError: unbounded recursion)", overflow);
        }
        if (e instanceof Error error) {
            throw error;
        }
        return new PluginFailureException(plugin, e);
    }
}
