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
 *       {@code io.cost.model} or the device class's automatic parameters (HDD; SSD with queue depth 1; SSD; fast
 *       SSD, which an SSD switches to after 10 s at a vrate of 500 % or more and back after 10 s at 10 % or less).
 *       A bio further than 4096 pages from its cgroup's cursor is random; a merged bio costs its pages.</li>
 *   <li>vtime: the global {@code vnow} runs at {@code vrate} ({@code vtime_base_rate} plus the {@code vcomp} that
 *       gives back vtime discarded in the period) from the period start; a cgroup's {@code vtime} advances by each
 *       bio's cost scaled by its hierarchical share ({@code abs * WEIGHT_ONE / hweight_inuse}), its
 *       {@code done_vtime} when the bio ends; a bio within budget ({@code vtime + cost <= vnow}) goes, others wait in
 *       the cgroup's FIFO until a waker (the cgroup's wait timer, armed for the shortage at the base rate plus 1 %
 *       of a period of slack, the period timer, or the next bio's throttle) commits them.</li>
 *   <li>Hierarchical weights ({@code __propagate_weights}, {@code current_hweight}): weights in {@code WEIGHT_ONE}
 *       units; {@code hweight_active} and {@code hweight_inuse} the products, from the root down, of the active
 *       and inuse weights over their siblings' sums, cached until weights are committed; an inner node's inuse is
 *       its weight scaled by its children's inuse over active; only leaves are controlled; activation starts a
 *       cgroup {@code margins.target} (half a period) behind {@code vnow} with its last inuse.</li>
 *   <li>Donation (work conservation): each period a cgroup that donates or left more than {@code margins.low} of
 *       budget unused gets the {@code hweight_inuse} its usage needs ({@code hweight_after_donation}: usage over
 *       {@code 1 - 50 % + delta}, budget above the target discarded) and, when others are short,
 *       {@code transfer_surpluses} (Andy's method) sets the donors' inuse weights so that the non-donors' shares
 *       grow by the global rate gamma; a donor whose margin falls below the last one and {@code margins.low} takes
 *       its weight back in steps of 25 % of active ({@code adjust_inuse_and_calc_cost}); a cgroup with waiters
 *       runs at full inuse.</li>
 *   <li>Debt and delay: {@code REQ_META} bios never wait and a merged bio over budget is not held: their cost
 *       becomes debt (the cgroup's inuse drops to the minimum until it is paid), paid from the budget before any
 *       waiter is woken, and the task is delayed at return to user ({@code delayTask}) by the overage (250 µs at
 *       500 % of a period to 250 ms at 25000 %; the group's delay halves every second); with debtors and a
 *       device used at most 50 % over 100 ms windows, debts and delays are halved once per window
 *       ({@code ioc_forgive_debts}).</li>
 *   <li>The period timer: {@code period = clamp(multi * lat, 1 ms, 1 s)} from the QoS latency targets; each period
 *       the missed latency percentiles ({@code on_q - size_cost > rlat|wlat}), waiters kicked, idle cgroups
 *       deactivated, usage and donation, lagging cgroups counted, {@code busy_level} moved (missed targets up; met
 *       with shortages down unless some lag) and {@code vrate} adjusted by {@code vrate_adj_pct[busy_level]}
 *       between {@code min} and {@code max}.</li>
 * </ul>
 *
 * <p><b>Limitations</b>
 * <ul>
 *   <li>{@code rq_wait} runs from a bio leaving throttle to its request (or merge): it also holds waits in the
 *       policies after io.cost; the period timer runs every {@code period_us} exactly (the kernel's is a jiffy
 *       timer); only {@code REQ_META} issues as root (no swap, no fatal signals).</li>
 *   <li>The task's return-to-user delay is charged per over-budget bio (the kernel sleeps once for the group's
 *       current delay); {@code io.weight} does not change during a run.</li>
 * </ul>
 *
 * <p><b>Notes</b>: 6.6 block/blk-iocost.c ({@code ioc_rqos_throttle}, {@code ioc_rqos_merge}, {@code iocg_activate},
 * {@code __propagate_weights}, {@code current_hweight}, {@code current_hweight_max},
 * {@code adjust_inuse_and_calc_cost}, {@code iocg_kick_waitq}, {@code iocg_kick_delay}, {@code iocg_incur_debt},
 * {@code iocg_pay_debt}, {@code ioc_rqos_done}, {@code ioc_check_iocgs}, {@code hweight_after_donation},
 * {@code transfer_surpluses}, {@code ioc_forgive_debts}, {@code ioc_timer_fn}, {@code ioc_adjust_base_vrate},
 * {@code ioc_refresh_vrate}, {@code ioc_autop_idx}, {@code ioc_refresh_period_us}, {@code autop[]}).
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
    static final int INUSE_ADJ_STEP_PCT = 25;
    static final int TIMER_SLACK_PCT = 1;
    static final int RQ_WAIT_BUSY_PCT = 5;
    static final int UNBUSY_THR_PCT = 75;
    static final int VRATE_CLAMP_ADJ_PCT = 4;
    static final long MIN_DELAY_THR_PCT = 500;
    static final long MAX_DELAY_THR_PCT = 25000;
    /** {@code MIN_DELAY}, {@code MAX_DELAY}: µs. */
    static final long MIN_DELAY_US = 250;
    static final long MAX_DELAY_US = 250_000;
    static final long MIN_DELAY_NS = MIN_DELAY_US * 1000;
    static final long MAX_DELAY_NS = MAX_DELAY_US * 1000;
    static final int DFGV_USAGE_PCT = 50;
    static final long DFGV_PERIOD_US = 100_000;
    static final int MAX_LAGGING_PERIODS = 10;
    /** {@code AUTOP_CYCLE_NSEC}: how long a vrate must stay out of the class's range before it switches. */
    static final long AUTOP_CYCLE_NS = 10_000_000_000L;
    /** {@code vrate_adj_pct[]}: by |busy_level|, the last for 52 and above. */
    static final int[] VRATE_ADJ_PCT = vrateAdjPct();

    /**
     * The automatic parameters by class: rlat, wlat (µs), then rbps, rseqiops, rrandiops, wbps, wseqiops, wrandiops,
     * then {@code too_fast_vrate_pct} and {@code too_slow_vrate_pct} (0: none).
     */
    static final long[][] AUTOP = {
        {250_000, 250_000, 174019176, 41708, 370, 178075866, 42705, 378, 0, 0},
        {25_000, 25_000, 245855193, 61575, 6946, 141365009, 33716, 26796, 0, 0},
        {25_000, 25_000, 488636629, 8932, 8518, 427891549, 28755, 21940, 500, 0},
        {5_000, 5_000, 3102524156L, 724816, 778122, 1742780862L, 425702, 443193, 0, 10},
    };
    static final String[] AUTOP_NAMES = {"hdd", "ssd_qd1", "ssd_dfl", "ssd_fast"};
    static final int AUTOP_HDD = 0;
    static final int AUTOP_SSD_QD1 = 1;
    static final int AUTOP_SSD_DFL = 2;

    private final RqQosContext context;
    private final IocostConfig config;
    int autop = -1;
    long autopTooFastAt;
    long autopTooSlowAt;
    /** {@code params.qos}: rppm, rlat, wppm, wlat, min, max (ppm / µs). */
    final long[] qos = new long[6];
    /** Per direction: page, seqio, randio costs. */
    final long[][] lcoefs = new long[2][3];
    long periodUs;
    long timerSlackNs;
    /** {@code vtime_base_rate}: vtime per µs. */
    long vrate = VTIME_PER_USEC;
    /** {@code vtime_rate}: the base rate plus {@code vcomp}, what {@code vnow} runs at. */
    long vtimeRate = VTIME_PER_USEC;
    /** {@code vtime_err}: vtime discarded (negative) not yet given back through vcomp. */
    long vtimeErr;
    long vrateMin;
    long vrateMax;
    boolean running;
    long periodAt;
    long periodAtVtime;
    long curPeriod;
    long marginMin;
    long marginLow;
    long marginTarget;
    int busyLevel;
    boolean weightsUpdated;
    int hweightGen;
    long dfgvPeriodAt;
    long dfgvPeriodRem;
    long dfgvUsageUsSum;
    final long[] missed = new long[2];
    final long[] met = new long[2];
    private final long[] missedPpm = new long[2];
    private final Timer periodTimer;
    private final Map<String, Group> groups = new HashMap<>();
    final Group root;
    /** Every cgroup but the root, in order of first use (the kernel walks its active list; the order changes nothing). */
    final List<Group> groupList = new ArrayList<>();
    private final List<Group> surpluses = new ArrayList<>();
    private final List<Group> innerWalk = new ArrayList<>();
    long periods;
    /**
     * {@code rq_wait_ns} of the period: the time bios spend between leaving throttle and getting a request (a tag),
     * summed as (times they got one) - (times they left throttle), plus the waits still open at the period's end.
     */
    long allocWaitAccum;
    long allocPending;
    long lastRqWaitPct;

    /** One cgroup's state ({@code struct ioc_gq}); weights in {@code WEIGHT_ONE} units. */
    final class Group {
        final String path;
        final Group parent;
        final int level;
        /** {@code ancestors[]}: the root first, this group last. */
        final Group[] ancestors;
        final long weight;
        long active;
        long inuse;
        long lastInuse;
        long savedMargin;
        long childActiveSum;
        long childInuseSum;
        long childAdjustedSum;
        int hweightGen;
        long hweightActive = WEIGHT_ONE;
        long hweightInuse = WEIGHT_ONE;
        long hweightDonating;
        long hweightAfterDonation;
        boolean isActive;
        long activePeriod;
        long activatedAt;
        long vtime;
        long doneVtime;
        long cursor;
        long absVdebt;
        /** {@code delay} (µs) and {@code delay_at} (µs); {@code use_delay} while it is applied. */
        long delay;
        long delayAt;
        boolean useDelay;
        long absVusage;
        long lastStatAbsVusage;
        long usageDeltaUs;
        long usageUs;
        boolean onWalk;
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
            this.ancestors = new Group[level + 1];
            if (parent != null) {
                System.arraycopy(parent.ancestors, 0, ancestors, 0, level);
            }
            ancestors[level] = this;
            this.weight = (parent == null ? IocostConfig.WEIGHT_DFL : config.weight(path)) * WEIGHT_ONE;
            this.waitTimer = context.newTimer(() -> kickWaitq(this));
        }

        /** {@code current_hweight}'s active share. */
        long hweightActive() {
            currentHweight(this);
            return hweightActive;
        }

        /** {@code current_hweight}'s inuse share. */
        long hweightInuse() {
            currentHweight(this);
            return hweightInuse;
        }
    }

    /**
     * @param context the queue's services
     * @param config  the {@code iocost.*} keys
     */
    public IocostPolicy(RqQosContext context, IocostConfig config) {
        this.context = context;
        this.config = config;
        refreshParams(true);
        periodAt = nowUs();
        periodTimer = context.newTimer(this::timerFn);
        root = new Group("/", null);
        groups.put("/", root);
    }

    /** {@code calc_lcoefs}: page, seqio and randio costs from bps, seqiops and randiops. */
    static void calcLcoefs(long bps, long seqiops, long randiops, long[] out) {
        long page = ceilDiv(VTIME_PER_SEC, Math.max(1, ceilDiv(bps, 4096)));
        out[0] = page;
        out[1] = Math.max(ceilDiv(VTIME_PER_SEC, seqiops) - page, 0);
        out[2] = Math.max(ceilDiv(VTIME_PER_SEC, randiops) - page, 0);
    }

    /** {@code ioc_autop_idx}: the device class, stepping between SSD and fast SSD by the vrate. */
    private int autopIdx() {
        if (context.device().rotational()) {
            return AUTOP_HDD;
        }
        if (context.queueDepth() == 1) {
            return AUTOP_SSD_QD1;
        }
        if (autop < AUTOP_SSD_DFL) {
            return AUTOP_SSD_DFL;
        }
        if (config.qosUser() || config.modelUser()) {
            return autop;
        }
        long vratePct = vrate * 100 / VTIME_PER_USEC;
        long now = context.now();
        long tooFast = AUTOP[autop][8];
        long tooSlow = AUTOP[autop][9];
        if (tooFast > 0 && tooFast <= vratePct) {
            if (autopTooFastAt == 0) {
                autopTooFastAt = now;
            }
            if (now - autopTooFastAt >= AUTOP_CYCLE_NS) {
                return autop + 1;
            }
        } else {
            autopTooFastAt = 0;
        }
        if (tooSlow > 0 && tooSlow >= vratePct) {
            if (autopTooSlowAt == 0) {
                autopTooSlowAt = now;
            }
            if (now - autopTooSlowAt >= AUTOP_CYCLE_NS) {
                return autop - 1;
            }
        } else {
            autopTooSlowAt = 0;
        }
        return autop;
    }

    /** {@code ioc_refresh_params}: the class's QoS and model unless written, the period, margins and vrate bounds. */
    boolean refreshParams(boolean force) {
        int idx = autopIdx();
        if (idx == autop && !force) {
            return false;
        }
        if (idx != autop) {
            vtimeRate = VTIME_PER_USEC;
            vrate = VTIME_PER_USEC;
        }
        autop = idx;
        autopTooFastAt = 0;
        autopTooSlowAt = 0;
        long[] a = AUTOP[idx];
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
        periodUs = refreshPeriodUs();
        timerSlackNs = periodUs * 1000 * TIMER_SLACK_PCT / 100;
        refreshMargins();
        for (int rw = 0; rw < 2; rw++) {
            calcLcoefs(model[rw * 3], model[rw * 3 + 1], model[rw * 3 + 2], lcoefs[rw]);
        }
        vrateMin = ceilDiv(qos[IocostConfig.QOS_MIN] * VTIME_PER_USEC, MILLION);
        vrateMax = ceilDiv(qos[IocostConfig.QOS_MAX] * VTIME_PER_USEC, MILLION);
        return true;
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
        marginMin = periodUs * MARGIN_MIN_PCT / 100 * vrate;
        marginLow = periodUs * MARGIN_LOW_PCT / 100 * vrate;
        marginTarget = periodUs * MARGIN_TARGET_PCT / 100 * vrate;
    }

    private long nowUs() {
        return context.now() / 1000;
    }

    /** {@code ioc_now}: the global vtime now. */
    long vnow() {
        return periodAtVtime + (nowUs() - periodAt) * vtimeRate;
    }

    /** {@code calc_vtime_cost_builtin}: the absolute cost of {@code bio} against the group's cursor. */
    long absCost(Bio bio, Group g, boolean isMerge) {
        int rw = bio.op() == Op.READ ? 0 : 1;
        long pages = Math.max(bio.sectors() >> 3, 1);
        long cost = 0;
        if (!isMerge) {
            long seekPages = g.cursor == 0 ? 0 : Math.abs(bio.sector() - g.cursor) >> 3;
            cost += seekPages > LCOEF_RANDIO_PAGES ? lcoefs[rw][2] : lcoefs[rw][1];
        }
        return cost + pages * lcoefs[rw][0];
    }

    private static boolean controlled(Bio bio) {
        return (bio.op() == Op.READ || bio.op() == Op.WRITE) && bio.sectors() > 0;
    }

    // ---------------------------------------------------------------- weights

    /**
     * {@code __propagate_weights}: set the group's active and inuse (a leaf's inuse in [1, active], an inner node's
     * from its children's ratio) and carry the sums up while the parents change; {@code save} keeps the margin.
     */
    void propagateWeights(Group g, long active, long inuse, boolean save) {
        if (!g.isActive && g.childActiveSum > 0) {
            inuse = ceilDiv(active * g.childInuseSum, g.childActiveSum);
        } else {
            inuse = Math.min(Math.max(inuse, 1), active);
        }
        g.lastInuse = g.inuse;
        if (save) {
            g.savedMargin = vnow() - g.vtime;
        }
        if (active == g.active && inuse == g.inuse) {
            return;
        }
        for (Group child = g; child.parent != null; child = child.parent) {
            Group parent = child.parent;
            parent.childActiveSum += active - child.active;
            parent.childInuseSum += inuse - child.inuse;
            child.active = active;
            child.inuse = inuse;
            long parentActive = 0;
            long parentInuse = 0;
            if (parent.childActiveSum > 0) {
                parentActive = parent.weight;
                parentInuse = ceilDiv(parentActive * parent.childInuseSum, parent.childActiveSum);
            }
            if (parentActive == parent.active && parentInuse == parent.inuse) {
                break;
            }
            active = parentActive;
            inuse = parentInuse;
        }
        weightsUpdated = true;
    }

    /** {@code commit_weights}: cached hweights are stale from here. */
    void commitWeights() {
        if (weightsUpdated) {
            hweightGen++;
            weightsUpdated = false;
        }
    }

    /** {@code propagate_weights}: propagate and commit. */
    private void propagateAndCommit(Group g, long active, long inuse, boolean save) {
        propagateWeights(g, active, inuse, save);
        commitWeights();
    }

    /** {@code current_hweight}: refresh the group's cached hweights unless they are of the current generation. */
    void currentHweight(Group g) {
        if (g.hweightGen == hweightGen) {
            return;
        }
        long hwa = WEIGHT_ONE;
        long hwi = WEIGHT_ONE;
        for (int lvl = 0; lvl < g.level; lvl++) {
            Group parent = g.ancestors[lvl];
            Group child = g.ancestors[lvl + 1];
            long activeSum = parent.childActiveSum;
            long inuseSum = parent.childInuseSum;
            if (activeSum == 0 || inuseSum == 0) {
                continue;
            }
            hwa = hwa * child.active / Math.max(child.active, activeSum);
            hwi = hwi * child.inuse / Math.max(child.inuse, inuseSum);
        }
        g.hweightActive = Math.max(hwa, 1);
        g.hweightInuse = Math.max(hwi, 1);
        g.hweightGen = hweightGen;
    }

    /** {@code current_hweight_max}: the hweight_inuse the group would have at inuse = active, others unchanged. */
    long currentHweightMax(Group g) {
        long hwm = WEIGHT_ONE;
        long inuse = g.active;
        for (int lvl = g.level - 1; lvl >= 0; lvl--) {
            Group parent = g.ancestors[lvl];
            Group child = g.ancestors[lvl + 1];
            long childInuseSum = parent.childInuseSum + inuse - child.inuse;
            hwm = hwm * inuse / childInuseSum;
            inuse = parent.childActiveSum == 0 ? 0 : ceilDiv(parent.active * childInuseSum, parent.childActiveSum);
        }
        return Math.max(hwm, 1);
    }

    /** {@code iocg_activate}: a leaf whose ancestors and descendants are inactive becomes active. */
    boolean activate(Group g) {
        if (g.isActive) {
            g.activePeriod = curPeriod;
            return true;
        }
        if (g.childActiveSum > 0) {
            return false;
        }
        g.activePeriod = curPeriod;
        for (int lvl = g.level - 1; lvl > 0; lvl--) {
            if (g.ancestors[lvl].isActive) {
                return false;
            }
        }
        long vtarget = vnow() - marginTarget;
        g.doneVtime += vtarget - g.vtime;
        g.vtime = vtarget;
        g.hweightGen = hweightGen - 1;
        g.isActive = true;
        propagateAndCommit(g, g.weight, g.lastInuse != 0 ? g.lastInuse : g.weight, true);
        g.activatedAt = nowUs();
        if (!running) {
            running = true;
            dfgvPeriodAt = nowUs();
            dfgvPeriodRem = 0;
            startPeriod(vnow());
        }
        return true;
    }

    /** {@code ioc_start_period}. */
    private void startPeriod(long vnow) {
        periodAt = nowUs();
        periodAtVtime = vnow;
        periodTimer.arm(context.now() + periodUs * 1000);
    }

    // ---------------------------------------------------------------- issue

    /** A bio leaves throttle towards request allocation. */
    private void enterAlloc() {
        allocWaitAccum -= context.now();
        allocPending++;
    }

    /** A bio got its request (or ended without one). */
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
        long vtime = g.vtime;
        long vnow = vnow();
        long cost = adjustInuseAndCalcCost(g, vtime, abs, vnow);
        if (g.waitq.isEmpty() && g.absVdebt == 0 && vtime + cost <= vnow) {
            commitBio(g, bio, abs, cost);
            return Throttle.PROCEED;
        }
        if ((bio.flags() & RequestFlags.META) != 0) {
            // issued as root: the cost becomes debt and the task is delayed at return to user
            incurDebt(g, abs);
            g.debtBios++;
            delayIssuer(g, bio);
            return Throttle.PROCEED;
        }
        // a cgroup with waiters runs at its full weight
        if (g.absVdebt == 0 && g.inuse != g.active) {
            propagateAndCommit(g, g.active, g.active, true);
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

    /** {@code iocg_commit_bio}: the bio goes, its cost in the group's vtime and usage. */
    private static void commitBio(Group g, Bio bio, long abs, long cost) {
        bio.setQosCost(cost);
        g.vtime += cost;
        g.absVusage += abs;
    }

    /**
     * {@code adjust_inuse_and_calc_cost}: the bio's cost at the group's hweight_inuse; a donating group whose margin
     * fell below the saved one and {@code margins.low} raises inuse by 25 % steps of active until the cost fits.
     */
    long adjustInuseAndCalcCost(Group g, long vtime, long abs, long vnow) {
        long cost = absCostToCost(abs, g.hweightInuse());
        long margin = vnow - vtime - cost;
        if (g.absVdebt > 0 || margin >= g.savedMargin || margin >= marginLow || g.inuse == g.active
                || !g.isActive) {
            return cost;
        }
        long newInuse = g.inuse;
        long step = ceilDiv(g.active * INUSE_ADJ_STEP_PCT, 100);
        do {
            newInuse += step;
            propagateAndCommit(g, g.active, newInuse, true);
            cost = absCostToCost(abs, g.hweightInuse());
        } while (vtime + cost > vnow && g.inuse != g.active);
        return cost;
    }

    /** {@code iocg_incur_debt}: the cost becomes debt; the first debt drops inuse to the minimum. */
    private void incurDebt(Group g, long abs) {
        if (g.absVdebt == 0 && abs > 0) {
            propagateAndCommit(g, g.active, 0, false);
        }
        g.absVdebt += abs;
        g.absVusage += abs;
    }

    /** {@code iocg_pay_debt}: paid in full, inuse is restored. */
    private void payDebt(Group g, long absVpay) {
        g.absVdebt -= Math.min(absVpay, g.absVdebt);
        if (g.absVdebt == 0) {
            propagateAndCommit(g, g.active, g.lastInuse, false);
        }
    }

    /** {@code iocg_kick_delay} and, when a delay applies, {@code blkcg_schedule_throttle} for the bio's task. */
    private void delayIssuer(Group g, Bio bio) {
        if (kickDelay(g) && bio.task() != null && !bio.task().isKernelThread()) {
            long nanos = g.delay * 1000;
            g.delayNanos += nanos;
            context.delayTask(bio.task(), nanos);
        }
    }

    /** {@code iocg_kick_delay}: the group's delay, the larger of the decayed one and the overage's; true if applied. */
    boolean kickDelay(Group g) {
        long now = nowUs();
        if (now < g.delayAt) {
            return false;
        }
        long shift = (now - g.delayAt) / 1_000_000;
        long delay = g.delay > 0 && shift < 64 ? g.delay >> shift : 0;
        long hwa = g.hweightActive();
        long vover = g.vtime + absCostToCost(g.absVdebt, hwa) - vnow();
        long vperiod = periodUs * vrate;
        long voverPct = vperiod == 0 ? 0 : 100 * vover / vperiod;
        long newDelay;
        if (voverPct <= MIN_DELAY_THR_PCT) {
            newDelay = 0;
        } else if (voverPct >= MAX_DELAY_THR_PCT) {
            newDelay = MAX_DELAY_US;
        } else {
            newDelay = MIN_DELAY_US + (MAX_DELAY_US - MIN_DELAY_US) * (voverPct - MIN_DELAY_THR_PCT)
                    / (MAX_DELAY_THR_PCT - MIN_DELAY_THR_PCT);
        }
        if (newDelay > delay) {
            g.delay = newDelay;
            g.delayAt = now;
            delay = newDelay;
        }
        if (delay >= MIN_DELAY_US) {
            g.useDelay = true;
            return true;
        }
        g.delay = 0;
        g.useDelay = false;
        return false;
    }

    /**
     * {@code iocg_kick_waitq}: pay debt from the budget, then wake waiters in order while their cost at the current
     * hweight_inuse fits; arm the wait timer for the first that does not.
     */
    void kickWaitq(Group g) {
        long vnow = vnow();
        long hwa = g.hweightActive();
        long vbudget = vnow - g.vtime;
        if (g.absVdebt > 0 && vbudget > 0) {
            long absVpay = Math.min(costToAbsCost(vbudget, hwa), g.absVdebt);
            long vpay = absCostToCost(absVpay, hwa);
            g.vtime += vpay;
            g.doneVtime += vpay;
            payDebt(g, absVpay);
            vbudget -= vpay;
        }
        if (g.absVdebt > 0 || g.delay > 0) {
            kickDelay(g);
        }
        if (g.absVdebt > 0) {
            vbudget = Math.min(0, vbudget - absCostToCost(g.absVdebt, hwa));
        }
        long hwi = g.hweightInuse();
        boolean woke = false;
        while (!g.waitq.isEmpty()) {
            long abs = g.waitCosts[g.waitHead];
            long cost = absCostToCost(abs, hwi);
            vbudget -= cost;
            if (vbudget < 0) {
                break;
            }
            g.waitHead = (g.waitHead + 1) % g.waitCosts.length;
            Bio bio = g.waitq.poll();
            commitBio(g, bio, abs, cost);
            if (bio == submitting) {
                submittingWoken = true;
            } else {
                woke = true;
                enterAlloc();
                context.resume(bio);
            }
        }
        if (g.waitq.isEmpty()) {
            if (g.waitSince >= 0) {
                g.waitNanos += context.now() - g.waitSince;
                g.waitSince = -1;
            }
        } else {
            if (g.waitSince < 0) {
                g.waitSince = context.now();
            }
            long expires = context.now() + ceilDiv(-vbudget, Math.max(vrate, 1)) * 1000 + timerSlackNs;
            if (!g.waitTimer.isPending() || Math.abs(g.waitTimer.expiresAt() - expires) > timerSlackNs) {
                g.waitTimer.arm(expires);
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

    /**
     * {@code ioc_rqos_merge}: a merged bio costs its pages; charged within budget when the request's first bio had a
     * cost, else it becomes debt (or, the group being inactive, is charged all the same).
     */
    @Override
    public void merge(Request rq, Bio bio) {
        if (!config.enable() || !controlled(bio) || bio.cgroup().isRoot()) {
            return;
        }
        Group g = groupOf(bio.cgroup().path());
        long abs = absCost(bio, g, true);
        long vnow = vnow();
        long cost = adjustInuseAndCalcCost(g, g.vtime, abs, vnow);
        // the hook runs after the bio joined the request: the request as it was before
        boolean front = rq.firstBio() == bio;
        Bio first = front ? bio.next() : rq.firstBio();
        long pos = front ? bio.endSector() : rq.sector();
        long sectors = rq.sectors() - bio.sectors();
        if (pos < bio.endSector() && pos + sectors == g.cursor) {
            g.cursor = bio.endSector();
        }
        if (first != null && first.qosCost() > 0 && g.vtime + cost <= vnow) {
            commitBio(g, bio, abs, cost);
            return;
        }
        if (g.isActive) {
            incurDebt(g, abs);
            g.debtBios++;
            delayIssuer(g, bio);
        } else {
            commitBio(g, bio, abs, cost);
        }
    }

    /** {@code ioc_rqos_done_bio}: the bio's cost reaches done_vtime. */
    @Override
    public void doneBio(Bio bio) {
        if (bio.qosCost() > 0) {
            Group g = groups.get(bio.cgroup().path());
            if (g != null) {
                g.doneVtime += bio.qosCost();
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
        long pages = rq.sectors() >> 3;
        long sizeNs = pages * lcoefs[rw][0] / Math.max(VTIME_PER_NSEC, 1);
        long target = qos[rw == 0 ? IocostConfig.QOS_RLAT : IocostConfig.QOS_WLAT] * 1000;
        if (onQ <= sizeNs || onQ - sizeNs <= target) {
            met[rw]++;
        } else {
            missed[rw]++;
        }
    }

    // ---------------------------------------------------------------- the period timer

    /** {@code ioc_timer_fn}: one period's evaluation. */
    void timerFn() {
        periods++;
        latStat();
        long rqWaitPct = lastRqWaitPct;
        long ppmRthr = MILLION - qos[IocostConfig.QOS_RPPM];
        long ppmWthr = MILLION - qos[IocostConfig.QOS_WPPM];
        long vnow = vnow();
        long periodVtime = vnow - periodAtVtime;
        if (periodVtime == 0) {
            return;
        }
        int nrDebtors = checkIocgs(vnow);
        // iocg_flush_stat
        for (Group g : groupList) {
            if (g.isActive) {
                long delta = g.absVusage - g.lastStatAbsVusage;
                g.lastStatAbsVusage = g.absVusage;
                g.usageDeltaUs = delta / vrate;
                g.usageUs += g.usageDeltaUs;
            }
        }
        int nrShortages = 0;
        int nrLagging = 0;
        long usageUsSum = 0;
        long nowUs = nowUs();
        for (Group g : groupList) {
            if (!g.isActive) {
                continue;
            }
            long vdone = g.doneVtime;
            long vtime = g.vtime;
            currentHweight(g);
            long hwActive = g.hweightActive;
            long hwInuse = g.hweightInuse;
            if ((ppmRthr != MILLION || ppmWthr != MILLION) && !g.useDelay && vtime > vdone
                    && vtime > vnow - MAX_LAGGING_PERIODS * periodVtime && vdone < vnow - periodVtime) {
                nrLagging++;
            }
            long usageUs = g.usageDeltaUs;
            usageUsSum += usageUs;
            if (hwInuse < hwActive || (g.waitq.isEmpty() && vtime < vnow - marginLow)) {
                if (vdone != vtime) {
                    long inflightUs = ceilDiv(costToAbsCost(vtime - vdone, hwInuse), vrate);
                    usageUs = Math.max(usageUs, inflightUs);
                }
                long usageDur = g.activatedAt > periodAt ? Math.max(nowUs - g.activatedAt, 1)
                        : Math.max(nowUs - periodAt, 1);
                long usage = Math.min(Math.max(ceilDiv(usageUs * WEIGHT_ONE, usageDur), 1), WEIGHT_ONE);
                long hwm = currentHweightMax(g);
                long newHwi = hweightAfterDonation(g, hwInuse, hwm, usage, vnow);
                if (newHwi < hwm && hwActive >= 2) {
                    g.hweightDonating = hwActive;
                    g.hweightAfterDonation = newHwi;
                    surpluses.add(g);
                } else if (g.absVdebt == 0) {
                    propagateWeights(g, g.active, g.active, true);
                    nrShortages++;
                }
            } else {
                nrShortages++;
            }
        }
        if (!surpluses.isEmpty() && nrShortages > 0) {
            transferSurpluses();
        }
        commitWeights();
        surpluses.clear();
        if (rqWaitPct > RQ_WAIT_BUSY_PCT || missedPpm[0] > ppmRthr || missedPpm[1] > ppmWthr) {
            busyLevel = Math.max(busyLevel, 0) + 1;
        } else if (rqWaitPct <= RQ_WAIT_BUSY_PCT * UNBUSY_THR_PCT / 100
                && missedPpm[0] <= ppmRthr * UNBUSY_THR_PCT / 100 && missedPpm[1] <= ppmWthr * UNBUSY_THR_PCT / 100) {
            if (nrShortages > 0) {
                busyLevel = Math.min(busyLevel, 0);
                if (nrLagging == 0) {
                    busyLevel--;
                }
            } else {
                busyLevel = 0;
            }
        } else {
            busyLevel = 0;
        }
        busyLevel = Math.max(-1000, Math.min(1000, busyLevel));
        adjustBaseVrate(nrLagging);
        refreshParams(false);
        forgiveDebts(usageUsSum, nrDebtors, vnow);
        curPeriod++;
        boolean anyActive = false;
        for (Group g : groupList) {
            anyActive |= g.isActive;
        }
        if (anyActive) {
            startPeriod(vnow);
        } else {
            busyLevel = 0;
            vtimeErr = 0;
            running = false;
        }
        refreshVrate();
    }

    /** {@code ioc_lat_stat}: the period's missed percentiles and {@code rq_wait_pct}. */
    private void latStat() {
        for (int rw = 0; rw < 2; rw++) {
            long total = met[rw] + missed[rw];
            missedPpm[rw] = total == 0 ? 0 : ceilDiv(missed[rw] * MILLION, total);
            met[rw] = 0;
            missed[rw] = 0;
        }
        long now = context.now();
        long rqWaitNs = allocWaitAccum + allocPending * now;
        allocWaitAccum = -allocPending * now;
        lastRqWaitPct = rqWaitNs * 100 / (periodUs * 1000);
    }

    /** {@code ioc_check_iocgs}: kick groups with waiters, debt or delay (counting debtors); deactivate idle ones. */
    private int checkIocgs(long vnow) {
        int nrDebtors = 0;
        for (Group g : groupList) {
            if (!g.isActive) {
                continue;
            }
            boolean idle = g.activePeriod != curPeriod && g.doneVtime == g.vtime;
            if (g.waitq.isEmpty() && g.absVdebt == 0 && g.delay == 0 && !idle) {
                continue;
            }
            if (g.waitSince >= 0) {
                g.waitNanos += context.now() - g.waitSince;
                g.waitSince = context.now();
            }
            if (!g.waitq.isEmpty() || g.absVdebt > 0 || g.delay > 0) {
                kickWaitq(g);
                if (g.absVdebt > 0 || g.delay > 0) {
                    nrDebtors++;
                }
            } else if (idle) {
                long excess = vnow - g.vtime - marginTarget;
                if (excess > 0) {
                    vtimeErr -= excess * g.hweightInuse() / WEIGHT_ONE;
                }
                g.isActive = false;
                propagateWeights(g, 0, 0, false);
            }
        }
        commitWeights();
        return nrDebtors;
    }

    /**
     * {@code hweight_after_donation}: the hweight_inuse the group's usage needs (at most {@code hwm}, which means no
     * donation); discards its budget above {@code margins.target}.
     */
    long hweightAfterDonation(Group g, long oldHwi, long hwm, long usage, long vnow) {
        if (g.absVdebt > 0) {
            return 1;
        }
        if (!g.waitq.isEmpty() || g.vtime > vnow - marginMin) {
            return hwm;
        }
        long excess = vnow - g.vtime - marginTarget;
        if (excess > 0) {
            g.vtime += excess;
            g.doneVtime += excess;
            vtimeErr -= excess * oldHwi / WEIGHT_ONE;
        }
        long delta = WEIGHT_ONE * (vnow - g.vtime) / (vnow - periodAtVtime);
        long target = WEIGHT_ONE * MARGIN_TARGET_PCT / 100;
        long newHwi = WEIGHT_ONE * usage / (WEIGHT_ONE - target + delta);
        return Math.min(Math.max(newHwi, 1), hwm);
    }

    /**
     * {@code transfer_surpluses}: the donors' (in {@link #surpluses}) inuse weights for their target
     * hweight_after_donation, the non-donating shares scaled by gamma = (1 - t') / (1 - t) at every level.
     */
    void transferSurpluses() {
        long afterSum = 0;
        long overSum = 0;
        for (Group g : surpluses) {
            long hwa = g.hweightActive();
            afterSum += g.hweightAfterDonation;
            if (g.hweightAfterDonation > hwa) {
                overSum += g.hweightAfterDonation;
            }
        }
        long overTarget = afterSum >= WEIGHT_ONE ? overSum - (afterSum - (WEIGHT_ONE - 1)) : 0;
        if (overTarget > 0) {
            for (Group g : surpluses) {
                if (g.hweightAfterDonation > g.hweightActive) {
                    g.hweightAfterDonation = g.hweightAfterDonation * overTarget / overSum;
                }
            }
        }
        for (Group g : surpluses) {
            buildInnerWalk(g);
        }
        for (Group g : innerWalk) {
            g.childAdjustedSum = 0;
            g.hweightDonating = 0;
            g.hweightAfterDonation = 0;
        }
        for (Group g : surpluses) {
            g.parent.hweightDonating += g.hweightDonating;
            g.parent.hweightAfterDonation += g.hweightAfterDonation;
        }
        for (int i = innerWalk.size() - 1; i >= 0; i--) {
            Group g = innerWalk.get(i);
            if (g.level > 0) {
                g.parent.hweightDonating += g.hweightDonating;
                g.parent.hweightAfterDonation += g.hweightAfterDonation;
            }
        }
        for (Group g : innerWalk) {
            if (g.level > 0) {
                g.hweightActive = ceilDiv(g.parent.hweightActive * g.active, g.parent.childActiveSum);
            }
            g.hweightDonating = Math.min(g.hweightDonating, g.hweightActive);
            g.hweightAfterDonation = Math.min(g.hweightAfterDonation, g.hweightDonating - 1);
        }
        Group top = innerWalk.get(0);
        long gamma = ceilDiv((WEIGHT_ONE - top.hweightAfterDonation) * WEIGHT_ONE,
                WEIGHT_ONE - Math.min(top.hweightDonating, WEIGHT_ONE - 1));
        for (Group g : innerWalk) {
            if (g.level == 0) {
                g.childAdjustedSum = ceilDiv(g.childActiveSum * (WEIGHT_ONE - g.hweightDonating),
                        WEIGHT_ONE - g.hweightAfterDonation);
                continue;
            }
            Group parent = g.parent;
            g.hweightInuse = ceilDiv(gamma * (g.hweightActive - g.hweightDonating), WEIGHT_ONE)
                    + g.hweightAfterDonation;
            long inuse = ceilDiv(parent.childAdjustedSum * g.hweightInuse, parent.hweightInuse);
            long st = ceilDiv(g.childActiveSum * g.hweightDonating, g.hweightActive);
            long sf = g.childActiveSum - st;
            long wpt = ceilDiv(g.active * g.hweightDonating, g.hweightActive);
            long wptp = ceilDiv(inuse * g.hweightAfterDonation, g.hweightInuse);
            g.childAdjustedSum = sf + ceilDiv(st * wptp, wpt);
        }
        for (Group g : surpluses) {
            if (g.absVdebt > 0) {
                continue;
            }
            long inuse = ceilDiv(g.parent.childAdjustedSum * g.hweightAfterDonation, g.parent.hweightInuse);
            propagateWeights(g, g.active, inuse, true);
        }
        for (Group g : innerWalk) {
            g.onWalk = false;
        }
        innerWalk.clear();
    }

    /** {@link #transferSurpluses} for the given donors (their {@code hweightDonating}, {@code hweightAfterDonation} set). */
    void transferSurplusesOf(Group... donors) {
        surpluses.addAll(List.of(donors));
        transferSurpluses();
        surpluses.clear();
    }

    /** {@code iocg_build_inner_walk}: the leaf's ancestors not yet listed, from the top: a pre-order walk. */
    private void buildInnerWalk(Group g) {
        int lvl = g.level - 1;
        while (lvl >= 0 && !g.ancestors[lvl].onWalk) {
            lvl--;
        }
        while (++lvl <= g.level - 1) {
            Group inner = g.ancestors[lvl];
            inner.onWalk = true;
            innerWalk.add(inner);
        }
    }

    /**
     * {@code ioc_forgive_debts}: with debtors on a device used at most 50 % over at least 100 ms, halve every
     * debt and delay once per 100 ms elapsed.
     */
    private void forgiveDebts(long usageUsSum, int nrDebtors, long vnow) {
        long now = nowUs();
        if (nrDebtors == 0) {
            dfgvPeriodAt = now;
            dfgvPeriodRem = 0;
            dfgvUsageUsSum = 0;
            return;
        }
        if (busyLevel > 0) {
            usageUsSum = Math.max(usageUsSum, periodUs);
        }
        dfgvUsageUsSum += usageUsSum;
        if (now < dfgvPeriodAt + DFGV_PERIOD_US) {
            return;
        }
        long dur = now - dfgvPeriodAt;
        long usagePct = 100 * dfgvUsageUsSum / dur;
        dfgvPeriodAt = now;
        dfgvUsageUsSum = 0;
        if (usagePct > DFGV_USAGE_PCT) {
            dfgvPeriodRem = 0;
            return;
        }
        long cycles = (dur + dfgvPeriodRem) / DFGV_PERIOD_US;
        dfgvPeriodRem = (dur + dfgvPeriodRem) % DFGV_PERIOD_US;
        int shift = (int) Math.min(cycles, 63);
        for (Group g : groupList) {
            if (!g.isActive || (g.absVdebt == 0 && g.delay == 0)) {
                continue;
            }
            if (g.absVdebt > 0) {
                g.absVdebt = Math.max(g.absVdebt >> shift, 1);
            }
            if (g.delay > 0) {
                g.delay = Math.max(g.delay >> shift, 1);
            }
            kickWaitq(g);
        }
    }

    /** {@code ioc_adjust_base_vrate}. */
    void adjustBaseVrate(int nrLagging) {
        if (busyLevel == 0 || (busyLevel < 0 && nrLagging > 0)) {
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
        refreshMargins();
    }

    /**
     * {@code ioc_refresh_vrate}: {@code vcomp} gives back the discarded vtime over what is left of the period
     * (between -base/2 and +base); the error carried is bounded by one period's vtime.
     */
    private void refreshVrate() {
        long pleft = periodAt + periodUs - nowUs();
        long vperiod = periodUs * vrate;
        if (pleft > 0) {
            long vcomp = Math.max(-(vrate >> 1), Math.min(vrate, -vtimeErr / pleft));
            vtimeErr += vcomp * pleft;
            vtimeRate = vrate + vcomp;
        }
        vtimeErr = Math.max(-vperiod, Math.min(vperiod, vtimeErr));
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

    /** {@code abs_cost_to_cost}: an absolute cost at hierarchical weight {@code hw}, rounded up. */
    static long absCostToCost(long absCost, long hw) {
        return ceilDiv(absCost * WEIGHT_ONE, hw);
    }

    /** {@code cost_to_abs_cost}: the inverse, rounded up. */
    static long costToAbsCost(long cost, long hw) {
        return ceilDiv(cost * hw, WEIGHT_ONE);
    }

    static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    /**
     * vrate (percent of the device's modelled speed), busy_level, periods, the device class; per cgroup weight,
     * hweight active and inuse, usage, wait, debt, delay.
     */
    @Override
    public Map<String, Number> statistics() {
        Map<String, Number> stats = new LinkedHashMap<>();
        stats.put("vrate_pct", vrate * 100.0 / VTIME_PER_USEC);
        stats.put("busy_level", busyLevel);
        stats.put("periods", periods);
        stats.put("period_us", periodUs);
        stats.put("rq_wait_pct", lastRqWaitPct);
        stats.put("autop", autop);
        for (Group g : groupList) {
            String p = g.path + ".";
            stats.put(p + "weight", g.weight / WEIGHT_ONE);
            stats.put(p + "hweight_active_pct", g.isActive ? g.hweightActive() * 100.0 / WEIGHT_ONE : 0.0);
            stats.put(p + "hweight_inuse_pct", g.isActive ? g.hweightInuse() * 100.0 / WEIGHT_ONE : 0.0);
            stats.put(p + "usage_us", g.usageUs);
            stats.put(p + "wait_us", g.waitNanos / 1000);
            stats.put(p + "indebt_bios", g.debtBios);
            stats.put(p + "indelay_us", g.delayNanos / 1000);
        }
        return stats;
    }
}
