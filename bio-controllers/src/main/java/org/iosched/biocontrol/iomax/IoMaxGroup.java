package org.iosched.biocontrol.iomax;

import java.util.ArrayDeque;
import java.util.ArrayList;
import org.iosched.api.Bio;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;
import org.iosched.biocontrol.Jiffies;
import org.iosched.biocontrol.ThrottleSlice;

/**
 * One cgroup's {@code io.max} state on the queue ({@code struct throtl_grp} of Linux 6.6): its limits, the slice
 * accounting with carry-over ({@code tg_may_dispatch}, {@code tg_within_bps_limit}, {@code tg_within_iops_limit},
 * {@code throtl_charge_bio}, {@code throtl_trim_slice}, {@code tg_update_carryover}) and its service queue (the bios
 * it holds, per direction in qnodes, and the children with bios pending). Index 0 is READ, 1 WRITE; times in jiffies.
 */
final class IoMaxGroup {
    /**
     * {@code throtl_slice}: {@code DFL_THROTL_SLICE_HD} = HZ/10 on every device; 6.6 uses
     * {@code DFL_THROTL_SLICE_SSD} (HZ/50) on non-rotational devices only with {@code CONFIG_BLK_DEV_THROTTLING_LOW},
     * which is off by default (and gone in 6.9).
     */
    static final long THROTL_SLICE = Jiffies.HZ / 10;
    static final int READ = 0;
    static final int WRITE = 1;

    final String path;
    /** The parent group, null for the root's. */
    final IoMaxGroup parent;
    /** {@code service_queue}. */
    final ServiceQueue sq;
    /** {@code bps[rw]}, {@code iops[rw]}: {@link IoMaxConfig#MAX} for none. */
    final long[] bps = {IoMaxConfig.MAX, IoMaxConfig.MAX};
    final long[] iops = {IoMaxConfig.MAX, IoMaxConfig.MAX};
    /** {@code has_rules_bps[rw]}, {@code has_rules_iops[rw]}: this group or an ancestor has a limit. */
    final boolean[] hasRulesBps = new boolean[2];
    final boolean[] hasRulesIops = new boolean[2];
    private final ThrottleSlice slice;
    final long[] bytesDisp = new long[2];
    final long[] ioDisp = new long[2];
    /** {@code carryover_bytes[rw]}, {@code carryover_ios[rw]}: owed (positive) or owing across a limit change. */
    final long[] carryoverBytes = new long[2];
    final long[] carryoverIos = new long[2];
    /** {@code qnode_on_self[rw]}: this group's own bios in its queue. */
    final QNode[] qnodeOnSelf = {new QNode(this), new QNode(this)};
    /** {@code qnode_on_parent[rw]}: this group's bios in the parent's queue. */
    final QNode[] qnodeOnParent = {new QNode(this), new QNode(this)};
    /** {@code disptime}: the key in the parent's pending tree. */
    long disptime;
    /** {@code THROTL_TG_PENDING}: on the parent's pending tree. */
    boolean pending;
    /** {@code THROTL_TG_WAS_EMPTY}: a bio was queued to an empty direction since the last disptime update. */
    boolean wasEmpty;

    // statistics
    final long[] dispatchedBios = new long[2];
    final long[] dispatchedBytes = new long[2];
    final long[] throttledBios = new long[2];

    IoMaxGroup(String path, IoMaxGroup parent, ServiceQueue parentSq, TimerFactory timers) {
        this.path = path;
        this.parent = parent;
        this.slice = new ThrottleSlice(path);
        this.sq = new ServiceQueue(this, parentSq, timers);
    }

    /** A way to make the pending timer of a service queue. */
    interface TimerFactory {
        Timer timer(ServiceQueue sq);
    }

    boolean isRoot() {
        return parent == null;
    }

    /** {@code tg_bps_limit}: the root of cgroup v2 is never limited. */
    long bpsLimit(int rw) {
        return isRoot() ? IoMaxConfig.MAX : bps[rw];
    }

    /** {@code tg_iops_limit}. */
    long iopsLimit(int rw) {
        return isRoot() ? IoMaxConfig.MAX : iops[rw];
    }

