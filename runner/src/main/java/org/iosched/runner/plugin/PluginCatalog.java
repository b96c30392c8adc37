package org.iosched.runner.plugin;

import java.util.List;

/**
 * Every discovered plugin with its origin, in deterministic order (kind, name): what {@code iosched list}
 * prints.
 *
 * @param plugins discovered plugins
 */
public record PluginCatalog(List<DiscoveredPlugin> plugins) {
    /** Copies the list. */
    public PluginCatalog {
        plugins = List.copyOf(plugins);
    }

    /** The plugins of one kind, by name. */
    public List<DiscoveredPlugin> ofKind(PluginKind kind) {
        return plugins.stream().filter(p -> p.kind() == kind).toList();
    }
}
