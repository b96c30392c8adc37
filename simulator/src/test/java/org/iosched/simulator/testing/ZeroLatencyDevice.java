package org.iosched.simulator.testing;

import java.util.ArrayDeque;
import java.util.List;
import org.iosched.api.BlockDevice;
import org.iosched.api.BlockDeviceProvider;
import org.iosched.api.DeviceContext;
import org.iosched.api.DeviceInfo;
import org.iosched.api.Request;
import org.iosched.api.Settings;
import org.iosched.api.Timer;
import org.iosched.api.TunableDescriptor;

/**
 * A device that completes every command at the instant it gets it (in an event right after), for
 * measuring the simulator's own cost: a tagged, non-rotational 1 GiB device of depth 32. Allocates nothing
 * per command.
 */
public final class ZeroLatencyDevice implements BlockDevice {
    private final DeviceInfo info;
    private final DeviceContext context;
    private final ArrayDeque<Request> done = new ArrayDeque<>();
    private final Timer timer;

    public ZeroLatencyDevice(DeviceInfo info, DeviceContext context) {
        this.info = info;
        this.context = context;
        this.timer = context.newTimer(this::fire);
    }

    @Override
    public DeviceInfo info() {
        return info;
    }

    @Override
    public void submit(Request rq) {
        done.addLast(rq);
        if (!timer.isPending()) {
            timer.arm(context.now());
        }
    }

    private void fire() {
        Request rq;
        while ((rq = done.pollFirst()) != null) {
            context.complete(rq);
        }
    }

    /** Its provider, named {@code zero}. */
    public static BlockDeviceProvider provider() {
        return new BlockDeviceProvider() {
            @Override
            public String name() {
                return "zero";
            }

            @Override
            public List<TunableDescriptor> tunables() {
                return List.of(TunableDescriptor.integer("queue_depth", 32, "commands", 1, 256, "tags"));
            }

            @Override
            public BlockDevice create(DeviceContext context, Settings settings) {
                return new ZeroLatencyDevice(new DeviceInfo("zero", FakeDeviceProvider.CAPACITY_SECTORS, false,
                        settings.getInt("queue_depth"), false, false, 1024), context);
            }
        };
    }
}
