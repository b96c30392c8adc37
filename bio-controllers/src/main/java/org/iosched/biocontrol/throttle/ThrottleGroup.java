package org.iosched.biocontrol.throttle;

import java.util.ArrayDeque;
import org.iosched.api.Bio;
import org.iosched.api.TraceSink;
import org.iosched.biocontrol.Jiffies;
import org.iosched.biocontrol.ThrottleSlice;

/**
 * One cgroup's throttling state on the queue ({@code struct throtl_grp} of 2.6.37): the queued bios per
 * direction, the rules, and the slice accounting ({@code tg_may_dispatch}, {@code throtl_charge_bio},
 * {@code throtl_trim_slice}). Index 0 is READ, 1 WRITE. Times are in jiffies.
 */
final class ThrottleGroup {
    /** {@code throtl_slice}: 100 ms. */
    static final long THROTL_SLICE = Jiffies.HZ / 10;

    final String cgroupPath;
    private final ThrottleLimits limits;

    /** {@code bio_lists[]}: READ and WRITE. */
    private final ArrayDeque<Bio> readBios = new ArrayDeque<>();
    private final ArrayDeque<Bio> writeBios = new ArrayDeque<>();
    /** {@code disptime}: when the group can dispatch again; the service tree's key. */
    long disptime;
    /** {@code THROTL_TG_FLAG_on_rr}. */
    boolean onRr;

    /** {@code bytes_disp[]}, {@code io_disp[]}: dispatched in the current slice. */
    private final long[] bytesDisp = new long[2];
    private final long[] ioDisp = new long[2];
    /** {@code slice_start[]}, {@code slice_end[]}. */
    private final ThrottleSlice slice;

    // statistics
    final long[] dispatchedBios = new long[2];
    final long[] dispatchedBytes = new long[2];
    final long[] throttledBios = new long[2];

    ThrottleGroup(String cgroupPath, ThrottleLimits limits) {
        this.cgroupPath = cgroupPath;
        this.limits = limits;
        this.slice = new ThrottleSlice(cgroupPath);
    }

    /** The queued bios of direction {@code rw}, oldest first. */
    ArrayDeque<Bio> bios(int rw) {
        return rw == 0 ? readBios : writeBios;
    }

    /** {@code nr_queued[rw]}. */
    int nrQueued(int rw) {
        return bios(rw).size();
    }

    /** Bios queued in both directions. */
    int nrQueued() {
        return readBios.size() + writeBios.size();
    }

    /**
     * {@code tg_may_dispatch}: 0 when {@code bio} is within the rules now, else the jiffies to wait.
     * Starts, extends or keeps the slice as the kernel does.
     */
    long mayDispatch(Bio bio, int rw, long jiffies, TraceSink trace) {
        long bps = limits.bps(rw);
        long iops = limits.iops(rw);
        if (bps == ThrottleLimits.UNLIMITED && iops == ThrottleLimits.UNLIMITED) {
            return 0;
        }
        // a slice is at least throtl_slice long from now
        if (sliceUsed(rw, jiffies)) {
            startNewSlice(rw, jiffies, trace);
        } else if (slice.end(rw) < jiffies + THROTL_SLICE) {
            slice.extend(rw, jiffies + THROTL_SLICE, jiffies, THROTL_SLICE, trace);
        }
        // the kernel evaluates the iops rule only when the bps rule passes (&& short-circuit)
        long bpsWait = bps == ThrottleLimits.UNLIMITED ? 0 : bpsWait(bio, rw, jiffies, bps);
        long iopsWait = bpsWait == 0 && iops != ThrottleLimits.UNLIMITED ? iopsWait(rw, jiffies, iops) : 0;
        if (bpsWait == 0 && iopsWait == 0) {
            return 0;
        }
        long maxWait = Math.max(bpsWait, iopsWait);
        if (slice.end(rw) < jiffies + maxWait) {
            slice.extend(rw, jiffies + maxWait, jiffies, THROTL_SLICE, trace);
        }
        return maxWait;
    }

