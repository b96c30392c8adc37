package org.iosched.simulator.block;

import java.util.Map;
import org.iosched.api.BlockDevice;
import org.iosched.api.DeviceInfo;
import org.iosched.api.Request;
import org.iosched.simulator.engine.PluginGuard;

/** Calls a device plugin and names it in any exception it throws ({@link PluginGuard}). */
final class GuardedDevice implements BlockDevice {
    private final BlockDevice delegate;
    private final String label;
    private final DeviceInfo info;

    GuardedDevice(BlockDevice delegate, String label, DeviceInfo info) {
        this.delegate = delegate;
        this.label = label;
        this.info = info;
    }

    String label() {
        return label;
    }

    @Override
    public DeviceInfo info() {
        return info;
    }

    @Override
    public boolean canAccept(Request rq, int inFlight) {
        try {
            return delegate.canAccept(rq, inFlight);
        } catch (RuntimeException e) {
            throw PluginGuard.blame(label, e);
        }
    }

    @Override
    public void submit(Request rq) {
        try {
            delegate.submit(rq);
        } catch (RuntimeException e) {
            throw PluginGuard.blame(label, e);
        }
    }

    @Override
    public Map<String, Number> statistics() {
        try {
            return delegate.statistics();
        } catch (RuntimeException e) {
            throw PluginGuard.blame(label, e);
        }
    }
}
