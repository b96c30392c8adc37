package org.iosched.simulator;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The outcome of one {@link Simulation#run()}.
 *
 * @param scheduler        the scheduler's name
 * @param device           the device's name
 * @param seed             the run seed
 * @param settings         every resolved setting, keys {@code <scheduler>.x}, {@code device.x},
 *                         {@code queue.x} and {@code kernel.x}, in that order
 * @param durationNanos    virtual time from the start to the end of the run
 * @param jobs             per-job results in job index order
 * @param disk             the device's disk statistics
 * @param notices          things the user should know (the workload's, and "stopped at the time limit")
 * @param deviceStatistics the device's own counters ({@link org.iosched.api.BlockDevice#statistics()})
 */
public record SimulationResult(String scheduler, String device, long seed, Map<String, String> settings,
                               long durationNanos, List<JobResult> jobs, DiskStats disk, List<String> notices,
                               Map<String, Number> deviceStatistics) {
    /** Copies the collections (keeping the settings' order). */
    public SimulationResult {
        Objects.requireNonNull(scheduler, "scheduler");
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(disk, "disk");
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        jobs = List.copyOf(jobs);
        notices = List.copyOf(notices);
        deviceStatistics = Collections.unmodifiableMap(new LinkedHashMap<>(deviceStatistics));
    }
}
