package org.iosched.runner.scenario;

import java.util.List;

/**
 * One value of an axis: a label and what it changes from the scenario's base.
 *
 * @param label     its label, unique within the axis
 * @param line      line of its {@code label:}
 * @param scheduler the scheduler it runs, or null
 * @param device    the device it runs on, or null
 * @param workload  what it changes in the workload, or null
 * @param set       settings it adds or overrides, in the order written
 */
public record Variant(String label, int line, Named scheduler, Named device, WorkloadSpec workload,
                      List<Setting> set) {
    /** Copies the settings. */
    public Variant {
        set = List.copyOf(set);
    }
}
