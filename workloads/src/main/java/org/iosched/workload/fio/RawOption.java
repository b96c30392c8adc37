package org.iosched.workload.fio;

import java.util.Objects;

/**
 * One {@code key[=value]} line of a job file, as written, with where it came from.
 *
 * @param key    the option name as written ({@code bs}, {@code blocksize})
 * @param value  the text after {@code =}, trimmed, or null for a bare flag ({@code time_based})
 * @param source the file the line is in (a job file or an included file)
 * @param line   1-based line number in {@code source}
 */
record RawOption(String key, String value, String source, int line) {
    /** Validates the name. */
    RawOption {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(source, "source");
    }

    /** The line as fio quotes it in messages: {@code key=value} or {@code key}. */
    String text() {
        return value == null ? key : key + "=" + value;
    }
}
