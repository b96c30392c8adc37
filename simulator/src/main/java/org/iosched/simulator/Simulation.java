package org.iosched.simulator;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
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
import org.iosched.simulator.cpu.CpuTunables;
import org.iosched.simulator.engine.PluginFailureException;
import org.iosched.simulator.noop.NoopSchedulerProvider;
import org.iosched.simulator.os.OsTunables;
import org.iosched.simulator.result.KernelVersion;
import org.iosched.simulator.result.SimulationResult;

/**
 * One simulation, ready to run: a workload on a device below a scheduler, under a seed. This is what a
 * program embedding iosched calls.
 *
 * <pre>{@code
 * SimulationResult result = Simulation.builder()
 *         .scheduler(new NoopSchedulerProvider(), Map.of())
 *         .device(hddProvider, Map.of("queue_depth", "1"))
 *         .workload(workload)
 *         .seed(42)
 *         .build()
 *         .run();
 * }</pre>
 *
 * <p>Bio controllers ({@link Builder#bioController}) sit between the OS model and the request queue, stacked in
 * the order they were added; their statistics join the device's, prefixed with the controller's name.
 *
 * <p>A run is deterministic: the same inputs and seed give identical results and an identical trace. It
 * ends when the workload has called {@code finish()} and no request is left, or at the time limit (then
 * the result carries the notice "stopped at the time limit"). A run in which the workload declared jobs
 * but no I/O completed is an {@link InvalidInputException}. An exception thrown by a plugin during the
 * run is rethrown as a {@link PluginFailureException} naming the plugin.
 */
public final class Simulation {
    /** The default time limit: 24 hours of virtual time. */
    public static final long DEFAULT_MAX_VIRTUAL_TIME = 24L * 3600 * 1_000_000_000L;

    /** The name of blk-wbt's queue tunable, without the {@code queue.} prefix. */
    static final String WBT_LAT_USEC = "wbt_lat_usec";
    static final List<TunableDescriptor> QUEUE_TUNABLES = List.of(
            TunableDescriptor.integer("nr_requests", 128, "requests", 4, 1_000_000,
                    "request pool size, counted separately for sync and async requests (queue/nr_requests); on 6.6"
                            + " the scheduler tags per hardware queue, default 2*min(queue_depth,128), with none the"
                            + " driver tags (at most the queue depth)"),
            TunableDescriptor.integer("max_sectors_kb", 512, "KiB", 4, 32_767,
                    "largest request the block layer builds; at most the device's max_hw_sectors_kb; 6.6's"
                            + " default is 1280"),
            OsTunables.READ_AHEAD_KB,
            CpuTunables.RQ_AFFINITY,
            TunableDescriptor.integer(WBT_LAT_USEC, -1, "us", -1, Integer.MAX_VALUE,
                    "blk-wbt's target read latency (queue/wbt_lat_usec, 6.6 only): -1 the kernel's default, 75000 on"
                            + " a rotational device and 2000 on a non-rotational one; 0 turns writeback throttling"
                            + " off"));
    static final List<TunableDescriptor> KERNEL_TUNABLES = List.of(
            TunableDescriptor.choice("hz", "250", List.of("100", "250", "300", "1000"),
                    "timer ticks per second (CONFIG_HZ): jiffy-based timers round to it"),
            TunableDescriptor.choice("plugging", "queue", List.of("queue", "task"),
                    "queue: 2.6.32-2.6.38 queue plug (unplugged after 4 requests, 3 ms or a wait; a request added"
                            + " to a non-empty queue waits for the next run); task: 2.6.39-3.0 on-stack plugging,"
                            + " every submitter's batch runs the queue when it ends (3.0 only; 6.6 always plugs per"
                            + " task)"),
            TunableDescriptor.choice("version", "3.0", List.of("3.0", "6.6"),
                    "the kernel modelled: 3.0 (2.6.32-3.0 single-queue block layer, cfq/deadline/noop) or 6.6"
                            + " (blk-mq, none/mq-deadline/kyber); unset, the era of the scheduler"));

    private final Config config;
    private boolean ran;

