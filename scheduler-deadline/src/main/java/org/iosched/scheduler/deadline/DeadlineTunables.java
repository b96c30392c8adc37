package org.iosched.scheduler.deadline;

import java.util.List;
import org.iosched.api.InvalidInputException;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;

/**
 * Deadline's sysfs knobs ({@code /sys/block/DEV/queue/iosched/}) with the kernel's names, units and
 * defaults (Linux 2.6.32-3.0 {@code deadline_init_queue} and {@code deadline_attrs}).
 *
 * @param readExpireMs   {@code read_expire}: how long a read may wait before it is served first, in ms
 * @param writeExpireMs  {@code write_expire}: the same for writes, in ms
 * @param writesStarved  {@code writes_starved}: read batches that may start while writes wait
 * @param frontMerges    {@code front_merges}: whether the sort tree is searched for front merges
 * @param fifoBatch      {@code fifo_batch}: requests per batch (not sectors)
 */
public record DeadlineTunables(long readExpireMs, long writeExpireMs, int writesStarved, boolean frontMerges,
                               int fifoBatch) {
    /** {@code read_expire} default: {@code HZ / 2} jiffies, shown as 500 ms. */
    public static final int DEFAULT_READ_EXPIRE_MS = 500;
    /** {@code write_expire} default: {@code 5 * HZ} jiffies, shown as 5000 ms. */
    public static final int DEFAULT_WRITE_EXPIRE_MS = 5000;
    /** {@code writes_starved} default. */
    public static final int DEFAULT_WRITES_STARVED = 2;
    /** {@code fifo_batch} default. */
    public static final int DEFAULT_FIFO_BATCH = 16;

    /** The kernel clamps every store to {@code INT_MAX}; we accept the same range and reject the rest. */
    private static final long MAX = Integer.MAX_VALUE;

    /** Checks the ranges (the ones {@link #descriptors()} declares). */
    public DeadlineTunables {
        requireRange("read_expire", readExpireMs);
        requireRange("write_expire", writeExpireMs);
        requireRange("writes_starved", writesStarved);
        requireRange("fifo_batch", fifoBatch);
    }

    /** The kernel's defaults. */
    public static DeadlineTunables defaults() {
        return new DeadlineTunables(DEFAULT_READ_EXPIRE_MS, DEFAULT_WRITE_EXPIRE_MS, DEFAULT_WRITES_STARVED, true,
                DEFAULT_FIFO_BATCH);
    }

    /** The tunables as the provider declares them. */
    public static List<TunableDescriptor> descriptors() {
        return List.of(
                TunableDescriptor.integer("read_expire", DEFAULT_READ_EXPIRE_MS, "ms", 0, MAX,
                        "a read waiting longer is served at the next batch start (stored in jiffies, rounded up)"),
                TunableDescriptor.integer("write_expire", DEFAULT_WRITE_EXPIRE_MS, "ms", 0, MAX,
                        "a write waiting longer is served at the next write batch start (stored in jiffies, rounded up)"),
                TunableDescriptor.integer("writes_starved", DEFAULT_WRITES_STARVED, "batches", 0, MAX,
                        "read batches that may start while writes wait before a write batch is forced"),
                TunableDescriptor.bool("front_merges", true,
                        "search the sort tree for a request starting where a new bio ends"),
                TunableDescriptor.integer("fifo_batch", DEFAULT_FIFO_BATCH, "requests", 0, MAX,
                        "requests dispatched in one ascending sweep before the FIFOs are checked again"));
    }

    /** Reads validated {@link Settings} of {@link #descriptors()}. */
    public static DeadlineTunables from(Settings settings) {
        return new DeadlineTunables(settings.getLong("read_expire"), settings.getLong("write_expire"),
                settings.getInt("writes_starved"), settings.getBoolean("front_merges"), settings.getInt("fifo_batch"));
    }

    private static void requireRange(String name, long value) {
        if (value < 0 || value > MAX) {
            throw new InvalidInputException("bad value deadline." + name + "=" + value + "; accepted: an integer 0.." + MAX);
        }
    }
}
