package org.iosched.simulator.blk;

import java.util.Map;
import org.iosched.api.BlockDevice;
import org.iosched.api.DeviceInfo;
import org.iosched.api.Request;
import org.iosched.simulator.engine.HookWatch;

/**
 * Calls a device plugin and names it in any exception it throws ({@link GuardedPlugin}), a stack overflow in a
 * hook included; each call is recorded in the run's {@link HookWatch} for the runner's watchdog.
 */
public final class GuardedDevice extends GuardedPlugin implements BlockDevice {
    private final BlockDevice delegate;
    private final DeviceInfo info;
    private final int canAccept;
    private final int submit;
    private final int statistics;

    public GuardedDevice(BlockDevice delegate, String label, DeviceInfo info, HookWatch watch) {
        super(label, watch);
        this.delegate = delegate;
        this.info = info;
        this.canAccept = hook("canAccept");
        this.submit = hook("submit");
        this.statistics = hook("statistics");
    }

    @Override
    public DeviceInfo info() {
        return info;
    }

    @Override
    public boolean canAccept(Request rq, int inFlight) {
        int interrupted = enter(canAccept);
        try {
            return delegate.canAccept(rq, inFlight);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("canAccept", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public int hardwareQueues(int cpuCount) {
        int interrupted = enter(hook("hardwareQueues"));
        try {
            return delegate.hardwareQueues(cpuCount);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("hardwareQueues", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public int hardwareQueueDepth() {
        int interrupted = enter(hook("hardwareQueueDepth"));
        try {
            return delegate.hardwareQueueDepth();
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("hardwareQueueDepth", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public int dispatchBudget() {
        int interrupted = enter(hook("dispatchBudget"));
        try {
            return delegate.dispatchBudget();
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("dispatchBudget", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public void submit(Request rq) {
        int interrupted = enter(submit);
        try {
            delegate.submit(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("submit", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public Map<String, Number> statistics() {
        int interrupted = enter(statistics);
        try {
            return delegate.statistics();
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("statistics", e);
        } finally {
            exit(interrupted);
        }
    }
}
