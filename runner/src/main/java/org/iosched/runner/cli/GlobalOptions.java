package org.iosched.runner.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.config.Configurator;
import org.iosched.runner.RunnerLog;
import org.iosched.runner.plugin.DiscoveredPlugin;
import org.iosched.runner.plugin.PluginDiscovery;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * Options every command takes: logging level and the plugins directory. They may be given before the
 * command ({@code iosched --plugins DIR list}) or after it ({@code iosched list --plugins DIR}); a command
 * reads its own and its parent command's, its own {@code --plugins} winning when both name one.
 */
public final class GlobalOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--verbose", description = "Log what the runner does (INFO).")
    boolean verbose;

    @Option(names = "--debug",
            description = "Log everything (DEBUG) and print stack traces of internal errors.")
    boolean debug;

    private Path plugins;

    /** {@code --plugins DIR}: checked when given, wherever it is given. */
    @Option(names = "--plugins", paramLabel = "DIR",
            description = "Directory of plugin jars (default: plugins/ beside iosched.jar).")
    void plugins(Path directory) {
        if (directory != null && !Files.isDirectory(directory)) {
            throw new ParameterException(mixee.commandLine(),
                    "--plugins: not a directory: " + directory + " (a directory of plugin jars is accepted)");
        }
        plugins = directory;
    }

    /** Apply the logging level. */
    public void applyLogging() {
        // Log4j2 is set up only here: quiet runs print nothing of the runner's (RunnerLog)
        if (debug()) {
            Configurator.setRootLevel(Level.DEBUG);
            RunnerLog.enable();
        } else if (verbose()) {
            Configurator.setRootLevel(Level.INFO);
            RunnerLog.enable();
        }
    }

    /** Whether stack traces should be shown: {@code --debug} given before or after the command. */
    public boolean debug() {
        for (GlobalOptions options = this; options != null; options = options.parentOptions()) {
            if (options.debug) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code --verbose} was given before or after the command. */
    boolean verbose() {
        for (GlobalOptions options = this; options != null; options = options.parentOptions()) {
            if (options.verbose) {
                return true;
            }
        }
        return false;
    }

    /** Discover plugins from the class path and the plugins directory. */
    public List<DiscoveredPlugin> discover() {
        applyLogging();
        // the injector that follows: its classes are initialized on one thread at a time
        Warmup.awaitInjector();
        return PluginDiscovery.discover(pluginsDirectory(), GlobalOptions.class.getClassLoader());
    }

    /** The plugins directory: the nearest {@code --plugins}, or plugins/ beside the jar. */
    Path pluginsDirectory() {
        for (GlobalOptions options = this; options != null; options = options.parentOptions()) {
            if (options.plugins != null) {
                return options.plugins;
            }
        }
        try {
            Path jar = Paths.get(GlobalOptions.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return jar.getParent() == null ? null : jar.getParent().resolve("plugins");
        } catch (java.net.URISyntaxException | SecurityException e) {
            return null;
        }
    }

    /** The options of the nearest parent command that has them, or null. */
    private GlobalOptions parentOptions() {
        if (mixee == null) {
            return null;
        }
        for (CommandSpec parent = mixee.parent(); parent != null; parent = parent.parent()) {
            for (CommandSpec mixin : parent.mixins().values()) {
                if (mixin.userObject() instanceof GlobalOptions options) {
                    return options;
                }
            }
        }
        return null;
    }
}
