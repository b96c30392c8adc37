package org.iosched.simulator.blkmq;

import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.Map;
import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.RqQosContext;
import org.iosched.api.RqQosPolicy;
import org.iosched.api.Task;
import org.iosched.api.Timer;

/**
 * Linux 6.6's writeback throttling (block/blk-wbt.c with the depth rules of blk-rq-qos.c), the rq-qos policy every
 * blk-mq queue has on by default: it caps the buffered writes in flight so that reads keep their latency.
 *
 * <p>Features, with the kernel functions they model (reference/blk-mq.md §10):
 * <ul>
 *   <li>Which bios are throttled ({@code wbt_should_throttle}, {@code bio_to_wbt_flags}): writes, except
 *       O_DIRECT-style ones ({@code REQ_SYNC|REQ_IDLE}: here SYNC without NOIDLE), and discards; reads are not, but
 *       stamp {@code last_issue} (and {@code last_comp} when they complete). Three wait classes, each an in-flight
 *       count with a FIFO of sleepers ({@code rq_wait}): background writes, kswapd's writes, discards.</li>
 *   <li>Per-bio limit ({@code get_limit}): discards {@code wb_background}; SYNC/META writes, a dirty-throttling
 *       sleep within the last second ({@code wb_recent_wait}) or kswapd: {@code max_depth}; background writeback or
 *       a read issued or completed within the last 100 ms ({@code close_io}): {@code wb_background}; else
 *       {@code wb_normal}.</li>
 *   <li>{@code rq_qos_wait}: a slot is taken when nobody waits and the class is below the limit; else the task
 *       sleeps in FIFO order. On completion ({@code wbt_rqw_done}) the class's limit is {@code wb_background} for
 *       discards, 0 on a write-back-cache device without a recent dirty sleep, else {@code wb_normal}; nobody is woken
 *       while the class is at or above it (and not empty); otherwise, when the class is empty or
 *       {@code limit - inflight >= wb_background / 2}, sleepers are woken in order, each re-checking its own
 *       limit, until one does not fit.</li>
 *   <li>Depths from {@code scale_step} ({@code rq_depth_calc_max_depth}, {@code calc_wb_limits}): with a queue
 *       depth of 1, 1 when scaled down else 2; else {@code d = min(16, queue_depth)}, {@code 1 + ((d-1) >> step)}
 *       for a positive step, {@code 1 + ((d-1) << -step)} capped at {@code 3 * queue_depth / 4} for a negative one;
 *       {@code wb_normal = (max+1)/2}, {@code wb_background = (max+3)/4} (max and 1 when max is at most 2).</li>
 *   <li>The monitoring window ({@code blk_stat} callback, {@code wb_timer_fn}): armed when a throttled write is
 *       admitted and no window runs; 100 ms, or {@code 100 ms * 16 / int_sqrt((step+1) << 8)} when scaled down, in
 *       jiffies; completion latencies (completion minus {@code io_start_time_ns}) of reads and writes in the window;
 *       {@code latency_exceeded}: a read outstanding longer than the window, or longer than the target with no read
 *       completed, or a minimum read latency above the target: scale down (hard); fewer than 1 read and 3 write
 *       samples: writes seen, a recent dirty sleep or writes in flight scale up (the step may go negative), else
 *       after 5 such windows one step back toward 0; otherwise scale up. The window is re-armed while the step is
 *       not 0 or writes are in flight. Scaling up wakes every class's sleepers.</li>
 * </ul>
 *
 * <p>Limitations: {@code REQ_BACKGROUND} is an async write of the flusher thread (the OS model marks none; 6.6's
 * flusher writes for_background/for_kupdate with it); kswapd is a task whose name starts with {@code kswapd}; the
 * kernel's {@code enable_state} is reduced to on (the default or a set {@code wbt_lat_usec}) or off (not in the
 * chain: {@code wbt_lat_usec=0}); a window's statistics are kept for the whole device, not per CPU; the waiter
 * that gets a slot arms the window in its waker's context.
 */
