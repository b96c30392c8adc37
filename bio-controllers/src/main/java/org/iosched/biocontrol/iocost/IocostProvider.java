package org.iosched.biocontrol.iocost;

import com.google.auto.service.AutoService;
import java.util.List;
import java.util.Map;
import org.iosched.api.RqQosContext;
import org.iosched.api.RqQosPolicy;
import org.iosched.api.RqQosProvider;
import org.iosched.api.TunableDescriptor;

/** Provides {@code iocost}: cgroup v2's {@code io.cost} (blk-iocost of Linux 6.6, {@link IocostPolicy}). */
@AutoService(RqQosProvider.class)
public final class IocostProvider implements RqQosProvider {
    @Override
    public String name() {
        return IocostConfig.NAME;
    }

    @Override
    public String description() {
        return "cgroup v2 io.cost (blk-iocost, Linux 6.6): proportional device time by io.weight under a cost model"
                + " and latency QoS";
    }

    @Override
    public int order() {
        return 200;
    }

    @Override
    public List<TunableDescriptor> tunables() {
        return List.of(
                TunableDescriptor.bool("qos.enable", false, "io.cost.qos enable: 1 turns io.cost on (off by default,"
                        + " as in the kernel)"),
                TunableDescriptor.choice("qos.ctrl", "auto", List.of("auto", "user"),
                        "io.cost.qos ctrl: auto = the device class's parameters; writing a value switches to user"),
                TunableDescriptor.decimal("qos.rpct", 0, "%", 0, 100, "read latency percentile (0 = off)"),
                TunableDescriptor.integer("qos.rlat", 250000, "us", 0, Long.MAX_VALUE / 1000,
                        "read latency target (auto: 250000 on HDD, 25000 on SSD)"),
                TunableDescriptor.decimal("qos.wpct", 0, "%", 0, 100, "write latency percentile (0 = off)"),
                TunableDescriptor.integer("qos.wlat", 250000, "us", 0, Long.MAX_VALUE / 1000,
                        "write latency target (auto: 250000 on HDD, 25000 on SSD)"),
                TunableDescriptor.decimal("qos.min", 1, "%", 1, 10000, "lowest vrate"),
                TunableDescriptor.decimal("qos.max", 10000, "%", 1, 10000, "highest vrate"),
                TunableDescriptor.choice("model.ctrl", "auto", List.of("auto", "user"),
                        "io.cost.model ctrl: auto = autop's linear coefficients for the device class"),
                TunableDescriptor.integer("model.rbps", 0, "bytes/s", 0, Long.MAX_VALUE, "linear model: read bytes/s"),
                TunableDescriptor.integer("model.rseqiops", 0, "IO/s", 0, Long.MAX_VALUE, "sequential read IO/s"),
                TunableDescriptor.integer("model.rrandiops", 0, "IO/s", 0, Long.MAX_VALUE, "random read IO/s"),
                TunableDescriptor.integer("model.wbps", 0, "bytes/s", 0, Long.MAX_VALUE, "write bytes/s"),
                TunableDescriptor.integer("model.wseqiops", 0, "IO/s", 0, Long.MAX_VALUE, "sequential write IO/s"),
                TunableDescriptor.integer("model.wrandiops", 0, "IO/s", 0, Long.MAX_VALUE, "random write IO/s"),
                TunableDescriptor.integer("cgroup.weight", 100, "", 1, 10000,
                        "template: iocost.<cgroup>.weight=W is io.weight of cgroup /<cgroup> (1..10000, default 100)"));
    }

    @Override
    public RqQosPolicy create(RqQosContext context, Map<String, String> settings) {
        return new IocostPolicy(context, IocostConfig.parse(settings));
    }

    /** {@code ioc_qos_write}: enabling io.cost calls {@code wbt_disable_default}. */
    @Override
    public boolean disablesDefaultWbt(Map<String, String> settings) {
        return IocostConfig.parse(settings).enable();
    }
}
