package org.iosched.biocontrol;

/**
 * The kernel's tick counter, derived from virtual time. Both controllers compute delays in jiffies
 * ({@code queue_delayed_work}, blk-throttle's slices), so their rounding is modelled tick by tick.
 *
 * <p>Simplification: HZ is fixed at 1000 (one jiffy per millisecond), a common 2.6.3x server configuration;
 * jiffies start at 0 rather than at {@code INITIAL_JIFFIES}.
 */
public final class Jiffies {
    /** Ticks per second. */
    public static final long HZ = 1000;
    /** Nanoseconds in one jiffy. */
    public static final long NSEC_PER_JIFFY = 1_000_000_000L / HZ;
    /** Milliseconds per second ({@code MSEC_PER_SEC}). */
    public static final long MSEC_PER_SEC = 1000;

    private Jiffies() {
    }

    /** The jiffy counter at virtual time {@code nanos}. */
    public static long at(long nanos) {
        return nanos / NSEC_PER_JIFFY;
    }

    /** The virtual time at which the counter becomes {@code jiffies}. */
    public static long toNanos(long jiffies) {
        return jiffies * NSEC_PER_JIFFY;
    }

    /** {@code jiffies_to_msecs}. */
    public static long toMsecs(long jiffies) {
        return jiffies * MSEC_PER_SEC / HZ;
    }

    /**
     * When a delayed work item queued at {@code nowNanos} with {@code delay} jiffies runs: at once for 0,
     * else at the tick {@code delay} jiffies after the current one ({@code queue_delayed_work}).
     */
    public static long workDue(long nowNanos, long delay) {
        return delay <= 0 ? nowNanos : toNanos(at(nowNanos) + delay);
    }
}
