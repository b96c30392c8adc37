package org.iosched.biocontrol.iocost;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.RqQosContext;
import org.iosched.api.RqQosPolicy;
import org.iosched.api.Timer;

/**
 * {@code io.cost}: blk-iocost of Linux 6.6 on one device, an rq-qos policy.
 *
 * <p><b>Features</b>
 * <ul>
 *   <li>The linear cost model ({@code calc_lcoefs}, {@code calc_vtime_cost_builtin}): per direction a page cost and
 *       a sequential and a random I/O cost in device virtual time ({@code VTIME_PER_SEC} = 2^37 a second), from
 *       {@code io.cost.model} or the device class's automatic parameters (HDD; SSD with queue depth 1; SSD). A bio
 *       further than 4096 pages from its cgroup's cursor is random.</li>
 *   <li>vtime: the global {@code vnow} runs at {@code vrate} from the period start; a cgroup's {@code vtime} advances
 *       by each bio's cost scaled by its hierarchical share ({@code abs * WEIGHT_ONE / hweight_inuse}); a bio within
 *       budget ({@code vtime + cost <= vnow}) goes, others wait in the cgroup's FIFO until a waker (the cgroup's
 *       wait timer, armed for the shortage at the current vrate, or a completion) commits them.</li>
 *   <li>Hierarchical weights: {@code hweight} is the product over the levels of the cgroup's active weight over
 *       its siblings' active sum; only leaves are controlled (a cgroup with an active descendant issues
 *       uncontrolled); activation starts a cgroup {@code margins.target} (half a period) behind {@code vnow}.</li>
 *   <li>Debt and delay: {@code REQ_META} bios never wait: their cost becomes debt, paid from the budget before any
 *       waiter is woken, and the task is delayed at return to user ({@code delayTask}) by the overage (250 µs at
 *       500 % of a period to 250 ms at 25000 %).</li>
 *   <li>The period timer: {@code period = clamp(multi * lat, 1 ms, 1 s)} from the QoS latency targets; each period
 *       the missed latency percentiles ({@code on_q - size_cost > rlat|wlat}), idle cgroups deactivated, budgets
 *       above {@code margins.target} discarded, {@code busy_level} moved (missed targets up; met with shortages
 *       down) and {@code vrate} adjusted by {@code vrate_adj_pct[busy_level]} between {@code min} and {@code max}.</li>
 * </ul>
 *
 * <p><b>Limitations</b>
 * <ul>
 *   <li>No donation: {@code inuse} stays at {@code active} ({@code transfer_surpluses} is not modelled), so an idle
 *       sibling's share is not lent out within a period; it is freed when the sibling deactivates.</li>
 *   <li>{@code rq_wait} runs from a bio leaving throttle to its request (or merge): it also holds waits in the
 *       policies after io.cost; {@code vcomp} and
 *       {@code vtime_err}, debt forgiveness, the delay's decay and the SSD_FAST class switch are not modelled;
 *       merges are charged no size cost.</li>
 * </ul>
 *
 * <p><b>Notes</b>: 6.6 block/blk-iocost.c ({@code ioc_rqos_throttle}, {@code iocg_activate}, {@code current_hweight},
 * {@code iocg_kick_waitq}, {@code iocg_kick_delay}, {@code ioc_rqos_done}, {@code ioc_timer_fn},
 * {@code ioc_adjust_base_vrate}, {@code ioc_refresh_period_us}, {@code autop[]}).
 */
public final class IocostPolicy implements RqQosPolicy {
    static final long VTIME_PER_SEC = 1L << 37;
    static final long VTIME_PER_USEC = VTIME_PER_SEC / 1_000_000;
    static final long VTIME_PER_NSEC = VTIME_PER_SEC / 1_000_000_000;
    static final long WEIGHT_ONE = 1 << 16;
    static final long LCOEF_RANDIO_PAGES = 4096;
    static final long MILLION = 1_000_000;
    static final int MARGIN_MIN_PCT = 10;
    static final int MARGIN_LOW_PCT = 20;
    static final int MARGIN_TARGET_PCT = 50;
    static final int RQ_WAIT_BUSY_PCT = 5;
    static final int UNBUSY_THR_PCT = 75;
    static final int VRATE_CLAMP_ADJ_PCT = 4;
    static final long MIN_DELAY_THR_PCT = 500;
    static final long MAX_DELAY_THR_PCT = 25000;
    static final long MIN_DELAY_NS = 250_000;
    static final long MAX_DELAY_NS = 250_000_000;
    /** {@code vrate_adj_pct[]}: by |busy_level|, the last for 52 and above. */
    static final int[] VRATE_ADJ_PCT = vrateAdjPct();

