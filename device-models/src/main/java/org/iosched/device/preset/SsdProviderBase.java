package org.iosched.device.preset;

import org.iosched.device.ssd.SolidStateDrive;
import org.iosched.device.ssd.SsdParameters;

/** An SSD preset, reported under {@code presetName} ({@code ssd} reports as {@code ssd-x25m}). */
abstract class SsdProviderBase extends PresetProvider {
    SsdProviderBase(String name, String presetName, String description, SsdParameters preset) {
        this(name, presetName, description, preset, 1);
    }

    /** @param ioQueues the controller's I/O queues (NVMe; blk-mq gives each CPU one up to this count) */
    SsdProviderBase(String name, String presetName, String description, SsdParameters preset, int ioQueues) {
        super(name, description, preset.tunables(),
                (context, settings) -> new SolidStateDrive(context, presetName, SsdParameters.from(settings), ioQueues));
    }
}
