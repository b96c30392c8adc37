package org.iosched.device.preset;

import org.iosched.device.ssd.SolidStateDrive;
import org.iosched.device.ssd.SsdParameters;

/** An SSD preset, reported under {@code presetName} ({@code ssd} reports as {@code ssd-x25m}). */
abstract class SsdProviderBase extends PresetProvider {
    SsdProviderBase(String name, String presetName, String description, SsdParameters preset) {
        super(name, description, preset.tunables(),
                (context, settings) -> new SolidStateDrive(context, presetName, SsdParameters.from(settings)));
    }
}
