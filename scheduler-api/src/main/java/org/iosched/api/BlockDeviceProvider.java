package org.iosched.api;

/**
 * Creates a {@link BlockDevice}: usually one provider per named preset ({@code hdd-7200},
 * {@code ssd-x25m}), whose {@link #tunables()} are the preset's parameters with its figures as defaults,
 * overridable with {@code --set device.<name>=<value>}. Register with
 * {@code @AutoService(BlockDeviceProvider.class)}.
 */
public interface BlockDeviceProvider extends PluginProvider {
    /**
     * @param context  the block layer's services
     * @param settings validated parameters
     */
    BlockDevice create(DeviceContext context, Settings settings);
}
