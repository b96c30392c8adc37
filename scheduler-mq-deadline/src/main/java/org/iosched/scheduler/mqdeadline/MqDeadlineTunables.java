package org.iosched.scheduler.mqdeadline;

import java.util.List;
import org.iosched.api.InvalidInputException;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;

/**
 * mq-deadline's sysfs knobs ({@code /sys/block/DEV/queue/iosched/}, 6.6's {@code deadline_attrs}) with the kernel's
 * names, units, defaults and store ranges ({@code dd_init_sched}, {@code STORE_INT}/{@code STORE_JIFFIES}).
 *
 * @param readExpireMs       {@code read_expire}: a read's FIFO deadline, in ms (kept in jiffies, rounded up)
 * @param writeExpireMs      {@code write_expire}: a write's FIFO deadline, in ms
 * @param writesStarved      {@code writes_starved}: read batches that may start while writes wait
 * @param frontMerges        {@code front_merges}: whether a bio may front-merge through the sort tree
 * @param fifoBatch          {@code fifo_batch}: requests per batch
 * @param asyncDepth         {@code async_depth}: the shallow depth (scheduler tag bits per sbitmap word) of writes
 *                           and async requests; 0 keeps what {@code dd_depth_updated} computes (3/4 of a word)
 * @param prioAgingExpireMs  {@code prio_aging_expire}: a BE or IDLE request waiting longer is served before
 *                           higher levels, in ms
 */
public record MqDeadlineTunables(long readExpireMs, long writeExpireMs, int writesStarved, boolean frontMerges,
                                 int fifoBatch, int asyncDepth, long prioAgingExpireMs) {
    /** {@code read_expire} default: {@code HZ / 2} jiffies, shown as 500 ms. */
    public static final int DEFAULT_READ_EXPIRE_MS = 500;
    /** {@code write_expire} default: {@code 5 * HZ}, 5000 ms. */
    public static final int DEFAULT_WRITE_EXPIRE_MS = 5000;
    /** {@code prio_aging_expire} default: {@code 10 * HZ}, 10000 ms. */
    public static final int DEFAULT_PRIO_AGING_EXPIRE_MS = 10_000;
    /** {@code writes_starved} default. */
    public static final int DEFAULT_WRITES_STARVED = 2;
    /** {@code fifo_batch} default. */
    public static final int DEFAULT_FIFO_BATCH = 16;
    /** {@code async_depth} not written: {@code dd_depth_updated}'s value stands. */
    public static final int ASYNC_DEPTH_COMPUTED = 0;

    private static final long INT_MAX = Integer.MAX_VALUE;
    private static final long INT_MIN = Integer.MIN_VALUE;

    /** Checks the ranges {@link #descriptors()} declares. */
    public MqDeadlineTunables {
        requireRange("read_expire", readExpireMs, 0, INT_MAX);
        requireRange("write_expire", writeExpireMs, 0, INT_MAX);
        requireRange("fifo_batch", fifoBatch, 0, INT_MAX);
        requireRange("async_depth", asyncDepth, 0, INT_MAX);
        requireRange("prio_aging_expire", prioAgingExpireMs, 0, INT_MAX);
    }

    /** The kernel's defaults. */
    public static MqDeadlineTunables defaults() {
        return new MqDeadlineTunables(DEFAULT_READ_EXPIRE_MS, DEFAULT_WRITE_EXPIRE_MS, DEFAULT_WRITES_STARVED, true,
                DEFAULT_FIFO_BATCH, ASYNC_DEPTH_COMPUTED, DEFAULT_PRIO_AGING_EXPIRE_MS);
    }

    /** The tunables as the provider declares them. */
    public static List<TunableDescriptor> descriptors() {
        return List.of(
                TunableDescriptor.integer("read_expire", DEFAULT_READ_EXPIRE_MS, "ms", 0, INT_MAX,
                        "a read's FIFO deadline, checked when a batch starts (stored in jiffies, rounded up)"),
                TunableDescriptor.integer("write_expire", DEFAULT_WRITE_EXPIRE_MS, "ms", 0, INT_MAX,
                        "a write's FIFO deadline, checked when a write batch starts (stored in jiffies, rounded up)"),
                TunableDescriptor.integer("writes_starved", DEFAULT_WRITES_STARVED, "batches", INT_MIN, INT_MAX,
                        "read batches that may start while writes wait before a write batch is forced"),
                TunableDescriptor.bool("front_merges", true,
                        "look up a request starting where a new bio ends (front merge)"),
                TunableDescriptor.integer("fifo_batch", DEFAULT_FIFO_BATCH, "requests", 0, INT_MAX,
                        "requests dispatched in one ascending sweep before a new batch is chosen"),
                TunableDescriptor.integer("async_depth", ASYNC_DEPTH_COMPUTED, "tags per word", 0, INT_MAX,
                        "scheduler tag bits per sbitmap word that writes and async requests may use; 0: 3/4 of a word"
                                + " as depth_updated sets it (a value is reset when nr_requests changes)"),
                TunableDescriptor.integer("prio_aging_expire", DEFAULT_PRIO_AGING_EXPIRE_MS, "ms", 0, INT_MAX,
                        "a BE/IDLE request waiting longer is served despite higher-priority I/O (stored in jiffies)"));
    }

    /** Reads validated {@link Settings} of {@link #descriptors()}. */
    public static MqDeadlineTunables from(Settings settings) {
        return new MqDeadlineTunables(settings.getLong("read_expire"), settings.getLong("write_expire"),
                settings.getInt("writes_starved"), settings.getBoolean("front_merges"), settings.getInt("fifo_batch"),
                settings.getInt("async_depth"), settings.getLong("prio_aging_expire"));
    }

    private static void requireRange(String name, long value, long min, long max) {
        if (value < min || value > max) {
            throw new InvalidInputException("bad value mq-deadline." + name + "=" + value + "; accepted: an integer "
                    + min + ".." + max);
        }
    }
}