    private Simulation(Config config) {
        this.config = config;
    }

    /** A builder with seed 1, the noop scheduler, default kernel settings, no trace and a 24 h limit. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The kernel-wide settings {@link Builder#kernel} accepts, named with their prefix: the request queue's
     * ({@code queue.nr_requests}, {@code queue.max_sectors_kb}, {@code queue.read_ahead_kb}), the VM's
     * ({@code vm.memory_mb}, {@code vm.dirty_ratio}, ...), the ext4 file system's ({@code fs.barrier},
     * {@code fs.commit_interval}, {@code fs.fragmentation}), {@code kernel.hz} and the CPUs' ({@code cpu.count},
     * {@code cpu.speed}, the {@code cpu.*_ns} costs).
     */
    public static List<TunableDescriptor> kernelTunables() {
        List<TunableDescriptor> all = new ArrayList<>();
        for (TunableDescriptor t : QUEUE_TUNABLES) {
            all.add(prefixed("queue.", t));
        }
        for (TunableDescriptor t : OsTunables.VM) {
            all.add(prefixed("vm.", t));
        }
        for (TunableDescriptor t : OsTunables.FS) {
            all.add(prefixed("fs.", t));
        }
        for (TunableDescriptor t : KERNEL_TUNABLES) {
            all.add(prefixed("kernel.", t));
        }
        for (TunableDescriptor t : CpuTunables.CPU) {
            all.add(prefixed("cpu.", t));
        }
        return List.copyOf(all);
    }

    /**
     * The kernel settings whose default differs on Linux 6.6, by full name, with 6.6's default: the CPUs of a
     * current machine ({@link CpuTunables#eraDefaults}); {@link #kernelTunables} gives 3.0's.
     */
    public static Map<String, String> linux66Defaults() {
        Map<String, String> out = new java.util.TreeMap<>();
        for (Map.Entry<String, String> e : CpuTunables.eraDefaults(true).entrySet()) {
            out.put("cpu." + e.getKey(), e.getValue());
        }
        return out;
    }

    private static TunableDescriptor prefixed(String prefix, TunableDescriptor t) {
        return new TunableDescriptor(prefix + t.name(), t.type(), t.defaultValue(), t.unit(), t.min(), t.max(),
                t.choices(), t.description());
    }

    /**
     * Runs the simulation to completion. A simulation runs once.
     *
     * @throws InvalidInputException  on a user error found during the run (a file that does not fit, a
     *                                workload that issued no I/O, an unwritable log or trace)
     * @throws PluginFailureException when a plugin threw
     * @throws IllegalStateException  when called twice, or on a broken invariant (the message names the
     *                                plugin involved)
     */
    public SimulationResult run() {
        if (ran) {
            throw new IllegalStateException("a Simulation runs once; build another to run again");
        }
        ran = true;
        return new SimulationRun(config).execute();
    }

    /** What a run needs, validated. */
    record Config(long seed, PluginProvider schedulerProvider, Settings schedulerSettings,
                  BlockDeviceProvider deviceProvider, Settings deviceSettings, Workload workload,
                  Settings queueSettings, boolean maxSectorsKbSet, Settings vmSettings, Settings fsSettings,
                  Settings kernelSettings, Settings cpuSettings, boolean elevatorCostSet,
                  List<BioControllerSpec> bioControllers,
                  Appendable trace, OutputStream binaryTrace, String traceName, long maxVirtualTime, Path logDirectory,
                  UnaryOperator<String> logFileNames, RunMonitor monitor, long statusIntervalNanos,
                  Consumer<SimulationResult> status,
                  KernelVersion version, boolean nrRequestsSet, List<RqQosSpec> rqQos) {
        /** The scheduler of a 6.6 run, or null. */
        MqSchedulerProvider mqSchedulerProvider() {
            return schedulerProvider instanceof MqSchedulerProvider p ? p : null;
        }

        /** The scheduler of a 3.0 run, or null. */
        IoSchedulerProvider ioSchedulerProvider() {
            return schedulerProvider instanceof IoSchedulerProvider p ? p : null;
        }
    }