    /** The automatic parameters by class: rlat, wlat (µs), then rbps, rseqiops, rrandiops, wbps, wseqiops, wrandiops. */
    static final long[][] AUTOP = {
        {250_000, 250_000, 174019176, 41708, 370, 178075866, 42705, 378},
        {25_000, 25_000, 245855193, 61575, 6946, 141365009, 33716, 26796},
        {25_000, 25_000, 488636629, 8932, 8518, 427891549, 28755, 21940},
    };
    static final String[] AUTOP_NAMES = {"hdd", "ssd_qd1", "ssd_dfl"};

    private final RqQosContext context;
    private final IocostConfig config;
    final int autop;
    /** {@code params.qos}: rppm, rlat, wppm, wlat, min, max (ppm / µs). */
    final long[] qos = new long[6];
    /** Per direction: page, seqio, randio costs. */
    final long[][] lcoefs = new long[2][3];
    final long periodUs;
    /** {@code vtime_base_rate}: vtime per µs. */
    long vrate = VTIME_PER_USEC;
    final long vrateMin;
    final long vrateMax;
    long periodAt = -1;
    long periodAtVtime;
    long marginMin;
    long marginLow;
    long marginTarget;
    int busyLevel;
    final long[] missed = new long[2];
    final long[] met = new long[2];
    private final Timer periodTimer;
    private final Map<String, Group> groups = new HashMap<>();
    final List<Group> groupList = new ArrayList<>();
    long periods;
    /**
     * {@code rq_wait_ns} of the period: the time bios spend between leaving throttle and getting a request (a tag),
     * summed as (times they got one) - (times they left throttle), plus the waits still open at the period's end.
     */
    long allocWaitAccum;
    long allocPending;
    long lastRqWaitPct;

    /** One cgroup's state ({@code struct ioc_gq}). */
    final class Group {
        final String path;
        final Group parent;
        final int level;
        final int weight;
        long active;
        long childActiveSum;
        boolean isActive;
        long vtime;
        long cursor;
        long absVdebt;
        long inflight;
        boolean issuedThisPeriod;
        final ArrayDeque<Bio> waitq = new ArrayDeque<>();
        /** The waiters' absolute costs, in waitq order (a ring: no allocation per waiter). */
        long[] waitCosts = new long[8];
        int waitHead;
        final Timer waitTimer;
        long waitSince = -1;
        long waitNanos;
        long delayNanos;
        long debtBios;

        Group(String path, Group parent) {
            this.path = path;
            this.parent = parent;
            this.level = parent == null ? 0 : parent.level + 1;
            this.weight = parent == null ? IocostConfig.WEIGHT_DFL : config.weight(path);
            this.waitTimer = context.newTimer(() -> kickWaitq(this));
        }

        /** {@code current_hweight}: hweight_active (= hweight_inuse: no donation) in WEIGHT_ONE units. */
        long hweight() {
            long hw = WEIGHT_ONE;
            for (Group g = this; g.parent != null; g = g.parent) {
                long sum = g.parent.childActiveSum;
                if (sum == 0) {
                    return WEIGHT_ONE;
                }
                hw = hw * g.active / sum;
            }
            return Math.max(1, hw);
        }
    }

