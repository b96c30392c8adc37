package org.iosched.simulator.engine;

import org.iosched.api.InvalidInputException;
import org.iosched.simulator.PluginFailureException;

/**
 * Attributes an exception thrown inside plugin code to that plugin. User errors, invariant violations and
 * failures already attributed pass through unchanged, so the innermost plugin on the stack is the one
 * named.
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
}
