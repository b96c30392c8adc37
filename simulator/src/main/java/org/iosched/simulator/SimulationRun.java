package org.iosched.simulator;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.iosched.api.BlockDevice;
import org.iosched.api.DeviceInfo;
import org.iosched.api.InvalidInputException;
import org.iosched.api.IoScheduler;
import org.iosched.api.IoSchedulerProvider;
import org.iosched.api.MqScheduler;
import org.iosched.api.MqSchedulerContext;
import org.iosched.api.MqSchedulerProvider;
import org.iosched.api.Workload;
import org.iosched.simulator.blk.BioLayer;
import org.iosched.simulator.blk.BlockQueue;
import org.iosched.simulator.blk.DeviceHost;
import org.iosched.simulator.blkmq.MqRequestQueue;
import org.iosched.simulator.blkmq.NoneSchedulerProvider;
import org.iosched.simulator.block.RequestQueue;
import org.iosched.simulator.block.SchedulerHost;
import org.iosched.simulator.cpu.CpuTunables;
import org.iosched.simulator.cpu.Cpus;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.HookWatch;
import org.iosched.simulator.engine.InvariantViolationException;
import org.iosched.simulator.engine.KernelClock;
import org.iosched.simulator.engine.NoProgressException;
import org.iosched.simulator.engine.PluginFailureException;
import org.iosched.simulator.engine.PluginGuard;
import org.iosched.simulator.engine.RandomStreams;
import org.iosched.simulator.os.LinuxOsModel;
import org.iosched.simulator.os.LogFiles;
import org.iosched.simulator.os.OsModel;
import org.iosched.simulator.os.OsTunables;
import org.iosched.simulator.result.DiskStats;
import org.iosched.simulator.result.KernelVersion;
import org.iosched.simulator.result.SimulationResult;
import org.iosched.simulator.stats.JobStatistics;
import org.iosched.simulator.trace.BlockTrace;

/**
 * Wires one run (engine, device, queue, scheduler, bio layer and controllers, OS model, statistics), runs it and
 * collects results.
 *
 * <p>A {@link RunMonitor} may stop the run between events: it then ends at the current virtual time and the
 * results are collected as at the time limit, with the jobs cut short and a notice saying so. A scheduler that
 * holds requests it never dispatches (the device idle, the queue unplugged, no timer of it armed, and a forced
 * dispatch moving nothing) is a failure of that scheduler.
 */
final class SimulationRun {
    private final Simulation.Config config;

    SimulationRun(Simulation.Config config) {
        this.config = config;
    }

    SimulationResult execute() {
        OsTunables tunables = OsTunables.from(config.vmSettings(), config.fsSettings(),
                config.queueSettings().getInt("read_ahead_kb"));
        EventQueue clock = new EventQueue(instantLimit(tunables.memoryPages()));
        HookWatch hooks = clock.hooks();
        RunMonitor monitor = config.monitor();
        if (monitor != null) {
            monitor.started(hooks);
        }
        try {
            return execute(clock, tunables, monitor);
        } finally {
            if (monitor != null) {
                monitor.ended(hooks);
            }
        }
    }

