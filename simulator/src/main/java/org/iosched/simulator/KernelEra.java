package org.iosched.simulator;

import static org.iosched.simulator.PluginCalls.guarded;

import java.util.Map;
import org.iosched.api.BlockDevice;
import org.iosched.api.DeviceInfo;
import org.iosched.api.InvalidInputException;
import org.iosched.simulator.blk.BlockQueue;
import org.iosched.simulator.blk.DeviceHost;
import org.iosched.simulator.cpu.Cpus;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.HookWatch;
import org.iosched.simulator.engine.KernelClock;
import org.iosched.simulator.engine.RandomStreams;
import org.iosched.simulator.os.OsModel;
import org.iosched.simulator.os.OsPolicies;
import org.iosched.simulator.result.KernelVersion;
import org.iosched.simulator.trace.BlockTrace;

/**
 * The kernel a run models: it builds the run's block layer (the request queue with the scheduler on the device)
 * and gives the OS model its rules, and says what of the queue a result shows. {@link Era30} is the
 * single-queue block layer of 2.6.32-3.0 with its elevator, {@link Era66} Linux 6.6's blk-mq; one instance
 * serves one run.
 */
abstract class KernelEra {
    final Simulation.Config config;

    KernelEra(Simulation.Config config) {
        this.config = config;
    }

    /** The era of {@code config}'s {@code kernel.version}. */
    static KernelEra of(Simulation.Config config) {
        return config.version() == KernelVersion.V3_0 ? new Era30(config) : new Era66(config);
    }

    /** What the block layer is built on: the run's engine, device and CPUs. */
    record Parts(EventQueue clock, KernelClock kernelClock, BlockTrace trace, RandomStreams streams,
                 DeviceInfo info, BlockDevice device, String deviceLabel, DeviceHost deviceHost, Cpus cpus,
                 String schedulerLabel) {
        HookWatch hooks() {
            return clock.hooks();
        }
    }

    /**
     * The request queue on the device with the scheduler created on it, its per-request CPU cost set, the device
     * host bound to it.
     */
    abstract BlockQueue buildBlockLayer(Parts parts);

    /** The OS model's rules where the eras differ. */
    abstract OsPolicies osPolicies();

    /** The OS model exists and the bio controllers are stacked: what the queue enables with them (6.6's rq-qos). */
    void osReady(OsModel os, RandomStreams streams, HookWatch hooks) {
    }

    /** The run ran out of events or time: a scheduler that holds requests it will never dispatch is named. */
    void checkSchedulerDispatches(EventQueue clock, String schedulerLabel) {
    }

    /** The scheduler's exit hook ({@code elevator_exit}). */
    abstract void exitScheduler();

    /** The queue's own statistics after the device's and the CPUs'. */
    void putStatistics(Map<String, Number> all) {
    }

    /** The queue settings a result shows besides what the user set ({@code queue.max_sectors_kb} is put before). */
    abstract void putQueueSettings(Map<String, String> all, BlockQueue queue, DeviceInfo info, HookWatch hooks);

    /** The kernel settings a result shows, of this era only. */
    void putKernelSettings(Map<String, String> all) {
    }

    /** {@code max_sectors_kb} before the device's limit: the one set, or the era's default. */
    int maxSectorsKb() {
        return config.queueSettings().getInt("max_sectors_kb");
    }

    /** {@code max_sectors}: {@link #maxSectorsKb}, at most the device's {@code max_hw_sectors}, in sectors. */
    final int maxSectors(DeviceInfo info) {
        int kb = maxSectorsKb();
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

    /**
     * The scheduler's per-request CPU cost: a {@code cpu.elevator_request_ns} the user set is every scheduler's
     * (to compare schedulers at one cost, or a scheduler with the kernel's own code in the oracle); otherwise the
     * provider's stated figure.
     */
    final void setElevatorCost(Parts parts, java.util.function.Supplier<Long> providerNanos) {
        parts.cpus().setElevatorNanos(config.elevatorCostSet() ? -1
                : guarded(parts.hooks(), parts.schedulerLabel(), "requestCpuNanos", providerNanos));
    }
}
