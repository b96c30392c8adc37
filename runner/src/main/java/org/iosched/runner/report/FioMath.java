package org.iosched.runner.report;

import org.iosched.simulator.result.DirectionStats;

/** fio's integer arithmetic for runtimes, bandwidth and IOPS, shared by every report format. */
final class FioMath {
    private FioMath() {
    }

    /**
     * A direction's runtime in ms as fio keeps it: microseconds rounded up to whole ms (backend.c
     * {@code update_runtime}), so any I/O at all gives at least 1 ms.
     */
    static long runtimeMillis(DirectionStats stats) {
        long micros = stats.runtimeNanos() / 1000;
        return (micros + 999) / 1000;
    }

    /** {@code bw = 1000 * io_bytes / runtime_ms} in B/s, or 0 without runtime. */
    static long bandwidthBytes(DirectionStats stats) {
        long runtime = runtimeMillis(stats);
        return runtime == 0 ? 0 : 1000 * stats.ioBytes() / runtime;
    }

    /** {@code iops = 1000 * total_ios / runtime_ms}, truncated as the text report prints it. */
    static long iopsTruncated(DirectionStats stats) {
        long runtime = runtimeMillis(stats);
        return runtime == 0 ? 0 : 1000 * stats.totalIos() / runtime;
    }

    /** IOPS as a double, as the JSON report prints it. */
    static double iops(DirectionStats stats) {
        long runtime = runtimeMillis(stats);
        return runtime == 0 ? 0.0 : 1000.0 * stats.totalIos() / runtime;
    }

    /** Whole ms of a span of virtual time, truncated as fio's {@code mtime_since} does. */
    static long millis(long nanos) {
        return nanos / 1_000_000;
    }
}
