package org.iosched.api;

/**
 * The kernel's {@code jiffies} clock over the simulator's nanosecond clock, for one {@code HZ}
 * ({@link SchedulerContext#hz()}, {@link MqSchedulerContext#hz()}): the conversions a scheduler that keeps its
 * times in jiffies needs, with the kernel's rounding. Immutable.
 *
 * <p>Jiffy {@code base + j} is the tick interval that starts at {@code ceil(j * 10^9 / HZ)} ns of virtual time; the
 * clock reads {@code base + floor(t * HZ / 10^9)} at time {@code t}. A scheduler that uses 0 as "not set" (CFQ's
 * {@code slice_start}) takes a base away from 0, as the kernel's {@code INITIAL_JIFFIES} does. Longs never wrap
 * here, so plain comparisons stand in for {@code time_before}. The arithmetic splits whole seconds from the rest
 * so that it cannot overflow.
 */
public final class Jiffies {
    private static final long NSEC_PER_SEC = 1_000_000_000L;
    private static final long MSEC_PER_SEC = 1_000L;

    private final int hz;
    private final long base;

    /** A clock that reads 0 at virtual time 0. */
    public Jiffies(int hz) {
        this(hz, 0);
    }

    /**
     * @param hz   the kernel's {@code HZ}, 1..10^9 - 1
     * @param base the reading at virtual time 0
     */
    public Jiffies(int hz, long base) {
        if (hz <= 0 || hz >= NSEC_PER_SEC) {
            throw new IllegalArgumentException("HZ must be 1..999999999, not " + hz);
        }
        this.hz = hz;
        this.base = base;
    }

    /** {@code HZ}. */
    public int hz() {
        return hz;
    }

    /** The reading at virtual time 0. */
    public long base() {
        return base;
    }

    /** The value of {@code jiffies} at virtual time {@code nanos} (the tick it is in). */
    public long at(long nanos) {
        long seconds = Math.floorDiv(nanos, NSEC_PER_SEC);
        long rest = Math.floorMod(nanos, NSEC_PER_SEC);
        return base + seconds * hz + rest * hz / NSEC_PER_SEC;
    }

    /**
     * The first nanosecond at which the clock reads {@code jiffy}: when a timer armed for it fires
     * ({@code at(startOf(j)) == j} and {@code at(startOf(j) - 1) == j - 1}).
     */
    public long startOf(long jiffy) {
        long relative = jiffy - base;
        long seconds = Math.floorDiv(relative, hz);
        long ticks = Math.floorMod(relative, hz);
        return seconds * NSEC_PER_SEC + (ticks * NSEC_PER_SEC + hz - 1) / hz;
    }

    /** {@code msecs_to_jiffies}: a duration in milliseconds, rounded up (any non-zero time is at least one jiffy). */
    public long fromMillis(long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("negative milliseconds: " + millis);
        }
        return millis / MSEC_PER_SEC * hz + (millis % MSEC_PER_SEC * hz + MSEC_PER_SEC - 1) / MSEC_PER_SEC;
    }

    /**
     * {@code jiffies_to_msecs}: a duration in jiffies, in milliseconds; exact where {@code HZ} divides 1000, rounded
     * up otherwise (64-bit kernels' {@code DIV_ROUND_UP(j * HZ_TO_MSEC_NUM, HZ_TO_MSEC_DEN)}).
     */
    public long toMillis(long jiffies) {
        if (jiffies < 0) {
            throw new IllegalArgumentException("negative jiffies: " + jiffies);
        }
        return jiffies / hz * MSEC_PER_SEC + (jiffies % hz * MSEC_PER_SEC + hz - 1) / hz;
    }

    /** {@code nsecs_to_jiffies}: a duration in nanoseconds, rounded down. */
    public long fromNanos(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("negative nanoseconds: " + nanos);
        }
        return nanos / NSEC_PER_SEC * hz + nanos % NSEC_PER_SEC * hz / NSEC_PER_SEC;
    }

    @Override
    public String toString() {
        return "jiffies at HZ=" + hz + (base == 0 ? "" : " from " + base);
    }
}
