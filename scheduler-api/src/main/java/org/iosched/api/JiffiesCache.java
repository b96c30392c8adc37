package org.iosched.api;

/**
 * Readings of one {@link Jiffies} clock that remember the tick they fall in: a scheduler reads {@code jiffies} many
 * times a tick (CFQ several times a request), and a reading costs three long divisions. Each answer is the one
 * {@link Jiffies#at} gives, for any sequence of times.
 *
 * <p>Mutable and not for threads: one per scheduler instance, that is, per run.
 */
public final class JiffiesCache {
    private final Jiffies jiffies;
    /** The remembered tick's first nanosecond and the next tick's: [from, until) reads {@link #value}. */
    private long from = 1;
    private long until = 0;
    private long value;

    public JiffiesCache(Jiffies jiffies) {
        this.jiffies = jiffies;
    }

    /** The clock it reads. */
    public Jiffies jiffies() {
        return jiffies;
    }

    /** {@link Jiffies#at}{@code (nanos)}. */
    public long at(long nanos) {
        if (nanos >= from && nanos < until) {
            return value;
        }
        long jiffy = jiffies.at(nanos);
        value = jiffy;
        from = jiffies.startOf(jiffy);
        until = jiffies.startOf(jiffy + 1);
        return jiffy;
    }
}