    /**
     * @param context the queue's services
     * @param config  the {@code iocost.*} keys
     */
    public IocostPolicy(RqQosContext context, IocostConfig config) {
        this.context = context;
        this.config = config;
        boolean rotational = context.device().rotational();
        autop = rotational ? 0 : context.queueDepth() == 1 ? 1 : 2;
        long[] a = AUTOP[autop];
        qos[IocostConfig.QOS_RPPM] = 0;
        qos[IocostConfig.QOS_RLAT] = a[0];
        qos[IocostConfig.QOS_WPPM] = 0;
        qos[IocostConfig.QOS_WLAT] = a[1];
        qos[IocostConfig.QOS_MIN] = 10_000;
        qos[IocostConfig.QOS_MAX] = 100_000_000;
        if (config.qosUser()) {
            for (int i = 0; i < 6; i++) {
                if (config.qos()[i] >= 0) {
                    qos[i] = config.qos()[i];
                }
            }
        }
        long[] model = new long[6];
        for (int i = 0; i < 6; i++) {
            model[i] = config.modelUser() && config.model()[i] > 0 ? config.model()[i] : a[2 + i];
        }
        for (int rw = 0; rw < 2; rw++) {
            calcLcoefs(model[rw * 3], model[rw * 3 + 1], model[rw * 3 + 2], lcoefs[rw]);
        }
        periodUs = refreshPeriodUs();
        vrateMin = ceilDiv(qos[IocostConfig.QOS_MIN] * VTIME_PER_USEC, MILLION);
        vrateMax = qos[IocostConfig.QOS_MAX] * VTIME_PER_USEC / MILLION;
        refreshMargins();
        periodTimer = context.newTimer(this::timerFn);
        Group root = new Group("/", null);
        groups.put("/", root);
    }

    /** {@code calc_lcoefs}: page, seqio and randio costs from bps, seqiops and randiops. */
    static void calcLcoefs(long bps, long seqiops, long randiops, long[] out) {
        long page = ceilDiv(VTIME_PER_SEC, Math.max(1, ceilDiv(bps, 4096)));
        out[0] = page;
        out[1] = Math.max(ceilDiv(VTIME_PER_SEC, seqiops) - page, 0);
        out[2] = Math.max(ceilDiv(VTIME_PER_SEC, randiops) - page, 0);
    }

    /** {@code ioc_refresh_period_us}. */
    private long refreshPeriodUs() {
        long ppm;
        long lat;
        if (qos[IocostConfig.QOS_RLAT] >= qos[IocostConfig.QOS_WLAT]) {
            ppm = qos[IocostConfig.QOS_RPPM];
            lat = qos[IocostConfig.QOS_RLAT];
        } else {
            ppm = qos[IocostConfig.QOS_WPPM];
            lat = qos[IocostConfig.QOS_WLAT];
        }
        long multi = ppm > 0 ? Math.max((MILLION - ppm) / 50_000, 2) : 2;
        return Math.max(1000, Math.min(multi * lat, 1_000_000));
    }

    /** {@code ioc_refresh_margins}: of one period at the base rate. */
    private void refreshMargins() {
        long periodVtime = periodUs * vrate;
        marginMin = periodVtime * MARGIN_MIN_PCT / 100;
        marginLow = periodVtime * MARGIN_LOW_PCT / 100;
        marginTarget = periodVtime * MARGIN_TARGET_PCT / 100;
    }

    /** {@code ioc_now}: the global vtime now. */
    long vnow() {
        long nowUs = context.now() / 1000;
        return periodAt < 0 ? 0 : periodAtVtime + (nowUs - periodAt) * vrate;
    }

    /** {@code calc_vtime_cost_builtin}: the absolute cost of {@code bio} against the group's cursor. */
    long absCost(Bio bio, Group g, boolean isMerge) {
        int rw = bio.op() == Op.READ ? 0 : 1;
        long pages = Math.max(bio.sectors() >> 3, 1);
        long cost = 0;
        if (!isMerge) {
            long seekPages = Math.abs(bio.sector() - g.cursor) >> 3;
            cost += g.cursor != 0 && seekPages > LCOEF_RANDIO_PAGES ? lcoefs[rw][2] : lcoefs[rw][1];
        }
        return cost + pages * lcoefs[rw][0];
    }

    private static boolean controlled(Bio bio) {
        return (bio.op() == Op.READ || bio.op() == Op.WRITE) && bio.sectors() > 0;
    }

    /** A bio leaves throttle towards request allocation. */
    private void enterAlloc() {
        allocWaitAccum -= context.now();
        allocPending++;
    }

    /** A bio got its request (or merged, or ended without one). */
    private void leaveAlloc(Bio bio) {
        if (config.enable() && controlled(bio) && allocPending > 0) {
            allocWaitAccum += context.now();
            allocPending--;
        }
    }

    @Override
    public void track(Request rq, Bio bio) {
        leaveAlloc(bio);
    }

