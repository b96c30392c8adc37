package org.iosched.simulator.blk;

/**
 * The longest window in which at least one async request waited in the elevator (inserted, not yet issued to
 * the driver) and no async request was issued: Goyal's "windows where we don't dispatch even a single request
 * from async queues" (seed 001), measured at blktrace's D. A window still open at the end of the run counts up
 * to the end. Requests that bypass the elevator (the FLUSH/FUA machinery) are not counted.
 */
public final class AsyncDispatchGap {
    private int waiting;
    private long windowStart;
    private long longest;

    /** An async request entered the elevator (inserted, or requeued after the driver gave it back). */
    public void queued(long now) {
        if (waiting++ == 0) {
            windowStart = now;
        }
    }

    /** An async request was issued to the driver (D): the window closes, and a new one opens if more wait. */
    public void dispatched(long now) {
        close(now);
        waiting--;
        windowStart = now;
    }

    /** An async request left the elevator without being issued (merged into another). */
    public void removed(long now) {
        if (--waiting == 0) {
            close(now);
        }
    }

    private void close(long now) {
        longest = Math.max(longest, now - windowStart);
    }

    /** Async requests waiting in the elevator now. */
    public int waiting() {
        return waiting;
    }

    /** The longest window in nanoseconds up to {@code now}, counting a window still open. */
    public long longestNanos(long now) {
        return waiting > 0 ? Math.max(longest, now - windowStart) : longest;
    }
}
