package org.iosched.device.preset;

import com.google.auto.service.AutoService;
import org.iosched.api.BlockDeviceProvider;

/** The {@code hdd-7200} device: {@link RotationalPresets#HDD_7200}. */
@AutoService(BlockDeviceProvider.class)
public final class Hdd7200Provider extends RotationalDiskProvider {
    /** Registered by {@code ServiceLoader}. */
    public Hdd7200Provider() {
        super("hdd-7200", "hdd-7200", "1 TB SATA 7200 rpm disk (~2010), no NCQ (queue_depth=1), 32 MiB write-back cache", RotationalPresets.HDD_7200);
    }
}