    private SimulationResult execute(EventQueue clock, OsTunables tunables, RunMonitor monitor) {
        HookWatch hooks = clock.hooks();
        RandomStreams streams = new RandomStreams(config.seed());
        KernelClock kernelClock = new KernelClock(Integer.parseInt(config.kernelSettings().getString("hz")));
        BlockTrace trace = new BlockTrace(clock, config.trace(), config.binaryTrace(), config.traceName());

        String deviceName = config.deviceProvider().name();
        String deviceLabel = "device " + deviceName;
        DeviceHost deviceHost = new DeviceHost(clock, streams.forComponent("device/" + deviceName), trace, deviceLabel);
        BlockDevice device = guarded(hooks, deviceLabel, "create", () -> config.deviceProvider().create(deviceHost,
                config.deviceSettings()));
        DeviceInfo info = guarded(hooks, deviceLabel, "info", device::info);
        if (info == null) {
            throw new PluginFailureException(deviceLabel, new NullPointerException("info() returned null"));
        }
        Cpus cpus = new Cpus(clock, CpuTunables.from(config.cpuSettings(),
                Integer.parseInt(config.queueSettings().getString("rq_affinity"))));
        BlockQueue queue;
        RequestQueue legacyQueue = null;
        MqRequestQueue mqQueue = null;
        IoScheduler legacyScheduler = null;
        String schedulerName = config.schedulerProvider().name();
        String schedulerLabel = "scheduler " + schedulerName;
        if (config.version() == KernelVersion.V3_0) {
            RequestQueue rq = new RequestQueue(clock, kernelClock, trace, info,
                    config.queueSettings().getInt("nr_requests"), maxSectors(info),
                    config.kernelSettings().getString("plugging").equals("task"));
            deviceHost.bind(rq);
            rq.setCpus(cpus);
            IoSchedulerProvider provider = config.ioSchedulerProvider();
            SchedulerHost schedulerHost = new SchedulerHost(rq, clock, kernelClock,
                    streams.forComponent("scheduler/" + schedulerName), trace, schedulerLabel);
            legacyScheduler = guarded(hooks, schedulerLabel, "create",
                    () -> provider.create(schedulerHost, config.schedulerSettings()));
            rq.attach(legacyScheduler, schedulerLabel, device, deviceLabel);
            // a cpu.elevator_request_ns the user set is every scheduler's cost (to compare schedulers at one cost, or
            // a scheduler with the kernel's own code in the oracle); otherwise each provider's stated figure
            cpus.setElevatorNanos(config.elevatorCostSet() ? -1 : guarded(hooks, schedulerLabel, "requestCpuNanos",
                    () -> provider.requestCpuNanos(config.schedulerSettings())));
            legacyQueue = rq;
            queue = rq;
        } else {
            mqQueue = mqQueue(clock, kernelClock, trace, info, device, deviceLabel, cpus, streams, schedulerLabel);
            deviceHost.bind(mqQueue);
            queue = mqQueue;
        }

        Workload workload = config.workload();
        String workloadLabel = "workload " + workloadName(workload);
        JobStatistics statistics = new JobStatistics(workload.jobs());
        BioLayer bioLayer = new BioLayer(queue, clock, trace);
        OsModel os = new LinuxOsModel(clock, kernelClock, streams, bioLayer, trace, statistics,
                new LogFiles(config.logDirectory(), config.logFileNames()), workloadLabel, tunables, config.version());
        ((LinuxOsModel) os).setKernelVersion(config.version().value());
        boolean closed = false;
        try {
            for (Simulation.BioControllerSpec spec : config.bioControllers()) {
                String name = spec.provider().name();
                bioLayer.install(spec.provider(), spec.settings(), os, streams.forComponent("biocontrol/" + name));
            }
            if (mqQueue != null) {
                enableRqQos(mqQueue, os, streams, hooks);
            }
            guarded(hooks, workloadLabel, "start", () -> {
                workload.start(os.context());
                return null;
            });
            EventQueue.Stop stop;
            try {
                EventQueue.Poll poll = monitor == null ? null : () -> monitor.poll(clock.now(), statistics.bytes());
                BooleanSupplier done = () -> os.finishCalled() && os.idle() && queue.idle() && bioLayer.idle();
                long interval = config.statusIntervalNanos();
                long next = interval > 0 ? interval : config.maxVirtualTime();
                while (true) {
                    long limit = Math.min(next, config.maxVirtualTime());
                    stop = clock.run(limit, done, poll);
                    if (stop != EventQueue.Stop.TIME_LIMIT || limit >= config.maxVirtualTime()) {
                        break;
                    }
                    // fio's --status-interval: the results so far at this multiple, then on (no event added)
                    long at = clock.now();
                    config.status().accept(new SimulationResult(schedulerName, deviceName, config.seed(),
                            settings(info, queue, hooks), at, statistics.results(at),
                            queue.disk().snapshot(DiskStats.KERNEL_NAME, at, at),
                            guarded(hooks, workloadLabel, "notices", workload::notices),
                            deviceStatistics(guarded(hooks, deviceLabel, "statistics", device::statistics), queue,
                                    bioLayer, at), os.taskStats()));
                    next = next > Long.MAX_VALUE - interval ? Long.MAX_VALUE : next + interval;
                }
            } catch (NoProgressException e) {
                throw noProgress(e, os, workload);
            }
            boolean timeLimit = stop == EventQueue.Stop.TIME_LIMIT;
            boolean interrupted = stop == EventQueue.Stop.INTERRUPTED;
            if ((stop == EventQueue.Stop.EMPTY || timeLimit) && legacyQueue != null) {
                checkSchedulerDispatches(clock, legacyQueue, legacyScheduler, schedulerLabel);
            }
            if (stop == EventQueue.Stop.EMPTY) {
                checkNotStalled(os, bioLayer, workloadLabel);
            }
            if (!timeLimit && !interrupted) {
                bioLayer.checkDrained();
                queue.checkDrained();
            }
            if (!interrupted && !workload.jobs().isEmpty() && queue.biosCompleted() == 0
                    && statistics.recorded() == 0) {
                throw new InvalidInputException("the workload issued no I/O");
            }
            long end = clock.now();
            // busy intervals on a CPU never overlap: its busy time is within the run and the work's tail
            cpus.checkBusyTime(end);
            IoScheduler exiting = legacyScheduler;
            MqRequestQueue exitingMq = mqQueue;
            guarded(hooks, schedulerLabel, "exit", () -> {
                if (exiting != null) {
                    exiting.exit();
                } else {
                    exitingMq.exitScheduler();
                }
                return null;
            });
            trace.writeSummary(end);
            closed = true;
            os.close();

            List<String> notices = new ArrayList<>(guarded(hooks, workloadLabel, "notices", workload::notices));
            if (timeLimit) {
                notices.add("stopped at the time limit");
            }
            if (interrupted) {
                notices.add("interrupted at " + seconds(end) + " s of virtual time: the jobs were cut short there");
            }
            return new SimulationResult(schedulerName, deviceName, config.seed(), settings(info, queue, hooks),
                    end, statistics.results(end), queue.disk().snapshot(DiskStats.KERNEL_NAME, end, end), notices,
                    deviceStatistics(guarded(hooks, deviceLabel, "statistics", device::statistics), queue, bioLayer,
                            end), os.taskStats());
        } finally {
            if (!closed) {
                closeQuietly(os);
            }
        }
    }

