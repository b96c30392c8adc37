package org.iosched.biocontrol.iocost;

import java.util.LinkedHashMap;
import java.util.Map;
import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.RqQosContext;
import org.iosched.api.RqQosPolicy;

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
 * <p><b>Notes</b>: 6.6 block/blk-iocost.c, its sections one class each: the rq-qos hooks ({@code ioc_rqos_throttle},
 * {@code ioc_rqos_merge}, {@code ioc_rqos_done_bio}, {@code ioc_rqos_done}) here; {@code struct ioc} and
 * {@code ioc_now} in {@link Ioc}; the parameters and cost model ({@code autop[]}, {@code ioc_autop_idx},
 * {@code ioc_refresh_params}, {@code ioc_refresh_period_us}, {@code ioc_refresh_margins}, {@code calc_lcoefs},
 * {@code calc_vtime_cost_builtin}) in {@link CostModel}; {@code struct ioc_gq} and {@code iocg_activate} in
 * {@link Iocg}; {@code __propagate_weights}, {@code current_hweight} and {@code current_hweight_max} in
 * {@link Hweights}; {@code iocg_incur_debt}, {@code iocg_pay_debt}, {@code iocg_kick_delay} and
 * {@code iocg_kick_waitq} in {@link DebtAndDelay}; {@code adjust_inuse_and_calc_cost},
 * {@code hweight_after_donation} and {@code transfer_surpluses} in {@link Donation}; {@code ioc_timer_fn},
 * {@code ioc_check_iocgs}, {@code ioc_forgive_debts}, {@code ioc_adjust_base_vrate} and {@code ioc_refresh_vrate}
 * in {@link PeriodTimer}.
 */
public final class IocostPolicy implements RqQosPolicy {
    /** The device's io.cost state, reached by every section of the model. */
    final Ioc ioc;
    private final RqQosContext context;
    private final IocostConfig config;

    /**
     * {@code blk_iocost_init}: the device class's parameters, the period timer and the root cgroup.
     *
     * @param context the queue's services
     * @param config  the {@code iocost.*} keys
     */
    public IocostPolicy(RqQosContext context, IocostConfig config) {
        this.context = context;
        this.config = config;
        this.ioc = new Ioc(context, config);
    }

    private static boolean controlled(Bio bio) {
        return (bio.op() == Op.READ || bio.op() == Op.WRITE) && bio.sectors() > 0;
    }

    /** A bio got its request (or ended without one): its {@code rq_wait} ends. */
    private void leaveAlloc(Bio bio) {
        if (config.enable() && controlled(bio) && ioc.allocPending > 0) {
            ioc.allocWaitAccum += context.now();
            ioc.allocPending--;
        }
    }

    /** {@code rq_qos_track}: the bio got its request; its {@code rq_wait} ends. */
    @Override
    public void track(Request rq, Bio bio) {
        leaveAlloc(bio);
    }

    /** {@code rq_qos_cleanup}: the bio went on without a request of its own (merged); its {@code rq_wait} ends. */
    @Override
    public void cleanup(Bio bio) {
        leaveAlloc(bio);
    }

    /** {@code ioc_rqos_throttle}; a bio that proceeds starts its {@code rq_wait}. */
    @Override
    public Throttle throttle(Bio bio) {
        Throttle t = throttleBio(bio);
        if (t == Throttle.PROCEED && config.enable() && controlled(bio)) {
            ioc.enterAlloc();
        }
        return t;
    }

