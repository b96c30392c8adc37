package org.iosched.simulator.stats;

/**
 * fio's periodic bandwidth or IOPS sampling of one job (stat.c {@code add_bw_samples}/{@code add_iops_samples},
 * run by fio's helper thread every {@code bwavgtime}/{@code iopsavgtime} ms): at the end of each window, each
 * direction that completed I/O in it gets one sample, {@code bytes * 1000 / window_ms / 1024} KiB/s or
 * {@code ios * 1000 / window_ms} IOPS (integer division); a direction idle in a window gets none. Windows
 * start at the job's start; a window is sampled only if the job is still running when it ends, so the last,
 * partial window of a job gives no sample (as fio's helper finds the job gone).
 *
 * <p>Features: windows in virtual time, closed as completions arrive and when the job ends; memory constant.
 * Limitations: fio's helper wakes a little late at times and measures the ms it actually waited; here every
 * window is exactly its length.
 */
final class WindowSampler {
    private final long windowNanos;
    private final long windowMillis;
    private final boolean kib;
    private final RateRecorder[] recorders;
    private final boolean feedStatistics;
    private final long[] pending = new long[3];
    private long origin;
    private long windowStart;
    private boolean any;

    /**
     * @param windowMillis   the window, ms
     * @param kib            bytes to KiB/s (bandwidth), else counts per second (IOPS)
     * @param recorders      one per direction (read, write, trim)
     * @param feedStatistics whether the window samples are the statistics' samples (not when fio samples per I/O)
     */
    WindowSampler(long windowMillis, boolean kib, RateRecorder[] recorders, boolean feedStatistics) {
        this.windowMillis = windowMillis;
        this.windowNanos = windowMillis * 1_000_000L;
        this.kib = kib;
        this.recorders = recorders;
        this.feedStatistics = feedStatistics;
    }

    /** The job started at {@code now}: windows count from here (unless I/O was already recorded). */
    void start(long now) {
        if (!any) {
            origin = now;
            windowStart = now;
        }
    }

    /** {@code amount} bytes or I/Os completed in {@code direction} at {@code now}. */
    void add(int direction, long amount, long now) {
        advance(now);
        pending[direction] += amount;
        any = true;
    }

    /** Closes the windows that ended at or before {@code now}. */
    private void advance(long now) {
        if (now - windowStart < windowNanos) {
            return;
        }
        close();
        windowStart += windowNanos;
        long behind = now - windowStart;
        if (behind >= windowNanos) {
            windowStart += behind / windowNanos * windowNanos;
        }
    }

    /** The job ended at {@code end}: the window that ended before it is sampled, the partial one is not. */
    void finish(long end) {
        if (end - windowStart > windowNanos) {
            close();
        }
        for (int d = 0; d < pending.length; d++) {
            pending[d] = 0;
        }
        windowStart = Math.max(windowStart, end);
    }

    private void close() {
        long atMillis = (windowStart + windowNanos - origin) / 1_000_000L;
        for (int d = 0; d < pending.length; d++) {
            long delta = pending[d];
            if (delta == 0) {
                continue;
            }
            long rate = delta * 1000 / windowMillis;
            if (kib) {
                rate /= 1024;
            }
            if (feedStatistics) {
                recorders[d].sample(rate);
            }
            recorders[d].plot(atMillis, rate);
            pending[d] = 0;
        }
    }
}
