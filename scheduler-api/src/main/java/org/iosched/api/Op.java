package org.iosched.api;

/**
 * The operation of a bio or request, as the block layer of Linux 2.6.3x/3.0 knows it.
 *
 * <p>{@link #FLUSH} is an empty cache flush ({@code REQ_FLUSH} without data, what
 * {@code blkdev_issue_flush} sends); {@link #DISCARD} is a TRIM.
 */
public enum Op {
    /** Read data from the device. */
    READ,
    /** Write data to the device. */
    WRITE,
    /** Flush the device's volatile write cache; carries no data. */
    FLUSH,
    /** Discard (TRIM) a range of sectors. */
    DISCARD;

    /** Whether this operation moves data towards the device (WRITE, DISCARD). */
    public boolean isWrite() {
        return this == WRITE || this == DISCARD;
    }

    /** Whether this operation carries a sector range (everything but FLUSH). */
    public boolean hasData() {
        return this != FLUSH;
    }
}