    /** A bio controller to stack, with its keys (without the controller's prefix). */
    record BioControllerSpec(BioControllerProvider provider, Map<String, String> settings) {
        BioControllerSpec {
            settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        }
    }

    /** An rq-qos policy to enable on a 6.6 queue, with its keys (without the policy's prefix). */
    record RqQosSpec(RqQosProvider provider, Map<String, String> settings) {
        RqQosSpec {
            settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        }
    }

    /** Builds a {@link Simulation}; settings are validated by {@link #build()}. */
    public static final class Builder {
        private long seed = 1;
        private PluginProvider schedulerProvider = new NoopSchedulerProvider();
        private Map<String, String> schedulerTunables = Map.of();
        private BlockDeviceProvider deviceProvider;
        private Map<String, String> deviceParameters = Map.of();
        private Workload workload;
        private Map<String, String> kernel = Map.of();
        private final List<BioControllerSpec> bioControllers = new ArrayList<>();
        private final List<RqQosSpec> rqQos = new ArrayList<>();
        private Appendable trace;
        private OutputStream binaryTrace;
        private String traceName;
        private long maxVirtualTime = DEFAULT_MAX_VIRTUAL_TIME;
        private Path logDirectory;
        private UnaryOperator<String> logFileNames = UnaryOperator.identity();
        private RunMonitor monitor;
        private long statusIntervalNanos;
        private Consumer<SimulationResult> status;

        private Builder() {
        }

        /** The run seed; default 1. */
        public Builder seed(long value) {
            this.seed = value;
            return this;
        }

        /** The scheduler and its tunables (names without the scheduler prefix); default noop. */
        public Builder scheduler(IoSchedulerProvider provider, Map<String, String> tunables) {
            this.schedulerProvider = Objects.requireNonNull(provider, "provider");
            this.schedulerTunables = new LinkedHashMap<>(Objects.requireNonNull(tunables, "tunables"));
            return this;
        }

        /**
         * A blk-mq scheduler ({@code none}, {@code mq-deadline}, ...) and its tunables: the run models Linux 6.6
         * unless {@code kernel.version} says otherwise (an error).
         */
        public Builder scheduler(MqSchedulerProvider provider, Map<String, String> tunables) {
            this.schedulerProvider = Objects.requireNonNull(provider, "provider");
            this.schedulerTunables = new LinkedHashMap<>(Objects.requireNonNull(tunables, "tunables"));
            return this;
        }

        /**
         * A scheduler of either kind ({@link IoSchedulerProvider} or {@link MqSchedulerProvider}) and its tunables.
         *
         * @throws IllegalArgumentException for a provider of another kind
         */
        public Builder scheduler(PluginProvider provider, Map<String, String> tunables) {
            if (KernelVersion.ofScheduler(Objects.requireNonNull(provider, "provider")) == null) {
                throw new IllegalArgumentException(provider.getClass().getName() + " is no scheduler provider");
            }
            this.schedulerProvider = provider;
            this.schedulerTunables = new LinkedHashMap<>(Objects.requireNonNull(tunables, "tunables"));
            return this;
        }

        /** The device and its parameters (names without the {@code device.} prefix). Required. */
        public Builder device(BlockDeviceProvider provider, Map<String, String> parameters) {
            this.deviceProvider = Objects.requireNonNull(provider, "provider");
            this.deviceParameters = new LinkedHashMap<>(Objects.requireNonNull(parameters, "parameters"));
            return this;
        }

        /** The workload. Required. */
        public Builder workload(Workload value) {
            this.workload = Objects.requireNonNull(value, "workload");
            return this;
        }

        /** Kernel-wide settings, keys as in {@link #kernelTunables()} ({@code queue.nr_requests}, {@code vm.dirty_ratio}). */
        public Builder kernel(Map<String, String> settings) {
            this.kernel = new LinkedHashMap<>(Objects.requireNonNull(settings, "settings"));
            return this;
        }

