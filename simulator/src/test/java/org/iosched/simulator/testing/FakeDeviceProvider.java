package org.iosched.simulator.testing;

import java.util.List;
import java.util.function.ToLongFunction;
import org.iosched.api.BlockDevice;
import org.iosched.api.BlockDeviceProvider;
import org.iosched.api.DeviceContext;
import org.iosched.api.DeviceInfo;
import org.iosched.api.Request;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;

/**
 * Provides {@link FakeDevice}s: a rotational disk or an SSD of 1 GiB with a service time per request and a
 * {@code queue_depth} tunable.
 */
public final class FakeDeviceProvider implements BlockDeviceProvider {
    public static final long CAPACITY_SECTORS = 2L * 1024 * 1024;

    private final String name;
    private final boolean rotational;
    private final boolean writeCache;
    private final boolean fua;
    private final int defaultDepth;
    private final ToLongFunction<Request> serviceTime;
    private FakeDevice last;

    public FakeDeviceProvider(String name, boolean rotational, boolean writeCache, boolean fua, int defaultDepth,
                              ToLongFunction<Request> serviceTime) {
        this.name = name;
        this.rotational = rotational;
        this.writeCache = writeCache;
        this.fua = fua;
        this.defaultDepth = defaultDepth;
        this.serviceTime = serviceTime;
    }

    /** A disk of queue depth 1 taking {@code nanos} per request. */
    public static FakeDeviceProvider fixedLatencyDisk(long nanos) {
        return new FakeDeviceProvider("fake-disk", true, false, false, 1, rq -> nanos);
    }

    /** A tagged SSD (depth 32) completing everything at once. */
    public static FakeDeviceProvider zeroLatencySsd() {
        return new FakeDeviceProvider("fake-ssd", false, false, false, 32, rq -> 0);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<TunableDescriptor> tunables() {
        return List.of(TunableDescriptor.integer("queue_depth", defaultDepth, "commands", 1, 64, "tags"));
    }

    @Override
    public BlockDevice create(DeviceContext context, Settings settings) {
        DeviceInfo info = new DeviceInfo(name, CAPACITY_SECTORS, rotational, settings.getInt("queue_depth"),
                writeCache, fua, 1024);
        last = new FakeDevice(info, context, serviceTime);
        return last;
    }

    /** The device created last. */
    public FakeDevice last() {
        return last;
    }
}
