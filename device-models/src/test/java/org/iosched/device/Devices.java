package org.iosched.device;

import java.util.Map;
import org.iosched.api.BlockDevice;
import org.iosched.api.BlockDeviceProvider;
import org.iosched.api.Settings;

/** Test helper: a device from a provider with some tunables overridden. */
public final class Devices {
    private Devices() {
    }

    /** Creates {@code provider}'s device on {@code context} with {@code overrides} applied. */
    public static BlockDevice create(BlockDeviceProvider provider, FakeDeviceContext context,
                                     Map<String, String> overrides) {
        return provider.create(context, Settings.resolve(provider.name(), provider.tunables(), overrides));
    }
}