final class Wbt implements RqQosPolicy {
    /** {@code RWB_DEF_DEPTH}. */
    static final int DEFAULT_DEPTH = 16;
    /** {@code RWB_MIN_WRITE_SAMPLES}. */
    static final int MIN_WRITE_SAMPLES = 3;
    /** {@code RWB_UNKNOWN_BUMP}. */
    static final int UNKNOWN_BUMP = 5;
    /** {@code win_nsec}: 100 ms. */
    static final long WINDOW_NANOS = 100_000_000L;
    /** {@code wbt_default_latency_nsec}: 75 ms on a rotational device. */
    static final long DEFAULT_ROTATIONAL_LATENCY_NANOS = 75_000_000L;
    /** {@code wbt_default_latency_nsec}: 2 ms on a non-rotational device. */
    static final long DEFAULT_NONROTATIONAL_LATENCY_NANOS = 2_000_000L;

    // rq->wbt_flags
    static final int WBT_TRACKED = 1;
    static final int WBT_READ = 1 << 1;
    static final int WBT_KSWAPD = 1 << 2;
    static final int WBT_DISCARD = 1 << 3;
    /** Ours: the request's latency went into a window already (a flush sequence's request ends twice). */
    static final int WBT_STAT_DONE = 1 << 8;

    static final int RWQ_BG = 0;
    static final int RWQ_KSWAPD = 1;
    static final int RWQ_DISCARD = 2;

    // latency_exceeded
    static final int LAT_OK = 1;
    static final int LAT_UNKNOWN = 2;
    static final int LAT_UNKNOWN_WRITES = 3;
    static final int LAT_EXCEEDED = 4;

    /** {@code struct rq_depth}, with {@code rq_depth_calc_max_depth} and the scale steps of blk-rq-qos.c. */
    static final class RqDepth {
        int maxDepth;
        int scaleStep;
        boolean scaledMax;
        final int queueDepth;
        final int defaultDepth;

        RqDepth(int queueDepth, int defaultDepth) {
            this.queueDepth = queueDepth;
            this.defaultDepth = defaultDepth;
            calcMaxDepth();
        }

        /** {@code rq_depth_calc_max_depth}: true when the depth hit its cap (no further scaling up). */
        boolean calcMaxDepth() {
            boolean capped = false;
            if (queueDepth == 1) {
                if (scaleStep > 0) {
                    maxDepth = 1;
                } else {
                    maxDepth = 2;
                    capped = true;
                }
            } else {
                int depth = Math.min(defaultDepth, queueDepth);
                if (scaleStep > 0) {
                    depth = 1 + ((depth - 1) >>> Math.min(31, scaleStep));
                } else if (scaleStep < 0) {
                    int maxd = 3 * queueDepth / 4;
                    long grown = 1 + ((long) (depth - 1) << Math.min(31, -scaleStep));
                    if (grown > maxd) {
                        grown = maxd;
                        capped = true;
                    }
                    depth = (int) grown;
                }
                maxDepth = depth;
            }
            return capped;
        }

        /** {@code rq_depth_scale_up}. */
        boolean scaleUp() {
            if (scaledMax) {
                return false;
            }
            scaleStep--;
            scaledMax = calcMaxDepth();
            return true;
        }

        /** {@code rq_depth_scale_down}. */
        boolean scaleDown(boolean hardThrottle) {
            if (maxDepth == 1) {
                return false;
            }
            if (scaleStep < 0 && hardThrottle) {
                scaleStep = 0;
            } else {
                scaleStep++;
            }
            scaledMax = false;
            calcMaxDepth();
            return true;
        }
    }

    /** {@code struct rq_wait}: in flight, and the sleepers in FIFO order. */
    static final class RqWait {
        int inflight;
        final ArrayDeque<Bio> waiters = new ArrayDeque<>();
    }

