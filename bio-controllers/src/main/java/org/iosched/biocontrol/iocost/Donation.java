package org.iosched.biocontrol.iocost;

import static org.iosched.biocontrol.iocost.Ioc.WEIGHT_ONE;
import static org.iosched.biocontrol.iocost.Ioc.absCostToCost;
import static org.iosched.biocontrol.iocost.Ioc.ceilDiv;

import java.util.ArrayList;
import java.util.List;

/**
 * io.cost's work conservation (blk-iocost.c's {@code hweight_after_donation}, {@code transfer_surpluses},
 * {@code iocg_build_inner_walk}, {@code adjust_inuse_and_calc_cost}): each period a group that leaves budget
 * unused donates, getting the hweight_inuse its usage needs while the non-donors' shares grow by the same rate
 * gamma at every level (Andy's method); at issue a donor short of budget takes its weight back in steps.
 */
final class Donation {
    static final int INUSE_ADJ_STEP_PCT = 25;

    private final Ioc ioc;
    /** The period's donors, in the order the period timer found them. */
    private final List<Iocg> surpluses = new ArrayList<>();
    /** {@code iocg_build_inner_walk}'s list: the donors' inner ancestors in pre-order. */
    private final List<Iocg> innerWalk = new ArrayList<>();

    Donation(Ioc ioc) {
        this.ioc = ioc;
    }

    /**
     * {@code adjust_inuse_and_calc_cost}: the bio's cost at the group's hweight_inuse; a donating group whose margin
     * fell below the saved one and {@code margins.low} raises inuse by 25 % steps of active until the cost fits.
     */
    long adjustInuseAndCalcCost(Iocg g, long vtime, long abs, long vnow) {
        long cost = absCostToCost(abs, g.hweightInuse());
        long margin = vnow - vtime - cost;
        if (g.absVdebt > 0 || margin >= g.savedMargin || margin >= ioc.marginLow || g.inuse == g.active
                || !g.isActive) {
            return cost;
        }
        long newInuse = g.inuse;
        long step = ceilDiv(g.active * INUSE_ADJ_STEP_PCT, 100);
        do {
            newInuse += step;
            ioc.weights.propagateAndCommit(g, g.active, newInuse, true);
            cost = absCostToCost(abs, g.hweightInuse());
        } while (vtime + cost > vnow && g.inuse != g.active);
        return cost;
    }

    /**
     * {@code hweight_after_donation}: the hweight_inuse the group's usage needs (at most {@code hwm}, which means no
     * donation); discards its budget above {@code margins.target}.
     */
    long hweightAfterDonation(Iocg g, long oldHwi, long hwm, long usage, long vnow) {
        if (g.absVdebt > 0) {
            return 1;
        }
        if (!g.waitq.isEmpty() || g.vtime > vnow - ioc.marginMin) {
            return hwm;
        }
        long excess = vnow - g.vtime - ioc.marginTarget;
        if (excess > 0) {
            g.vtime += excess;
            g.doneVtime += excess;
            ioc.vtimeErr -= excess * oldHwi / WEIGHT_ONE;
        }
        long delta = WEIGHT_ONE * (vnow - g.vtime) / (vnow - ioc.periodAtVtime);
        long target = WEIGHT_ONE * CostModel.MARGIN_TARGET_PCT / 100;
        long newHwi = WEIGHT_ONE * usage / (WEIGHT_ONE - target + delta);
        return Math.min(Math.max(newHwi, 1), hwm);
    }

    /** A donor of this period, its {@code hweightDonating} and {@code hweightAfterDonation} set. */
    void addSurplus(Iocg g) {
        surpluses.add(g);
    }

    /** Whether the period found donors. */
    boolean hasSurpluses() {
        return !surpluses.isEmpty();
    }

    /** The period's donors are done with. */
    void clearSurpluses() {
        surpluses.clear();
    }

