package org.iosched.simulator;

import static org.iosched.simulator.PluginCalls.guarded;

import java.util.Map;
import org.iosched.api.DeviceInfo;
import org.iosched.api.IoScheduler;
import org.iosched.api.IoSchedulerProvider;
import org.iosched.simulator.blk.BlockQueue;
import org.iosched.simulator.block.RequestQueue;
import org.iosched.simulator.block.SchedulerHost;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.HookWatch;
import org.iosched.simulator.engine.PluginFailureException;
import org.iosched.simulator.os.OsPolicies;

/**
 * Linux 2.6.32-3.0: the single-queue {@link RequestQueue} ({@code blk_init_queue}) with {@code nr_requests} and
 * the plugging chosen by {@code kernel.plugging}, the elevator created on it ({@code elevator_init}), and the OS
 * rules of 2.6.32-3.0.
 */
final class Era30 extends KernelEra {
    private RequestQueue queue;
    private IoScheduler scheduler;

    Era30(Simulation.Config config) {
        super(config);
    }

    @Override
    BlockQueue buildBlockLayer(Parts parts) {
        RequestQueue rq = new RequestQueue(parts.clock(), parts.kernelClock(), parts.trace(), parts.info(),
                config.queueSettings().getInt("nr_requests"), maxSectors(parts.info()),
                config.kernelSettings().getString("plugging").equals("task"));
        parts.deviceHost().bind(rq);
        rq.setCpus(parts.cpus());
        IoSchedulerProvider provider = config.ioSchedulerProvider();
        String schedulerName = config.schedulerProvider().name();
        String schedulerLabel = parts.schedulerLabel();
        SchedulerHost schedulerHost = new SchedulerHost(rq, parts.clock(), parts.kernelClock(),
                parts.streams().forComponent("scheduler/" + schedulerName), parts.trace(), schedulerLabel);
        scheduler = guarded(parts.hooks(), schedulerLabel, "create",
                () -> provider.create(schedulerHost, config.schedulerSettings()));
        rq.attach(scheduler, schedulerLabel, parts.device(), parts.deviceLabel());
        setElevatorCost(parts, () -> provider.requestCpuNanos(config.schedulerSettings()));
        queue = rq;
        return rq;
    }

    @Override
    OsPolicies osPolicies() {
        return OsPolicies.LINUX_3_0;
    }

    /**
     * A scheduler that holds requests while the device is idle, the queue is not plugged and no timer of the
     * scheduler is armed will never dispatch them; it is asked once with {@code force} (as the kernel drains an
     * elevator), and a scheduler that still dispatches nothing is named.
     */
    @Override
    void checkSchedulerDispatches(EventQueue clock, String schedulerLabel) {
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

    @Override
    void exitScheduler() {
        scheduler.exit();
    }

    @Override
    void putQueueSettings(Map<String, String> all, BlockQueue queue, DeviceInfo info, HookWatch hooks) {
        // a 6.6 tunable: 3.0 has no writeback throttling
        all.remove("queue." + Simulation.WBT_LAT_USEC);
    }
}