    /**
     * {@code ioc_rqos_throttle}: a bio within its group's budget goes; a {@code REQ_META} one goes in debt, its task
     * delayed; others wait in the group's FIFO (the group at full weight) unless the kick commits them at once.
     */
    private Throttle throttleBio(Bio bio) {
        if (!config.enable() || !controlled(bio) || bio.cgroup().isRoot()) {
            return Throttle.PROCEED;
        }
        Iocg g = ioc.groupOf(bio.cgroup().path());
        long abs = ioc.model.absCost(bio, g, false);
        if (!g.activate()) {
            return Throttle.PROCEED;
        }
        g.cursor = bio.endSector();
        long vtime = g.vtime;
        long vnow = ioc.vnow();
        long cost = ioc.donation.adjustInuseAndCalcCost(g, vtime, abs, vnow);
        if (g.waitq.isEmpty() && g.absVdebt == 0 && vtime + cost <= vnow) {
            g.commitBio(bio, abs, cost);
            return Throttle.PROCEED;
        }
        if ((bio.flags() & RequestFlags.META) != 0) {
            // issued as root: the cost becomes debt and the task is delayed at return to user
            ioc.debt.incurDebt(g, abs);
            g.debtBios++;
            ioc.debt.delayIssuer(g, bio);
            return Throttle.PROCEED;
        }
        // a cgroup with waiters runs at its full weight
        if (g.absVdebt == 0 && g.inuse != g.active) {
            ioc.weights.propagateAndCommit(g, g.active, g.active, true);
        }
        if (g.waitq.isEmpty()) {
            g.waitSince = context.now();
        }
        g.pushCost(abs);
        g.waitq.add(bio);
        return ioc.debt.kickWaitqSubmitting(g, bio) ? Throttle.PROCEED : Throttle.WAIT;
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
        Iocg g = ioc.groupOf(bio.cgroup().path());
        long abs = ioc.model.absCost(bio, g, true);
        long vnow = ioc.vnow();
        long cost = ioc.donation.adjustInuseAndCalcCost(g, g.vtime, abs, vnow);
        // the hook runs after the bio joined the request: the request as it was before
        boolean front = rq.firstBio() == bio;
        Bio first = front ? bio.next() : rq.firstBio();
        long pos = front ? bio.endSector() : rq.sector();
        long sectors = rq.sectors() - bio.sectors();
        if (pos < bio.endSector() && pos + sectors == g.cursor) {
            g.cursor = bio.endSector();
        }
        if (first != null && first.qosCost() > 0 && g.vtime + cost <= vnow) {
            g.commitBio(bio, abs, cost);
            return;
        }
        if (g.isActive) {
            ioc.debt.incurDebt(g, abs);
            g.debtBios++;
            ioc.debt.delayIssuer(g, bio);
        } else {
            g.commitBio(bio, abs, cost);
        }
    }

    /** {@code ioc_rqos_done_bio}: the bio's cost reaches done_vtime. */
    @Override
    public void doneBio(Bio bio) {
        if (bio.qosCost() > 0) {
            Iocg g = ioc.find(bio.cgroup().path());
            if (g != null) {
                g.doneVtime += bio.qosCost();
            }
        }
    }

    /** {@code ioc_rqos_done}: the request met or missed its direction's latency target, net of its size cost. */
    @Override
    public void done(Request rq) {
        if (!config.enable() || (rq.op() != Op.READ && rq.op() != Op.WRITE)) {
            return;
        }
        int rw = rq.op() == Op.READ ? 0 : 1;
        long onQ = context.now() - rq.startTime();
        long pages = rq.sectors() >> 3;
        long sizeNs = pages * ioc.lcoefs[rw][0] / Math.max(Ioc.VTIME_PER_NSEC, 1);
        long target = ioc.qos[rw == 0 ? IocostConfig.QOS_RLAT : IocostConfig.QOS_WLAT] * 1000;
        if (onQ <= sizeNs || onQ - sizeNs <= target) {
            ioc.met[rw]++;
        } else {
            ioc.missed[rw]++;
        }
    }

    /**
     * vrate (percent of the device's modelled speed), busy_level, periods, the device class; per cgroup weight,
     * hweight active and inuse, usage, wait, debt, delay.
     */
    @Override
    public Map<String, Number> statistics() {
        Map<String, Number> stats = new LinkedHashMap<>();
        stats.put("vrate_pct", ioc.vrate * 100.0 / Ioc.VTIME_PER_USEC);
        stats.put("busy_level", ioc.busyLevel);
        stats.put("periods", ioc.periods);
        stats.put("period_us", ioc.periodUs);
        stats.put("rq_wait_pct", ioc.lastRqWaitPct);
        stats.put("autop", ioc.autop);
        for (Iocg g : ioc.groupList) {
            String p = g.path + ".";
            stats.put(p + "weight", g.weight / Ioc.WEIGHT_ONE);
            stats.put(p + "hweight_active_pct", g.isActive ? g.hweightActive() * 100.0 / Ioc.WEIGHT_ONE : 0.0);
            stats.put(p + "hweight_inuse_pct", g.isActive ? g.hweightInuse() * 100.0 / Ioc.WEIGHT_ONE : 0.0);
            stats.put(p + "usage_us", g.usageUs);
            stats.put(p + "wait_us", g.waitNanos / 1000);
            stats.put(p + "indebt_bios", g.debtBios);
            stats.put(p + "indelay_us", g.delayNanos / 1000);
        }
        return stats;
    }
}