    /**
     * {@code transfer_surpluses}: the donors' (added by {@link #addSurplus}) inuse weights for their target
     * hweight_after_donation, the non-donating shares scaled by gamma = (1 - t') / (1 - t) at every level.
     */
    void transferSurpluses() {
        long afterSum = 0;
        long overSum = 0;
        for (Iocg g : surpluses) {
            long hwa = g.hweightActive();
            afterSum += g.hweightAfterDonation;
            if (g.hweightAfterDonation > hwa) {
                overSum += g.hweightAfterDonation;
            }
        }
        long overTarget = afterSum >= WEIGHT_ONE ? overSum - (afterSum - (WEIGHT_ONE - 1)) : 0;
        if (overTarget > 0) {
            for (Iocg g : surpluses) {
                if (g.hweightAfterDonation > g.hweightActive) {
                    g.hweightAfterDonation = g.hweightAfterDonation * overTarget / overSum;
                }
            }
        }
        for (Iocg g : surpluses) {
            buildInnerWalk(g);
        }
        for (Iocg g : innerWalk) {
            g.childAdjustedSum = 0;
            g.hweightDonating = 0;
            g.hweightAfterDonation = 0;
        }
        for (Iocg g : surpluses) {
            g.parent.hweightDonating += g.hweightDonating;
            g.parent.hweightAfterDonation += g.hweightAfterDonation;
        }
        for (int i = innerWalk.size() - 1; i >= 0; i--) {
            Iocg g = innerWalk.get(i);
            if (g.level > 0) {
                g.parent.hweightDonating += g.hweightDonating;
                g.parent.hweightAfterDonation += g.hweightAfterDonation;
            }
        }
        for (Iocg g : innerWalk) {
            if (g.level > 0) {
                g.hweightActive = ceilDiv(g.parent.hweightActive * g.active, g.parent.childActiveSum);
            }
            g.hweightDonating = Math.min(g.hweightDonating, g.hweightActive);
            g.hweightAfterDonation = Math.min(g.hweightAfterDonation, g.hweightDonating - 1);
        }
        Iocg top = innerWalk.get(0);
        long gamma = ceilDiv((WEIGHT_ONE - top.hweightAfterDonation) * WEIGHT_ONE,
                WEIGHT_ONE - Math.min(top.hweightDonating, WEIGHT_ONE - 1));
        for (Iocg g : innerWalk) {
            if (g.level == 0) {
                g.childAdjustedSum = ceilDiv(g.childActiveSum * (WEIGHT_ONE - g.hweightDonating),
                        WEIGHT_ONE - g.hweightAfterDonation);
                continue;
            }
            Iocg parent = g.parent;
            g.hweightInuse = ceilDiv(gamma * (g.hweightActive - g.hweightDonating), WEIGHT_ONE)
                    + g.hweightAfterDonation;
            long inuse = ceilDiv(parent.childAdjustedSum * g.hweightInuse, parent.hweightInuse);
            long st = ceilDiv(g.childActiveSum * g.hweightDonating, g.hweightActive);
            long sf = g.childActiveSum - st;
            long wpt = ceilDiv(g.active * g.hweightDonating, g.hweightActive);
            long wptp = ceilDiv(inuse * g.hweightAfterDonation, g.hweightInuse);
            g.childAdjustedSum = sf + ceilDiv(st * wptp, wpt);
        }
        for (Iocg g : surpluses) {
            if (g.absVdebt > 0) {
                continue;
            }
            long inuse = ceilDiv(g.parent.childAdjustedSum * g.hweightAfterDonation, g.parent.hweightInuse);
            ioc.weights.propagateWeights(g, g.active, inuse, true);
        }
        for (Iocg g : innerWalk) {
            g.onWalk = false;
        }
        innerWalk.clear();
    }

    /**
     * {@link #transferSurpluses} for the given donors (their {@code hweightDonating}, {@code hweightAfterDonation}
     * set).
     */
    void transferSurplusesOf(Iocg... donors) {
        surpluses.addAll(List.of(donors));
        transferSurpluses();
        surpluses.clear();
    }

    /** {@code iocg_build_inner_walk}: the leaf's ancestors not yet listed, from the top: a pre-order walk. */
    private void buildInnerWalk(Iocg g) {
        int lvl = g.level - 1;
        while (lvl >= 0 && !g.ancestors[lvl].onWalk) {
            lvl--;
        }
        while (++lvl <= g.level - 1) {
            Iocg inner = g.ancestors[lvl];
            inner.onWalk = true;
            innerWalk.add(inner);
        }
    }
}
