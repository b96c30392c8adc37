package org.iosched.simulator.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The outcome of one {@link org.iosched.simulator.Simulation#run()}.
 *
 * @param scheduler        the scheduler's name
 * @param device           the device's name
 * @param seed             the run seed
 * @param settings         every resolved setting, keys {@code <scheduler>.x}, {@code device.x},
 *                         {@code queue.x}, {@code vm.x}, {@code fs.x}, {@code kernel.x} and each bio controller's
 *                         keys as given ({@code ioband.policy}), in that order
 * @param durationNanos    virtual time from the start to the end of the run
 * @param jobs             per-job results in job index order
 * @param disk             the device's disk statistics
 * @param notices          things the user should know (the workload's, and "stopped at the time limit")
 * @param deviceStatistics the device's own counters ({@link org.iosched.api.BlockDevice#statistics()}), then the
 *                         block layer's ({@code block.max_async_dispatch_gap_ms}), then each bio controller's
 *                         prefixed with its name ({@code ioband./grp1.dispatched_bios})
 * @param tasks            per-task I/O, kernel threads ({@code flush-8:0}, {@code jbd2/sda1-8}) included, in
 *                         creation order
 */
public record SimulationResult(String scheduler, String device, long seed, Map<String, String> settings,
                               long durationNanos, List<JobResult> jobs, DiskStats disk, List<String> notices,
                               Map<String, Number> deviceStatistics, List<TaskStats> tasks) {
    /** Copies the collections (keeping the settings' order). */
    public SimulationResult {
        Objects.requireNonNull(scheduler, "scheduler");
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(disk, "disk");
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        jobs = List.copyOf(jobs);
        notices = List.copyOf(notices);
        deviceStatistics = Collections.unmodifiableMap(new LinkedHashMap<>(deviceStatistics));
        tasks = List.copyOf(tasks);
    }

    /** A result without per-task statistics (the form before they existed). */
    public SimulationResult(String scheduler, String device, long seed, Map<String, String> settings,
                            long durationNanos, List<JobResult> jobs, DiskStats disk, List<String> notices,
                            Map<String, Number> deviceStatistics) {
        this(scheduler, device, seed, settings, durationNanos, jobs, disk, notices, deviceStatistics, List.of());
    }

    /** The kernel the run modelled ({@code kernel.version}; 3.0 for results that do not say). */
    public KernelVersion kernel() {
        KernelVersion version = KernelVersion.of(settings.getOrDefault("kernel.version", "3.0"));
        return version == null ? KernelVersion.V3_0 : version;
    }
}
