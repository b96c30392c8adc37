package org.iosched.simulator.result;

/**
 * The device's statistics as {@code /proc/diskstats} keeps them and fio prints under "Disk stats":
 * requests completed, sectors moved and bios merged per direction, the milliseconds requests spent from allocation to
 * completion ({@code ticks}), the weighted milliseconds in flight ({@code in_queue}) and the share of the
 * run with at least one request in flight, counted from its insertion into the queue as the 2.6.3x
 * block layer counts it ({@code util}).
 *
 * @param name             the kernel's device name ({@link #KERNEL_NAME} for a simulated run)
 * @param readIos          read requests completed
 * @param writeIos         write requests completed (FLUSH and DISCARD count as writes)
 * @param readMerges       bios merged into read requests
 * @param writeMerges      bios merged into write requests
 * @param readTicksMillis  ms read requests spent, allocation to completion
 * @param writeTicksMillis ms write requests spent
 * @param inQueueMillis    ms weighted by the number in flight
 * @param utilPercent      % of the run with a request in flight
 * @param readSectors      sectors read by completed requests (512-byte units)
 * @param writeSectors     sectors written by completed requests
 */
public record DiskStats(String name, long readIos, long writeIos, long readMerges, long writeMerges,
                        long readTicksMillis, long writeTicksMillis, long inQueueMillis, double utilPercent,
                        long readSectors, long writeSectors) {
    /**
     * The kernel's name of the one modelled disk ({@code sda}, major 8 minor 0, as in {@code flush-8:0} and
     * {@code jbd2/sda1-8}), which fio prints in "Disk stats" and as {@code disk_util[].name}.
     */
    public static final String KERNEL_NAME = "sda";
}
