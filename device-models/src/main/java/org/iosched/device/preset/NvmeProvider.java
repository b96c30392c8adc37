package org.iosched.device.preset;

import com.google.auto.service.AutoService;
import org.iosched.api.BlockDeviceProvider;

/** The {@code nvme} device: {@link SsdPresets#NVME}. */
@AutoService(BlockDeviceProvider.class)
public final class NvmeProvider extends SsdProviderBase {
    /** Registered by {@code ServiceLoader}. */
    public NvmeProvider() {
        super("nvme", "nvme", "1 TB NVMe SSD, Samsung 980 PRO class (modern, for contrast): 8 channels x 8 dies", SsdPresets.NVME);
    }
}
