package org.iosched.biocontrol.iocost;

import static org.iosched.biocontrol.iocost.Ioc.MILLION;
import static org.iosched.biocontrol.iocost.Ioc.WEIGHT_ONE;
import static org.iosched.biocontrol.iocost.Ioc.ceilDiv;
import static org.iosched.biocontrol.iocost.Ioc.costToAbsCost;

import org.iosched.api.Timer;

/**
 * io.cost's period timer (blk-iocost.c's {@code ioc_timer_fn} with {@code ioc_lat_stat}, {@code ioc_check_iocgs},
 * {@code iocg_flush_stat}, {@code ioc_forgive_debts}, {@code ioc_adjust_base_vrate}, {@code ioc_refresh_vrate} and
 * {@code ioc_start_period}): each period the missed latency targets and {@code rq_wait}, the groups kicked or
 * deactivated, usage and donation ({@link Donation}), {@code busy_level} and the base vrate, the device class, debt
 * forgiveness, then the next period and the vtime rate that gives back discarded vtime.
 */
final class PeriodTimer {
    static final int RQ_WAIT_BUSY_PCT = 5;
    static final int UNBUSY_THR_PCT = 75;
    static final int VRATE_CLAMP_ADJ_PCT = 4;
    static final int DFGV_USAGE_PCT = 50;
    static final long DFGV_PERIOD_US = 100_000;
    static final int MAX_LAGGING_PERIODS = 10;
    /** {@code vrate_adj_pct[]}: by |busy_level|, the last for 52 and above. */
    static final int[] VRATE_ADJ_PCT = vrateAdjPct();

    private final Ioc ioc;
    /** {@code timer}: runs {@link #timerFn} once a period while groups are active. */
    private final Timer periodTimer;
    private final long[] missedPpm = new long[2];

    PeriodTimer(Ioc ioc) {
        this.ioc = ioc;
        this.periodTimer = ioc.context.newTimer(this::timerFn);
    }

    /** {@code ioc_start_period}. */
    void startPeriod(long vnow) {
        ioc.periodAt = ioc.nowUs();
        ioc.periodAtVtime = vnow;
        periodTimer.arm(ioc.context.now() + ioc.periodUs * 1000);
    }

