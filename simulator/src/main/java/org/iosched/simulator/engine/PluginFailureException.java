package org.iosched.simulator.engine;

/**
 * A plugin (scheduler, device or workload) threw during a run. The message names the plugin and what it
 * threw ({@code scheduler deadline threw NullPointerException: ...}); the original exception is the cause.
 *
 * <p>User errors ({@link org.iosched.api.InvalidInputException}) raised by a plugin are not wrapped, and
 * neither are the simulator's invariant violations ({@link IllegalStateException}s that already name the
 * plugin involved).
 */
public final class PluginFailureException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String plugin;

    /**
     * @param plugin the plugin's kind and name, such as {@code scheduler deadline}
     * @param cause  what it threw
     */
    public PluginFailureException(String plugin, Throwable cause) {
        super(plugin + " threw " + cause.getClass().getSimpleName()
                + (cause.getMessage() == null ? "" : ": " + cause.getMessage()), cause);
        this.plugin = plugin;
    }

    /**
     * A failure described in words rather than by what was thrown.
     *
     * @param plugin the plugin's kind and name, such as {@code scheduler deadline}
     * @param what   what it did, after its name ({@code overflowed the stack in dispatch})
     * @param cause  what was thrown, or null
     */
    public PluginFailureException(String plugin, String what, Throwable cause) {
        super(plugin + " " + what, cause);
        this.plugin = plugin;
    }

    /** The plugin's kind and name, such as {@code scheduler deadline}. */
    public String plugin() {
        return plugin;
    }
}
