package org.iosched.runner.cli;

import java.util.List;
import org.iosched.runner.RunControl;
import org.iosched.runner.SignalHandlers;
import sun.misc.SignalHandler;

/**
 * SIGINT and SIGTERM while simulations run, as fio handles them: the first stops the runs where they are
 * ({@link RunControl#interrupt}), and the report of what ran is printed, marked as interrupted (exit 130; fio
 * 3.33 exits 128); a second ends the process at once with exit 130. The handlers in place before are put back by
 * {@link #close}.
 */
final class SignalStop implements AutoCloseable {
    private static final List<String> SIGNALS = List.of("INT", "TERM");

    private SignalHandlers handlers;

    private SignalStop() {
    }

    static SignalStop install(RunControl control) {
        SignalStop stop = new SignalStop();
        // each signal is handled on a thread of its own: a second one waits until the first has said so on stderr
        SignalHandler handler = signal -> {
            synchronized (stop) {
                if (control.interrupted()) {
                    Runtime.getRuntime().halt(ExitCodes.INTERRUPTED);
                }
                control.interrupt(signal.getNumber());
            }
        };
        stop.handlers = SignalHandlers.install(SIGNALS, handler);
        return stop;
    }

    @Override
    public void close() {
        handlers.close();
    }
}
