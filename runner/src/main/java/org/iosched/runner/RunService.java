package org.iosched.runner;

import com.google.inject.Inject;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Function;
import org.iosched.api.BioControllerProvider;
import org.iosched.api.BlockDeviceProvider;
import org.iosched.api.InvalidInputException;
import org.iosched.api.IoSchedulerProvider;
import org.iosched.api.MqSchedulerProvider;
import org.iosched.api.PluginProvider;
import org.iosched.api.RqQosProvider;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;
import org.iosched.api.Workload;
import org.iosched.api.WorkloadProvider;
import org.iosched.api.WorkloadSource;
import org.iosched.runner.trace.TraceOutput;
import org.iosched.simulator.Simulation;
import org.iosched.simulator.cpu.CpuTunables;
import org.iosched.simulator.result.SimulationResult;
import org.iosched.workload.text.InputText;
import org.slf4j.Logger;

/**
 * Resolves names to providers and runs simulations. Independent simulations (one per scheduler) run in
 * parallel on the available cores; each is deterministic on its own, so the results are the same as a
 * serial run's, in the order the schedulers were given.
 */
public final class RunService {
    private final Map<String, PluginProvider> schedulers;
    private final Map<String, BlockDeviceProvider> devices;
    private final Map<String, WorkloadProvider> workloads;
    private final Map<String, BioControllerProvider> bioControllers;
    private final Map<String, RqQosProvider> rqQos;

    /** Injected with the providers bound by name. */
    @Inject
    public RunService(Map<String, IoSchedulerProvider> schedulers, Map<String, MqSchedulerProvider> mqSchedulers,
                      Map<String, BlockDeviceProvider> devices, Map<String, WorkloadProvider> workloads,
                      Map<String, BioControllerProvider> bioControllers, Map<String, RqQosProvider> rqQos) {
        Map<String, PluginProvider> all = new java.util.TreeMap<>(schedulers);
        all.putAll(mqSchedulers);
        this.schedulers = java.util.Collections.unmodifiableMap(all);
        this.devices = devices;
        this.workloads = workloads;
        this.bioControllers = bioControllers;
        this.rqQos = rqQos;
    }

    /** Scheduler providers of both kernels by name. */
    public Map<String, PluginProvider> schedulers() {
        return schedulers;
    }

    /** Device providers by name. */
    public Map<String, BlockDeviceProvider> devices() {
        return devices;
    }

    /** Workload providers by name. */
    public Map<String, WorkloadProvider> workloads() {
        return workloads;
    }

    /** Bio controller providers by name. */
    public Map<String, BioControllerProvider> bioControllers() {
        return bioControllers;
    }

    /** Linux 6.6 rq-qos policy providers by name. */
    public Map<String, RqQosProvider> rqQos() {
        return rqQos;
    }

    /** Every name a {@code --set} key may start with, besides the kernel prefixes. */
    public Set<String> settingOwners() {
        Set<String> owners = new TreeSet<>(schedulers.keySet());
        owners.addAll(workloads.keySet());
        owners.addAll(bioControllers.keySet());
        owners.addAll(rqQos.keySet());
        owners.add("device");
        return owners;
    }

