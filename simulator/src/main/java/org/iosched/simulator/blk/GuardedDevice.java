package org.iosched.simulator.blk;

import java.util.Map;
import org.iosched.api.BlockDevice;
import org.iosched.api.DeviceInfo;
import org.iosched.api.Request;
import org.iosched.simulator.engine.HookWatch;
import org.iosched.simulator.engine.PluginGuard;

/**
 * Calls a device plugin and names it in any exception it throws ({@link PluginGuard}), a stack overflow in a
 * hook included; each call is recorded in the run's {@link HookWatch} for the runner's watchdog.
 */
public final class GuardedDevice implements BlockDevice {
    private final BlockDevice delegate;
    private final String label;
    private final DeviceInfo info;
    private final HookWatch watch;
    private final int canAccept;
    private final int submit;
    private final int statistics;

    public GuardedDevice(BlockDevice delegate, String label, DeviceInfo info, HookWatch watch) {
        this.delegate = delegate;
        this.label = label;
        this.info = info;
        this.watch = watch;
        this.canAccept = watch.id(new HookWatch.Hook(label, "canAccept"));
        this.submit = watch.id(new HookWatch.Hook(label, "submit"));
        this.statistics = watch.id(new HookWatch.Hook(label, "statistics"));
    }

    public String label() {
        return label;
    }

    @Override
    public DeviceInfo info() {
        return info;
    }

    @Override
    public boolean canAccept(Request rq, int inFlight) {
        int interrupted = watch.enter(canAccept);
        try {
            return delegate.canAccept(rq, inFlight);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "canAccept", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public int hardwareQueues(int cpuCount) {
        int interrupted = watch.enter(watch.id(new HookWatch.Hook(label, "hardwareQueues")));
        try {
            return delegate.hardwareQueues(cpuCount);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "hardwareQueues", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public int hardwareQueueDepth() {
        int interrupted = watch.enter(watch.id(new HookWatch.Hook(label, "hardwareQueueDepth")));
        try {
            return delegate.hardwareQueueDepth();
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "hardwareQueueDepth", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public int dispatchBudget() {
        int interrupted = watch.enter(watch.id(new HookWatch.Hook(label, "dispatchBudget")));
        try {
            return delegate.dispatchBudget();
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "dispatchBudget", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public void submit(Request rq) {
        int interrupted = watch.enter(submit);
        try {
            delegate.submit(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "submit", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public Map<String, Number> statistics() {
        int interrupted = watch.enter(statistics);
        try {
            return delegate.statistics();
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "statistics", e);
        } finally {
            watch.exit(interrupted);
        }
    }
}