    private final RqQosContext context;
    private final long minLatNanos;
    private final long jiffyNanos;
    private final boolean writeCache;
    final RqDepth depth;
    int wbNormal;
    int wbBackground;
    int unknownCount;
    long curWinNanos = WINDOW_NANOS;
    final RqWait[] waits = {new RqWait(), new RqWait(), new RqWait()};
    private final Timer window;
    /** {@code last_issue}, {@code last_comp}: jiffies of the last read issued and completed. */
    private long lastIssue = Long.MIN_VALUE / 2;
    private long lastComp = Long.MIN_VALUE / 2;
    private long syncIssue;
    private Request syncCookie;
    // the window's statistics (blk_rq_stat for READ and WRITE)
    long readSamples;
    long readMin = Long.MAX_VALUE;
    long writeSamples;
    // reported
    private long windows;
    private long scaleUps;
    private long scaleDowns;
    private long waited;
    private int minStep;
    private int maxStep;

    /**
     * @param context     the queue's services
     * @param minLatNanos the target ({@code min_lat_nsec}, {@code wbt_lat_usec * 1000}), positive
     */
    Wbt(RqQosContext context, long minLatNanos) {
        if (minLatNanos <= 0) {
            throw new IllegalArgumentException("wbt's target must be positive, not " + minLatNanos);
        }
        this.context = context;
        this.minLatNanos = minLatNanos;
        this.jiffyNanos = 1_000_000_000L / context.hz();
        this.writeCache = context.device().writeCache();
        this.depth = new RqDepth(Math.max(1, context.queueDepth()), DEFAULT_DEPTH);
        this.window = context.newTimer(this::timerFired);
        calcLimits();
    }

    /** {@code wbt_default_latency_nsec}. */
    static long defaultLatencyNanos(boolean rotational) {
        return rotational ? DEFAULT_ROTATIONAL_LATENCY_NANOS : DEFAULT_NONROTATIONAL_LATENCY_NANOS;
    }

    /** {@code calc_wb_limits}. */
    private void calcLimits() {
        if (depth.maxDepth <= 2) {
            wbNormal = depth.maxDepth;
            wbBackground = 1;
        } else {
            wbNormal = (depth.maxDepth + 1) / 2;
            wbBackground = (depth.maxDepth + 3) / 4;
        }
    }

    private long jiffies() {
        return context.now() / jiffyNanos;
    }

    // ---------------------------------------------------------------- which bios, which limit

    /** {@code wbt_should_throttle}: writes but O_DIRECT-style ones ({@code REQ_SYNC|REQ_IDLE}), and discards. */
    static boolean shouldThrottle(Op op, int flags) {
        if (op == Op.WRITE) {
            boolean odirect = (flags & RequestFlags.SYNC) != 0 && (flags & RequestFlags.NOIDLE) == 0;
            return !odirect;
        }
        return op == Op.DISCARD;
    }

    /** {@code bio_to_wbt_flags}. */
    static int wbtFlags(Bio bio) {
        if (bio.op() == Op.READ) {
            return WBT_READ;
        }
        int flags = 0;
        if (shouldThrottle(bio.op(), bio.flags())) {
            if (isKswapd(bio.task())) {
                flags |= WBT_KSWAPD;
            }
            if (bio.op() == Op.DISCARD) {
                flags |= WBT_DISCARD;
            }
            flags |= WBT_TRACKED;
        }
        return flags;
    }

    private static boolean isKswapd(Task task) {
        return task != null && task.isKernelThread() && task.name().startsWith("kswapd");
    }

    // REQ_BACKGROUND: 6.6's flusher marks its background and periodic writeback with it
    private static boolean isBackground(Bio bio) {
        Task task = bio.task();
        return (bio.flags() & RequestFlags.SYNC) == 0 && task != null && task.isKernelThread()
                && (task.name().startsWith("flush-") || task.name().startsWith("kworker"));
    }

    /** {@code get_rq_wait}. */
    static int waitClass(int wbtFlags) {
        if ((wbtFlags & WBT_KSWAPD) != 0) {
            return RWQ_KSWAPD;
        }
        if ((wbtFlags & WBT_DISCARD) != 0) {
            return RWQ_DISCARD;
        }
        return RWQ_BG;
    }

    /** {@code wb_recent_wait}: a task slept in {@code balance_dirty_pages} within the last second. */
    boolean recentWait() {
        long sleep = context.lastDirtySleep();
        if (sleep == Long.MIN_VALUE) {
            return false;
        }
        return jiffies() < sleep / jiffyNanos + context.hz();
    }

