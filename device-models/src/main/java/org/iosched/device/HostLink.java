package org.iosched.device;

/**
 * The host interface (SATA, SAS or PCIe link) as one serial resource: data transfers of different commands
 * do not overlap, each takes {@code bytes / rate}.
 *
 * <p>Limitations: protocol overhead per command (FIS exchanges) is folded into the device's command
 * overheads, not into the link.
 */
public final class HostLink {
    private final double nanosPerByte;
    private long freeAt;

    /** @param megabytesPerSecond link payload rate in MB/s (10^6 bytes) */
    public HostLink(double megabytesPerSecond) {
        if (!(megabytesPerSecond > 0)) {
            throw new IllegalArgumentException("link rate must be positive: " + megabytesPerSecond);
        }
        this.nanosPerByte = 1000.0 / megabytesPerSecond;
    }

    /** Nanoseconds to move {@code bytes} over the link. */
    public long transferNanos(long bytes) {
        return Math.round(bytes * nanosPerByte);
    }

    /**
     * Moves {@code bytes}, starting no earlier than {@code earliest} and finishing no earlier than
     * {@code dataReady} (data streamed from the medium as it is read); returns the end time.
     *
     * <p>The link's bandwidth is taken in call order from {@code earliest}: a transfer waiting for slow data
     * does not hold the link against later commands whose data is ready (the link interleaves frames).
     */
    public long transfer(long earliest, long bytes, long dataReady) {
        long end = Math.max(earliest, freeAt) + transferNanos(bytes);
        freeAt = end;
        return Math.max(end, dataReady);
    }

    /** When the link is next free. */
    public long freeAt() {
        return freeAt;
    }
}
