package org.iosched.api;

import java.util.List;

/**
 * What every provider (scheduler, device, workload, bio controller) tells about itself. Providers are found
 * with {@link java.util.ServiceLoader} and selected by {@link #name()}; two providers of one kind with one
 * name are an error. Every method but {@link #name()} has a default so that the SPI can grow.
 */
public interface PluginProvider {
    /** The name users select it by ({@code cfq}, {@code hdd-7200}, {@code fio}); lower case, unique per kind. */
    String name();

    /** One line on what it is. */
    default String description() {
        return "";
    }

    /** The tunables it accepts, with defaults, units and ranges. */
    default List<TunableDescriptor> tunables() {
        return List.of();
    }
}
