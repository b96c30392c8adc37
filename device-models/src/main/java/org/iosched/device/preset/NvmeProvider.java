package org.iosched.device.preset;

import com.google.auto.service.AutoService;
import org.iosched.api.BlockDeviceProvider;

/**
 * The {@code nvme} device: {@link SsdPresets#NVME}. On Linux 6.6's blk-mq it has one hardware queue per CPU, up to
 * {@link #IO_QUEUES}, each of 1023 tags (io_queue_depth 1024 less one).
 */
@AutoService(BlockDeviceProvider.class)
public final class NvmeProvider extends SsdProviderBase {
    /** Registered by {@code ServiceLoader}. */
    public NvmeProvider() {
        super("nvme", "nvme", "1 TB NVMe SSD, Samsung 980 PRO class (modern, for contrast): 8 channels x 8 dies",
                SsdPresets.NVME, IO_QUEUES);
    }

    /** The controller's I/O queues (a 980 PRO class controller reports 128; unverified for that model). */
    public static final int IO_QUEUES = 128;
}
