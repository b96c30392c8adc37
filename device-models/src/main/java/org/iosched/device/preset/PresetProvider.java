package org.iosched.device.preset;

import java.util.List;
import java.util.function.BiFunction;
import org.iosched.api.BlockDevice;
import org.iosched.api.BlockDeviceProvider;
import org.iosched.api.DeviceContext;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;

/**
 * A device preset: its name, its one-line description, its figures as the tunables' defaults, and how a model
 * is built from the resolved settings. Subclasses are the registered providers, one per preset name.
 */
abstract class PresetProvider implements BlockDeviceProvider {
    private final String name;
    private final String description;
    private final List<TunableDescriptor> tunables;
    private final BiFunction<DeviceContext, Settings, BlockDevice> factory;

    /**
     * @param name        the name users select ({@code hdd}, {@code hdd-7200})
     * @param description one line
     * @param tunables    the model's parameters with this preset's figures as defaults
     * @param factory     builds the model from resolved settings
     */
    PresetProvider(String name, String description, List<TunableDescriptor> tunables,
                   BiFunction<DeviceContext, Settings, BlockDevice> factory) {
        this.name = name;
        this.description = description;
        this.tunables = List.copyOf(tunables);
        this.factory = factory;
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
        return tunables;
    }

    @Override
    public BlockDevice create(DeviceContext context, Settings settings) {
        return factory.apply(context, settings);
    }
}
