package org.iosched.biocontrol.iocost;

import static org.iosched.biocontrol.iocost.Ioc.WEIGHT_ONE;

import java.util.ArrayDeque;
import org.iosched.api.Bio;
import org.iosched.api.Timer;

/**
 * {@code struct ioc_gq}: one cgroup's io.cost state on the device — its weights ({@code WEIGHT_ONE} units) and the
 * sums of its children's, the cached hweights, its vtime, done_vtime and cursor, debt and delay, its usage and the
 * FIFO of bios waiting for budget with their wait timer — and {@code iocg_activate} and {@code iocg_commit_bio}.
 */
final class Iocg {
    private final Ioc ioc;
    final String path;
    final Iocg parent;
    final int level;
    /** {@code ancestors[]}: the root first, this group last. */
    final Iocg[] ancestors;
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
    /** {@code waitq_timer}: runs {@code iocg_waitq_timer_fn}. */
    final Timer waitTimer;
    long waitSince = -1;
    long waitNanos;
    long delayNanos;
    long debtBios;

    /** {@code ioc_pd_alloc} and {@code ioc_pd_init}: the root at the default weight, others at their io.weight. */
    Iocg(Ioc ioc, String path, Iocg parent) {
        this.ioc = ioc;
        this.path = path;
        this.parent = parent;
        this.level = parent == null ? 0 : parent.level + 1;
        this.ancestors = new Iocg[level + 1];
        if (parent != null) {
            System.arraycopy(parent.ancestors, 0, ancestors, 0, level);
        }
        ancestors[level] = this;
        this.weight = (parent == null ? IocostConfig.WEIGHT_DFL : ioc.config.weight(path)) * WEIGHT_ONE;
        this.waitTimer = ioc.context.newTimer(() -> ioc.debt.kickWaitq(this));
    }

    /** {@code current_hweight}'s active share. */
    long hweightActive() {
        ioc.weights.currentHweight(this);
        return hweightActive;
    }

    /** {@code current_hweight}'s inuse share. */
    long hweightInuse() {
        ioc.weights.currentHweight(this);
        return hweightInuse;
    }

    /** {@code iocg_activate}: a leaf whose ancestors and descendants are inactive becomes active. */
    boolean activate() {
        if (isActive) {
            activePeriod = ioc.curPeriod;
            return true;
        }
        if (childActiveSum > 0) {
            return false;
        }
        activePeriod = ioc.curPeriod;
        for (int lvl = level - 1; lvl > 0; lvl--) {
            if (ancestors[lvl].isActive) {
                return false;
            }
        }
        long vtarget = ioc.vnow() - ioc.marginTarget;
        doneVtime += vtarget - vtime;
        vtime = vtarget;
        hweightGen = ioc.hweightGen - 1;
        isActive = true;
        ioc.weights.propagateAndCommit(this, weight, lastInuse != 0 ? lastInuse : weight, true);
        activatedAt = ioc.nowUs();
        if (!ioc.running) {
            ioc.running = true;
            ioc.dfgvPeriodAt = ioc.nowUs();
            ioc.dfgvPeriodRem = 0;
            ioc.timer.startPeriod(ioc.vnow());
        }
        return true;
    }

    /** {@code iocg_commit_bio}: the bio goes, its cost in the group's vtime and usage. */
    void commitBio(Bio bio, long abs, long cost) {
        bio.setQosCost(cost);
        vtime += cost;
        absVusage += abs;
    }

    /** Append a waiter's cost to the group's ring, growing it when full. */
    void pushCost(long abs) {
        int n = waitq.size();
        if (n == waitCosts.length) {
            long[] grown = new long[n * 2];
            for (int i = 0; i < n; i++) {
                grown[i] = waitCosts[(waitHead + i) % n];
            }
            waitCosts = grown;
            waitHead = 0;
        }
        waitCosts[(waitHead + n) % waitCosts.length] = abs;
    }
}
