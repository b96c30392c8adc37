package org.iosched.device.preset;

import com.google.auto.service.AutoService;
import org.iosched.api.BlockDeviceProvider;

/** The {@code ssd-x25m} device: {@link SsdPresets#SSD_X25M}. */
@AutoService(BlockDeviceProvider.class)
public final class SsdX25mProvider extends SsdProviderBase {
    /** Registered by {@code ServiceLoader}. */
    public SsdX25mProvider() {
        super("ssd-x25m", "ssd-x25m", "160 GB SATA SSD, Intel X25-M G2 class (2009): 10 channels x 4 dies, NCQ 31, page-mapped FTL", SsdPresets.SSD_X25M);
    }
}
