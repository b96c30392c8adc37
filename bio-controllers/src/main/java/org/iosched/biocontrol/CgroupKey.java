package org.iosched.biocontrol;

import java.util.Collection;
import org.iosched.api.InvalidInputException;

/**
 * A {@code --set} key under a controller that may name a cgroup: {@code grp1.weight} is the tunable
 * {@code weight} of cgroup {@code /grp1}; {@code weight} alone is the root cgroup's. The cgroup is written
 * as its path without the leading slash ({@code a/b.read_bps_device} is {@code /a/b}); the tunable is what
 * follows the last dot, so cgroup names may contain dots.
 *
 * @param cgroupPath the cgroup path with its leading slash, {@code "/"} for the root
 * @param tunable    the tunable name
 */
public record CgroupKey(String cgroupPath, String tunable) {
    /** The source named in configuration errors. */
    public static final String SOURCE = "--set";

    /**
     * Splits {@code key} (without the controller prefix) into cgroup and tunable.
     *
     * @param owner     the controller name, for messages
     * @param key       the key as the user wrote it after {@code owner.}
     * @param tunables  the per-cgroup tunables the controller accepts
     * @param fixedKeys the keys that name no cgroup, for the message listing what is accepted
     * @throws InvalidInputException when the tunable is unknown or the cgroup part is malformed
     */
    public static CgroupKey parse(String owner, String key, Collection<String> tunables, Collection<String> fixedKeys) {
        int dot = key.lastIndexOf('.');
        String tunable = dot < 0 ? key : key.substring(dot + 1);
        String cgroup = dot < 0 ? "" : key.substring(0, dot);
        if (!tunables.contains(tunable)) {
            throw error("unknown key '" + owner + "." + key + "'; " + owner + " accepts: "
                    + String.join(", ", fixedKeys) + ", and per cgroup <cgroup>." + String.join("|", tunables)
                    + " (cgroup path without the leading '/')");
        }
        if (dot == 0 || cgroup.startsWith("/") || cgroup.endsWith("/") || cgroup.contains("//")) {
            throw error("bad cgroup in '" + owner + "." + key + "'; write the cgroup path without the leading '/',"
                    + " e.g. " + owner + ".grp1." + tunable + " for /grp1, or " + owner + "." + tunable
                    + " for the root cgroup");
        }
        return new CgroupKey(cgroup.isEmpty() ? "/" : "/" + cgroup, tunable);
    }

    /**
     * Parses a whole number in {@code min..max}.
     *
     * @throws InvalidInputException naming the key and the accepted range
     */
    public static long parseLong(String owner, String key, String value, long min, long max, String unit) {
        String text = value == null ? "" : value.trim();
        try {
            long v = Long.parseLong(text);
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below with what is accepted
        }
        throw error("bad value " + owner + "." + key + "=" + value + "; accepted: an integer " + min + ".." + max
                + (unit.isEmpty() ? "" : " (" + unit + ")"));
    }

    /** Parses a sysfs-style switch: 0/1 (also true/false, on/off, yes/no). */
    public static boolean parseSwitch(String owner, String key, String value) {
        String text = value == null ? "" : value.trim().toLowerCase(java.util.Locale.ROOT);
        return switch (text) {
            case "1", "true", "on", "yes" -> true;
            case "0", "false", "off", "no" -> false;
            default -> throw error("bad value " + owner + "." + key + "=" + value + "; accepted: 0 or 1");
        };
    }

    /** A configuration error from {@code --set}. */
    public static InvalidInputException error(String detail) {
        return new InvalidInputException(SOURCE, 0, detail);
    }
}
