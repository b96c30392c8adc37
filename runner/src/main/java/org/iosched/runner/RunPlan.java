package org.iosched.runner;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iosched.api.BioControllerProvider;
import org.iosched.api.BlockDeviceProvider;
import org.iosched.api.PluginProvider;
import org.iosched.api.RqQosProvider;
import org.iosched.api.WorkloadProvider;
import org.iosched.api.WorkloadSource;

/**
 * Everything one {@code iosched run} needs, resolved: one simulation per scheduler, identical otherwise.
 *
 * @param workload         workload provider
 * @param workloadSource   the job text
 * @param workloadSettings the workload's tunables
 * @param device           device provider
 * @param deviceSettings   device parameters
 * @param schedulers       schedulers to compare, in the order given ({@code IoSchedulerProvider}s run on 3.0,
 *                         {@code MqSchedulerProvider}s on 6.6)
 * @param schedulerSettings per scheduler name, its tunables
 * @param kernelSettings   {@code queue.*}, {@code kernel.*}, ... settings
 * @param bioControllers   the bio controllers turned on, each with its keys (without the prefix), in stacking order
 * @param seed             run seed
 * @param trace            blkparse trace file, or null ({@code .<scheduler>} is appended when several schedulers run)
 * @param logDirectory     where fio log files go
 * @param rqQos            the rq-qos policies turned on (6.6 runs), each with its keys (without the prefix), in
 *                         the order they are enabled
 */
public record RunPlan(WorkloadProvider workload, WorkloadSource workloadSource, Map<String, String> workloadSettings,
                      BlockDeviceProvider device, Map<String, String> deviceSettings,
                      List<PluginProvider> schedulers, Map<String, Map<String, String>> schedulerSettings,
                      Map<String, String> kernelSettings, Map<BioControllerProvider, Map<String, String>> bioControllers,
                      long seed, Path trace, Path logDirectory, Map<RqQosProvider, Map<String, String>> rqQos) {
    /** A plan without rq-qos policies. */
    public RunPlan(WorkloadProvider workload, WorkloadSource workloadSource, Map<String, String> workloadSettings,
                   BlockDeviceProvider device, Map<String, String> deviceSettings,
                   List<PluginProvider> schedulers, Map<String, Map<String, String>> schedulerSettings,
                   Map<String, String> kernelSettings, Map<BioControllerProvider, Map<String, String>> bioControllers,
                   long seed, Path trace, Path logDirectory) {
        this(workload, workloadSource, workloadSettings, device, deviceSettings, schedulers, schedulerSettings,
                kernelSettings, bioControllers, seed, trace, logDirectory, Map.of());
    }

    /** Copies the collections. */
    public RunPlan {
        workloadSettings = Map.copyOf(workloadSettings);
        deviceSettings = Map.copyOf(deviceSettings);
        schedulers = List.copyOf(schedulers);
        schedulerSettings = Map.copyOf(schedulerSettings);
        kernelSettings = Map.copyOf(kernelSettings);
        bioControllers = Collections.unmodifiableMap(new LinkedHashMap<>(bioControllers));
        rqQos = Collections.unmodifiableMap(new LinkedHashMap<>(rqQos));
    }
}