    @Override
    public void cleanup(Bio bio) {
        leaveAlloc(bio);
    }

    @Override
    public Throttle throttle(Bio bio) {
        Throttle t = throttleBio(bio);
        if (t == Throttle.PROCEED && config.enable() && controlled(bio)) {
            enterAlloc();
        }
        return t;
    }

    private Throttle throttleBio(Bio bio) {
        if (!config.enable() || !controlled(bio) || bio.cgroup().isRoot()) {
            return Throttle.PROCEED;
        }
        Group g = groupOf(bio.cgroup().path());
        long abs = absCost(bio, g, false);
        if (!activate(g)) {
            return Throttle.PROCEED;
        }
        g.cursor = bio.endSector();
        g.issuedThisPeriod = true;
        long vnow = vnow();
        long cost = ceilDiv(abs * WEIGHT_ONE, g.hweight());
        if (g.waitq.isEmpty() && g.absVdebt == 0 && g.vtime + cost <= vnow) {
            g.vtime += cost;
            g.inflight++;
            return Throttle.PROCEED;
        }
        if ((bio.flags() & RequestFlags.META) != 0) {
            // issue as root: charge as debt and delay the task at return to user
            g.absVdebt += abs;
            g.debtBios++;
            g.inflight++;
            long delay = delayOf(g, vnow);
            if (delay > 0 && bio.task() != null && !bio.task().isKernelThread()) {
                g.delayNanos += delay;
                context.delayTask(bio.task(), delay);
            }
            return Throttle.PROCEED;
        }
        if (g.waitq.isEmpty()) {
            g.waitSince = context.now();
        }
        pushCost(g, abs);
        g.waitq.add(bio);
        submitting = bio;
        submittingWoken = false;
        kickWaitq(g);
        submitting = null;
        return submittingWoken ? Throttle.PROCEED : Throttle.WAIT;
    }

    /** {@code iocg_kick_delay}: the return-to-user delay for the group's overage. */
    long delayOf(Group g, long vnow) {
        long hw = g.hweight();
        long overage = g.vtime + g.absVdebt * WEIGHT_ONE / hw - vnow;
        long periodVtime = periodUs * vrate;
        if (overage <= 0 || periodVtime <= 0) {
            return 0;
        }
        long pct = overage * 100 / periodVtime;
        if (pct <= MIN_DELAY_THR_PCT) {
            return 0;
        }
        if (pct >= MAX_DELAY_THR_PCT) {
            return MAX_DELAY_NS;
        }
        return MIN_DELAY_NS + (MAX_DELAY_NS - MIN_DELAY_NS) * (pct - MIN_DELAY_THR_PCT)
                / (MAX_DELAY_THR_PCT - MIN_DELAY_THR_PCT);
    }

    /** {@code iocg_kick_waitq}: pay debt from the budget, then wake waiters in order while they fit. */
    void kickWaitq(Group g) {
        long vnow = vnow();
        long hw = g.hweight();
        if (g.absVdebt > 0) {
            long budget = vnow - g.vtime;
            if (budget > 0) {
                long payAbs = Math.min(g.absVdebt, budget * hw / WEIGHT_ONE);
                g.absVdebt -= payAbs;
                g.vtime += ceilDiv(payAbs * WEIGHT_ONE, hw);
            }
            if (g.absVdebt > 0) {
                armWait(g, g.absVdebt * WEIGHT_ONE / hw - (vnow - g.vtime));
                return;
            }
        }
        boolean woke = false;
        while (!g.waitq.isEmpty()) {
            long cost = ceilDiv(g.waitCosts[g.waitHead] * WEIGHT_ONE, hw);
            if (g.vtime + cost > vnow) {
                armWait(g, g.vtime + cost - vnow);
                break;
            }
            g.vtime += cost;
            g.inflight++;
            g.waitHead = (g.waitHead + 1) % g.waitCosts.length;
            Bio bio = g.waitq.poll();
            if (g.waitSince >= 0) {
                g.waitNanos += context.now() - g.waitSince;
                g.waitSince = g.waitq.isEmpty() ? -1 : context.now();
            }
            if (bio == submitting) {
                submittingWoken = true;
            } else {
                woke = true;
                enterAlloc();
                context.resume(bio);
            }
        }
        if (woke) {
            context.runQueues();
        }
    }

