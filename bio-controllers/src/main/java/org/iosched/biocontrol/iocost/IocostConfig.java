package org.iosched.biocontrol.iocost;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.iosched.biocontrol.CgroupKey;

/**
 * The {@code iocost.*} keys: the root's {@code io.cost.qos} ({@code iocost.qos.enable|ctrl|rpct|rlat|wpct|wlat|min|max}),
 * {@code io.cost.model} ({@code iocost.model.ctrl|rbps|rseqiops|rrandiops|wbps|wseqiops|wrandiops}) and each cgroup's
 * {@code io.weight} ({@code iocost.<cgroup>.weight}, 1..10000, default 100). Unset QoS and model values come from the
 * device class's automatic parameters ({@code autop}); writing one switches that file's {@code ctrl} to user, as
 * the kernel does.
 *
 * @param enable   {@code enable}: off by default, as in the kernel
 * @param qosUser  {@code io.cost.qos ctrl=user}
 * @param qos      rpct, rlat, wpct, wlat, min, max as written (ppm for percentages, µs for latencies); -1 unset
 * @param modelUser {@code io.cost.model ctrl=user}
 * @param model    rbps, rseqiops, rrandiops, wbps, wseqiops, wrandiops as written; -1 unset
 * @param weights  {@code io.weight} by cgroup path
 */
public record IocostConfig(boolean enable, boolean qosUser, long[] qos, boolean modelUser, long[] model,
                           Map<String, Integer> weights) {
    /** The provider name and key prefix. */
    public static final String NAME = "iocost";
    static final List<String> QOS_KEYS = List.of("rpct", "rlat", "wpct", "wlat", "min", "max");
    static final List<String> MODEL_KEYS = List.of("rbps", "rseqiops", "rrandiops", "wbps", "wseqiops", "wrandiops");
    static final int QOS_RPPM = 0;
    static final int QOS_RLAT = 1;
    static final int QOS_WPPM = 2;
    static final int QOS_WLAT = 3;
    static final int QOS_MIN = 4;
    static final int QOS_MAX = 5;
    /** {@code CGROUP_WEIGHT_MIN}, {@code _DFL}, {@code _MAX}. */
    static final int WEIGHT_MIN = 1;
    static final int WEIGHT_DFL = 100;
    static final int WEIGHT_MAX = 10000;

    /** Copies the weights. */
    public IocostConfig {
        weights = Collections.unmodifiableMap(new TreeMap<>(weights));
        qos = qos.clone();
        model = model.clone();
    }

    /** {@code io.weight} of {@code path}: the default 100 unless written. */
    int weight(String path) {
        return weights.getOrDefault(path, WEIGHT_DFL);
    }

    /**
     * Reads the keys under {@code iocost.} (without the prefix).
     *
     * @throws org.iosched.api.InvalidInputException on an unknown key or a bad value, naming what is accepted
     */
    public static IocostConfig parse(Map<String, String> settings) {
        boolean enable = false;
        boolean qosUser = false;
        boolean modelUser = false;
        boolean qosCtrlGiven = false;
        boolean modelCtrlGiven = false;
        long[] qos = {-1, -1, -1, -1, -1, -1};
        long[] model = {-1, -1, -1, -1, -1, -1};
        Map<String, Integer> weights = new TreeMap<>();
        for (Map.Entry<String, String> e : new TreeMap<>(settings).entrySet()) {
            String key = e.getKey();
            String value = e.getValue() == null ? "" : e.getValue().trim();
            if (key.equals("qos.enable")) {
                enable = CgroupKey.parseSwitch(NAME, key, value);
            } else if (key.equals("qos.ctrl") || key.equals("model.ctrl")) {
                boolean user = switch (value) {
                    case "user" -> true;
                    case "auto" -> false;
                    default -> throw CgroupKey.error("bad value " + NAME + "." + key + "=" + value
                            + "; accepted: auto or user");
                };
                if (key.startsWith("qos")) {
                    qosUser = user;
                    qosCtrlGiven = true;
                } else {
                    modelUser = user;
                    modelCtrlGiven = true;
                }
            } else if (key.startsWith("qos.") && QOS_KEYS.contains(key.substring(4))) {
                int i = QOS_KEYS.indexOf(key.substring(4));
                qos[i] = switch (i) {
                    case QOS_RLAT, QOS_WLAT -> CgroupKey.parseLong(NAME, key, value, 0, Long.MAX_VALUE / 1000, "µs");
                    case QOS_RPPM, QOS_WPPM -> percentPpm(key, value, 0, 100);
                    default -> percentPpm(key, value, 1, 10000);
                };
            } else if (key.startsWith("model.") && MODEL_KEYS.contains(key.substring(6))) {
                int i = MODEL_KEYS.indexOf(key.substring(6));
                model[i] = CgroupKey.parseLong(NAME, key, value, 1, Long.MAX_VALUE,
                        i % 3 == 0 ? "bytes/s" : "IO/s");
            } else {
                CgroupKey k = CgroupKey.parse(NAME, key, List.of("weight"), List.of("qos.enable", "qos.ctrl",
                        "qos.rpct|rlat|wpct|wlat|min|max", "model.ctrl", "model.rbps|rseqiops|rrandiops|wbps|wseqiops"
                                + "|wrandiops"));
                if (k.cgroupPath().equals("/")) {
                    throw CgroupKey.error("'" + NAME + "." + key + "' names the root cgroup, which has no io.weight;"
                            + " write " + NAME + ".<cgroup>.weight");
                }
                weights.put(k.cgroupPath(), (int) CgroupKey.parseLong(NAME, key, value, WEIGHT_MIN, WEIGHT_MAX, ""));
            }
        }
        // ioc_qos_write / ioc_cost_model_write: writing a parameter switches ctrl to user
        for (long v : qos) {
            if (v >= 0 && !qosCtrlGiven) {
                qosUser = true;
            }
        }
        for (long v : model) {
            if (v >= 0 && !modelCtrlGiven) {
                modelUser = true;
            }
        }
        if (qos[QOS_MIN] >= 0 && qos[QOS_MAX] >= 0 && qos[QOS_MIN] > qos[QOS_MAX]) {
            throw CgroupKey.error("bad value " + NAME + ".qos.min=" + settings.get("qos.min") + "; min must not"
                    + " exceed max (" + settings.get("qos.max") + ")");
        }
        return new IocostConfig(enable, qosUser, qos, modelUser, model, weights);
    }

    /** A percentage with up to two decimals, as ppm ({@code cgroup_parse_float(..., 2, ...)} times 100). */
    private static long percentPpm(String key, String value, double min, double max) {
        try {
            double v = Double.parseDouble(value);
            if (v >= min && v <= max && value.matches("\\d+(\\.\\d{1,2})?")) {
                return Math.round(v * 10000);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw CgroupKey.error("bad value " + NAME + "." + key + "=" + value + "; accepted: a percentage " + (int) min
                + ".." + (int) max + " with up to two decimals");
    }
}
