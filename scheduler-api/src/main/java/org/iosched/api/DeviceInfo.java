package org.iosched.api;

/**
 * What the block layer and schedulers may know about the device below them, as the queue's sysfs
 * attributes and flags tell it.
 *
 * @param name          the device preset name ({@code hdd-7200})
 * @param capacitySectors capacity in 512-byte sectors
 * @param rotational    {@code queue/rotational}: false for SSDs ({@code QUEUE_FLAG_NONROT})
 * @param queueDepth    how many commands the device accepts at once: 1 without NCQ/TCQ, 31/32 with
 * @param writeCache    whether a volatile write cache is on (FLUSH does work)
 * @param fua           whether the device honours FUA natively
 * @param maxHwSectors  {@code max_hw_sectors}: the largest request it accepts, in sectors
 */
public record DeviceInfo(String name, long capacitySectors, boolean rotational, int queueDepth,
                         boolean writeCache, boolean fua, int maxHwSectors) {
    /** Validates the values. */
    public DeviceInfo {
        if (capacitySectors <= 0 || queueDepth < 1 || maxHwSectors < 8) {
            throw new IllegalArgumentException("bad device info: capacity " + capacitySectors
                    + ", queue depth " + queueDepth + ", max_hw_sectors " + maxHwSectors);
        }
    }

    /** Whether the device queues more than one command (tagged queueing). */
    public boolean tagged() {
        return queueDepth > 1;
    }
}
