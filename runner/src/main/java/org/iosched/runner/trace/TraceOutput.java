package org.iosched.runner.trace;

import java.nio.file.Path;
import java.util.Locale;
import org.iosched.api.InvalidInputException;
import org.iosched.workload.text.InputText;

/**
 * What {@code --trace FILE} writes ({@code --trace-format}): blkparse's text in FILE, blktrace's binary records
 * in {@code FILE.blktrace.0} (what {@code blktrace -o FILE} writes for CPU 0, so that {@code blkparse -i FILE}
 * and {@code btt -i FILE.blktrace.0} read it), or both of one run.
 */
public enum TraceOutput {
    /** blkparse text in FILE (the default). */
    TEXT(true, false),
    /** binary records in FILE.blktrace.0. */
    BINARY(false, true),
    /** both, describing the same events. */
    BOTH(true, true);

    private final boolean text;
    private final boolean binary;

    TraceOutput(boolean text, boolean binary) {
        this.text = text;
        this.binary = binary;
    }

    /** Whether FILE gets blkparse text. */
    public boolean text() {
        return text;
    }

    /** Whether FILE.blktrace.0 gets binary records. */
    public boolean binary() {
        return binary;
    }

    /** The binary file of a trace named {@code trace}: {@code trace.blktrace.0} (one CPU). */
    public static Path binaryPath(Path trace) {
        return trace.resolveSibling(trace.getFileName() + ".blktrace.0");
    }

    /** Parses {@code text}, {@code binary} or {@code both}. */
    public static TraceOutput fromCliName(String name) {
        for (TraceOutput output : values()) {
            if (output.name().toLowerCase(Locale.ROOT).equals(name)) {
                return output;
            }
        }
        throw new InvalidInputException("--trace-format", 0,
                "unknown trace format '" + InputText.echo(name) + "'; accepted: text, binary, both");
    }
}
