package org.iosched.biocontrol.throttle;

/**
 * One cgroup's rules: {@code blkio.throttle.read_bps_device}, {@code write_bps_device},
 * {@code read_iops_device}, {@code write_iops_device}. {@link #UNLIMITED} where no rule is written
 * (the kernel's -1).
 *
 * @param readBps   read bytes per second
 * @param writeBps  write bytes per second
 * @param readIops  read IOs per second
 * @param writeIops write IOs per second
 */
public record ThrottleLimits(long readBps, long writeBps, long readIops, long writeIops) {
    /** No rule: the kernel's {@code -1}. */
    public static final long UNLIMITED = -1;
    /** A cgroup without rules. */
    public static final ThrottleLimits NONE = new ThrottleLimits(UNLIMITED, UNLIMITED, UNLIMITED, UNLIMITED);

    /** Rejects zero and negative rates other than {@link #UNLIMITED}. */
    public ThrottleLimits {
        check(readBps);
        check(writeBps);
        check(readIops);
        check(writeIops);
    }

    private static void check(long v) {
        if (v != UNLIMITED && v <= 0) {
            throw new IllegalArgumentException("a throttle rate is positive or UNLIMITED, not " + v);
        }
    }

    /** The bytes-per-second limit of a direction (0 read, 1 write). */
    public long bps(int rw) {
        return rw == 0 ? readBps : writeBps;
    }

    /** The IOs-per-second limit of a direction (0 read, 1 write). */
    public long iops(int rw) {
        return rw == 0 ? readIops : writeIops;
    }

    /** A copy with one limit replaced. */
    ThrottleLimits with(String tunable, long value) {
        return switch (tunable) {
            case ThrottleConfig.READ_BPS -> new ThrottleLimits(value, writeBps, readIops, writeIops);
            case ThrottleConfig.WRITE_BPS -> new ThrottleLimits(readBps, value, readIops, writeIops);
            case ThrottleConfig.READ_IOPS -> new ThrottleLimits(readBps, writeBps, value, writeIops);
            case ThrottleConfig.WRITE_IOPS -> new ThrottleLimits(readBps, writeBps, readIops, value);
            default -> throw new IllegalArgumentException("not a throttle limit: " + tunable);
        };
    }
}