        /**
         * Stacks a bio controller between the OS model and the request queue, below those added before
         * (a caller that stacks several by {@link BioControllerProvider#order()} adds them in that order).
         * Its settings are validated by {@link #build()}, which creates the controller once on a dry context.
         *
         * @param provider the controller's provider
         * @param settings its keys without the {@code <name>.} prefix ({@code policy}, {@code grp1.weight})
         * @throws IllegalArgumentException when a controller of that name was already added
         */
        public Builder bioController(BioControllerProvider provider, Map<String, String> settings) {
            Objects.requireNonNull(provider, "provider");
            for (BioControllerSpec spec : bioControllers) {
                if (spec.provider().name().equals(provider.name())) {
                    throw new IllegalArgumentException("bio controller " + provider.name() + " was already added");
                }
            }
            bioControllers.add(new BioControllerSpec(provider, Objects.requireNonNull(settings, "settings")));
            return this;
        }

        /**
         * Enables a request-QoS policy ({@code io.latency}, {@code io.cost}) on the queue of a Linux 6.6 run; the
         * queue enables them in {@link RqQosProvider#order()} (after its own blk-wbt), and the one enabled last runs
         * first, as {@code rq_qos_add} pushes at the head. Its settings are validated by {@link #build()}, which
         * creates the policy once on a dry context; a 3.0 run with one is an {@link InvalidInputException}.
         *
         * @param provider the policy's provider
         * @param settings its keys without the {@code <name>.} prefix ({@code grp1.target})
         * @throws IllegalArgumentException when a policy of that name was already added
         */
        public Builder rqQos(RqQosProvider provider, Map<String, String> settings) {
            Objects.requireNonNull(provider, "provider");
            for (RqQosSpec spec : rqQos) {
                if (spec.provider().name().equals(provider.name())) {
                    throw new IllegalArgumentException("rq-qos policy " + provider.name() + " was already added");
                }
            }
            rqQos.add(new RqQosSpec(provider, Objects.requireNonNull(settings, "settings")));
            return this;
        }

        /** Write the block trace (blkparse text) here; without it (or {@link #binaryTrace}) nothing is traced. */
        public Builder trace(Appendable out) {
            this.trace = Objects.requireNonNull(out, "out");
            return this;
        }

        /**
         * Write the block trace as blktrace's binary records ({@code struct blk_io_trace}, what blktrace writes
         * to {@code NAME.blktrace.0}) here; with {@link #trace} too, both describe the same events. The stream is
         * flushed at the end of the run and left open.
         */
        public Builder binaryTrace(OutputStream out) {
            this.binaryTrace = Objects.requireNonNull(out, "out");
            return this;
        }

        /** The trace's name in the text summary, as blkparse names the device ({@code blkparse -i NAME}); default 8,0. */
        public Builder traceName(String name) {
            this.traceName = Objects.requireNonNull(name, "name");
            return this;
        }

        /** A safety stop in virtual nanoseconds; default 24 h. */
        public Builder maxVirtualTime(long nanos) {
            if (nanos <= 0) {
                throw new IllegalArgumentException("maxVirtualTime must be positive, not " + nanos);
            }
            this.maxVirtualTime = nanos;
            return this;
        }

        /**
         * Where fio log files a workload opens ({@code write_bw_log} and friends) are written; without it
         * they are discarded.
         */
        public Builder logDirectory(Path dir) {
            this.logDirectory = Objects.requireNonNull(dir, "dir");
            return this;
        }

        /**
         * How the name a workload gives a log file (fio's {@code bw_bw.1.log}) becomes the file written, e.g. to
         * tell apart the logs of runs that share a log directory; by default the name is kept.
         */
        public Builder logFileNames(UnaryOperator<String> rename) {
            this.logFileNames = Objects.requireNonNull(rename, "rename");
            return this;
        }

        /**
         * Who watches the run from outside (progress, a stop on a signal, a watchdog); by default nobody. It never
         * changes the results, unless it stops the run.
         */
        public Builder monitor(RunMonitor value) {
            this.monitor = Objects.requireNonNull(value, "monitor");
            return this;
        }

