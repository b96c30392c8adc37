package org.iosched.biocontrol.iocost;

import static org.iosched.biocontrol.iocost.Ioc.absCostToCost;
import static org.iosched.biocontrol.iocost.Ioc.ceilDiv;
import static org.iosched.biocontrol.iocost.Ioc.costToAbsCost;

import org.iosched.api.Bio;

/**
 * io.cost's debt, delay and wait queues (blk-iocost.c's {@code iocg_incur_debt}, {@code iocg_pay_debt},
 * {@code iocg_kick_delay}, {@code iocg_kick_waitq}, {@code iocg_waitq_timer_fn}): the cost of a bio that may not
 * wait becomes the group's debt, paid from its budget before any waiter is woken; the overage delays the issuing
 * task at return to user ({@code blkcg_schedule_throttle}); waiters are committed in FIFO order while their cost
 * fits the budget, and the group's wait timer is armed for the first that does not.
 */
final class DebtAndDelay {
    static final long MIN_DELAY_THR_PCT = 500;
    static final long MAX_DELAY_THR_PCT = 25000;
    /** {@code MIN_DELAY}, {@code MAX_DELAY}: µs. */
    static final long MIN_DELAY_US = 250;
    static final long MAX_DELAY_US = 250_000;
    static final long MIN_DELAY_NS = MIN_DELAY_US * 1000;
    static final long MAX_DELAY_NS = MAX_DELAY_US * 1000;

    private final Ioc ioc;
    /** A bio woken during its own throttle call proceeds by the return value; later ones are resumed. */
    private Bio submitting;
    private boolean submittingWoken;

    DebtAndDelay(Ioc ioc) {
        this.ioc = ioc;
    }

    /** {@code iocg_incur_debt}: the cost becomes debt; the first debt drops inuse to the minimum. */
    void incurDebt(Iocg g, long abs) {
        if (g.absVdebt == 0 && abs > 0) {
            ioc.weights.propagateAndCommit(g, g.active, 0, false);
        }
        g.absVdebt += abs;
        g.absVusage += abs;
    }

    /** {@code iocg_pay_debt}: paid in full, inuse is restored. */
    private void payDebt(Iocg g, long absVpay) {
        g.absVdebt -= Math.min(absVpay, g.absVdebt);
        if (g.absVdebt == 0) {
            ioc.weights.propagateAndCommit(g, g.active, g.lastInuse, false);
        }
    }

    /** {@code iocg_kick_delay} and, when a delay applies, {@code blkcg_schedule_throttle} for the bio's task. */
    void delayIssuer(Iocg g, Bio bio) {
        if (kickDelay(g) && bio.task() != null && !bio.task().isKernelThread()) {
            long nanos = g.delay * 1000;
            g.delayNanos += nanos;
            ioc.context.delayTask(bio.task(), nanos);
        }
    }

    /** {@code iocg_kick_delay}: the group's delay, the larger of the decayed one and the overage's; true if applied. */
    boolean kickDelay(Iocg g) {
        long now = ioc.nowUs();
        if (now < g.delayAt) {
            return false;
        }
        long shift = (now - g.delayAt) / 1_000_000;
        long delay = g.delay > 0 && shift < 64 ? g.delay >> shift : 0;
        long hwa = g.hweightActive();
        long vover = g.vtime + absCostToCost(g.absVdebt, hwa) - ioc.vnow();
        long vperiod = ioc.periodUs * ioc.vrate;
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
     * {@code iocg_kick_waitq} for the bio being throttled, queued last on the group's waitq: whether this kick
     * committed it (it proceeds by the throttle's return value rather than being resumed).
     */
    boolean kickWaitqSubmitting(Iocg g, Bio bio) {
        submitting = bio;
        submittingWoken = false;
        kickWaitq(g);
        submitting = null;
        return submittingWoken;
    }

    /**
     * {@code iocg_kick_waitq} (also {@code iocg_waitq_timer_fn}, the group's wait timer): pay debt from the budget,
     * then wake waiters in order while their cost at the current hweight_inuse fits; arm the wait timer for the
     * first that does not.
     */
    void kickWaitq(Iocg g) {
        long vnow = ioc.vnow();
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
            g.commitBio(bio, abs, cost);
            if (bio == submitting) {
                submittingWoken = true;
            } else {
                woke = true;
                ioc.enterAlloc();
                ioc.context.resume(bio);
            }
        }
        if (g.waitq.isEmpty()) {
            if (g.waitSince >= 0) {
                g.waitNanos += ioc.context.now() - g.waitSince;
                g.waitSince = -1;
            }
        } else {
            if (g.waitSince < 0) {
                g.waitSince = ioc.context.now();
            }
            long expires = ioc.context.now() + ceilDiv(-vbudget, Math.max(ioc.vrate, 1)) * 1000 + ioc.timerSlackNs;
            if (!g.waitTimer.isPending() || Math.abs(g.waitTimer.expiresAt() - expires) > ioc.timerSlackNs) {
                g.waitTimer.arm(expires);
            }
        }
        if (woke) {
            ioc.context.runQueues();
        }
    }
}
