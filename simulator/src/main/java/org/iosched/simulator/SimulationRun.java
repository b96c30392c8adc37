package org.iosched.simulator;

import static org.iosched.simulator.PluginCalls.guarded;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.iosched.api.BlockDevice;
import org.iosched.api.DeviceInfo;
import org.iosched.api.InvalidInputException;
import org.iosched.api.Workload;
import org.iosched.simulator.blk.BioLayer;
import org.iosched.simulator.blk.BlockQueue;
import org.iosched.simulator.blk.DeviceHost;
import org.iosched.simulator.cpu.CpuTunables;
import org.iosched.simulator.cpu.Cpus;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.HookWatch;
import org.iosched.simulator.engine.InvariantViolationException;
import org.iosched.simulator.engine.KernelClock;
import org.iosched.simulator.engine.NoProgressException;
import org.iosched.simulator.engine.PluginFailureException;
import org.iosched.simulator.engine.RandomStreams;
import org.iosched.simulator.os.LinuxOsModel;
import org.iosched.simulator.os.LogFiles;
import org.iosched.simulator.os.OsModel;
import org.iosched.simulator.os.OsTunables;
import org.iosched.simulator.result.DiskStats;
import org.iosched.simulator.result.SimulationResult;
import org.iosched.simulator.stats.JobStatistics;
import org.iosched.simulator.trace.BlockTrace;

/**
 * Wires one run, runs it and collects results: the engine, the device and the CPUs; the block layer, which the run's
 * {@link KernelEra} builds (queue and scheduler); the bio layer with its controllers; the OS model with the era's
 * rules; the statistics.
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
        String schedulerName = config.schedulerProvider().name();
        String schedulerLabel = "scheduler " + schedulerName;
        KernelEra era = KernelEra.of(config);
        BlockQueue queue = era.buildBlockLayer(new KernelEra.Parts(clock, kernelClock, trace, streams, info, device,
                deviceLabel, deviceHost, cpus, schedulerLabel));

        Workload workload = config.workload();
        String workloadLabel = "workload " + workloadName(workload);
        JobStatistics statistics = new JobStatistics(workload.jobs());
        BioLayer bioLayer = new BioLayer(queue, clock, trace);
        OsModel os = new LinuxOsModel(clock, kernelClock, streams, bioLayer, trace, statistics,
                new LogFiles(config.logDirectory(), config.logFileNames()), workloadLabel, tunables,
                era.osPolicies());
        boolean closed = false;
        try {
            for (Simulation.BioControllerSpec spec : config.bioControllers()) {
                String name = spec.provider().name();
                bioLayer.install(spec.provider(), spec.settings(), os, streams.forComponent("biocontrol/" + name));
            }
            era.osReady(os, streams, hooks);
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
                            settings(era, info, queue, hooks), at, statistics.results(at),
                            queue.disk().snapshot(DiskStats.KERNEL_NAME, at, at),
                            guarded(hooks, workloadLabel, "notices", workload::notices),
                            deviceStatistics(era, guarded(hooks, deviceLabel, "statistics", device::statistics),
                                    queue, bioLayer, at), os.taskStats()));
                    next = next > Long.MAX_VALUE - interval ? Long.MAX_VALUE : next + interval;
                }
            } catch (NoProgressException e) {
                throw noProgress(e, os, workload);
            }
            boolean timeLimit = stop == EventQueue.Stop.TIME_LIMIT;
            boolean interrupted = stop == EventQueue.Stop.INTERRUPTED;
            if (stop == EventQueue.Stop.EMPTY || timeLimit) {
                era.checkSchedulerDispatches(clock, schedulerLabel);
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
            guarded(hooks, schedulerLabel, "exit", () -> {
                era.exitScheduler();
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
            return new SimulationResult(schedulerName, deviceName, config.seed(), settings(era, info, queue, hooks),
                    end, statistics.results(end), queue.disk().snapshot(DiskStats.KERNEL_NAME, end, end), notices,
                    deviceStatistics(era, guarded(hooks, deviceLabel, "statistics", device::statistics), queue,
                            bioLayer, end), os.taskStats());
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
    private static Map<String, Number> deviceStatistics(KernelEra era, Map<String, Number> own, BlockQueue queue,
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
        era.putStatistics(all);
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
                + "its I/O completing at once (its page-cache hits take no time with CPU costs of 0; see "
                + "docs/cpu-model.md, model limits)", e.instant(), e.events(), e.owner());
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.6f", nanos / 1e9);
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

    private Map<String, String> settings(KernelEra era, DeviceInfo info, BlockQueue queue, HookWatch hooks) {
        Map<String, String> all = new LinkedHashMap<>();
        String scheduler = config.schedulerProvider().name();
        config.schedulerSettings().asMap().forEach((k, v) -> all.put(scheduler + "." + k, v));
        config.deviceSettings().asMap().forEach((k, v) -> all.put("device." + k, v));
        config.queueSettings().asMap().forEach((k, v) -> all.put("queue." + k, v));
        all.put("queue.max_sectors_kb", Integer.toString(queue.maxSectors() / 2));
        era.putQueueSettings(all, queue, info, hooks);
        config.vmSettings().asMap().forEach((k, v) -> all.put("vm." + k, v));
        config.fsSettings().asMap().forEach((k, v) -> all.put("fs." + k, v));
        config.kernelSettings().asMap().forEach((k, v) -> all.put("kernel." + k, v));
        era.putKernelSettings(all);
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
}
