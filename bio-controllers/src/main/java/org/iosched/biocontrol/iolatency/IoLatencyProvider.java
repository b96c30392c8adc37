package org.iosched.biocontrol.iolatency;

import com.google.auto.service.AutoService;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iosched.api.RqQosContext;
import org.iosched.api.RqQosPolicy;
import org.iosched.api.RqQosProvider;
import org.iosched.api.TunableDescriptor;
import org.iosched.biocontrol.CgroupKey;

/**
 * Provides {@code iolatency}: cgroup v2's {@code io.latency} of Linux 6.6 ({@link IoLatency}), an rq-qos policy on
 * when any {@code iolatency.*} key is set. {@code iolatency.<cgroup>.target=<µs>} is what
 * {@code echo "MAJ:MIN target=<µs>" > /sys/fs/cgroup/<cgroup>/io.latency} sets; 0 or {@code max} removes the
 * target. The root cgroup has no {@code io.latency} file. Enabled after blk-wbt ({@link #order()} 100), so it
 * throttles a bio first.
 */
@AutoService(RqQosProvider.class)
public final class IoLatencyProvider implements RqQosProvider {
    /** The provider's name and key prefix. */
    public static final String NAME = "iolatency";
    /** The per-cgroup key. */
    public static final String TARGET = "target";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "cgroup v2 io.latency (6.6 blk-iolatency): a group missing its latency target throttles the I/O"
                + " depth of its siblings with looser targets";
    }

    @Override
    public int order() {
        return 100;
    }

    @Override
    public List<TunableDescriptor> tunables() {
        return List.of(TunableDescriptor.integer("cgroup." + TARGET, 0, "us", 0, Long.MAX_VALUE / 1000,
                "template: iolatency.<cgroup>.target=N is io.latency's target=N of cgroup /<cgroup> (path without"
                        + " the leading '/'; not on the root); 0 or max = no target"));
    }

    @Override
    public RqQosPolicy create(RqQosContext context, Map<String, String> settings) {
        return new IoLatency(context, parse(settings));
    }

    /** The targets by cgroup path, in µs. */
    static Map<String, Long> parse(Map<String, String> settings) {
        Map<String, Long> targets = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : settings.entrySet()) {
            CgroupKey key = CgroupKey.parse(NAME, e.getKey(), List.of(TARGET), List.of());
            if (key.cgroupPath().equals("/")) {
                throw CgroupKey.error("iolatency." + e.getKey() + ": the root cgroup has no io.latency; write "
                        + "iolatency.<cgroup>.target=<us> for a cgroup below it, e.g. iolatency.grp1.target=5000");
            }
            String value = e.getValue() == null ? "" : e.getValue().trim();
            long target = value.equals("max") ? 0
                    : CgroupKey.parseLong(NAME, e.getKey(), value, 0, Long.MAX_VALUE / 1000, "us, or max");
            targets.put(key.cgroupPath(), target);
        }
        return targets;
    }
}
