package org.iosched.biocontrol.iomax;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.iosched.biocontrol.CgroupKey;

/**
 * The {@code io.max} lines from the {@code iomax.*} keys: {@code iomax.<cgroup>.rbps|wbps|riops|wiops=N|max} is the
 * cgroup's {@code io.max} line {@code "MAJ:MIN rbps=N wbps=N riops=N wiops=N"} for the run's device. A value may also
 * be a list of writes in time, {@code 1048576,4194304@2000}: the first from the start, each {@code V@MS} written
 * {@code MS} milliseconds into the run (as an administrator writing {@code io.max} during the job).
 *
 * @param changes every write, ordered by time, then cgroup and key; the ones at time 0 are the initial lines
 */
public record IoMaxConfig(List<Change> changes) {
    /** The provider name and key prefix. */
    public static final String NAME = "iomax";
    static final String RBPS = "rbps";
    static final String WBPS = "wbps";
    static final String RIOPS = "riops";
    static final String WIOPS = "wiops";
    static final List<String> CGROUP_TUNABLES = List.of(RBPS, WBPS, RIOPS, WIOPS);
    /** {@code io.max} is {@code CFTYPE_NOT_ON_ROOT}: no key names the root cgroup. */
    static final List<String> FIXED_KEYS = List.of();
    /** No limit: the kernel's {@code U64_MAX} / {@code UINT_MAX}. */
    public static final long MAX = -1;
    /** {@code tg_set_limit} caps iops at {@code UINT_MAX}. */
    static final long UINT_MAX = 0xFFFF_FFFFL;

    /**
     * One write of one key of a cgroup's {@code io.max}.
     *
     * @param atNanos    virtual time of the write
     * @param cgroupPath the cgroup
     * @param tunable    {@code rbps}, {@code wbps}, {@code riops} or {@code wiops}
     * @param value      the limit, {@link #MAX} for {@code max}
     */
    public record Change(long atNanos, String cgroupPath, String tunable, long value) {
    }

    /** Copies the changes into an unmodifiable list. */
    public IoMaxConfig {
        changes = Collections.unmodifiableList(new ArrayList<>(changes));
    }

    /**
     * Reads the keys under {@code iomax.} (without the prefix).
     *
     * @throws org.iosched.api.InvalidInputException on an unknown key, the root cgroup or a bad value
     */
    public static IoMaxConfig parse(Map<String, String> settings) {
        List<Change> changes = new ArrayList<>();
        for (Map.Entry<String, String> e : new TreeMap<>(settings).entrySet()) {
            String key = e.getKey();
            CgroupKey k = CgroupKey.parse(NAME, key, CGROUP_TUNABLES, FIXED_KEYS);
            if (k.cgroupPath().equals("/")) {
                throw CgroupKey.error("'" + NAME + "." + key + "' names the root cgroup, which has no io.max (the root"
                        + " is never throttled on cgroup v2); write " + NAME + ".<cgroup>." + k.tunable());
            }
            String[] writes = e.getValue() == null ? new String[] {""} : e.getValue().split(",", -1);
            long last = -1;
            for (String write : writes) {
                String text = write.trim();
                long at = 0;
                int sign = text.indexOf('@');
                if (sign >= 0) {
                    at = CgroupKey.parseLong(NAME, key, text.substring(sign + 1), 0, Long.MAX_VALUE / 1_000_000,
                            "milliseconds into the run after '@'") * 1_000_000;
                    text = text.substring(0, sign);
                }
                if (at <= last) {
                    throw CgroupKey.error("bad value " + NAME + "." + key + "=" + e.getValue() + "; the writes of a"
                            + " list must be in increasing time: V[,V@MS...]");
                }
                last = at;
                changes.add(new Change(at, k.cgroupPath(), k.tunable(), parseLimit(key, text, e.getValue(),
                        k.tunable().endsWith("iops"))));
            }
        }
        changes.sort((a, b) -> Long.compare(a.atNanos(), b.atNanos()));
        return new IoMaxConfig(changes);
    }

    /** {@code max}, or a whole number above 0 ({@code tg_set_limit}: 0 is {@code -ERANGE}); iops capped at UINT_MAX. */
    private static long parseLimit(String key, String text, String whole, boolean iops) {
        if (text.toLowerCase(Locale.ROOT).equals("max")) {
            return MAX;
        }
        try {
            long v = Long.parseLong(text);
            if (v > 0) {
                return iops ? Math.min(v, UINT_MAX) : v;
            }
        } catch (NumberFormatException ex) {
            // reported below
        }
        throw CgroupKey.error("bad value " + NAME + "." + key + "=" + whole + "; accepted: max or an integer >= 1 ("
                + (iops ? "IO/s" : "bytes/s") + "), optionally a list V,V@MS,... of writes at MS milliseconds");
    }
}
