package org.iosched.biocontrol;

import org.iosched.api.TraceSink;

/**
 * The time slices of blk-throttle, which 2.6.37 ({@code throttle}) and 6.6 ({@code iomax}) share: per direction
 * (index 0 READ, 1 WRITE) a slice {@code [slice_start, slice_end]} in jiffies, started, extended to whole slices and
 * tested for use as both kernels do ({@code throtl_start_new_slice}, {@code throtl_extend_slice},
 * {@code throtl_set_slice_end}, {@code throtl_slice_used}), with their log lines, and the arithmetic both use
 * ({@code roundup}, 64-bit {@code a * b / c}). What each version allows within a slice is its own.
 */
public final class ThrottleSlice {
    private final String label;
    private final long[] start = new long[2];
    private final long[] end = new long[2];

    /** @param label the group's name in log lines ({@code throtl <label> [R] ...}) */
    public ThrottleSlice(String label) {
        this.label = label;
    }

    /** {@code slice_start[rw]}. */
    public long start(int rw) {
        return start[rw];
    }

    /** {@code slice_end[rw]}. */
    public long end(int rw) {
        return end[rw];
    }

    /** {@code throtl_slice_used}: {@code jiffies} is outside {@code [slice_start, slice_end]}. */
    public boolean used(int rw, long jiffies) {
        return jiffies < start[rw] || jiffies > end[rw];
    }

    /** {@code throtl_start_new_slice}: the slice {@code [jiffies, jiffies + slice]}; the caller resets its counts. */
    public void startNew(int rw, long jiffies, long slice, TraceSink trace) {
        start[rw] = jiffies;
        end[rw] = jiffies + slice;
        if (trace.enabled()) {
            trace.message("throtl " + label + " [" + dir(rw) + "] new slice start=" + start[rw] + " end=" + end[rw]
                    + " jiffies=" + jiffies);
        }
    }

    /** {@code throtl_set_slice_end}: the end rounded up to a whole slice. */
    public void setEnd(int rw, long jiffyEnd, long slice) {
        end[rw] = roundUp(jiffyEnd, slice);
    }

    /** {@code throtl_extend_slice}: {@link #setEnd} and its log line. */
    public void extend(int rw, long jiffyEnd, long jiffies, long slice, TraceSink trace) {
        setEnd(rw, jiffyEnd, slice);
        if (trace.enabled()) {
            trace.message("throtl " + label + " [" + dir(rw) + "] extend slice start=" + start[rw] + " end=" + end[rw]
                    + " jiffies=" + jiffies);
        }
    }

    /** Move the slice start (trimming, or a parent's slice started with a child's credit). */
    public void setStart(int rw, long jiffies) {
        start[rw] = jiffies;
    }

    /** {@code throtl_trim_slice}'s log line. */
    public void traceTrim(int rw, long nrSlices, long bytesTrim, long ioTrim, long jiffies, TraceSink trace) {
        if (trace.enabled()) {
            trace.message("throtl " + label + " [" + dir(rw) + "] trim slice nr=" + nrSlices + " bytes=" + bytesTrim
                    + " io=" + ioTrim + " start=" + start[rw] + " end=" + end[rw] + " jiffies=" + jiffies);
        }
    }

    /** The direction's letter in log lines. */
    public static char dir(int rw) {
        return rw == 0 ? 'R' : 'W';
    }

    /** {@code roundup(x, y)}. */
    public static long roundUp(long x, long y) {
        return (x + y - 1) / y * y;
    }

    /** {@code a * b / c} without overflow ({@code mul_u64_u64_div_u64}); saturates at {@link Long#MAX_VALUE}. */
    public static long mulDiv(long a, long b, long c) {
        long high = Math.multiplyHigh(a, b);
        long low = a * b;
        if (high == 0 && low >= 0) {
            return low / c;
        }
        double exact = (double) a * (double) b / c;
        return exact >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) exact;
    }
}
