package org.iosched.runner.scenario;

import java.util.Map;

/**
 * Some axes' variants, written {@code {axis: label, ...}}: an {@code exclude:} entry, or the {@code row:}
 * of a reference. It matches every row whose variants agree on the axes it names.
 *
 * @param labels axis name to variant label, in the order written
 * @param line   its line
 */
public record Combination(Map<String, String> labels, int line) {
    /** Copies the labels, keeping their order. */
    public Combination {
        labels = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(labels));
    }

    /** Whether a row with these variants ({@code axis -> label}) matches. */
    public boolean matches(Map<String, String> rowVariants) {
        for (Map.Entry<String, String> e : labels.entrySet()) {
            if (!e.getValue().equals(rowVariants.get(e.getKey()))) {
                return false;
            }
        }
        return true;
    }
}