    /** {@code tg_with_in_bps_limit}: 0 or the jiffies until the bytes fit. */
    private long bpsWait(Bio bio, int rw, long jiffies, long bps) {
        long elapsed = jiffies - slice.start(rw);
        long elapsedRnd = roundUp(elapsed == 0 ? THROTL_SLICE : elapsed, THROTL_SLICE);
        long allowed = mulDiv(bps, Jiffies.toMsecs(elapsedRnd), Jiffies.MSEC_PER_SEC);
        long size = bio.bytes();
        if (bytesDisp[rw] + size <= allowed) {
            return 0;
        }
        long extra = bytesDisp[rw] + size - allowed;
        long wait = Math.max(1, mulDiv(extra, Jiffies.HZ, bps));
        // the allowance above was rounded up to a whole slice: wait for that too
        return wait + (elapsedRnd - elapsed);
    }

    /** {@code tg_with_in_iops_limit}: 0 or the jiffies until one more IO fits. */
    private long iopsWait(int rw, long jiffies, long iops) {
        long elapsed = jiffies - slice.start(rw);
        long elapsedRnd = roundUp(elapsed == 0 ? THROTL_SLICE : elapsed, THROTL_SLICE);
        long allowed = mulDiv(iops, Jiffies.toMsecs(elapsedRnd), Jiffies.MSEC_PER_SEC);
        if (ioDisp[rw] + 1 <= allowed) {
            return 0;
        }
        long wait = mulDiv(ioDisp[rw] + 1, Jiffies.HZ, iops) + 1;
        return wait > elapsed ? wait - elapsed : 1;
    }

    /** {@code throtl_charge_bio}. */
    void charge(Bio bio, int rw) {
        bytesDisp[rw] += bio.bytes();
        ioDisp[rw]++;
        dispatchedBios[rw]++;
        dispatchedBytes[rw] += bio.bytes();
    }

    /** {@code throtl_trim_slice}: give back the whole slices that have passed, moving the slice start. */
    void trimSlice(int rw, long jiffies, TraceSink trace) {
        if (sliceUsed(rw, jiffies)) {
            return;
        }
        long nrSlices = (jiffies - slice.start(rw)) / THROTL_SLICE;
        if (nrSlices == 0) {
            return;
        }
        long bytesTrim = trimAmount(limits.bps(rw), nrSlices);
        long ioTrim = trimAmount(limits.iops(rw), nrSlices);
        if (bytesTrim == 0 && ioTrim == 0) {
            return;
        }
        bytesDisp[rw] = Math.max(0, bytesDisp[rw] - bytesTrim);
        ioDisp[rw] = Math.max(0, ioDisp[rw] - ioTrim);
        slice.setStart(rw, slice.start(rw) + nrSlices * THROTL_SLICE);
        slice.traceTrim(rw, nrSlices, bytesTrim, ioTrim, jiffies, trace);
    }

    /** What one direction may do per {@code nrSlices} slices; an unlimited rule trims everything. */
    private static long trimAmount(long rate, long nrSlices) {
        if (rate == ThrottleLimits.UNLIMITED) {
            return Long.MAX_VALUE;
        }
        return mulDiv(rate, THROTL_SLICE * nrSlices, Jiffies.HZ);
    }

    /** {@code throtl_slice_used}: now is outside {@code [slice_start, slice_end]}. */
    private boolean sliceUsed(int rw, long jiffies) {
        return slice.used(rw, jiffies);
    }

    private void startNewSlice(int rw, long jiffies, TraceSink trace) {
        bytesDisp[rw] = 0;
        ioDisp[rw] = 0;
        slice.startNew(rw, jiffies, THROTL_SLICE, trace);
    }

    /** The queue log line of {@code blk_throtl_bio} for a bio that has to wait. */
    String queueMessage(Bio bio, int rw) {
        return "throtl " + cgroupPath + " [" + dir(rw) + "] bio. bdisp=" + bytesDisp[rw] + " sz=" + bio.bytes()
                + " bps=" + limits.bps(rw) + " iodisp=" + ioDisp[rw] + " iops=" + limits.iops(rw)
                + " queued=" + nrQueued(0) + "/" + nrQueued(1);
    }

    static char dir(int rw) {
        return ThrottleSlice.dir(rw);
    }

    static long roundUp(long x, long y) {
        return ThrottleSlice.roundUp(x, y);
    }

    static long mulDiv(long a, long b, long c) {
        return ThrottleSlice.mulDiv(a, b, c);
    }
}