    /** {@code ioc_timer_fn}: one period's evaluation. */
    void timerFn() {
        ioc.periods++;
        latStat();
        long rqWaitPct = ioc.lastRqWaitPct;
        long ppmRthr = MILLION - ioc.qos[IocostConfig.QOS_RPPM];
        long ppmWthr = MILLION - ioc.qos[IocostConfig.QOS_WPPM];
        long vnow = ioc.vnow();
        long periodVtime = vnow - ioc.periodAtVtime;
        if (periodVtime == 0) {
            return;
        }
        int nrDebtors = checkIocgs(vnow);
        // iocg_flush_stat
        for (Iocg g : ioc.groupList) {
            if (g.isActive) {
                long delta = g.absVusage - g.lastStatAbsVusage;
                g.lastStatAbsVusage = g.absVusage;
                g.usageDeltaUs = delta / ioc.vrate;
                g.usageUs += g.usageDeltaUs;
            }
        }
        int nrShortages = 0;
        int nrLagging = 0;
        long usageUsSum = 0;
        long nowUs = ioc.nowUs();
        Donation donation = ioc.donation;
        for (Iocg g : ioc.groupList) {
            if (!g.isActive) {
                continue;
            }
            long vdone = g.doneVtime;
            long vtime = g.vtime;
            ioc.weights.currentHweight(g);
            long hwActive = g.hweightActive;
            long hwInuse = g.hweightInuse;
            if ((ppmRthr != MILLION || ppmWthr != MILLION) && !g.useDelay && vtime > vdone
                    && vtime > vnow - MAX_LAGGING_PERIODS * periodVtime && vdone < vnow - periodVtime) {
                nrLagging++;
            }
            long usageUs = g.usageDeltaUs;
            usageUsSum += usageUs;
            if (hwInuse < hwActive || (g.waitq.isEmpty() && vtime < vnow - ioc.marginLow)) {
                if (vdone != vtime) {
                    long inflightUs = ceilDiv(costToAbsCost(vtime - vdone, hwInuse), ioc.vrate);
                    usageUs = Math.max(usageUs, inflightUs);
                }
                long usageDur = g.activatedAt > ioc.periodAt ? Math.max(nowUs - g.activatedAt, 1)
                        : Math.max(nowUs - ioc.periodAt, 1);
                long usage = Math.min(Math.max(ceilDiv(usageUs * WEIGHT_ONE, usageDur), 1), WEIGHT_ONE);
                long hwm = ioc.weights.currentHweightMax(g);
                long newHwi = donation.hweightAfterDonation(g, hwInuse, hwm, usage, vnow);
                if (newHwi < hwm && hwActive >= 2) {
                    g.hweightDonating = hwActive;
                    g.hweightAfterDonation = newHwi;
                    donation.addSurplus(g);
                } else if (g.absVdebt == 0) {
                    ioc.weights.propagateWeights(g, g.active, g.active, true);
                    nrShortages++;
                }
            } else {
                nrShortages++;
            }
        }
        if (donation.hasSurpluses() && nrShortages > 0) {
            donation.transferSurpluses();
        }
        ioc.weights.commitWeights();
        donation.clearSurpluses();
        int busyLevel = ioc.busyLevel;
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
        ioc.busyLevel = Math.max(-1000, Math.min(1000, busyLevel));
        adjustBaseVrate(nrLagging);
        ioc.model.refreshParams(false);
        forgiveDebts(usageUsSum, nrDebtors, vnow);
        ioc.curPeriod++;
        boolean anyActive = false;
        for (Iocg g : ioc.groupList) {
            anyActive |= g.isActive;
        }
        if (anyActive) {
            startPeriod(vnow);
        } else {
            ioc.busyLevel = 0;
            ioc.vtimeErr = 0;
            ioc.running = false;
        }
        refreshVrate();
    }

    /** {@code ioc_lat_stat}: the period's missed percentiles and {@code rq_wait_pct}. */
    private void latStat() {
        for (int rw = 0; rw < 2; rw++) {
            long total = ioc.met[rw] + ioc.missed[rw];
            missedPpm[rw] = total == 0 ? 0 : ceilDiv(ioc.missed[rw] * MILLION, total);
            ioc.met[rw] = 0;
            ioc.missed[rw] = 0;
        }
        long now = ioc.context.now();
        long rqWaitNs = ioc.allocWaitAccum + ioc.allocPending * now;
        ioc.allocWaitAccum = -ioc.allocPending * now;
        ioc.lastRqWaitPct = rqWaitNs * 100 / (ioc.periodUs * 1000);
    }

    /** {@code ioc_check_iocgs}: kick groups with waiters, debt or delay (counting debtors); deactivate idle ones. */
    private int checkIocgs(long vnow) {
        int nrDebtors = 0;
        for (Iocg g : ioc.groupList) {
            if (!g.isActive) {
                continue;
            }
            boolean idle = g.activePeriod != ioc.curPeriod && g.doneVtime == g.vtime;
            if (g.waitq.isEmpty() && g.absVdebt == 0 && g.delay == 0 && !idle) {
                continue;
            }
            if (g.waitSince >= 0) {
                g.waitNanos += ioc.context.now() - g.waitSince;
                g.waitSince = ioc.context.now();
            }
            if (!g.waitq.isEmpty() || g.absVdebt > 0 || g.delay > 0) {
                ioc.debt.kickWaitq(g);
                if (g.absVdebt > 0 || g.delay > 0) {
                    nrDebtors++;
                }
            } else if (idle) {
                long excess = vnow - g.vtime - ioc.marginTarget;
                if (excess > 0) {
                    ioc.vtimeErr -= excess * g.hweightInuse() / WEIGHT_ONE;
                }
                g.isActive = false;
                ioc.weights.propagateWeights(g, 0, 0, false);
            }
        }
        ioc.weights.commitWeights();
        return nrDebtors;
    }

