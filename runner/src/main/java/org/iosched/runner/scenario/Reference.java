package org.iosched.runner.scenario;

import java.util.Map;

/**
 * A {@code reference:} entry: the thread's numbers for the rows matching {@code row}.
 *
 * @param row    which rows (every axis it does not name may take any variant)
 * @param values metric label to the thread's value, in the order written
 * @param line   its line
 */
public record Reference(Combination row, Map<String, ReferenceValue> values, int line) {
    /** Copies the values, keeping their order. */
    public Reference {
        values = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(values));
    }
}