        /**
         * fio's {@code --status-interval}: at every multiple of {@code nanos} of virtual time while the run goes on,
         * {@code sink} is given the results so far, as {@link Simulation#run()} would return them had the run ended
         * there (the jobs still running counted up to that instant). The run itself is the same with or without it:
         * the engine runs up to each multiple and goes on, with no event added.
         *
         * @throws IllegalArgumentException when {@code nanos} is not positive
         */
        public Builder statusInterval(long nanos, Consumer<SimulationResult> sink) {
            if (nanos <= 0) {
                throw new IllegalArgumentException("statusInterval must be positive, not " + nanos);
            }
            this.statusIntervalNanos = nanos;
            this.status = Objects.requireNonNull(sink, "sink");
            return this;
        }

        /**
         * Validates every setting.
         *
         * @throws InvalidInputException  on an unknown name or a bad value, a bio controller's included
         * @throws PluginFailureException when a bio controller's {@code create} threw anything else
         * @throws IllegalStateException  when no device or workload was given
         */
        public Simulation build() {
            if (deviceProvider == null) {
                throw new IllegalStateException("no device: call device(provider, parameters)");
            }
            if (workload == null) {
                throw new IllegalStateException("no workload: call workload(workload)");
            }
            Settings schedulerSettings = Settings.resolve(schedulerProvider.name(), schedulerProvider.tunables(),
                    schedulerTunables);
            Settings deviceSettings = Settings.resolve("device", deviceProvider.tunables(), deviceParameters);
            Map<String, String> queueValues = new LinkedHashMap<>();
            Map<String, String> vmValues = new LinkedHashMap<>();
            Map<String, String> fsValues = new LinkedHashMap<>();
            Map<String, String> kernelValues = new LinkedHashMap<>();
            Map<String, String> cpuValues = new LinkedHashMap<>();
            for (Map.Entry<String, String> e : kernel.entrySet()) {
                String key = e.getKey();
                if (key.startsWith("queue.")) {
                    queueValues.put(key.substring("queue.".length()), e.getValue());
                } else if (key.startsWith("vm.")) {
                    vmValues.put(key.substring("vm.".length()), e.getValue());
                } else if (key.startsWith("fs.")) {
                    fsValues.put(key.substring("fs.".length()), e.getValue());
                } else if (key.startsWith("kernel.")) {
                    kernelValues.put(key.substring("kernel.".length()), e.getValue());
                } else if (key.startsWith("cpu.")) {
                    cpuValues.put(key.substring("cpu.".length()), e.getValue());
                } else {
                    List<String> names = new ArrayList<>();
                    for (TunableDescriptor t : kernelTunables()) {
                        names.add(t.name());
                    }
                    throw new InvalidInputException("unknown kernel setting '" + key + "'; accepted: "
                            + String.join(", ", names));
                }
            }
            Settings queueSettings = Settings.resolve("queue", QUEUE_TUNABLES, queueValues);
            Settings vmSettings = Settings.resolve("vm", OsTunables.VM, vmValues);
            Settings fsSettings = Settings.resolve("fs", OsTunables.FS, fsValues);
            KernelVersion version = eraOf(schedulerProvider, kernelValues.get("version"));
            kernelValues.put("version", version.value());
            if (version == KernelVersion.V6_6 && kernelValues.containsKey("plugging")) {
                throw new InvalidInputException("--set", 0, "kernel.plugging chooses between the plugging of 2.6.32-2.6.38"
                        + " and 2.6.39-3.0; Linux 6.6 always plugs per task: drop kernel.plugging for scheduler "
                        + schedulerProvider.name());
            }
            checkEra(version, queueValues);
            Settings kernelSettings = Settings.resolve("kernel", KERNEL_TUNABLES, kernelValues);
            // the era's CPUs: what the user did not set takes the modelled kernel's machine
            Map<String, String> cpuWithEra = new LinkedHashMap<>(
                    CpuTunables.eraDefaults(version == KernelVersion.V6_6));
            cpuWithEra.putAll(cpuValues);
            Settings cpuSettings = Settings.resolve("cpu", CpuTunables.CPU, cpuWithEra);
            BioControllerCheck check = new BioControllerCheck(queueSettings.getInt("nr_requests"), deviceProvider,
                    deviceSettings);
            for (BioControllerSpec spec : bioControllers) {
                check.create(spec.provider(), spec.settings());
            }
            List<RqQosSpec> policies = new ArrayList<>(rqQos);
            policies.sort(java.util.Comparator.comparingInt((RqQosSpec spec) -> spec.provider().order())
                    .thenComparing(spec -> spec.provider().name()));
            for (RqQosSpec spec : policies) {
                check.create(spec.provider(), spec.settings());
            }
            return new Simulation(new Config(seed, schedulerProvider, schedulerSettings, deviceProvider,
                    deviceSettings, workload, queueSettings, queueValues.containsKey("max_sectors_kb"), vmSettings,
                    fsSettings, kernelSettings, cpuSettings, cpuValues.containsKey("elevator_request_ns"),
                    List.copyOf(bioControllers), trace, binaryTrace, traceName, maxVirtualTime,
                    logDirectory, logFileNames, monitor, statusIntervalNanos, status,
                    version, queueValues.containsKey("nr_requests"), List.copyOf(policies)));
        }

