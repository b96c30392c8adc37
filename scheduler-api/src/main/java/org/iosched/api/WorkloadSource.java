package org.iosched.api;

import java.nio.file.Path;
import java.util.Map;

/**
 * The text a workload is built from: a fio job file, an iolog, a blkparse dump, ...
 *
 * @param name        where it came from, used in error messages ({@code job.fio})
 * @param text        the contents
 * @param baseDirectory directory for relative {@code include}s, or null
 * @param environment variables for {@code ${VAR}} expansion
 */
public record WorkloadSource(String name, String text, Path baseDirectory, Map<String, String> environment) {
    /** Copies the environment. */
    public WorkloadSource {
        environment = Map.copyOf(environment);
    }

    /** A source with no base directory and no environment. */
    public static WorkloadSource of(String name, String text) {
        return new WorkloadSource(name, text, null, Map.of());
    }
}
