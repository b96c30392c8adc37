package org.iosched.runner.plugin;

import com.google.inject.AbstractModule;
import com.google.inject.multibindings.MapBinder;
import java.util.List;
import org.iosched.api.BioControllerProvider;
import org.iosched.api.BlockDeviceProvider;
import org.iosched.api.IoSchedulerProvider;
import org.iosched.api.MqSchedulerProvider;
import org.iosched.api.RqQosProvider;
import org.iosched.api.WorkloadProvider;

/**
 * Binds every discovered provider by name in a Guice {@link MapBinder} per kind, so that the rest of the
 * runner asks for {@code Map<String, IoSchedulerProvider>} (and the other two) and never sees discovery.
 */
public final class PluginModule extends AbstractModule {
    private final List<DiscoveredPlugin> plugins;

    /** @param plugins the result of {@link PluginDiscovery#discover} */
    public PluginModule(List<DiscoveredPlugin> plugins) {
        this.plugins = List.copyOf(plugins);
    }

    @Override
    protected void configure() {
        MapBinder<String, IoSchedulerProvider> schedulers =
                MapBinder.newMapBinder(binder(), String.class, IoSchedulerProvider.class);
        MapBinder<String, MqSchedulerProvider> mqSchedulers =
                MapBinder.newMapBinder(binder(), String.class, MqSchedulerProvider.class);
        MapBinder<String, BlockDeviceProvider> devices =
                MapBinder.newMapBinder(binder(), String.class, BlockDeviceProvider.class);
        MapBinder<String, WorkloadProvider> workloads =
                MapBinder.newMapBinder(binder(), String.class, WorkloadProvider.class);
        MapBinder<String, BioControllerProvider> controllers =
                MapBinder.newMapBinder(binder(), String.class, BioControllerProvider.class);
        MapBinder<String, RqQosProvider> rqQos = MapBinder.newMapBinder(binder(), String.class, RqQosProvider.class);
        for (DiscoveredPlugin plugin : plugins) {
            switch (plugin.kind()) {
                case SCHEDULER -> schedulers.addBinding(plugin.name()).toInstance((IoSchedulerProvider) plugin.provider());
                case MQ_SCHEDULER -> mqSchedulers.addBinding(plugin.name())
                        .toInstance((MqSchedulerProvider) plugin.provider());
                case DEVICE -> devices.addBinding(plugin.name()).toInstance((BlockDeviceProvider) plugin.provider());
                case WORKLOAD -> workloads.addBinding(plugin.name()).toInstance((WorkloadProvider) plugin.provider());
                case BIO_CONTROLLER -> controllers.addBinding(plugin.name())
                        .toInstance((BioControllerProvider) plugin.provider());
                case RQ_QOS -> rqQos.addBinding(plugin.name()).toInstance((RqQosProvider) plugin.provider());
            }
        }
        bind(PluginCatalog.class).toInstance(new PluginCatalog(plugins));
    }
}
