package org.iosched.simulator.engine;

/**
 * The kernel's tick: converts virtual nanoseconds to jiffies and back for {@code HZ} = 100, 250, 300 or
 * 1000. Kernel timers expire on tick boundaries, so a delay of {@code n} jiffies armed mid-tick fires
 * at the start of tick {@code jiffies + n}, as {@code mod_timer(t, jiffies + n)} does.
 */
public final class KernelClock {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final int hz;

    /** @param hz ticks per second */
    public KernelClock(int hz) {
        if (hz <= 0 || hz > 10_000) {
            throw new IllegalArgumentException("HZ must be 1..10000, not " + hz);
        }
        this.hz = hz;
    }

    /** Ticks per second. */
    public int hz() {
        return hz;
    }

    /** {@code jiffies} at virtual time {@code nanos} (ticks since time 0). */
    public long jiffies(long nanos) {
        return (nanos / NANOS_PER_SECOND) * hz + (nanos % NANOS_PER_SECOND) * hz / NANOS_PER_SECOND;
    }

    /** The virtual time at which tick {@code jiffy} starts. */
    public long jiffyStart(long jiffy) {
        long seconds = jiffy / hz;
        long rest = jiffy % hz;
        return seconds * NANOS_PER_SECOND + (rest * NANOS_PER_SECOND + hz - 1) / hz;
    }

    /** {@code msecs_to_jiffies}: rounds up, so any non-zero delay is at least one tick. */
    public long msecsToJiffies(long millis) {
        return (millis * hz + 999) / 1000;
    }

    /** When a timer armed now for {@code jiffies + delta} fires. */
    public long expiry(long nowNanos, long deltaJiffies) {
        return jiffyStart(jiffies(nowNanos) + deltaJiffies);
    }
}
