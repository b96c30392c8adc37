package org.iosched.runner.cli;

import com.google.inject.Guice;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.List;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.iosched.runner.RunService;
import org.iosched.runner.launch.Launcher;
import org.iosched.runner.plugin.PluginKind;
import org.iosched.runner.plugin.PluginModule;

/**
 * Start-up in parallel: while the main thread parses the command line (picocli builds its model by reflection),
 * a daemon thread loads what a command needs next, on the second core:
 * <ol>
 *   <li>the plugin providers' classes on the class path (their types: loaded, not initialized or made);</li>
 *   <li>Guice, by making an injector of the plugin module with no plugins; the main thread waits for this step
 *       ({@link #awaitInjector}) before it makes its own, so that no class is initialized by both threads at
 *       once;</li>
 *   <li>every iosched class of the jar, loaded without being initialized (a run links and initializes those it
 *       uses, on its own thread).</li>
 * </ol>
 * It only loads classes: it makes no plugin, logs nothing and writes no state that a command reads, so that
 * the output is the same with or without it. What fails in it is ignored: the main thread meets the same
 * classes again and reports what goes wrong there.
 */
final class Warmup {
    /** How long {@link #awaitInjector} waits at most: far above the warm-up's honest time (a fraction of a second). */
    private static final long WAIT_SECONDS = 10;
    private static final CountDownLatch INJECTOR = new CountDownLatch(1);
    /** Whether {@link #start} was called (once per JVM, by {@code Main}). */
    private static volatile boolean started;

    private Warmup() {
    }

    /** Start loading in the background (a daemon thread: it never keeps the JVM alive). */
    static void start() {
        Thread thread = new Thread(Warmup::load, "iosched-warmup");
        thread.setDaemon(true);
        // nothing of the warm-up reaches stderr (a ServiceConfigurationError, say): the main thread reports it
        thread.setUncaughtExceptionHandler((t, e) -> { });
        started = true;
        thread.start();
    }

    /**
     * Wait until the warm-up's Guice step is done (at once when no warm-up runs: {@link #start} not called, as
     * in tests, or the step over).
     */
    public static void awaitInjector() {
        if (!started || INJECTOR.getCount() == 0) {
            return;
        }
        try {
            INJECTOR.await(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Whether the Guice step is over. */
    static boolean injectorStepDone() {
        return INJECTOR.getCount() == 0;
    }

    private static void load() {
        ClassLoader loader = Warmup.class.getClassLoader();
        try {
            for (PluginKind kind : PluginKind.values()) {
                ServiceLoader.load(kind.spi(), loader).stream().forEach(ServiceLoader.Provider::type);
            }
            Guice.createInjector(new PluginModule(List.of())).getInstance(RunService.class);
        } catch (RuntimeException | LinkageError | ServiceConfigurationError e) {
            // a warm-up only: whatever fails here fails again, and is reported, on the main thread
        } finally {
            INJECTOR.countDown();
        }
        loadOwnClasses(loader);
    }

    /** Loads (without initializing) every class under {@code org/iosched/} of the jar this class came from. */
    private static void loadOwnClasses(ClassLoader loader) {
        Optional<Path> jar = Launcher.ownJar();
        if (jar.isEmpty()) {
            return; // classes from a directory (tests, an IDE): nothing to gain
        }
        try (JarFile file = new JarFile(jar.get().toFile())) {
            Enumeration<JarEntry> entries = file.entries();
            while (entries.hasMoreElements()) {
                String name = entries.nextElement().getName();
                // no '-' in a class's name: module-info and package-info are not classes to load
                if (name.startsWith("org/iosched/") && name.endsWith(".class") && !name.contains("-")) {
                    try {
                        Class.forName(name.substring(0, name.length() - 6).replace('/', '.'), false, loader);
                    } catch (ClassNotFoundException | LinkageError e) {
                        // not loadable here (an optional dependency missing): the run does without it too
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // a warm-up only
        }
    }
}
