package org.iosched.runner.cli;

import java.util.ArrayList;
import java.util.List;
import org.iosched.runner.RunControl;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * SIGINT and SIGTERM while simulations run, as fio handles them: the first stops the runs where they are
 * ({@link RunControl#interrupt}), and the report of what ran is printed, marked as interrupted (exit 130; fio
 * 3.33 exits 128); a second ends the process at once with exit 130. The handlers in place before are put back by
 * {@link #close}.
 */
final class SignalStop implements AutoCloseable {
    private static final String[] SIGNALS = {"INT", "TERM"};

    private final List<Signal> signals = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();

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
        for (String name : SIGNALS) {
            try {
                Signal signal = new Signal(name);
                SignalHandler old = Signal.handle(signal, handler);
                stop.signals.add(signal);
                stop.previous.add(old);
            } catch (IllegalArgumentException e) {
                // the JVM keeps this signal (-Xrs, or a platform without it): its default stays
            }
        }
        return stop;
    }

    @Override
    public void close() {
        for (int i = 0; i < signals.size(); i++) {
            Signal.handle(signals.get(i), previous.get(i));
        }
        signals.clear();
        previous.clear();
    }
}
