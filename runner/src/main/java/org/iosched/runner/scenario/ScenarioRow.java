package org.iosched.runner.scenario;

import java.util.List;
import java.util.Map;

/**
 * One configuration of a scenario's matrix: the base with one variant of every axis applied.
 *
 * @param label     its variants' labels joined with {@code " / "} (the scheduler's name without axes)
 * @param variants  axis name to the variant label chosen, in axis order
 * @param scheduler the scheduler it runs
 * @param device    the device it runs on
 * @param workload  the workload, with kind and text resolved
 * @param settings  every setting, later ones overriding earlier ones already removed, in the order given
 * @param reference metric label to the thread's number for this row
 * @param line      the line errors about the row point to: its last variant's, or the scenario's device line
 */
public record ScenarioRow(String label, Map<String, String> variants, Named scheduler, Named device,
                          WorkloadSpec workload, List<Setting> settings, Map<String, ReferenceValue> reference,
                          int line) {
    /** Copies the collections, keeping their order. */
    public ScenarioRow {
        variants = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(variants));
        settings = List.copyOf(settings);
        reference = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(reference));
    }
}