    /** {@code close_io}: a read issued or completed within the last 100 ms. */
    boolean closeIo() {
        long now = jiffies();
        long tenth = context.hz() / 10;
        return now < lastIssue + tenth || now < lastComp + tenth;
    }

    /** {@code get_limit}. */
    int limit(Bio bio) {
        if (bio.op() == Op.DISCARD) {
            return wbBackground;
        }
        if ((bio.flags() & (RequestFlags.SYNC | RequestFlags.META)) != 0 || recentWait() || isKswapd(bio.task())) {
            return depth.maxDepth;
        }
        if (isBackground(bio) || closeIo()) {
            return wbBackground;
        }
        return wbNormal;
    }

    // ---------------------------------------------------------------- hooks

    @Override
    public Throttle throttle(Bio bio) {
        int flags = wbtFlags(bio);
        if ((flags & WBT_TRACKED) == 0) {
            if ((flags & WBT_READ) != 0) {
                lastIssue = jiffies();
            }
            return Throttle.PROCEED;
        }
        RqWait rqw = waits[waitClass(flags)];
        if (rqw.waiters.isEmpty() && rqw.inflight < limit(bio)) {
            rqw.inflight++;
            admitted();
            return Throttle.PROCEED;
        }
        rqw.waiters.addLast(bio);
        waited++;
        return Throttle.WAIT;
    }

    // wbt_wait after __wbt_wait: a window starts when none runs
    private void admitted() {
        if (!window.isPending()) {
            armTimer();
        }
    }

    @Override
    public void track(Request rq, Bio bio) {
        rq.setQosFlags(rq.qosFlags() | wbtFlags(bio));
    }

    @Override
    public void issue(Request rq) {
        if ((rq.qosFlags() & WBT_READ) != 0 && syncIssue == 0) {
            syncCookie = rq;
            syncIssue = rq.ioStartTime();
        }
    }

    @Override
    public void requeue(Request rq) {
        if (rq == syncCookie) {
            syncIssue = 0;
            syncCookie = null;
        }
    }

    @Override
    public void cleanup(Bio bio) {
        done(wbtFlags(bio));
    }

    @Override
    public void done(Request rq) {
        int flags = rq.qosFlags();
        // blk_stat_add, before rq_qos_done: the window's completion latencies
        if (window.isPending() && rq.ioStartTime() >= 0 && (flags & WBT_STAT_DONE) == 0) {
            long latency = Math.max(0, context.now() - rq.ioStartTime());
            if (rq.op() == Op.READ) {
                readSamples++;
                readMin = Math.min(readMin, latency);
            } else if (rq.op() == Op.WRITE || rq.op() == Op.DISCARD) {
                writeSamples++;
            }
        }
        if ((flags & WBT_TRACKED) == 0) {
            if (rq == syncCookie) {
                syncIssue = 0;
                syncCookie = null;
            }
            if ((flags & WBT_READ) != 0) {
                lastComp = jiffies();
            }
        } else {
            done(flags);
        }
        // wbt_clear_state
        rq.setQosFlags(WBT_STAT_DONE);
    }

    /** {@code __wbt_done} with {@code wbt_rqw_done}. */
    private void done(int flags) {
        if ((flags & WBT_TRACKED) == 0) {
            return;
        }
        RqWait rqw = waits[waitClass(flags)];
        int inflight = --rqw.inflight;
        int limit;
        if ((flags & WBT_DISCARD) != 0) {
            limit = wbBackground;
        } else if (writeCache && !recentWait()) {
            limit = 0;
        } else {
            limit = wbNormal;
        }
        if (inflight > 0 && inflight >= limit) {
            return;
        }
        if (!rqw.waiters.isEmpty()) {
            int diff = limit - inflight;
            if (inflight == 0 || diff >= wbBackground / 2) {
                wakeAll(rqw);
            }
        }
    }

