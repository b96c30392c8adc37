package org.iosched.api;

/**
 * Builds {@link Workload}s from text ({@code fio} job files, {@code replay} traces). Register with
 * {@code @AutoService(WorkloadProvider.class)}.
 */
public interface WorkloadProvider extends PluginProvider {
    /**
     * Parse and validate a workload.
     *
     * @throws InvalidInputException with file and line on bad input
     */
    Workload create(WorkloadSource source, Settings settings);
}