    /**
     * Build a plan from names as a user gives them.
     *
     * @param workloadName   workload provider name
     * @param source         job text
     * @param deviceName     device preset name
     * @param schedulerNames schedulers, in order
     * @param set            routed {@code --set} options
     * @param seed           run seed
     * @param trace          trace file or null
     * @param logDirectory   fio log directory
     */
    public RunPlan plan(String workloadName, WorkloadSource source, String deviceName, List<String> schedulerNames,
                        SetOptions set, long seed, Path trace, Path logDirectory) {
        WorkloadProvider workload = lookup("workload", workloads, workloadName);
        BlockDeviceProvider device = lookup("device", devices, deviceName);
        List<PluginProvider> chosen = new ArrayList<>();
        Map<String, Map<String, String>> schedulerSettings = new LinkedHashMap<>();
        for (String name : schedulerNames) {
            PluginProvider provider = lookup("scheduler", schedulers, name);
            if (schedulerSettings.containsKey(name)) {
                throw new InvalidInputException("--scheduler", 0, "scheduler '" + InputText.echo(name) + "' is given twice");
            }
            chosen.add(provider);
            schedulerSettings.put(name, set.forOwner(name));
        }
        List<BioControllerProvider> controllers = new ArrayList<>();
        for (String owner : set.owners()) {
            BioControllerProvider controller = bioControllers.get(owner);
            if (controller != null) {
                controllers.add(controller);
            }
        }
        // dm-ioband (a device-mapper target) sits above the queue's own throttling: lower order() first
        controllers.sort(Comparator.comparingInt(BioControllerProvider::order).thenComparing(BioControllerProvider::name));
        Map<BioControllerProvider, Map<String, String>> controllerSettings = new LinkedHashMap<>();
        for (BioControllerProvider controller : controllers) {
            controllerSettings.put(controller, set.forOwner(controller.name()));
        }
        // rq-qos policies are enabled in order(), each pushed at the head of the queue's chain
        List<RqQosProvider> policies = new ArrayList<>();
        for (String owner : set.owners()) {
            RqQosProvider policy = rqQos.get(owner);
            if (policy != null) {
                policies.add(policy);
            }
        }
        policies.sort(Comparator.comparingInt(RqQosProvider::order).thenComparing(RqQosProvider::name));
        Map<RqQosProvider, Map<String, String>> policySettings = new LinkedHashMap<>();
        for (RqQosProvider policy : policies) {
            policySettings.put(policy, set.forOwner(policy.name()));
        }
        for (String owner : set.owners()) {
            boolean used = owner.equals("device") || owner.equals(workloadName) || schedulerSettings.containsKey(owner)
                    || bioControllers.containsKey(owner) || rqQos.containsKey(owner);
            if (!used) {
                throw new InvalidInputException("--set", 0, "tunables for '" + owner + "' are set but " + owner
                        + " is not part of this run (--scheduler " + String.join(",", schedulerNames)
                        + ", workload " + workloadName + ")");
            }
        }
        RunPlan plan = new RunPlan(workload, source, set.forOwner(workloadName), device, set.forOwner("device"), chosen,
                schedulerSettings, set.kernel(), controllerSettings, seed, trace, logDirectory, policySettings);
        validate(plan);
        return plan;
    }

    /**
     * Validate every setting and the workload before anything runs, so that errors come first: each scheduler's
     * simulation is built (which resolves scheduler, device, kernel and bio-controller settings) but not run.
     */
    private void validate(RunPlan plan) {
        for (PluginProvider scheduler : plan.schedulers()) {
            builder(plan, scheduler).build();
        }
    }

    /**
     * A simulation of {@code plan} under {@code scheduler}, ready to build: seed, scheduler, device, a fresh
     * workload, kernel settings, bio controllers and the log directory.
     */
    public Simulation.Builder builder(RunPlan plan, PluginProvider scheduler) {
        return builder(plan, scheduler, null);
    }

    /** As {@link #builder(RunPlan, PluginProvider)}, the run watched by {@code control} (or by nobody). */
    private Simulation.Builder builder(RunPlan plan, PluginProvider scheduler, RunControl control) {
        Workload workload = createWorkload(plan);
        Simulation.Builder builder = Simulation.builder()
                .seed(plan.seed())
                .scheduler(scheduler, plan.schedulerSettings().get(scheduler.name()))
                .device(plan.device(), plan.deviceSettings())
                .workload(workload)
                .kernel(plan.kernelSettings());
        if (control != null) {
            builder.monitor(control.monitor(scheduler.name(), workload.jobs()));
        }
        for (Map.Entry<BioControllerProvider, Map<String, String>> controller : plan.bioControllers().entrySet()) {
            builder.bioController(controller.getKey(), controller.getValue());
        }
        for (Map.Entry<RqQosProvider, Map<String, String>> policy : plan.rqQos().entrySet()) {
            builder.rqQos(policy.getKey(), policy.getValue());
        }
        if (plan.logDirectory() != null) {
            builder.logDirectory(plan.logDirectory());
            if (plan.schedulers().size() > 1) {
                String name = scheduler.name();
                builder.logFileNames(file -> logFileName(file, name));
            }
        }
        return builder;
    }

    /**
     * The fio log file a scheduler's run writes when several schedulers run in one directory: fio's name with
     * {@code .<scheduler>} before its {@code .log} ({@code bw_bw.1.log} becomes {@code bw_bw.1.cfq.log}), which
     * fio_generate_plots' {@code *_bw.*.log} and fio2gnuplot's {@code *.log} still find. With one scheduler the
     * name stays fio's.
     */
    public static String logFileName(String fioName, String scheduler) {
        return fioName.endsWith(".log")
                ? fioName.substring(0, fioName.length() - ".log".length()) + "." + scheduler + ".log"
                : fioName + "." + scheduler;
    }

    private static Workload createWorkload(RunPlan plan) {
        Settings settings = Settings.resolve(plan.workload().name(), plan.workload().tunables(),
                withCpuCount(plan));
        return plan.workload().create(plan.workloadSource(), settings);
    }

