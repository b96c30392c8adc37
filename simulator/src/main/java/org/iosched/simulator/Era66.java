package org.iosched.simulator;

import static org.iosched.simulator.PluginCalls.guarded;

import java.util.Map;
import org.iosched.api.BlockDevice;
import org.iosched.api.DeviceInfo;
import org.iosched.api.InvalidInputException;
import org.iosched.api.MqScheduler;
import org.iosched.api.MqSchedulerContext;
import org.iosched.api.MqSchedulerProvider;
import org.iosched.api.RqQosContext;
import org.iosched.api.RqQosPolicy;
import org.iosched.api.RqQosProvider;
import org.iosched.simulator.blk.BlockQueue;
import org.iosched.simulator.blkmq.MqRequestQueue;
import org.iosched.simulator.blkmq.NoneSchedulerProvider;
import org.iosched.simulator.engine.HookWatch;
import org.iosched.simulator.engine.PluginFailureException;
import org.iosched.simulator.engine.RandomStreams;
import org.iosched.simulator.os.OsModel;
import org.iosched.simulator.os.OsPolicies;

/**
 * Linux 6.6: the blk-mq {@link MqRequestQueue} ({@code blk_mq_init_queue}) with the device's hardware queues,
 * tags and dispatch budget, the scheduler created on it ({@code elevator_init_mq}) or none, blk-wbt and the
 * rq-qos policies ({@code rq_qos_add}), and the OS rules of 6.6.
 */
final class Era66 extends KernelEra {
    /** {@code BLK_MQ_MAX_DEPTH}. */
    static final int BLK_MQ_MAX_DEPTH = 10_240;
    /** {@code BLK_DEF_MAX_SECTORS} of 6.6 in KiB: 2560 sectors. */
    static final int BLK_DEF_MAX_SECTORS_KB = 1280;

    private MqRequestQueue queue;

    Era66(Simulation.Config config) {
        super(config);
    }

    /**
     * Linux 6.6's queue: hardware queues and driver tags from the device, {@code nr_requests} (scheduler tags per
     * hardware queue: {@code 2 * min(queue_depth, BLKDEV_DEFAULT_RQ)} by default; with none the driver tags, which
     * a smaller value shrinks), the scheduler created on it and its per-request CPU cost.
     */
    @Override
    BlockQueue buildBlockLayer(Parts parts) {
        HookWatch hooks = parts.hooks();
        DeviceInfo info = parts.info();
        BlockDevice device = parts.device();
        String deviceLabel = parts.deviceLabel();
        String schedulerLabel = parts.schedulerLabel();
        MqSchedulerProvider provider = config.mqSchedulerProvider();
        boolean none = provider instanceof NoneSchedulerProvider;
        int cpuCount = parts.cpus().count();
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
        MqRequestQueue mq = new MqRequestQueue(parts.clock(), parts.kernelClock(), parts.trace(), info,
                hardwareQueues, none ? nrRequests : depth, none ? 0 : nrRequests, maxSectors(info), cpuCount,
                Integer.parseInt(config.queueSettings().getString("rq_affinity")));
        mq.setCpus(parts.cpus());
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
            MqSchedulerContext context = mq.schedulerContext(parts.streams().forComponent("scheduler/" + name),
                    schedulerLabel);
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
        setElevatorCost(parts, () -> provider.requestCpuNanos(config.schedulerSettings()));
        parts.deviceHost().bind(mq);
        queue = mq;
        return mq;
    }

    @Override
    OsPolicies osPolicies() {
        return OsPolicies.LINUX_6_6;
    }

    /**
     * The queue's rq-qos policies, enabled in {@link RqQosProvider#order()}: each is pushed at the head of the
     * chain, so the one enabled last throttles first.
     */
    @Override
    void osReady(OsModel os, RandomStreams streams, HookWatch hooks) {
        queue.setTaskDirectory(os);
        long wbtLatency = wbtLatencyNanos(queue.deviceInfo(), hooks);
        if (wbtLatency > 0) {
            // wbt_enable_default at disk registration: first in, so last in the chain
            queue.addRqQos(queue.newWbt(wbtLatency), queue.wbtContext());
        }
        for (Simulation.RqQosSpec spec : config.rqQos()) {
            RqQosProvider provider = spec.provider();
            String name = provider.name();
            String label = "rq-qos " + name;
            RqQosContext context = queue.rqQosContext(name, streams.forComponent("rqqos/" + name));
            RqQosPolicy policy = guarded(hooks, label, "create", () -> provider.create(context, spec.settings()));
            if (policy == null) {
                throw new PluginFailureException(label, new NullPointerException("create returned null"));
            }
            queue.addRqQos(policy, context);
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
            RqQosProvider provider = spec.provider();
            if (guarded(hooks, "rq-qos " + provider.name(), "disablesDefaultWbt",
                    () -> provider.disablesDefaultWbt(spec.settings()))) {
                return 0;
            }
        }
        return MqRequestQueue.defaultWbtLatencyNanos(info.rotational());
    }

    @Override
    void exitScheduler() {
        queue.exitScheduler();
    }

    @Override
    void putStatistics(Map<String, Number> all) {
        all.putAll(queue.rqQosStatistics());
    }

    @Override
    void putQueueSettings(Map<String, String> all, BlockQueue queue, DeviceInfo info, HookWatch hooks) {
        all.put("queue.nr_requests", Integer.toString(queue.nrRequests()));
        // what sysfs shows: the target in use, 0 when off
        all.put("queue." + Simulation.WBT_LAT_USEC, Long.toString(wbtLatencyNanos(info, hooks) / 1000));
    }

    @Override
    void putKernelSettings(Map<String, String> all) {
        // a 3.0 choice: 6.6 always plugs per task
        all.remove("kernel.plugging");
    }

    @Override
    int maxSectorsKb() {
        return config.maxSectorsKbSet() ? super.maxSectorsKb() : BLK_DEF_MAX_SECTORS_KB;
    }
}