    private static void closeQuietly(OsModel os) {
        try {
            os.close();
        } catch (RuntimeException ignored) {
            // the exception already propagating says more than a log file that failed to close
        }
    }

    /**
     * The device's own statistics, then the block layer's ({@code block.max_async_dispatch_gap_ms}), then each
     * bio controller's under its name ({@code ioband./grp1.dispatched_bios}).
     */
    private static Map<String, Number> deviceStatistics(Map<String, Number> own, BlockQueue queue,
                                                        BioLayer bioLayer, long end) {
        Map<String, Number> all = new LinkedHashMap<>();
        if (own != null) {
            all.putAll(own);
        }
        all.put("block.max_async_dispatch_gap_ms", queue.asyncDispatchGap().longestNanos(end) / 1e6);
        Cpus cpus = queue.cpus();
        for (int cpu = 0; cpu < cpus.count(); cpu++) {
            all.put("cpu." + cpu + ".busy_ms", cpus.busyNanos(cpu) / 1e6);
            all.put("cpu." + cpu + ".interrupt_ms", cpus.interruptNanos(cpu) / 1e6);
        }
        all.putAll(bioLayer.statistics());
        if (queue instanceof MqRequestQueue mq) {
            all.putAll(mq.rqQosStatistics());
        }
        return all;
    }

    /**
     * The most events one instant may hold: {@link EventQueue#DEFAULT_INSTANT_LIMIT}, or four per page of memory
     * when memory has more pages than that (buffered writes into free memory complete at most one I/O per page at
     * one instant, about one event each).
     */
    static long instantLimit(long memoryPages) {
        return Math.max(EventQueue.DEFAULT_INSTANT_LIMIT, 4 * memoryPages);
    }

