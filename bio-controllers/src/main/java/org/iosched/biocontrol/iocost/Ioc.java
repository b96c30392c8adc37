package org.iosched.biocontrol.iocost;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.iosched.api.RqQosContext;

/**
 * {@code struct ioc}: io.cost's state for one device — its parameters ({@code struct ioc_params}, the linear
 * coefficients, the margins), the global vtime clock ({@code vtime_base_rate}, {@code vtime_rate}, the period),
 * the saturation history ({@code busy_level}), the period's latency and {@code rq_wait} statistics and the iocgs —
 * with {@code ioc_now} and the unit conversions of blk-iocost.c's opening section.
 *
 * <p>The sections of blk-iocost.c that act on this state are its collaborators, reached from here as the kernel
 * reaches them from {@code ioc}: {@link CostModel} (parameters and costs), {@link Hweights} (hierarchical weights),
 * {@link DebtAndDelay} (debt, delay and the wait queues), {@link Donation} (work conservation) and
 * {@link PeriodTimer} (the period timer and vrate).
 */
final class Ioc {
    static final long VTIME_PER_SEC = 1L << 37;
    static final long VTIME_PER_USEC = VTIME_PER_SEC / 1_000_000;
    static final long VTIME_PER_NSEC = VTIME_PER_SEC / 1_000_000_000;
    static final long WEIGHT_ONE = 1 << 16;
    static final long MILLION = 1_000_000;

    final RqQosContext context;
    final IocostConfig config;
    final CostModel model;
    final Hweights weights;
    final DebtAndDelay debt;
    final Donation donation;
    final PeriodTimer timer;

    /** {@code autop_idx}: the device class (an index of {@link CostModel#AUTOP}), -1 before the first refresh. */
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
    private final Map<String, Iocg> groups = new HashMap<>();
    final Iocg root;
    /**
     * Every cgroup but the root, in order of first use (the kernel walks its active list; the order changes
     * nothing).
     */
    final List<Iocg> groupList = new ArrayList<>();
    long periods;
    /**
     * {@code rq_wait_ns} of the period: the time bios spend between leaving throttle and getting a request (a tag),
     * summed as (times they got one) - (times they left throttle), plus the waits still open at the period's end.
     */
    long allocWaitAccum;
    long allocPending;
    long lastRqWaitPct;

    /**
     * {@code blk_iocost_init}: the device class's parameters, the period timer and the root iocg.
     *
     * @param context the queue's services
     * @param config  the {@code iocost.*} keys
     */
    Ioc(RqQosContext context, IocostConfig config) {
        this.context = context;
        this.config = config;
        this.model = new CostModel(this);
        this.weights = new Hweights(this);
        this.debt = new DebtAndDelay(this);
        this.donation = new Donation(this);
        model.refreshParams(true);
        periodAt = nowUs();
        timer = new PeriodTimer(this);
        root = new Iocg(this, "/", null);
        groups.put("/", root);
    }

    /** The clock in µs, as blk-iocost keeps its times ({@code ktime_to_us}). */
    long nowUs() {
        return context.now() / 1000;
    }

    /** {@code ioc_now}: the global vtime now. */
    long vnow() {
        return periodAtVtime + (nowUs() - periodAt) * vtimeRate;
    }

    /** A bio leaves throttle towards request allocation: its {@code rq_wait} starts. */
    void enterAlloc() {
        allocWaitAccum -= context.now();
        allocPending++;
    }

    /** {@code blkg_to_iocg}: the cgroup's iocg, made with its parents on first use ({@code ioc_pd_alloc}). */
    Iocg groupOf(String path) {
        Iocg g = groups.get(path);
        if (g == null) {
            int slash = path.lastIndexOf('/');
            Iocg parent = groupOf(slash == 0 ? "/" : path.substring(0, slash));
            g = new Iocg(this, path, parent);
            groups.put(path, g);
            groupList.add(g);
        }
        return g;
    }

    /** The cgroup's iocg, or null if none of its bios was seen. */
    Iocg find(String path) {
        return groups.get(path);
    }

    /** {@code abs_cost_to_cost}: an absolute cost at hierarchical weight {@code hw}, rounded up. */
    static long absCostToCost(long absCost, long hw) {
        return ceilDiv(absCost * WEIGHT_ONE, hw);
    }

    /** {@code cost_to_abs_cost}: the inverse, rounded up. */
    static long costToAbsCost(long cost, long hw) {
        return ceilDiv(cost * hw, WEIGHT_ONE);
    }

    /** {@code DIV64_U64_ROUND_UP} on the signed values the model keeps. */
    static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }
}