    /** {@code wake_up_all} with {@code rq_qos_wake_function}: FIFO, until a sleeper does not fit its limit. */
    private void wakeAll(RqWait rqw) {
        while (!rqw.waiters.isEmpty()) {
            Bio bio = rqw.waiters.peekFirst();
            if (rqw.inflight >= limit(bio)) {
                return;
            }
            rqw.inflight++;
            rqw.waiters.pollFirst();
            admitted();
            context.resume(bio);
        }
    }

    // ---------------------------------------------------------------- the window

    /** {@code rwb_arm_timer} with {@code blk_stat_activate_nsecs}. */
    private void armTimer() {
        if (depth.scaleStep > 0) {
            curWinNanos = (WINDOW_NANOS << 4) / intSqrt((long) (depth.scaleStep + 1) << 8);
        } else {
            curWinNanos = WINDOW_NANOS;
        }
        long jiffies = curWinNanos / jiffyNanos;
        window.arm((jiffies() + jiffies) * jiffyNanos);
    }

    /** {@code int_sqrt}. */
    static long intSqrt(long x) {
        long r = (long) Math.sqrt((double) x);
        while (r * r > x) {
            r--;
        }
        while ((r + 1) * (r + 1) <= x) {
            r++;
        }
        return r;
    }

    int inflight() {
        return waits[RWQ_BG].inflight + waits[RWQ_KSWAPD].inflight + waits[RWQ_DISCARD].inflight;
    }

    /** {@code latency_exceeded} on the window's statistics. */
    int latencyExceeded() {
        long thisLat = syncIssue != 0 ? context.now() - syncIssue : 0;
        if (thisLat > curWinNanos || (thisLat > minLatNanos && readSamples == 0)) {
            return LAT_EXCEEDED;
        }
        if (!(readSamples >= 1 && writeSamples >= MIN_WRITE_SAMPLES)) {
            if (writeSamples > 0 || recentWait() || inflight() > 0) {
                return LAT_UNKNOWN_WRITES;
            }
            return LAT_UNKNOWN;
        }
        if (readMin > minLatNanos) {
            return LAT_EXCEEDED;
        }
        return LAT_OK;
    }

    /** {@code wb_timer_fn}. */
    void timerFired() {
        windows++;
        int inflight = inflight();
        switch (latencyExceeded()) {
            case LAT_EXCEEDED -> scaleDown(true);
            case LAT_OK, LAT_UNKNOWN_WRITES -> scaleUp();
            case LAT_UNKNOWN -> {
                if (++unknownCount >= UNKNOWN_BUMP) {
                    if (depth.scaleStep > 0) {
                        scaleUp();
                    } else if (depth.scaleStep < 0) {
                        scaleDown(false);
                    }
                }
            }
            default -> throw new IllegalStateException("latency_exceeded");
        }
        // blk_stat_timer_fn: the next window starts empty
        readSamples = 0;
        readMin = Long.MAX_VALUE;
        writeSamples = 0;
        if (depth.scaleStep != 0 || inflight > 0) {
            armTimer();
        }
    }

    private void scaleUp() {
        if (!depth.scaleUp()) {
            return;
        }
        scaleUps++;
        minStep = Math.min(minStep, depth.scaleStep);
        calcLimits();
        unknownCount = 0;
        for (RqWait rqw : waits) {
            if (!rqw.waiters.isEmpty()) {
                wakeAll(rqw);
            }
        }
    }

    private void scaleDown(boolean hard) {
        if (!depth.scaleDown(hard)) {
            return;
        }
        scaleDowns++;
        maxStep = Math.max(maxStep, depth.scaleStep);
        calcLimits();
        unknownCount = 0;
    }

    @Override
    public Map<String, Number> statistics() {
        Map<String, Number> all = new LinkedHashMap<>();
        all.put("lat_usec", minLatNanos / 1000);
        all.put("windows", windows);
        all.put("scale_ups", scaleUps);
        all.put("scale_downs", scaleDowns);
        all.put("max_scale_step", maxStep);
        all.put("min_scale_step", minStep);
        all.put("scale_step", depth.scaleStep);
        all.put("max_depth", depth.maxDepth);
        all.put("throttled_waits", waited);
        return all;
    }
}
