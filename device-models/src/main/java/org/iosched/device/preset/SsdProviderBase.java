package org.iosched.device.preset;

import java.util.List;
import org.iosched.api.BlockDevice;
import org.iosched.api.BlockDeviceProvider;
import org.iosched.api.DeviceContext;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;
import org.iosched.device.ssd.SolidStateDrive;
import org.iosched.device.ssd.SsdParameters;

/** An SSD preset: its name, its one-line description and its figures as the tunables' defaults. */
abstract class SsdProviderBase implements BlockDeviceProvider {
    private final String name;
    private final String presetName;
    private final String description;
    private final SsdParameters preset;

    SsdProviderBase(String name, String presetName, String description, SsdParameters preset) {
        this.name = name;
        this.presetName = presetName;
        this.description = description;
        this.preset = preset;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public List<TunableDescriptor> tunables() {
        return preset.tunables();
    }

    @Override
    public BlockDevice create(DeviceContext context, Settings settings) {
        return new SolidStateDrive(context, presetName, SsdParameters.from(settings));
    }
}
