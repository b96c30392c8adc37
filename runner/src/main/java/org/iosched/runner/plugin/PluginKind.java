package org.iosched.runner.plugin;

import org.iosched.api.BioControllerProvider;
import org.iosched.api.BlockDeviceProvider;
import org.iosched.api.IoSchedulerProvider;
import org.iosched.api.MqSchedulerProvider;
import org.iosched.api.PluginProvider;
import org.iosched.api.RqQosProvider;
import org.iosched.api.WorkloadProvider;

/** The kinds of plugin the runner discovers, with the SPI each is loaded through. */
public enum PluginKind {
    /** I/O schedulers ({@code --scheduler}). */
    SCHEDULER("scheduler", IoSchedulerProvider.class),
    /** Linux 6.6 blk-mq schedulers ({@code --scheduler}; names unique across both kinds of scheduler). */
    MQ_SCHEDULER("scheduler", MqSchedulerProvider.class),
    /** Devices ({@code --device}). */
    DEVICE("device", BlockDeviceProvider.class),
    /** Workloads ({@code --workload}). */
    WORKLOAD("workload", WorkloadProvider.class),
    /** Bio controllers above the request queue, on when a {@code --set NAME.*} key is given. */
    BIO_CONTROLLER("bio controller", BioControllerProvider.class),
    /**
     * Linux 6.6 request-QoS policies (io.latency, io.cost), on when a {@code --set NAME.*} key is given; names unique
     * across bio controllers and them, both owning {@code --set} keys.
     */
    RQ_QOS("rq-qos policy", RqQosProvider.class);

    private final String label;
    private final Class<? extends PluginProvider> spi;

    PluginKind(String label, Class<? extends PluginProvider> spi) {
        this.label = label;
        this.spi = spi;
    }

    /** The word users see ({@code scheduler}). */
    public String label() {
        return label;
    }

    /** The kind names are unique within: both kinds of scheduler share one name space. */
    public PluginKind nameSpace() {
        return this == MQ_SCHEDULER ? SCHEDULER : this == RQ_QOS ? BIO_CONTROLLER : this;
    }

    /** The provider interface. */
    public Class<? extends PluginProvider> spi() {
        return spi;
    }
}
