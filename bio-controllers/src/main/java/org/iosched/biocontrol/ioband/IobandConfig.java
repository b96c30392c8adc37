package org.iosched.biocontrol.ioband;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.iosched.api.Cgroup;
import org.iosched.biocontrol.CgroupKey;

/**
 * dm-ioband's table line and group weights, from the {@code ioband.*} keys.
 *
 * @param policy        {@code ioband.policy}
 * @param ioThrottle    {@code ioband.io_throttle}, 0 already replaced by the default 4
 * @param ioLimit       {@code ioband.io_limit}; 0 means 3/2 of the queue's {@code nr_requests}
 * @param keepIoContext {@code ioband.keep_io_context}: held bios keep the issuer's io context
 * @param legacyWorkqueue {@code ioband.workqueue=legacy}: kioband is a pre-2.6.36 workqueue thread, which
 *                      {@code worker_thread} set to nice -5, so CFQ sees its bios at best-effort level 3
 * @param weights       per-cgroup weight overrides by cgroup path ({@code "/"} for the default group)
 */
public record IobandConfig(IobandPolicy policy, int ioThrottle, int ioLimit, boolean keepIoContext,
                           boolean legacyWorkqueue, Map<String, Integer> weights) {
    /** The provider name and key prefix. */
    public static final String NAME = "ioband";
    /** {@code DEFAULT_IO_THROTTLE}. */
    public static final int DEFAULT_IO_THROTTLE = 4;
    /** dmsetup accepts io_throttle, io_limit and weights up to {@code SHORT_MAX}. */
    public static final int SHORT_MAX = Short.MAX_VALUE;

    static final String POLICY = "policy";
    static final String IO_THROTTLE = "io_throttle";
    static final String IO_LIMIT = "io_limit";
    static final String KEEP_IO_CONTEXT = "keep_io_context";
    static final String WORKQUEUE = "workqueue";
    static final String WEIGHT = "weight";
    static final List<String> FIXED_KEYS = List.of(POLICY, IO_THROTTLE, IO_LIMIT, KEEP_IO_CONTEXT, WORKQUEUE, WEIGHT);
    static final List<String> CGROUP_TUNABLES = List.of(WEIGHT);

    /** Copies the overrides into a sorted, unmodifiable map. */
    public IobandConfig {
        weights = Collections.unmodifiableMap(new TreeMap<>(weights));
    }

    /**
     * Reads the keys under {@code ioband.} (without the prefix).
     *
     * @throws org.iosched.api.InvalidInputException on an unknown key, a bad value or a missing policy
     */
    public static IobandConfig parse(Map<String, String> settings) {
        IobandPolicy policy = null;
        int ioThrottle = DEFAULT_IO_THROTTLE;
        int ioLimit = 0;
        boolean keepIoContext = false;
        boolean legacyWorkqueue = false;
        Map<String, Integer> weights = new TreeMap<>();
        for (Map.Entry<String, String> e : new TreeMap<>(settings).entrySet()) {
            String key = e.getKey();
            String value = e.getValue();
            switch (key) {
                case POLICY -> {
                    policy = IobandPolicy.byName(value == null ? "" : value.trim());
                    if (policy == null) {
                        throw CgroupKey.error("bad value " + NAME + ".policy=" + value
                                + "; accepted: weight, weight-iosize");
                    }
                }
                case IO_THROTTLE -> {
                    int v = (int) CgroupKey.parseLong(NAME, key, value, 0, SHORT_MAX, "bios, 0 = default 4");
                    ioThrottle = v == 0 ? DEFAULT_IO_THROTTLE : v;
                }
                case IO_LIMIT -> ioLimit = (int) CgroupKey.parseLong(NAME, key, value, 0, SHORT_MAX,
                        "bios, 0 = 3/2 of nr_requests");
                case KEEP_IO_CONTEXT -> keepIoContext = CgroupKey.parseSwitch(NAME, key, value);
                case WORKQUEUE -> {
                    String v = value == null ? "" : value.trim();
                    if (!v.equals("cmwq") && !v.equals("legacy")) {
                        throw CgroupKey.error("bad value " + NAME + ".workqueue=" + value + "; accepted: cmwq, legacy");
                    }
                    legacyWorkqueue = v.equals("legacy");
                }
                default -> {
                    CgroupKey k = CgroupKey.parse(NAME, key, CGROUP_TUNABLES, FIXED_KEYS);
                    weights.put(k.cgroupPath(), (int) CgroupKey.parseLong(NAME, key, value, 1, SHORT_MAX, ""));
                }
            }
        }
        if (policy == null) {
            throw CgroupKey.error(NAME + " is on (" + String.join(", ", new TreeMap<>(settings).keySet())
                    + " set) but has no policy; set " + NAME + ".policy=weight or " + NAME + ".policy=weight-iosize");
        }
        return new IobandConfig(policy, ioThrottle, ioLimit, keepIoContext, legacyWorkqueue, weights);
    }

    /**
     * The effective {@code io_limit} for a queue of {@code nrRequests} ({@code ioband_ctr}): 0 means
     * 3/2 of {@code nr_requests} (a batching process may overshoot {@code nr_requests} by half), and never
     * below {@code io_throttle}.
     */
    public int effectiveIoLimit(int nrRequests) {
        int limit = ioLimit == 0 ? 3 * nrRequests / 2 : ioLimit;
        return Math.max(limit, ioThrottle);
    }

    /** The weight of the group for {@code cgroup}: the override, else its {@code blkio.weight}. */
    public int weightOf(Cgroup cgroup) {
        Integer w = weights.get(cgroup.path());
        return w != null ? w : cgroup.weight();
    }
}
