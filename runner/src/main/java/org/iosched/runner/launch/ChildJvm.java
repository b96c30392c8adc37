package org.iosched.runner.launch;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.iosched.runner.SignalHandlers;

/**
 * The second, tuned JVM and its signals. The launcher starts it ({@link #run}) in a session of its own with the
 * launcher's standard streams, forwards SIGINT, SIGTERM and SIGHUP to it once each (Ctrl-C in a terminal signals
 * the launcher only), and returns its exit code. In the second JVM, {@link #watchLauncher} halts it should the
 * launcher die without forwarding (SIGKILL).
 */
public final class ChildJvm {
    /** The system property that tells the second JVM its launcher's pid. */
    static final String LAUNCHER_PROPERTY = "iosched.launcher";
    private static final List<String> FORWARDED = List.of("INT", "TERM", "HUP");

    private ChildJvm() {
    }

    /**
     * Starts {@code command} with this JVM's standard streams, forwarding signals to it, and waits for it to end.
     * The signal handlers come first: a signal that arrives while the child starts is forwarded once it runs.
     *
     * @return the child's exit code, or empty when it could not be started (the handlers are put back)
     */
    static OptionalInt run(List<String> command) {
        Forwarder forwarder = new Forwarder();
        forwarder.install();
        Process child;
        try {
            child = new ProcessBuilder(command).inheritIO().start();
        } catch (IOException | RuntimeException e) {
            forwarder.uninstall();
            return OptionalInt.empty();
        }
        forwarder.started(child);
        return OptionalInt.of(waitFor(child));
    }

    /**
     * In the second JVM: halt when the launcher is gone without having forwarded a signal (killed with SIGKILL),
     * rather than run on with no one to read the result: the JVM halts with {@code exitCode}. Nothing when this JVM
     * has no launcher.
     */
    public static void watchLauncher(int exitCode) {
        String pid = System.getProperty(LAUNCHER_PROPERTY);
        if (pid == null) {
            return;
        }
        Optional<ProcessHandle> launcher;
        try {
            launcher = ProcessHandle.of(Long.parseLong(pid));
        } catch (NumberFormatException e) {
            return;
        }
        if (launcher.isEmpty()) {
            Runtime.getRuntime().halt(exitCode);
        }
        launcher.get().onExit().thenRun(() -> Runtime.getRuntime().halt(exitCode));
    }

    /** Forwards SIGINT, SIGTERM and SIGHUP to the child; those that come before it runs, once it does. */
    private static final class Forwarder {
        private final List<String> early = new ArrayList<>();
        private SignalHandlers handlers;
        private Process child;

        void install() {
            handlers = SignalHandlers.install(FORWARDED, signal -> forward(signal.getName()));
        }

        /** Puts the handlers back, for a command that runs in this JVM after all. */
        void uninstall() {
            handlers.close();
        }

        void started(Process process) {
            List<String> pending;
            synchronized (this) {
                child = process;
                pending = List.copyOf(early);
                early.clear();
            }
            pending.forEach(name -> send(name, process));
        }

        private void forward(String name) {
            Process process;
            synchronized (this) {
                process = child;
                if (process == null) {
                    early.add(name);
                    return;
                }
            }
            send(name, process);
        }
    }

    /** Sends signal {@code name} to the child with kill(1): the Process API sends TERM and KILL only. */
    private static void send(String name, Process child) {
        if (!child.isAlive()) {
            return;
        }
        try {
            new ProcessBuilder("kill", "-s", name, Long.toString(child.pid()))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectErrorStream(true).start().waitFor();
        } catch (IOException e) {
            if ("TERM".equals(name)) {
                child.destroy();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int waitFor(Process child) {
        while (true) {
            try {
                return child.waitFor();
            } catch (InterruptedException e) {
                // only a signal's forwarding ends the child; keep waiting
            }
        }
    }
}
