package org.iosched.scheduler.cfq;

/**
 * The kernel's jiffies clock over the simulator's nanosecond clock, for a given {@code HZ}.
 *
 * <p>CFQ in Linux 3.0 keeps every time in jiffies and compares with {@code time_before}/{@code time_after};
 * rounding to ticks changes behaviour (an 8 ms {@code slice_idle} is 2 jiffies at HZ=250, and an idle timer
 * armed for {@code jiffies + 2} fires after 1 to 2 tick periods, not after exactly 8 ms). We therefore derive a
 * jiffies count from virtual time and do all CFQ arithmetic in jiffies, as 3.0 does.
 *
 * <p>Notes: {@link #BASE} keeps jiffies away from 0, which CFQ uses as "not set" ({@code slice_start},
 * {@code last_request_pos}); the kernel starts near {@code INITIAL_JIFFIES} for the same effect. Longs never
 * wrap here, so plain comparisons stand in for {@code time_before}.
 */
final class Jiffies {
    /** Jiffies at virtual time 0. */
    static final long BASE = 1_000_000L;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final int hz;

    Jiffies(int hz) {
        if (hz <= 0) {
            throw new IllegalArgumentException("HZ must be positive, not " + hz);
        }
        this.hz = hz;
    }

    /** {@code HZ}. */
    int hz() {
        return hz;
    }

    /** The jiffies count at virtual time {@code nanos} (a tick starts at every multiple of 1/HZ s). */
    long at(long nanos) {
        long seconds = Math.floorDiv(nanos, NANOS_PER_SECOND);
        long rest = Math.floorMod(nanos, NANOS_PER_SECOND);
        return BASE + seconds * hz + rest * hz / NANOS_PER_SECOND;
    }

    /** The first virtual time at which the jiffies count is {@code jiffies} (when a timer for it fires). */
    long toNanos(long jiffies) {
        long rel = jiffies - BASE;
        long seconds = Math.floorDiv(rel, hz);
        long ticks = Math.floorMod(rel, hz);
        return seconds * NANOS_PER_SECOND + (ticks * NANOS_PER_SECOND + hz - 1) / hz;
    }

    /** {@code msecs_to_jiffies}: rounds up, so any non-zero time is at least one jiffy. */
    long fromMillis(long millis) {
        return (millis * hz + 999) / 1000;
    }

    /** {@code jiffies_to_msecs}. */
    long toMillis(long jiffies) {
        return jiffies * 1000 / hz;
    }
}
