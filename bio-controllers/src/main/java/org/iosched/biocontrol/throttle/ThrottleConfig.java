package org.iosched.biocontrol.throttle;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.iosched.biocontrol.CgroupKey;

/**
 * The throttling rules from the {@code throttle.*} keys: {@code throttle.<cgroup>.read_bps_device=<bytes/s>}
 * and the three others per cgroup ({@code throttle.read_bps_device} for the root cgroup), and the
 * {@code keep_io_context} switch.
 *
 * @param keepIoContext bios dispatched by the worker keep the issuer's io context
 * @param limits        rules by cgroup path; cgroups not listed are not throttled
 */
public record ThrottleConfig(boolean keepIoContext, Map<String, ThrottleLimits> limits) {
    /** The provider name and key prefix. */
    public static final String NAME = "throttle";
    static final String READ_BPS = "read_bps_device";
    static final String WRITE_BPS = "write_bps_device";
    static final String READ_IOPS = "read_iops_device";
    static final String WRITE_IOPS = "write_iops_device";
    static final String KEEP_IO_CONTEXT = "keep_io_context";
    static final List<String> CGROUP_TUNABLES = List.of(READ_BPS, WRITE_BPS, READ_IOPS, WRITE_IOPS);
    static final List<String> FIXED_KEYS = List.of(KEEP_IO_CONTEXT, READ_BPS, WRITE_BPS, READ_IOPS, WRITE_IOPS);
    /** The iops rules are {@code unsigned int} in 2.6.37. */
    static final long MAX_IOPS = 0xFFFF_FFFFL;

    /** Copies the rules into a sorted, unmodifiable map. */
    public ThrottleConfig {
        limits = Collections.unmodifiableMap(new TreeMap<>(limits));
    }

    /**
     * Reads the keys under {@code throttle.} (without the prefix). A rate of 0 writes no rule, as writing
     * {@code "maj:min 0"} deletes one in the kernel.
     *
     * @throws org.iosched.api.InvalidInputException on an unknown key or a bad value
     */
    public static ThrottleConfig parse(Map<String, String> settings) {
        boolean keep = false;
        Map<String, ThrottleLimits> limits = new TreeMap<>();
        for (Map.Entry<String, String> e : new TreeMap<>(settings).entrySet()) {
            String key = e.getKey();
            if (key.equals(KEEP_IO_CONTEXT)) {
                keep = CgroupKey.parseSwitch(NAME, key, e.getValue());
                continue;
            }
            CgroupKey k = CgroupKey.parse(NAME, key, CGROUP_TUNABLES, FIXED_KEYS);
            boolean iops = k.tunable().endsWith("_iops_device");
            long v = CgroupKey.parseLong(NAME, key, e.getValue(), 0, iops ? MAX_IOPS : Long.MAX_VALUE,
                    (iops ? "IO/s" : "bytes/s") + ", 0 = no limit");
            ThrottleLimits old = limits.getOrDefault(k.cgroupPath(), ThrottleLimits.NONE);
            limits.put(k.cgroupPath(), old.with(k.tunable(), v == 0 ? ThrottleLimits.UNLIMITED : v));
        }
        return new ThrottleConfig(keep, limits);
    }

    /** The rules of the cgroup at {@code path}. */
    public ThrottleLimits limitsOf(String path) {
        return limits.getOrDefault(path, ThrottleLimits.NONE);
    }
}
