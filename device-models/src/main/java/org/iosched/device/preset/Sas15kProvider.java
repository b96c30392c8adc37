package org.iosched.device.preset;

import com.google.auto.service.AutoService;
import org.iosched.api.BlockDeviceProvider;

/** The {@code sas-15k} device: {@link RotationalPresets#SAS_15K}. */
@AutoService(BlockDeviceProvider.class)
public final class Sas15kProvider extends RotationalDiskProvider {
    /** Registered by {@code ServiceLoader}. */
    public Sas15kProvider() {
        super("sas-15k", "sas-15k", "600 GB SAS 15k rpm disk (Cheetah 15K.7 class), TCQ depth 32, 16 MiB cache", RotationalPresets.SAS_15K);
    }
}
