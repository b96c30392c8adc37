package org.iosched.workload.fio;

import java.util.List;

/**
 * A {@code [name]} section of a job file with its option lines in file order (includes expanded).
 *
 * @param name    the section name
 * @param source  the file the header is in
 * @param line    the header's line
 * @param options the option lines
 */
record JobSection(String name, String source, int line, List<RawOption> options) {
    /** Copies the options. */
    JobSection {
        options = List.copyOf(options);
    }

    /** Whether this is a global section: fio compares the first six characters ({@code [global-foo]} counts). */
    boolean global() {
        return name.startsWith("global");
    }
}
