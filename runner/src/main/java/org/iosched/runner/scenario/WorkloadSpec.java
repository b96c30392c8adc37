package org.iosched.runner.scenario;

import java.nio.file.Path;
import java.util.Map;

/**
 * A scenario's {@code workload:} (or the part of it a variant overrides): the workload kind, its text
 * (inline {@code fio: |} job text, or read from {@code file:}) and {@code env:} variables for the job file's
 * {@code ${VAR}} expansion. In a variant, a missing kind or text keeps the base's, and {@code env} entries are
 * added to the base's.
 *
 * @param kind          workload provider ({@code fio}, {@code replay}), or null to keep the base's
 * @param kindLine      line of the kind (of the {@code fio:} key when given that way)
 * @param text          the workload text, or null to keep the base's
 * @param sourceName    what error messages call the text: the file read, or the scenario file for inline text
 * @param baseDirectory where relative {@code include}s in the text are resolved
 * @param firstTextLine the scenario line of the inline text's first line (block scalar), or 0 when the
 *                      text's own line numbers are the ones to report
 * @param environment   {@code ${VAR}} values, in the order written
 * @param line          line of the {@code workload:} key
 */
public record WorkloadSpec(String kind, int kindLine, String text, String sourceName, Path baseDirectory,
                           int firstTextLine, Map<String, String> environment, int line) {
    /** Copies the environment, keeping its order. */
    public WorkloadSpec {
        environment = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(environment));
    }
}
