package org.iosched.simulator.result;

import java.util.Objects;

/**
 * fio's per-priority completion latency of one direction ({@code clat_prio[ddir][i]}): the I/Os accounted under one
 * I/O priority, the job's own or one {@code cmdprio} chose.
 *
 * @param ioPriority the priority as the kernel encodes it ({@code class << 13 | level})
 * @param clat       the completion latencies of those I/Os
 */
public record PrioLatency(int ioPriority, LatencyStats clat) {
    /** Validates. */
    public PrioLatency {
        Objects.requireNonNull(clat, "clat");
    }

    /** {@code ioprio_class}. */
    public int ioprioClass() {
        return ioPriority >>> 13;
    }

    /** {@code ioprio} (the level). */
    public int level() {
        return ioPriority & 0x1FFF;
    }
}
