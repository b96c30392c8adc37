package org.iosched.runner.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.config.Configurator;
import org.iosched.runner.plugin.DiscoveredPlugin;
import org.iosched.runner.plugin.PluginDiscovery;
import picocli.CommandLine.Option;

/** Options every command takes: logging level and the plugins directory. */
public final class GlobalOptions {
    @Option(names = "--verbose", description = "Log what the runner does (INFO).")
    boolean verbose;

    @Option(names = "--debug",
            description = "Log everything (DEBUG) and print stack traces of internal errors.")
    boolean debug;

    @Option(names = "--plugins", paramLabel = "DIR",
            description = "Directory of plugin jars (default: plugins/ beside iosched.jar).")
    Path plugins;

    /** Apply the logging level. */
    public void applyLogging() {
        if (debug) {
            Configurator.setRootLevel(Level.DEBUG);
        } else if (verbose) {
            Configurator.setRootLevel(Level.INFO);
        }
    }

    /** Whether stack traces should be shown. */
    public boolean debug() {
        return debug;
    }

    /** Discover plugins from the class path and the plugins directory. */
    public List<DiscoveredPlugin> discover() {
        applyLogging();
        return PluginDiscovery.discover(pluginsDirectory(), GlobalOptions.class.getClassLoader());
    }

    private Path pluginsDirectory() {
        if (plugins != null) {
            if (!Files.isDirectory(plugins)) {
                throw new org.iosched.api.InvalidInputException("--plugins", 0, "not a directory: " + plugins);
            }
            return plugins;
        }
        try {
            Path jar = Paths.get(GlobalOptions.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return jar.getParent() == null ? null : jar.getParent().resolve("plugins");
        } catch (java.net.URISyntaxException | SecurityException e) {
            return null;
        }
    }
}
