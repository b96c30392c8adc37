package org.iosched.device.rotational;

import java.util.Map;
import org.iosched.api.BlockDevice;
import org.iosched.api.BlockDeviceProvider;
import org.iosched.device.Devices;
import org.iosched.device.FakeDeviceContext;
import org.iosched.device.LoadDriver;
import org.iosched.device.LoadDriver.Result;
import org.iosched.device.preset.Hdd7200NcqProvider;
import org.iosched.device.preset.Hdd7200Provider;

/** Runs a load on a 7200 rpm preset. */
final class Hdd7200CalibrationSupport {
    private Hdd7200CalibrationSupport() {
    }

    static Result run(Map<String, String> overrides, LoadDriver.Source source, int depth, long total, long warmup) {
        return run(new Hdd7200Provider(), overrides, source, depth, total, warmup);
    }

    static Result runNcq(Map<String, String> overrides, LoadDriver.Source source, int depth, long total, long warmup) {
        return run(new Hdd7200NcqProvider(), overrides, source, depth, total, warmup);
    }

    private static Result run(BlockDeviceProvider provider, Map<String, String> overrides, LoadDriver.Source source,
                              int depth, long total, long warmup) {
        FakeDeviceContext context = new FakeDeviceContext(1);
        BlockDevice device = Devices.create(provider, context, overrides);
        return new LoadDriver(context, device, 7).run(source, depth, total, warmup);
    }
}