    /** {@code tg_update_has_rules}: from the parent's and this group's limits. */
    void updateHasRules() {
        for (int rw = READ; rw <= WRITE; rw++) {
            hasRulesBps[rw] = (parent != null && parent.hasRulesBps[rw]) || bpsLimit(rw) != IoMaxConfig.MAX;
            hasRulesIops[rw] = (parent != null && parent.hasRulesIops[rw]) || iopsLimit(rw) != IoMaxConfig.MAX;
        }
    }

    /**
     * {@code tg_may_dispatch}: 0 when {@code bio} may go now, else the jiffies to wait. A slice that is over starts
     * anew only if nothing is queued in this direction; otherwise the slice is extended to last at least one slice
     * from now, and to cover the wait.
     *
     * @param bpsThrottled the bio carries {@code BIO_BPS_THROTTLED}: it was charged for its bytes already
     */
    long mayDispatch(Bio bio, int rw, boolean bpsThrottled, long jiffies, TraceSink trace) {
        long bpsLimit = bpsLimit(rw);
        long iopsLimit = iopsLimit(rw);
        if (bpsLimit == IoMaxConfig.MAX && iopsLimit == IoMaxConfig.MAX) {
            return 0;
        }
        if (slice.used(rw, jiffies) && sq.nrQueued[rw] == 0) {
            startNewSlice(rw, true, jiffies, trace);
        } else if (slice.end(rw) < jiffies + THROTL_SLICE) {
            slice.extend(rw, jiffies + THROTL_SLICE, jiffies, THROTL_SLICE, trace);
        }
        long bpsWait = bpsWait(bio, rw, bpsThrottled, bpsLimit, jiffies);
        long iopsWait = iopsWait(rw, iopsLimit, jiffies);
        if (bpsWait + iopsWait == 0) {
            return 0;
        }
        long maxWait = Math.max(bpsWait, iopsWait);
        if (slice.end(rw) < jiffies + maxWait) {
            slice.extend(rw, jiffies + maxWait, jiffies, THROTL_SLICE, trace);
        }
        return maxWait;
    }

    /** {@code tg_within_bps_limit}: 0 or the jiffies until the bytes fit, plus the rounding to a whole slice. */
    private long bpsWait(Bio bio, int rw, boolean bpsThrottled, long bpsLimit, long jiffies) {
        if (bpsLimit == IoMaxConfig.MAX || bpsThrottled) {
            return 0;
        }
        long elapsed = jiffies - slice.start(rw);
        long elapsedRnd = ThrottleSlice.roundUp(elapsed == 0 ? THROTL_SLICE : elapsed, THROTL_SLICE);
        long allowed = saturatedAdd(bytesAllowed(bpsLimit, elapsedRnd), carryoverBytes[rw]);
        long size = bio.bytes();
        if (allowed > 0 && bytesDisp[rw] + size <= allowed) {
            return 0;
        }
        long extra = bytesDisp[rw] + size - allowed;
        long wait = Math.max(1, ThrottleSlice.mulDiv(extra, Jiffies.HZ, bpsLimit));
        return wait + (elapsedRnd - elapsed);
    }

    /** {@code tg_within_iops_limit}: 0 or the jiffies to the next slice boundary (never 0). */
    private long iopsWait(int rw, long iopsLimit, long jiffies) {
        if (iopsLimit == IoMaxConfig.MAX) {
            return 0;
        }
        long elapsed = jiffies - slice.start(rw);
        long elapsedRnd = ThrottleSlice.roundUp(elapsed + 1, THROTL_SLICE);
        long allowed = ioAllowed(iopsLimit, elapsedRnd) + carryoverIos[rw];
        if (allowed > 0 && ioDisp[rw] + 1 <= allowed) {
            return 0;
        }
        return elapsedRnd - elapsed;
    }

    /** {@code throtl_charge_bio}: bytes unless already charged ({@code BIO_BPS_THROTTLED}), one IO always. */
    void charge(Bio bio, int rw, boolean bpsThrottled) {
        if (!bpsThrottled) {
            bytesDisp[rw] += bio.bytes();
        }
        ioDisp[rw]++;
        dispatchedBios[rw]++;
        dispatchedBytes[rw] += bio.bytes();
    }