    /**
     * The workload's settings, with {@code ncpus} (fio's {@code $ncpus}) set to the run's {@code cpu.count} when the
     * workload has that tunable and the user did not set it: job files are compiled before the simulation exists.
     */
    private static Map<String, String> withCpuCount(RunPlan plan) {
        Map<String, String> values = plan.workloadSettings();
        boolean takesNcpus = false;
        for (TunableDescriptor t : plan.workload().tunables()) {
            takesNcpus |= t.name().equals("ncpus");
        }
        if (!takesNcpus || values.containsKey("ncpus")) {
            return values;
        }
        String count = plan.kernelSettings().getOrDefault("cpu.count", Integer.toString(modernEra(plan)
                ? CpuTunables.MODERN_COUNT : CpuTunables.DEFAULT_COUNT));
        Map<String, String> withCount = new LinkedHashMap<>(values);
        withCount.put("ncpus", count);
        return withCount;
    }

    // Linux 6.6's machine: kernel.version=6.6, or unset with every scheduler a blk-mq one
    private static boolean modernEra(RunPlan plan) {
        String version = plan.kernelSettings().get("kernel.version");
        if (version != null) {
            return version.equals("6.6");
        }
        boolean modern = !plan.schedulers().isEmpty();
        for (PluginProvider scheduler : plan.schedulers()) {
            modern &= scheduler instanceof MqSchedulerProvider;
        }
        return modern;
    }

    /** Run every scheduler of the plan; results in the plan's order. */
    public List<SimulationResult> run(RunPlan plan) {
        return run(plan, RunControl.none());
    }

    /**
     * Run every scheduler of the plan, watched by {@code control} (progress, watchdog; a signal stops every run
     * where it is, and each result says it was interrupted); results in the plan's order.
     */
    public List<SimulationResult> run(RunPlan plan, RunControl control) {
        return run(plan, control, TraceOutput.TEXT, 0, scheduler -> null);
    }

    /**
     * As {@link #run(RunPlan, RunControl)}, writing the plan's trace (if any) as {@code output} says (text in
     * {@link #tracePath}, binary records in {@link TraceOutput#binaryPath} of it, or both), and with fio's
     * {@code --status-interval}: every {@code statusIntervalNanos} of virtual time each scheduler's results so far
     * go to {@code status.apply(scheduler)} (on that simulation's thread); 0 takes none.
     */
    public List<SimulationResult> run(RunPlan plan, RunControl control, TraceOutput output, long statusIntervalNanos,
                                      Function<String, Consumer<SimulationResult>> status) {
        int runs = plan.schedulers().size();
        int threads = Math.max(1, Math.min(runs, Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Parallel.pool("iosched-run", threads);
        try {
            List<Future<SimulationResult>> futures = new ArrayList<>();
            for (PluginProvider scheduler : plan.schedulers()) {
                Consumer<SimulationResult> sink = statusIntervalNanos > 0 ? status.apply(scheduler.name()) : null;
                futures.add(pool.submit(() -> runOne(plan, scheduler, control, output, statusIntervalNanos, sink)));
            }
            List<SimulationResult> results = new ArrayList<>();
            for (Future<SimulationResult> future : futures) {
                results.add(Parallel.await(future));
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    private SimulationResult runOne(RunPlan plan, PluginProvider scheduler, RunControl control,
                                    TraceOutput output, long statusIntervalNanos, Consumer<SimulationResult> status)
            throws IOException {
        Logger log = RunnerLog.of(RunService.class);
        if (log != null) {
            log.info("running {} on {} with seed {}", scheduler.name(), plan.device().name(), plan.seed());
        }
        Simulation.Builder builder = builder(plan, scheduler, control);
        if (status != null) {
            builder.statusInterval(statusIntervalNanos, status);
        }
        if (plan.trace() == null) {
            return builder.build().run();
        }
        Path path = tracePath(plan, scheduler.name());
        builder.traceName(path.getFileName().toString());
        try (BufferedWriter text = output.text() ? Files.newBufferedWriter(path, StandardCharsets.UTF_8) : null;
             OutputStream binary = output.binary() ? Files.newOutputStream(TraceOutput.binaryPath(path)) : null) {
            if (text != null) {
                builder.trace(text);
            }
            if (binary != null) {
                builder.binaryTrace(binary);
            }
            return builder.build().run();
        }
    }

    /** Where a scheduler's trace goes: the plan's trace file, or {@code FILE.<scheduler>} when several run. */
    public static Path tracePath(RunPlan plan, String scheduler) {
        return plan.schedulers().size() == 1 ? plan.trace()
                : plan.trace().resolveSibling(plan.trace().getFileName() + "." + scheduler);
    }


    private static <T> T lookup(String kind, Map<String, T> providers, String name) {
        T provider = providers.get(name);
        if (provider == null) {
            throw new InvalidInputException("--" + kind, 0, "unknown " + kind + " '" + InputText.echo(name) + "'; available: "
                    + String.join(", ", new TreeSet<>(providers.keySet())));
        }
        return provider;
    }
}