    /**
     * {@code ioc_forgive_debts}: with debtors on a device used at most 50 % over at least 100 ms, halve every
     * debt and delay once per 100 ms elapsed.
     */
    private void forgiveDebts(long usageUsSum, int nrDebtors, long vnow) {
        long now = ioc.nowUs();
        if (nrDebtors == 0) {
            ioc.dfgvPeriodAt = now;
            ioc.dfgvPeriodRem = 0;
            ioc.dfgvUsageUsSum = 0;
            return;
        }
        if (ioc.busyLevel > 0) {
            usageUsSum = Math.max(usageUsSum, ioc.periodUs);
        }
        ioc.dfgvUsageUsSum += usageUsSum;
        if (now < ioc.dfgvPeriodAt + DFGV_PERIOD_US) {
            return;
        }
        long dur = now - ioc.dfgvPeriodAt;
        long usagePct = 100 * ioc.dfgvUsageUsSum / dur;
        ioc.dfgvPeriodAt = now;
        ioc.dfgvUsageUsSum = 0;
        if (usagePct > DFGV_USAGE_PCT) {
            ioc.dfgvPeriodRem = 0;
            return;
        }
        long cycles = (dur + ioc.dfgvPeriodRem) / DFGV_PERIOD_US;
        ioc.dfgvPeriodRem = (dur + ioc.dfgvPeriodRem) % DFGV_PERIOD_US;
        int shift = (int) Math.min(cycles, 63);
        for (Iocg g : ioc.groupList) {
            if (!g.isActive || (g.absVdebt == 0 && g.delay == 0)) {
                continue;
            }
            if (g.absVdebt > 0) {
                g.absVdebt = Math.max(g.absVdebt >> shift, 1);
            }
            if (g.delay > 0) {
                g.delay = Math.max(g.delay >> shift, 1);
            }
            ioc.debt.kickWaitq(g);
        }
    }

    /** {@code ioc_adjust_base_vrate}. */
    void adjustBaseVrate(int nrLagging) {
        int busyLevel = ioc.busyLevel;
        if (busyLevel == 0 || (busyLevel < 0 && nrLagging > 0)) {
            return;
        }
        long vrate = ioc.vrate;
        if (vrate < ioc.vrateMin) {
            vrate = Math.min(vrate * (100 + VRATE_CLAMP_ADJ_PCT) / 100, ioc.vrateMin);
        } else if (vrate > ioc.vrateMax) {
            vrate = Math.max(vrate * (100 - VRATE_CLAMP_ADJ_PCT) / 100, ioc.vrateMax);
        } else {
            int adj = VRATE_ADJ_PCT[Math.min(Math.abs(busyLevel), VRATE_ADJ_PCT.length - 1)];
            long pct = busyLevel > 0 ? 100 - adj : 100 + adj;
            vrate = Math.max(ioc.vrateMin, Math.min(ioc.vrateMax, ceilDiv(vrate * pct, 100)));
        }
        ioc.vrate = vrate;
        ioc.model.refreshMargins();
    }

    /**
     * {@code ioc_refresh_vrate}: {@code vcomp} gives back the discarded vtime over what is left of the period
     * (between -base/2 and +base); the error carried is bounded by one period's vtime.
     */
    private void refreshVrate() {
        long vrate = ioc.vrate;
        long pleft = ioc.periodAt + ioc.periodUs - ioc.nowUs();
        long vperiod = ioc.periodUs * vrate;
        if (pleft > 0) {
            long vcomp = Math.max(-(vrate >> 1), Math.min(vrate, -ioc.vtimeErr / pleft));
            ioc.vtimeErr += vcomp * pleft;
            ioc.vtimeRate = vrate + vcomp;
        }
        ioc.vtimeErr = Math.max(-vperiod, Math.min(vperiod, ioc.vtimeErr));
    }

    private static int[] vrateAdjPct() {
        int[] t = new int[53];
        for (int i = 0; i < t.length; i++) {
            t[i] = i < 4 ? 0 : i < 20 ? 1 : i < 36 ? 2 : i < 44 ? 4 : i < 52 ? 8 : 16;
        }
        return t;
    }
}
