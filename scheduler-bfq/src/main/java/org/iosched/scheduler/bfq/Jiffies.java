package org.iosched.scheduler.bfq;

/**
 * Conversions between virtual nanoseconds and the kernel's jiffies for one {@code HZ}.
 *
 * <p>Jiffy {@code j} is the tick interval that starts at {@code ceil(j * 10^9 / HZ)} ns; the clock reads
 * {@code floor(t * HZ / 10^9)} at time {@code t}, counting from 0 at the start of the run (the kernel's
 * {@code INITIAL_JIFFIES} offset only tests wrap-around, which a {@code long} never reaches).
 * All arithmetic splits whole seconds from the remainder so that it cannot overflow.
 */
final class Jiffies {
    private static final long NSEC_PER_SEC = 1_000_000_000L;
    private static final long MSEC_PER_SEC = 1_000L;

    private final int hz;

    /**
     * @param hz the kernel's {@code HZ}, 1..10^9
     */
    Jiffies(int hz) {
        if (hz <= 0 || hz >= NSEC_PER_SEC) {
            throw new IllegalArgumentException("HZ must be 1..999999999, not " + hz);
        }
        this.hz = hz;
    }

    /** The value of {@code jiffies} at virtual time {@code nanos} (rounded down to the current tick). */
    long at(long nanos) {
        return nanos / NSEC_PER_SEC * hz + nanos % NSEC_PER_SEC * hz / NSEC_PER_SEC;
    }

    /** The first nanosecond of jiffy {@code jiffy}; {@code at(startOf(j)) == j} for every jiffy a {@code long} clock reaches. */
    long startOf(long jiffy) {
        long seconds = jiffy / hz;
        long rest = jiffy % hz;
        return seconds * NSEC_PER_SEC + (rest * NSEC_PER_SEC + hz - 1) / hz;
    }

    /**
     * {@code msecs_to_jiffies}: milliseconds to jiffies, rounded up as every branch of the kernel's
     * conversion does (so that a timeout is never shorter than asked).
     */
    long fromMillis(long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("negative milliseconds: " + millis);
        }
        return millis / MSEC_PER_SEC * hz + (millis % MSEC_PER_SEC * hz + MSEC_PER_SEC - 1) / MSEC_PER_SEC;
    }

    /** {@code jiffies_to_msecs}: jiffies to milliseconds, rounded up where {@code HZ} does not divide 1000. */
    long toMillis(long jiffies) {
        return jiffies / hz * MSEC_PER_SEC + (jiffies % hz * MSEC_PER_SEC + hz - 1) / hz;
    }

    /** {@code nsecs_to_jiffies}: nanoseconds to jiffies, rounded down. */
    long fromNanos(long nanos) {
        return at(nanos);
    }

    /** The kernel's {@code HZ}. */
    int hz() {
        return hz;
    }
}
