package org.iosched.workload.fio;

import java.util.Objects;
import org.iosched.workload.text.InputText;

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

    /**
     * The line as fio quotes it in messages: {@code key=value} or {@code key}, cut and escaped as
     * {@link InputText#echo} shows values (a 200 KB line is not echoed whole).
     */
    String text() {
        return InputText.echo(value == null ? key : key + "=" + value);
    }
}
