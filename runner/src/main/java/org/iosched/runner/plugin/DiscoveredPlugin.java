package org.iosched.runner.plugin;

import org.iosched.api.PluginProvider;

/**
 * A provider found by discovery and where it came from.
 *
 * @param kind     scheduler, device or workload
 * @param provider the provider instance (one per run of the runner)
 * @param origin   {@code classpath} or the plugin jar's path
 */
public record DiscoveredPlugin(PluginKind kind, PluginProvider provider, String origin) {
    /** The provider's name. */
    public String name() {
        return provider.name();
    }
}
