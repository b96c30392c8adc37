package org.iosched.device.preset;

import com.google.auto.service.AutoService;
import org.iosched.api.BlockDeviceProvider;

/** The {@code ssd-x25m-flash} device: {@link SsdPresets#SSD_X25M_FLASH}. */
@AutoService(BlockDeviceProvider.class)
public final class SsdX25mFlashProvider extends SsdProviderBase {
    /** Registered by {@code ServiceLoader}. */
    public SsdX25mFlashProvider() {
        super("ssd-x25m-flash", "ssd-x25m-flash",
                "the ssd-x25m drive built from its flash figures (tR 50 us, 40 MB/s ONFI-1 channels): "
                        + "QD1 about 5K IOPS, saturating near QD 12", SsdPresets.SSD_X25M_FLASH);
    }
}
