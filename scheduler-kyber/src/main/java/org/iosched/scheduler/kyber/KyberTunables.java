package org.iosched.scheduler.kyber;

import java.util.List;
import org.iosched.api.InvalidInputException;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;

/**
 * Kyber's sysfs knobs ({@code /sys/block/DEV/queue/iosched/}) with Linux 6.6's names, units and defaults
 * ({@code kyber_sched_attrs}, {@code kyber_latency_targets} in {@code block/kyber-iosched.c}).
 *
 * @param readLatNsec  {@code read_lat_nsec}: the READ domain's target latency, in ns
 * @param writeLatNsec {@code write_lat_nsec}: the WRITE domain's target latency, in ns
 */
public record KyberTunables(long readLatNsec, long writeLatNsec) {
    /** {@code read_lat_nsec} default: {@code 2ULL * NSEC_PER_MSEC}. */
    public static final long DEFAULT_READ_LAT_NSEC = 2_000_000L;
    /** {@code write_lat_nsec} default: {@code 10ULL * NSEC_PER_MSEC}. */
    public static final long DEFAULT_WRITE_LAT_NSEC = 10_000_000L;

    /**
     * The kernel stores any {@code kstrtoull} value (a u64); we accept 0 up to what a signed nanosecond clock holds.
     */
    private static final long MAX = Long.MAX_VALUE;

    /** Checks the ranges (the ones {@link #descriptors()} declares). */
    public KyberTunables {
        requireRange("read_lat_nsec", readLatNsec);
        requireRange("write_lat_nsec", writeLatNsec);
    }

    /** The kernel's defaults. */
    public static KyberTunables defaults() {
        return new KyberTunables(DEFAULT_READ_LAT_NSEC, DEFAULT_WRITE_LAT_NSEC);
    }

    /** The tunables as the provider declares them. */
    public static List<TunableDescriptor> descriptors() {
        return List.of(
                TunableDescriptor.integer("read_lat_nsec", DEFAULT_READ_LAT_NSEC, "ns", 0, MAX,
                        "target latency of reads; the histogram buckets are quarters of it"),
                TunableDescriptor.integer("write_lat_nsec", DEFAULT_WRITE_LAT_NSEC, "ns", 0, MAX,
                        "target latency of writes (sync and async alike); the histogram buckets are quarters of it"));
    }

    /** Reads validated {@link Settings} of {@link #descriptors()}. */
    public static KyberTunables from(Settings settings) {
        return new KyberTunables(settings.getLong("read_lat_nsec"), settings.getLong("write_lat_nsec"));
    }

    private static void requireRange(String name, long value) {
        if (value < 0) {
            throw new InvalidInputException("bad value kyber." + name + "=" + value + "; accepted: an integer 0.." + MAX);
        }
    }
}
