package org.iosched.spark;

import com.google.inject.Guice;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.iosched.runner.RunService;
import org.iosched.runner.plugin.PluginDiscovery;
import org.iosched.runner.plugin.PluginModule;

/**
 * The run service of each executor JVM: plugins are discovered once per JVM and plugins directory, not once
 * per task (discovery and Guice wiring cost far more than planning a run). The service holds no state of any
 * run; every task plans and runs its own simulation, several at once on an executor's cores.
 */
final class RunServices {
    private static final Map<String, RunService> SERVICES = new ConcurrentHashMap<>();

    private RunServices() {
    }

    /**
     * The run service for {@code pluginsDirectory}.
     *
     * @param pluginsDirectory a plugins directory present on every node, or null for the class path's only
     */
    static RunService service(String pluginsDirectory) {
        return SERVICES.computeIfAbsent(pluginsDirectory == null ? "" : pluginsDirectory, RunServices::create);
    }

    private static RunService create(String pluginsDirectory) {
        Path directory = pluginsDirectory.isEmpty() ? null : Path.of(pluginsDirectory);
        return Guice.createInjector(new PluginModule(PluginDiscovery.discover(directory,
                RunServices.class.getClassLoader()))).getInstance(RunService.class);
    }
}