    /**
     * {@code throtl_trim_slice}: after a dispatch within a slice in use, end the slice one slice from now and give
     * back the whole slices that have passed (what they allowed plus the carry-over), moving the start.
     */
    void trimSlice(int rw, long jiffies, TraceSink trace) {
        if (slice.used(rw, jiffies)) {
            return;
        }
        slice.setEnd(rw, jiffies + THROTL_SLICE, THROTL_SLICE);
        long elapsed = (jiffies - slice.start(rw)) / THROTL_SLICE * THROTL_SLICE;
        if (elapsed == 0) {
            return;
        }
        long bytesTrim = saturatedAdd(bytesAllowed(bpsLimit(rw), elapsed), carryoverBytes[rw]);
        long ioTrim = saturatedAdd(ioAllowed(iopsLimit(rw), elapsed), carryoverIos[rw]);
        if (bytesTrim <= 0 && ioTrim <= 0) {
            return;
        }
        carryoverBytes[rw] = 0;
        bytesDisp[rw] = bytesDisp[rw] >= bytesTrim ? bytesDisp[rw] - bytesTrim : 0;
        carryoverIos[rw] = 0;
        ioDisp[rw] = ioDisp[rw] >= ioTrim ? ioDisp[rw] - ioTrim : 0;
        slice.setStart(rw, slice.start(rw) + elapsed);
        slice.traceTrim(rw, elapsed / THROTL_SLICE, bytesTrim, ioTrim, jiffies, trace);
    }

    /** {@code throtl_start_new_slice}: counts reset, carry-over cleared only if asked. */
    void startNewSlice(int rw, boolean clearCarryover, long jiffies, TraceSink trace) {
        bytesDisp[rw] = 0;
        ioDisp[rw] = 0;
        if (clearCarryover) {
            carryoverBytes[rw] = 0;
            carryoverIos[rw] = 0;
        }
        slice.startNew(rw, jiffies, THROTL_SLICE, trace);
    }

    /**
     * {@code throtl_start_new_slice_with_credit}: a parent whose slice is over starts one at the child's slice start
     * if that is later than its own, so the parent does not throttle again what the child already spaced out.
     */
    void startNewSliceWithCredit(int rw, long start, long jiffies, TraceSink trace) {
        bytesDisp[rw] = 0;
        ioDisp[rw] = 0;
        carryoverBytes[rw] = 0;
        carryoverIos[rw] = 0;
        if (start > slice.start(rw)) {
            slice.setStart(rw, start);
        }
        slice.setEnd(rw, jiffies + THROTL_SLICE, 1);
        if (trace.enabled()) {
            trace.message("throtl " + path + " [" + ThrottleSlice.dir(rw) + "] new slice with credit start="
                    + slice.start(rw) + " end=" + slice.end(rw) + " jiffies=" + jiffies);
        }
    }

    boolean sliceUsed(int rw, long jiffies) {
        return slice.used(rw, jiffies);
    }

    long sliceStart(int rw) {
        return slice.start(rw);
    }

    long sliceEnd(int rw) {
        return slice.end(rw);
    }

    /**
     * {@code __tg_update_carryover}, before a limit changes, for a direction with bios queued: what the old limit
     * allowed since the slice start minus what went, carried into the new slice (positive: owed; negative: owing).
     */
    void updateCarryover(long jiffies, TraceSink trace) {
        for (int rw = READ; rw <= WRITE; rw++) {
            if (sq.nrQueued[rw] == 0) {
                continue;
            }
            long elapsed = jiffies - slice.start(rw);
            if (bpsLimit(rw) != IoMaxConfig.MAX) {
                carryoverBytes[rw] += bytesAllowed(bpsLimit(rw), elapsed) - bytesDisp[rw];
            }
            if (iopsLimit(rw) != IoMaxConfig.MAX) {
                carryoverIos[rw] += ioAllowed(iopsLimit(rw), elapsed) - ioDisp[rw];
            }
        }
        if (trace.enabled()) {
            trace.message("throtl " + path + " tg_update_carryover: " + carryoverBytes[READ] + " "
                    + carryoverBytes[WRITE] + " " + carryoverIos[READ] + " " + carryoverIos[WRITE]);
        }
    }

    /** {@code calculate_bytes_allowed}: {@code bps * jiffies / HZ}; unlimited allows everything. */
    static long bytesAllowed(long bps, long jiffies) {
        return bps == IoMaxConfig.MAX ? Long.MAX_VALUE : ThrottleSlice.mulDiv(bps, jiffies, Jiffies.HZ);
    }