    /**
     * The engine stopped a run whose clock stands still: a user error naming the job when a job completed I/O
     * at that instant (its I/O takes no virtual time), else a broken invariant naming the event's owner.
     */
    private static RuntimeException noProgress(NoProgressException e, OsModel os, Workload workload) {
        int job = os.jobRecordingAt(e.instant());
        if (job < 0 || job >= workload.jobs().size()) {
            return new InvariantViolationException("the simulation makes no progress in virtual time: "
                    + e.getMessage() + " by " + (e.owner() == null ? "the simulator" : e.owner()));
        }
        return new NoProgressException("job '" + workload.jobs().get(job).name() + "' makes no progress in virtual "
                + "time: " + e.events() + " events at " + seconds(e.instant()) + " s without the clock advancing, "
                + "its I/O completing at once (its page-cache hits take no time with CPU costs of 0; see README "
                + "model limits)", e.instant(), e.events(), e.owner());
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.6f", nanos / 1e9);
    }

    /**
     * A scheduler that holds requests while the device is idle, the queue is not plugged and no timer of the
     * scheduler is armed will never dispatch them; it is asked once with {@code force} (as the kernel drains an
     * elevator), and a scheduler that still dispatches nothing is named.
     */
    private static void checkSchedulerDispatches(EventQueue clock, RequestQueue queue, IoScheduler scheduler,
                                                 String schedulerLabel) {
        // simplified: checked when the run ends (or reaches the time limit), not each time the device goes idle
        if (queue.inDriver() > 0 || queue.dispatchQueueLength() > 0 || queue.plugged()
                || clock.hasPending(schedulerLabel)) {
            return;
        }
        HookWatch hooks = clock.hooks();
        int held = queue.nrSorted();
        if (held == 0 && !guarded(hooks, schedulerLabel, "hasQueued", scheduler::hasQueued)) {
            return;
        }
        int moved = guarded(hooks, schedulerLabel, "dispatch", () -> scheduler.dispatch(true));
        if (moved == 0 && queue.dispatchQueueLength() == 0) {
            String what = held == 0 ? "the requests it says it holds (hasQueued() is true)"
                    : "the " + held + " request" + (held == 1 ? "" : "s") + " it holds";
            throw new PluginFailureException(schedulerLabel, "never dispatches " + what + ": the device is idle, "
                    + "the queue unplugged, no timer of it armed, and dispatch(force=true) returned 0", null);
        }
    }

    private static void checkNotStalled(OsModel os, BioLayer bioLayer, String workloadLabel) {
        BlockQueue queue = bioLayer.queue();
        if (!queue.idle()) {
            throw new InvariantViolationException("the simulation stalled with requests outstanding and no event "
                    + "left to move them: " + queue.whereRequestsAre());
        }
        if (!bioLayer.idle()) {
            throw new InvariantViolationException("the simulation stalled with bios in the bio layer and no event "
                    + "left to move them: " + bioLayer.describePending());
        }
        if (!os.idle()) {
            throw new InvariantViolationException("the simulation stalled: " + os.describePending()
                    + " but no request outstanding");
        }
        if (!os.finishCalled()) {
            throw new InvariantViolationException(workloadLabel + " stalled: it never called finish() and has no "
                    + "timer or I/O pending");
        }
    }