        /**
         * Settings of another kernel than the run's: {@code queue.wbt_lat_usec} and rq-qos policies exist only in
         * 6.6, a bio controller only in its {@link BioControllerProvider#kernelVersions()}.
         *
         * @throws InvalidInputException naming the kernel.version that has them
         */
        private void checkEra(KernelVersion version, Map<String, String> queueValues) {
            String hint = version == KernelVersion.V3_0
                    ? "set kernel.version=6.6 or pick a 6.6 scheduler (none, mq-deadline, kyber)"
                    : "set kernel.version=3.0 or pick a 3.0 scheduler (cfq, deadline, noop)";
            if (version != KernelVersion.V6_6 && queueValues.containsKey(WBT_LAT_USEC)) {
                throw new InvalidInputException("--set", 0, "queue." + WBT_LAT_USEC + " (blk-wbt) exists only in"
                        + " kernel.version=6.6, but this run models the " + version.label() + ": " + hint);
            }
            for (RqQosSpec spec : rqQos) {
                if (version != KernelVersion.V6_6) {
                    throw new InvalidInputException("--set", 0, spec.provider().name() + ".* keys are set, but"
                            + " rq-qos policy " + spec.provider().name() + " exists only in kernel.version=6.6 and this"
                            + " run models the " + version.label() + ": " + hint);
                }
            }
            for (BioControllerSpec spec : bioControllers) {
                List<String> versions = spec.provider().kernelVersions();
                if (!versions.contains(version.value())) {
                    String other = versions.isEmpty() ? "no kernel" : "kernel.version=" + String.join(" or ", versions);
                    throw new InvalidInputException("--set", 0, spec.provider().name() + ".* keys are set, but bio"
                            + " controller " + spec.provider().name() + " exists only in " + other + " and this run"
                            + " models the " + version.label() + ": "
                            + (versions.contains("6.6") || versions.contains("3.0") ? hint : "drop its keys"));
                }
            }
        }

        /**
         * The era of the run: the scheduler's kind, checked against {@code kernel.version} when that is set.
         *
         * @throws InvalidInputException when the two do not fit
         */
        static KernelVersion eraOf(PluginProvider scheduler, String versionSet) {
            KernelVersion needed = KernelVersion.ofScheduler(scheduler);
            if (versionSet == null) {
                return needed;
            }
            KernelVersion asked = KernelVersion.of(versionSet);
            if (asked == null) {
                // Settings.resolve names the accepted values
                return needed;
            }
            if (asked != needed) {
                throw new InvalidInputException("--set", 0, "scheduler " + scheduler.name() + " runs on the "
                        + needed.label() + ", but kernel.version=" + asked.value() + " is set; drop kernel.version, set"
                        + " kernel.version=" + needed.value() + ", or pick a " + asked.value() + " scheduler ("
                        + (asked == KernelVersion.V6_6 ? "none, mq-deadline, kyber" : "cfq, deadline, noop") + ")");
            }
            return asked;
        }
    }
}
