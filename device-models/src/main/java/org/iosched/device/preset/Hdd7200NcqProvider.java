package org.iosched.device.preset;

import com.google.auto.service.AutoService;
import org.iosched.api.BlockDeviceProvider;

/** The {@code hdd-7200-ncq} device: {@link RotationalPresets#HDD_7200_NCQ}. */
@AutoService(BlockDeviceProvider.class)
public final class Hdd7200NcqProvider extends RotationalDiskProvider {
    /** Registered by {@code ServiceLoader}. */
    public Hdd7200NcqProvider() {
        super("hdd-7200-ncq", "hdd-7200-ncq", "1 TB SATA 7200 rpm disk (~2010) with NCQ (queue_depth=31), 32 MiB write-back cache", RotationalPresets.HDD_7200_NCQ);
    }
}
