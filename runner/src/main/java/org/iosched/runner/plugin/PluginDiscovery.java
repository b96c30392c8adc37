package org.iosched.runner.plugin;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.iosched.api.InvalidInputException;
import org.iosched.api.PluginProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds providers with {@link ServiceLoader}: first on the runner's class path, then in every
 * {@code *.jar} of the plugins directory, each jar with its own class loader (as Trino's PluginManager
 * does), so that one plugin's classes cannot shadow another's. Every registration is logged by name.
 *
 * <p>Rules: a provider's name must be unique within its kind, both kinds of scheduler counting as one (two with one
 * name is an error naming both
 * origins); a jar in the plugins directory that provides nothing is an error; a provider whose construction
 * throws is an error naming it. The result is ordered by kind, then name, then class name, so that listings and
 * runs do not depend on class-path order.
 */
public final class PluginDiscovery {
    private static final Logger LOG = LoggerFactory.getLogger(PluginDiscovery.class);

    private PluginDiscovery() {
    }

    /**
     * Discover every provider.
     *
     * @param pluginsDirectory directory of plugin jars; ignored when it does not exist
     * @param parent           class loader of the runner (the one that sees scheduler-api)
     */
    public static List<DiscoveredPlugin> discover(Path pluginsDirectory, ClassLoader parent) {
        List<DiscoveredPlugin> found = new ArrayList<>();
        for (PluginKind kind : PluginKind.values()) {
            load(kind, parent, "classpath", found);
        }
        if (pluginsDirectory != null && Files.isDirectory(pluginsDirectory)) {
            for (Path jar : jars(pluginsDirectory)) {
                URLClassLoader loader = new URLClassLoader(new URL[] {toUrl(jar)}, parent);
                int before = found.size();
                for (PluginKind kind : PluginKind.values()) {
                    load(kind, loader, jar.toString(), found);
                }
                if (found.size() == before) {
                    throw new InvalidInputException(jar.toString(), 0,
                            "plugin jar provides no scheduler, device, workload, bio controller or rq-qos policy (no"
                                    + " META-INF/services entry for org.iosched.api.IoSchedulerProvider, MqSchedulerProvider,"
                                    + " BlockDeviceProvider, WorkloadProvider, BioControllerProvider or"
                                    + " RqQosProvider)");
                }
            }
        }
        found.sort(Comparator.comparing((DiscoveredPlugin p) -> p.kind().ordinal())
                .thenComparing(DiscoveredPlugin::name)
                .thenComparing(p -> p.provider().getClass().getName()));
        rejectDuplicates(found);
        return List.copyOf(found);
    }

    private static void load(PluginKind kind, ClassLoader loader, String origin, List<DiscoveredPlugin> found) {
        ServiceLoader<? extends PluginProvider> serviceLoader = ServiceLoader.load(kind.spi(), loader);
        for (ServiceLoader.Provider<? extends PluginProvider> candidate : iterate(serviceLoader, origin)) {
            // A class-path loader sees the parent's services too: keep only those defined by this jar's loader.
            if (!"classpath".equals(origin) && candidate.type().getClassLoader() != loader) {
                continue;
            }
            PluginProvider provider;
            try {
                provider = candidate.get();
            } catch (ServiceConfigurationError | RuntimeException e) {
                throw new InvalidInputException(origin, 0, kind.label() + " provider " + candidate.type().getName()
                        + " failed to load: " + e.getMessage());
            }
            String name = provider.name();
            if (name == null || !name.matches("[a-z0-9][a-z0-9._-]*")) {
                throw new InvalidInputException(origin, 0, kind.label() + " provider " + provider.getClass().getName()
                        + " has an invalid name '" + name + "' (lower case letters, digits, '.', '_' and '-')");
            }
            LOG.info("registered {} '{}' ({}) from {}", kind.label(), name, provider.getClass().getName(), origin);
            found.add(new DiscoveredPlugin(kind, provider, origin));
        }
    }

    private static List<ServiceLoader.Provider<? extends PluginProvider>> iterate(
            ServiceLoader<? extends PluginProvider> loader, String origin) {
        try {
            List<ServiceLoader.Provider<? extends PluginProvider>> list = new ArrayList<>();
            loader.stream().forEach(list::add);
            return list;
        } catch (ServiceConfigurationError e) {
            throw new InvalidInputException(origin, 0, "broken plugin registration: " + e.getMessage());
        }
    }

    private static void rejectDuplicates(List<DiscoveredPlugin> found) {
        Map<String, DiscoveredPlugin> seen = new HashMap<>();
        for (DiscoveredPlugin plugin : found) {
            DiscoveredPlugin previous = seen.putIfAbsent(plugin.kind().nameSpace() + "/" + plugin.name(), plugin);
            if (previous != null) {
                throw new InvalidInputException("two " + plugin.kind().label() + " plugins are named '" + plugin.name()
                        + "': " + previous.provider().getClass().getName() + " from " + previous.origin() + " and "
                        + plugin.provider().getClass().getName() + " from " + plugin.origin());
            }
        }
    }

    private static List<Path> jars(Path directory) {
        List<Path> jars = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory, "*.jar")) {
            stream.forEach(jars::add);
        } catch (IOException e) {
            throw new InvalidInputException(directory.toString(), 0, "cannot read plugins directory: " + e.getMessage());
        }
        jars.sort(Comparator.comparing(Path::toString));
        return jars;
    }

    private static URL toUrl(Path jar) {
        try {
            return jar.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new InvalidInputException(jar.toString(), 0, "bad plugin path: " + e.getMessage());
        }
    }
}
