package org.iosched.device.preset;

import com.google.auto.service.AutoService;
import org.iosched.api.BlockDeviceProvider;

/** The {@code ssd} device: {@link SsdPresets#SSD_X25M}, reported as {@code ssd-x25m}. */
@AutoService(BlockDeviceProvider.class)
public final class SsdProvider extends SsdProviderBase {
    /** Registered by {@code ServiceLoader}. */
    public SsdProvider() {
        super("ssd", "ssd-x25m", "alias of ssd-x25m: 160 GB SATA SSD, Intel X25-M G2 class (2009)", SsdPresets.SSD_X25M);
    }
}
