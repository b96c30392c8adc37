package org.iosched.device.preset;

import org.iosched.device.rotational.RotationalDisk;
import org.iosched.device.rotational.RotationalParameters;

/** A rotational disk preset, reported under {@code presetName} ({@code hdd} reports as {@code hdd-7200}). */
abstract class RotationalDiskProvider extends PresetProvider {
    RotationalDiskProvider(String name, String presetName, String description, RotationalParameters preset) {
        super(name, description, preset.tunables(),
                (context, settings) -> new RotationalDisk(context, presetName, RotationalParameters.from(settings)));
    }
}
