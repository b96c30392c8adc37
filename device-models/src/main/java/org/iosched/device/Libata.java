package org.iosched.device;

/**
 * What libata changed between the 2.6.3x kernels and Linux 6.6 that a device's queue depth shows: 2.6.3x reserved
 * the top NCQ tag for internal commands ({@code ATA_TAG_INTERNAL = ATA_MAX_QUEUE - 1}: 31 tags); later libata keeps
 * its internal command outside the tag space ({@code ATA_TAG_INTERNAL = ATA_MAX_QUEUE}), so blk-mq gets all 32.
 */
public final class Libata {
    /** {@code ATA_MAX_QUEUE}. */
    public static final int MAX_QUEUE = 32;

    private Libata() {
    }

    /**
     * The driver tags of a SATA device on 6.6: a queue depth of 31 (2.6.3x libata's whole NCQ range) becomes 32;
     * any other depth (no NCQ, or a depth the user chose lower) and non-SATA devices keep theirs.
     *
     * @param sata       whether the device is SATA (non-queued FLUSH)
     * @param queueDepth the depth the 2.6.3x stack sees
     */
    public static int mqDepth(boolean sata, int queueDepth) {
        return sata && queueDepth == MAX_QUEUE - 1 ? MAX_QUEUE : queueDepth;
    }

    /**
     * The tag set of a SATA host on 6.6: AHCI's {@code can_queue} ({@code AHCI_MAX_CMDS}, 32), whatever the disk's
     * own depth; the disk's depth is then the LUN's dispatch budget ({@code sdev->queue_depth}: 1 without NCQ,
     * {@link #mqDepth} with it). Non-SATA devices: their own depth.
     *
     * @param sata       whether the device is SATA (non-queued FLUSH)
     * @param queueDepth the depth the 2.6.3x stack sees
     */
    public static int hostTags(boolean sata, int queueDepth) {
        return sata ? MAX_QUEUE : queueDepth;
    }
}
