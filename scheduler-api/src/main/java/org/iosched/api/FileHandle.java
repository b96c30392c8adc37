package org.iosched.api;

/**
 * An open file or raw device, as the OS model gives it to a workload ({@link WorkloadContext#open}).
 * The OS model maps file offsets to device sectors; workloads only see offsets.
 */
public interface FileHandle {
    /** The path as opened ({@code /dev/sda}, {@code /mnt/test/job1.0.0}). */
    String path();

    /** Size in bytes. */
    long size();

    /** Whether this handle addresses the device directly (a {@code /dev/} path): offsets are device bytes. */
    boolean isRawDevice();
}
