package org.iosched.biocontrol;

import java.util.Map;

/**
 * The per-cgroup counters that blk-throttle of 2.6.37 ({@code throttle}) and of 6.6 ({@code iomax}) both report:
 * per direction (index 0 READ, 1 WRITE) the bios and bytes dispatched and the bios throttled, and the bios queued
 * now.
 */
public final class ThrottleStats {
    private ThrottleStats() {
    }

    /**
     * Puts one group's counters into {@code stats}, each key prefixed with {@code path.}: read, then write, then
     * {@code queued}.
     */
    public static void put(Map<String, Number> stats, String path, long[] dispatchedBios, long[] dispatchedBytes,
            long[] throttledBios, int queued) {
        String p = path + ".";
        stats.put(p + "read_dispatched_bios", dispatchedBios[0]);
        stats.put(p + "read_dispatched_bytes", dispatchedBytes[0]);
        stats.put(p + "read_throttled_bios", throttledBios[0]);
        stats.put(p + "write_dispatched_bios", dispatchedBios[1]);
        stats.put(p + "write_dispatched_bytes", dispatchedBytes[1]);
        stats.put(p + "write_throttled_bios", throttledBios[1]);
        stats.put(p + "queued", queued);
    }
}
