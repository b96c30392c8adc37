package org.iosched.runner.cli;

import java.io.PrintWriter;
import org.iosched.api.InvalidInputException;
import org.iosched.runner.Progress;
import org.iosched.runner.RunControl;
import org.iosched.runner.Watchdog;
import picocli.CommandLine.Option;

/**
 * {@code --progress} and {@code --watchdog}, for the commands that run simulations ({@code run},
 * {@code scenario}), and what they set up around the runs: the progress line, the watchdog and the signal
 * handlers ({@link SignalStop}).
 */
public final class RunControlOptions {
    @Option(names = "--progress",
            description = "Show progress on stderr (virtual time done of total, rate, ETA), about once a second;"
                    + " shown without it when the console is a terminal.")
    boolean progress;

    @Option(names = "--watchdog", paramLabel = "SECONDS", defaultValue = "" + Watchdog.DEFAULT_SECONDS,
            description = "End the run (exit 3) naming the plugin and hook when one plugin call runs longer than"
                    + " SECONDS of wall-clock time; 0 turns it off (default: ${DEFAULT-VALUE}).")
    long watchdogSeconds;

    /** The runs of one command: progress, watchdog and signals, undone by {@link #close}. */
    public static final class Session implements AutoCloseable {
        private final RunControl control;
        private final SignalStop signals;

        private Session(RunControl control, SignalStop signals) {
            this.control = control;
            this.signals = signals;
        }

        /** What the runs are watched by. */
        public RunControl control() {
            return control;
        }

        /** Erase the progress line before the report is printed. */
        public void beforeReport() {
            control.clearProgress();
        }

        /** The exit code of a command whose runs ended: 130 when a signal interrupted them. */
        public int exitCode() {
            return control.interrupted() ? ExitCodes.INTERRUPTED : ExitCodes.OK;
        }

        @Override
        public void close() {
            control.finish();
            signals.close();
        }
    }

    /**
     * Set up the runs: the watchdog's thread, the progress line when asked or when the console is a terminal, and
     * SIGINT/SIGTERM handlers that stop the runs (a second signal ends the process at once).
     */
    public Session open(PrintWriter err) {
        if (watchdogSeconds < 0) {
            throw new InvalidInputException("--watchdog", 0, "bad value " + watchdogSeconds
                    + "; accepted: 0 (off) or a number of seconds");
        }
        boolean terminal = System.console() != null;
        Watchdog watchdog = null;
        RunControl[] watched = new RunControl[1];
        if (watchdogSeconds > 0) {
            watchdog = new Watchdog(watchdogSeconds, System::nanoTime, message -> {
                if (watched[0] != null) {
                    watched[0].clearProgress();
                }
                err.println(message);
                err.flush();
                // a thread looping in a plugin cannot be stopped: end the process without waiting for it
                Runtime.getRuntime().halt(ExitCodes.PLUGIN_FAILURE);
            });
        }
        Progress line = progress || terminal ? new Progress(err, terminal, System::nanoTime) : null;
        RunControl control = new RunControl(watchdog, line, err);
        watched[0] = control;
        if (watchdog != null) {
            // started after the control is known, which its thread then sees
            watchdog.start();
        }
        return new Session(control, SignalStop.install(control));
    }
}
