package org.iosched.runner;

import java.util.ArrayList;
import java.util.List;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * One handler for several signals, put in place together and taken back together: {@link #close} restores the
 * handlers each signal had before. A signal the JVM keeps for itself ({@code -Xrs}, or one the platform lacks)
 * keeps its default.
 */
public final class SignalHandlers implements AutoCloseable {
    private final List<Signal> signals = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();

    private SignalHandlers() {
    }

    /** Installs {@code handler} for each of the signals {@code names} ({@code "INT"}, {@code "TERM"}, ...). */
    public static SignalHandlers install(List<String> names, SignalHandler handler) {
        SignalHandlers installed = new SignalHandlers();
        for (String name : names) {
            try {
                Signal signal = new Signal(name);
                SignalHandler old = Signal.handle(signal, handler);
                installed.signals.add(signal);
                installed.previous.add(old);
            } catch (IllegalArgumentException e) {
                // the JVM keeps this signal: its default stays
            }
        }
        return installed;
    }

    /** Puts back the handlers in place before {@link #install}. */
    @Override
    public void close() {
        for (int i = 0; i < signals.size(); i++) {
            Signal.handle(signals.get(i), previous.get(i));
        }
        signals.clear();
        previous.clear();
    }
}