    /**
     * Linux 6.6's queue: hardware queues and driver tags from the device, {@code nr_requests} (scheduler tags per
     * hardware queue: {@code 2 * min(queue_depth, BLKDEV_DEFAULT_RQ)} by default; with none the driver tags, which
     * a smaller value shrinks), the scheduler created on it and its per-request CPU cost.
     */
    private MqRequestQueue mqQueue(EventQueue clock, KernelClock kernelClock, BlockTrace trace, DeviceInfo info,
                                   BlockDevice device, String deviceLabel, Cpus cpus, RandomStreams streams,
                                   String schedulerLabel) {
        HookWatch hooks = clock.hooks();
        MqSchedulerProvider provider = config.mqSchedulerProvider();
        boolean none = provider instanceof NoneSchedulerProvider;
        int cpuCount = cpus.count();
        int hardwareQueues = guarded(hooks, deviceLabel, "hardwareQueues", () -> device.hardwareQueues(cpuCount));
        int depth = guarded(hooks, deviceLabel, "hardwareQueueDepth", device::hardwareQueueDepth);
        if (hardwareQueues < 1 || depth < 1 || depth > BLK_MQ_MAX_DEPTH) {
            throw new PluginFailureException(deviceLabel, "declares " + hardwareQueues + " hardware queues of "
                    + depth + " tags; accepted: at least 1 queue of 1.." + BLK_MQ_MAX_DEPTH + " tags", null);
        }
        int nrRequests;
        if (config.nrRequestsSet()) {
            nrRequests = config.queueSettings().getInt("nr_requests");
            int max = none ? depth : MqRequestQueue.MAX_SCHED_RQ;
            if (nrRequests > max) {
                throw new InvalidInputException("--set", 0, "queue.nr_requests=" + nrRequests + " is above what "
                        + (none ? "none allows on " + info.name() + " (its queue depth)" : "Linux 6.6 allows with a"
                        + " scheduler (MAX_SCHED_RQ)") + "; accepted: 4.." + max);
            }
        } else {
            nrRequests = none ? depth : 2 * Math.min(depth, MqRequestQueue.DEFAULT_RQ);
        }
        MqRequestQueue mq = new MqRequestQueue(clock, kernelClock, trace, info, hardwareQueues,
                none ? nrRequests : depth, none ? 0 : nrRequests, maxSectors(info), cpuCount,
                Integer.parseInt(config.queueSettings().getString("rq_affinity")));
        mq.setCpus(cpus);
        int budget = guarded(hooks, deviceLabel, "dispatchBudget", device::dispatchBudget);
        if (budget < 0 || budget > depth) {
            throw new PluginFailureException(deviceLabel, "declares a dispatch budget of " + budget + " with " + depth
                    + " tags; accepted: 0 (none) or 1.." + depth, null);
        }
        mq.setDispatchBudget(budget);
        mq.setSingleQueueScheduling(!none && guarded(hooks, schedulerLabel, "singleQueueScheduling",
                provider::singleQueueScheduling));
        String name = provider.name();
        MqScheduler scheduler = null;
        if (!none) {
            MqSchedulerContext context = mq.schedulerContext(streams.forComponent("scheduler/" + name), schedulerLabel);
            scheduler = guarded(hooks, schedulerLabel, "create", () -> provider.create(context,
                    config.schedulerSettings()));
            if (scheduler == null) {
                throw new PluginFailureException(schedulerLabel, new NullPointerException("create returned null"));
            }
        }
        MqScheduler created = scheduler;
        guarded(hooks, schedulerLabel, "initHardwareQueue", () -> {
            mq.attach(created, schedulerLabel, device, deviceLabel);
            return null;
        });
        cpus.setElevatorNanos(config.elevatorCostSet() ? -1 : guarded(hooks, schedulerLabel, "requestCpuNanos",
                () -> provider.requestCpuNanos(config.schedulerSettings())));
        return mq;
    }

    /**
     * The queue's rq-qos policies, enabled in {@link org.iosched.api.RqQosProvider#order()}: each is pushed at the
     * head of the chain, so the one enabled last throttles first.
     */
    private void enableRqQos(MqRequestQueue mq, OsModel os, RandomStreams streams, HookWatch hooks) {
        mq.setTaskDirectory(os);
        long wbtLatency = wbtLatencyNanos(mq.deviceInfo(), hooks);
        if (wbtLatency > 0) {
            // wbt_enable_default at disk registration: first in, so last in the chain
            mq.addRqQos(mq.newWbt(wbtLatency), mq.wbtContext());
        }
        for (Simulation.RqQosSpec spec : config.rqQos()) {
            org.iosched.api.RqQosProvider provider = spec.provider();
            String name = provider.name();
            String label = "rq-qos " + name;
            org.iosched.api.RqQosContext context = mq.rqQosContext(name, streams.forComponent("rqqos/" + name));
            org.iosched.api.RqQosPolicy policy = guarded(hooks, label, "create",
                    () -> provider.create(context, spec.settings()));
            if (policy == null) {
                throw new PluginFailureException(label, new NullPointerException("create returned null"));
            }
            mq.addRqQos(policy, context);
        }
    }

