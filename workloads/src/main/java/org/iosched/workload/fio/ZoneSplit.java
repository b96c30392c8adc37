package org.iosched.workload.fio;

import java.util.Arrays;

/**
 * The zones of fio's {@code random_distribution=zoned:A/R:...} and {@code zoned_abs:A/S:...}: zone {@code i}
 * receives {@code access[i]} percent of the random offsets, drawn uniformly inside it; zones follow one
 * another from the start of the I/O region. With {@code zoned} a zone is {@code range[i]} percent of the
 * region's blocks ({@code __get_next_rand_offset_zoned}: start {@code prev% * lastb / 100}, length
 * {@code lastb * R / 100}); with {@code zoned_abs} it is {@code range[i]} bytes
 * ({@code __get_next_rand_offset_zoned_abs}).
 *
 * <p>Features: the access percentage is drawn as fio draws it, an integer {@code v} in 1..100 picking the zone
 * whose running total of access percentages reaches {@code v}; integer arithmetic on blocks as in fio.
 * Limitations: the draws come from the job's seeded offset stream, not fio's separate {@code zone_state}.
 *
 * @param access   percent of the accesses per zone, summing to 100
 * @param range    percent of the region (zoned) or bytes (zoned_abs) per zone
 * @param absolute whether {@code range} holds bytes
 */
record ZoneSplit(int[] access, long[] range, boolean absolute) {
    /** Copies the arrays. */
    ZoneSplit {
        access = access.clone();
        range = range.clone();
    }

    /** The zone that access draw {@code v} (1..100) falls in. */
    int zoneOf(int v) {
        int total = 0;
        for (int i = 0; i < access.length; i++) {
            total += access[i];
            if (v <= total) {
                return i;
            }
        }
        return access.length - 1;
    }

    /** Where zone {@code i} starts: percent (zoned) or bytes (zoned_abs) before it. */
    long before(int i) {
        long sum = 0;
        for (int z = 0; z < i; z++) {
            sum += range[z];
        }
        return sum;
    }

    /** The end, in bytes, of the last zone that receives accesses ({@code zoned_abs}). */
    long accessedEnd() {
        long end = 0;
        long sum = 0;
        for (int i = 0; i < access.length; i++) {
            sum += range[i];
            if (access[i] > 0) {
                end = sum;
            }
        }
        return end;
    }

    /** The value as the user would write it. */
    String describe() {
        StringBuilder b = new StringBuilder(absolute ? "zoned_abs" : "zoned");
        for (int i = 0; i < access.length; i++) {
            b.append(':').append(access[i]).append('/').append(range[i]);
        }
        return b.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ZoneSplit z && absolute == z.absolute && Arrays.equals(access, z.access)
                && Arrays.equals(range, z.range);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(access) + Arrays.hashCode(range) + (absolute ? 1 : 0);
    }

    @Override
    public String toString() {
        return describe();
    }
}
