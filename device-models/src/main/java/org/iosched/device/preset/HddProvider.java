package org.iosched.device.preset;

import com.google.auto.service.AutoService;
import org.iosched.api.BlockDeviceProvider;

/** The {@code hdd} device: {@link RotationalPresets#HDD_7200}, reported as {@code hdd-7200}. */
@AutoService(BlockDeviceProvider.class)
public final class HddProvider extends RotationalDiskProvider {
    /** Registered by {@code ServiceLoader}. */
    public HddProvider() {
        super("hdd", "hdd-7200", "alias of hdd-7200: 1 TB SATA 7200 rpm disk (~2010), no NCQ", RotationalPresets.HDD_7200);
    }
}