    /**
     * blk-wbt's target: {@code queue.wbt_lat_usec} in ns, 0 for off; -1 is the default, on with the device kind's
     * target unless the scheduler (BFQ) or an rq-qos policy (io.cost once enabled) turns the default off
     * ({@code wbt_disable_default}).
     */
    private long wbtLatencyNanos(DeviceInfo info, HookWatch hooks) {
        long usec = config.queueSettings().getLong(Simulation.WBT_LAT_USEC);
        if (usec >= 0) {
            return usec * 1000;
        }
        if (config.mqSchedulerProvider().disablesDefaultWbt()) {
            return 0;
        }
        for (Simulation.RqQosSpec spec : config.rqQos()) {
            org.iosched.api.RqQosProvider provider = spec.provider();
            if (guarded(hooks, "rq-qos " + provider.name(), "disablesDefaultWbt",
                    () -> provider.disablesDefaultWbt(spec.settings()))) {
                return 0;
            }
        }
        return MqRequestQueue.defaultWbtLatencyNanos(info.rotational());
    }

    /** {@code BLK_MQ_MAX_DEPTH}. */
    static final int BLK_MQ_MAX_DEPTH = 10_240;

    private int maxSectors(DeviceInfo info) {
        int kb = config.queueSettings().getInt("max_sectors_kb");
        if (config.version() == KernelVersion.V6_6 && !config.maxSectorsKbSet()) {
            // BLK_DEF_MAX_SECTORS: 2560 sectors
            kb = 1280;
        }
        int hwKb = info.maxHwSectors() / 2;
        if (kb > hwKb) {
            if (config.maxSectorsKbSet()) {
                throw new InvalidInputException("queue.max_sectors_kb=" + kb + " is larger than max_hw_sectors_kb "
                        + hwKb + " of device " + info.name() + "; accepted: 4.." + hwKb);
            }
            // the kernel's default max_sectors is min(max_hw_sectors, BLK_DEF_MAX_SECTORS)
            kb = hwKb;
        }
        return kb * 2;
    }

    private Map<String, String> settings(DeviceInfo info, BlockQueue queue, HookWatch hooks) {
        Map<String, String> all = new LinkedHashMap<>();
        String scheduler = config.schedulerProvider().name();
        config.schedulerSettings().asMap().forEach((k, v) -> all.put(scheduler + "." + k, v));
        config.deviceSettings().asMap().forEach((k, v) -> all.put("device." + k, v));
        config.queueSettings().asMap().forEach((k, v) -> all.put("queue." + k, v));
        all.put("queue.max_sectors_kb", Integer.toString(queue.maxSectors() / 2));
        if (config.version() == KernelVersion.V6_6) {
            all.put("queue.nr_requests", Integer.toString(queue.nrRequests()));
            // what sysfs shows: the target in use, 0 when off
            all.put("queue." + Simulation.WBT_LAT_USEC, Long.toString(wbtLatencyNanos(info, hooks) / 1000));
        } else {
            // a 6.6 tunable: 3.0 has no writeback throttling
            all.remove("queue." + Simulation.WBT_LAT_USEC);
        }
        config.vmSettings().asMap().forEach((k, v) -> all.put("vm." + k, v));
        config.fsSettings().asMap().forEach((k, v) -> all.put("fs." + k, v));
        config.kernelSettings().asMap().forEach((k, v) -> all.put("kernel." + k, v));
        if (config.version() == KernelVersion.V6_6) {
            // a 3.0 choice: 6.6 always plugs per task
            all.remove("kernel.plugging");
        }
        config.cpuSettings().asMap().forEach((k, v) -> all.put("cpu." + k, v));
        for (Simulation.BioControllerSpec spec : config.bioControllers()) {
            String name = spec.provider().name();
            spec.settings().forEach((k, v) -> all.put(name + "." + k, v));
        }
        for (Simulation.RqQosSpec spec : config.rqQos()) {
            String name = spec.provider().name();
            spec.settings().forEach((k, v) -> all.put(name + "." + k, v));
        }
        return all;
    }

    private static String workloadName(Workload workload) {
        String name = workload.getClass().getSimpleName();
        return name.isEmpty() ? workload.getClass().getName() : name;
    }

    private static <T> T guarded(HookWatch hooks, String label, String hook, Supplier<T> call) {
        int interrupted = hooks.enter(hooks.id(new HookWatch.Hook(label, hook)));
        try {
            return call.get();
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, hook, e);
        } finally {
            hooks.exit(interrupted);
        }
    }
}