    /** A bio woken during its own throttle call proceeds by the return value; later ones are resumed. */
    private Bio submitting;
    private boolean submittingWoken;

    /** Append a waiter's cost to the group's ring, growing it when full. */
    private static void pushCost(Group g, long abs) {
        int n = g.waitq.size();
        if (n == g.waitCosts.length) {
            long[] grown = new long[n * 2];
            for (int i = 0; i < n; i++) {
                grown[i] = g.waitCosts[(g.waitHead + i) % n];
            }
            g.waitCosts = grown;
            g.waitHead = 0;
        }
        g.waitCosts[(g.waitHead + n) % g.waitCosts.length] = abs;
    }

    private void armWait(Group g, long shortageVtime) {
        long us = ceilDiv(Math.max(shortageVtime, 1), Math.max(vrate, 1));
        g.waitTimer.arm(context.now() + us * 1000);
    }

    /** {@code iocg_activate}: a leaf whose ancestors and descendants are inactive becomes active. */
    boolean activate(Group g) {
        if (g.isActive) {
            return true;
        }
        if (g.childActiveSum > 0) {
            return false;
        }
        for (Group p = g.parent; p != null && p.parent != null; p = p.parent) {
            if (p.isActive) {
                return false;
            }
        }
        if (periodAt < 0) {
            periodAt = context.now() / 1000;
            periodAtVtime = 0;
            periodTimer.arm(context.now() + periodUs * 1000);
        }
        g.isActive = true;
        g.vtime = vnow() - marginTarget;
        propagateActive(g, g.weight);
        return true;
    }

    /** {@code propagate_weights}: the leaf's active weight, and its ancestors' while any child is active. */
    private void propagateActive(Group g, long active) {
        for (Group c = g; c.parent != null; c = c.parent) {
            long old = c.active;
            c.active = c == g ? active : (c.childActiveSum > 0 ? c.weight : 0);
            c.parent.childActiveSum += c.active - old;
        }
    }

    @Override
    public void merge(Request rq, Bio bio) {
        // ioc_rqos_merge: a merge costs its size only; modelled as free (see Limitations)
        leaveAlloc(bio);
    }

    @Override
    public void doneBio(Bio bio) {
        if (!config.enable() || !controlled(bio) || bio.cgroup().isRoot()) {
            return;
        }
        Group g = groups.get(bio.cgroup().path());
        if (g != null && g.inflight > 0) {
            g.inflight--;
            if (!g.waitq.isEmpty()) {
                kickWaitq(g);
            }
        }
    }

    @Override
    public void done(Request rq) {
        if (!config.enable() || (rq.op() != Op.READ && rq.op() != Op.WRITE)) {
            return;
        }
        int rw = rq.op() == Op.READ ? 0 : 1;
        long onQ = context.now() - rq.startTime();
        long pages = Math.max(rq.sectors() >> 3, 1);
        long sizeNs = pages * lcoefs[rw][0] / Math.max(VTIME_PER_NSEC, 1);
        long target = qos[rw == 0 ? IocostConfig.QOS_RLAT : IocostConfig.QOS_WLAT] * 1000;
        if (onQ <= sizeNs || onQ - sizeNs <= target) {
            met[rw]++;
        } else {
            missed[rw]++;
        }
    }