    /** {@code calculate_io_allowed}: {@code iops * jiffies / HZ}, truncated, at most {@code UINT_MAX}. */
    static long ioAllowed(long iops, long jiffies) {
        if (iops == IoMaxConfig.MAX) {
            // 6.6 computes UINT_MAX + carry-over in an int here; unlimited is modelled as trimming everything
            return Long.MAX_VALUE;
        }
        return Math.min(ThrottleSlice.mulDiv(iops, jiffies, Jiffies.HZ), IoMaxConfig.UINT_MAX);
    }

    private static long saturatedAdd(long a, long b) {
        long r = a + b;
        if (((a ^ r) & (b ^ r)) < 0) {
            return a > 0 ? Long.MAX_VALUE : Long.MIN_VALUE;
        }
        return r;
    }

    /** The queue line of {@code __blk_throtl_bio} for a bio over the limits. */
    String queueMessage(Bio bio, int rw) {
        return "throtl " + path + " [" + ThrottleSlice.dir(rw) + "] bio. bdisp=" + bytesDisp[rw] + " sz=" + bio.bytes()
                + " bps=" + unsigned(bpsLimit(rw), false) + " iodisp=" + ioDisp[rw] + " iops="
                + unsigned(iopsLimit(rw), true) + " queued=" + sq.nrQueued[READ] + "/" + sq.nrQueued[WRITE];
    }

    /** A limit as the kernel prints it: {@code U64_MAX} / {@code UINT_MAX} for none. */
    static String unsigned(long limit, boolean iops) {
        if (limit != IoMaxConfig.MAX) {
            return Long.toString(limit);
        }
        return iops ? Long.toString(IoMaxConfig.UINT_MAX) : Long.toUnsignedString(-1L);
    }

    /** {@code struct throtl_qnode}: one group's bios of one direction in a service queue. */
    static final class QNode {
        final IoMaxGroup owner;
        final ArrayDeque<Bio> bios = new ArrayDeque<>();
        boolean onList;

        QNode(IoMaxGroup owner) {
            this.owner = owner;
        }
    }

    /**
     * {@code struct throtl_service_queue}: the bios held at one level per direction (qnodes served round-robin), the
     * child groups with bios pending ordered by {@code disptime}, and the pending timer that dispatches them. The
     * top one ({@code td->service_queue}) has no owner.
     */
    static final class ServiceQueue {
        final IoMaxGroup owner;
        final ServiceQueue parent;
        @SuppressWarnings("unchecked")
        final ArrayDeque<QNode>[] queued = new ArrayDeque[] {new ArrayDeque<QNode>(), new ArrayDeque<QNode>()};
        final int[] nrQueued = new int[2];
        /** {@code pending_tree}: by disptime, equal times in insertion order; its size is {@code nr_pending}. */
        final ArrayList<IoMaxGroup> pendingTree = new ArrayList<>();
        final Timer pendingTimer;

        ServiceQueue(IoMaxGroup owner, ServiceQueue parent, TimerFactory timers) {
            this.owner = owner;
            this.parent = parent;
            this.pendingTimer = timers.timer(this);
        }

        /** {@code throtl_qnode_add_bio}: a qnode joins the tail of the list when it gets its first bio. */
        static void add(Bio bio, QNode qn, ArrayDeque<QNode> queued) {
            qn.bios.add(bio);
            if (!qn.onList) {
                qn.onList = true;
                queued.add(qn);
            }
        }

        /** {@code throtl_peek_queued}. */
        static Bio peek(ArrayDeque<QNode> queued) {
            QNode qn = queued.peekFirst();
            return qn == null ? null : qn.bios.peekFirst();
        }

        /** {@code throtl_pop_queued}: the first qnode's first bio; the qnode then goes to the tail, or leaves. */
        static Bio pop(ArrayDeque<QNode> queued) {
            QNode qn = queued.pollFirst();
            if (qn == null) {
                return null;
            }
            Bio bio = qn.bios.pollFirst();
            if (qn.bios.isEmpty()) {
                qn.onList = false;
            } else {
                queued.addLast(qn);
            }
            return bio;
        }

        /** {@code tg_service_queue_add}: by disptime, after equal ones. */
        void addPending(IoMaxGroup tg) {
            int i = pendingTree.size();
            while (i > 0 && pendingTree.get(i - 1).disptime > tg.disptime) {
                i--;
            }
            pendingTree.add(i, tg);
        }
    }
}