    /** {@code ioc_timer_fn}: one period's evaluation. */
    void timerFn() {
        periods++;
        long vnow = vnow();
        long[] missedPpm = new long[2];
        for (int rw = 0; rw < 2; rw++) {
            long total = met[rw] + missed[rw];
            missedPpm[rw] = total == 0 ? 0 : ceilDiv(missed[rw] * MILLION, total);
            met[rw] = 0;
            missed[rw] = 0;
        }
        long now = context.now();
        long rqWaitNs = allocWaitAccum + allocPending * now;
        allocWaitAccum = -allocPending * now;
        long rqWaitPct = rqWaitNs * 100 / (periodUs * 1000);
        lastRqWaitPct = rqWaitPct;
        int nrShortages = 0;
        int nrActive = 0;
        for (Group g : groupList) {
            if (!g.isActive) {
                continue;
            }
            if (!g.waitq.isEmpty() || g.absVdebt > 0) {
                kickWaitq(g);
            }
            if (!g.issuedThisPeriod && g.inflight == 0 && g.waitq.isEmpty() && g.absVdebt == 0) {
                // idle: deactivate
                g.isActive = false;
                propagateActive(g, 0);
                continue;
            }
            nrActive++;
            g.issuedThisPeriod = false;
            if (g.vtime < vnow - marginTarget) {
                g.vtime = vnow - marginTarget;
            }
            if (!g.waitq.isEmpty() || g.vtime > vnow - marginLow) {
                nrShortages++;
            }
        }
        long ppmRthr = MILLION - qos[IocostConfig.QOS_RPPM];
        long ppmWthr = MILLION - qos[IocostConfig.QOS_WPPM];
        if (rqWaitPct > RQ_WAIT_BUSY_PCT || missedPpm[0] > ppmRthr || missedPpm[1] > ppmWthr) {
            busyLevel = Math.max(busyLevel, 0) + 1;
        } else if (rqWaitPct <= RQ_WAIT_BUSY_PCT * UNBUSY_THR_PCT / 100
                && missedPpm[0] <= ppmRthr * UNBUSY_THR_PCT / 100 && missedPpm[1] <= ppmWthr * UNBUSY_THR_PCT / 100) {
            if (nrShortages > 0) {
                busyLevel = Math.min(busyLevel, 0) - 1;
            } else {
                busyLevel = 0;
            }
        } else {
            busyLevel = 0;
        }
        busyLevel = Math.max(-1000, Math.min(1000, busyLevel));
        adjustBaseVrate();
        // the new rate runs from now
        periodAtVtime = vnow;
        periodAt = context.now() / 1000;
        refreshMargins();
        if (nrActive > 0) {
            periodTimer.arm(context.now() + periodUs * 1000);
        } else {
            periodAt = -1;
            busyLevel = 0;
        }
    }

    /** {@code ioc_adjust_base_vrate}. */
    void adjustBaseVrate() {
        if (busyLevel == 0) {
            return;
        }
        if (vrate < vrateMin) {
            vrate = Math.min(vrate * (100 + VRATE_CLAMP_ADJ_PCT) / 100, vrateMin);
        } else if (vrate > vrateMax) {
            vrate = Math.max(vrate * (100 - VRATE_CLAMP_ADJ_PCT) / 100, vrateMax);
        } else {
            int adj = VRATE_ADJ_PCT[Math.min(Math.abs(busyLevel), VRATE_ADJ_PCT.length - 1)];
            long pct = busyLevel > 0 ? 100 - adj : 100 + adj;
            vrate = Math.max(vrateMin, Math.min(vrateMax, ceilDiv(vrate * pct, 100)));
        }
    }

    private static int[] vrateAdjPct() {
        int[] t = new int[53];
        for (int i = 0; i < t.length; i++) {
            t[i] = i < 4 ? 0 : i < 20 ? 1 : i < 36 ? 2 : i < 44 ? 4 : i < 52 ? 8 : 16;
        }
        return t;
    }

    Group groupOf(String path) {
        Group g = groups.get(path);
        if (g == null) {
            int slash = path.lastIndexOf('/');
            Group parent = groupOf(slash == 0 ? "/" : path.substring(0, slash));
            g = new Group(path, parent);
            groups.put(path, g);
            groupList.add(g);
        }
        return g;
    }

    static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    /** vrate (percent of the device's modelled speed), busy_level, periods; per cgroup hweight, wait, debt, delay. */
    @Override
    public Map<String, Number> statistics() {
        Map<String, Number> stats = new LinkedHashMap<>();
        stats.put("vrate_pct", vrate * 100.0 / VTIME_PER_USEC);
        stats.put("busy_level", busyLevel);
        stats.put("periods", periods);
        stats.put("period_us", periodUs);
        stats.put("rq_wait_pct", lastRqWaitPct);
        for (Group g : groupList) {
            String p = g.path + ".";
            stats.put(p + "weight", g.weight);
            stats.put(p + "hweight_active_pct", g.isActive ? g.hweight() * 100.0 / WEIGHT_ONE : 0.0);
            stats.put(p + "wait_us", g.waitNanos / 1000);
            stats.put(p + "indebt_bios", g.debtBios);
            stats.put(p + "indelay_us", g.delayNanos / 1000);
        }
        return stats;
    }
}
