package org.iosched.biocontrol.iocost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.Task;
import org.junit.jupiter.api.Test;

/**
 * io.cost's hierarchical weights and donation of Linux 6.6 blk-iocost ({@code __propagate_weights},
 * {@code current_hweight}, {@code hweight_after_donation}, {@code transfer_surpluses},
 * {@code adjust_inuse_and_calc_cost}), rule by rule and end to end on a fake queue.
 */
class IocostDonationTest {
    private static final long MS = 1_000_000L;
    private static final long SECOND = 1000 * MS;
    private static final long ONE = Ioc.WEIGHT_ONE;

    /** The hierarchy of blk-iocost.c's opening comment: A (100) with A0, A1 (100 each), and B (300). */
    private static IocostPolicy hierarchy(FakeQueue q) {
        return q.install(Map.of("qos.enable", "1", "A.weight", "100", "A/A0.weight", "100", "A/A1.weight", "100",
                "B.weight", "300"));
    }

    @Test
    void hweightsAreTheSharesOfTheActiveSiblingsFromTheRootDown() {
        IocostPolicy p = hierarchy(new FakeQueue(false, 32, MS));
        Iocg a0 = p.ioc.groupOf("/A/A0");
        Iocg a1 = p.ioc.groupOf("/A/A1");
        Iocg b = p.ioc.groupOf("/B");
        a0.activate();
        a1.activate();

        // B idle: A0 and A1 split the device
        assertThat(a0.hweightActive()).isEqualTo(ONE / 2);
        b.activate();
        // B active: 300 / 400 for B, the rest split: 12.5 % each
        assertThat(b.hweightActive()).isEqualTo(ONE * 3 / 4);
        assertThat(a0.hweightActive()).isEqualTo(ONE / 8);
        assertThat(a1.hweightInuse()).isEqualTo(ONE / 8);
        assertThat(p.ioc.groupOf("/A").active).isEqualTo(100 * ONE);
    }

    @Test
    void anInnerNodesInuseFollowsItsChildrensInuseOverActiveRoundedUp() {
        IocostPolicy p = hierarchy(new FakeQueue(false, 32, MS));
        Iocg[] g = activate(p, "/A/A0", "/A/A1", "/B");
        Iocg a0 = g[0];
        Iocg a1 = g[1];
        Iocg b = g[2];
        p.ioc.weights.propagateWeights(a0, a0.active, a0.active / 2, false);
        p.ioc.weights.commitWeights();

        // A's inuse = ceil(100 * (50 + 100) / 200) = 75; A1's hweight_inuse = 1 * 75/375 * 100/150, truncated per level
        Iocg a = p.ioc.groupOf("/A");
        assertThat(a.inuse).isEqualTo(75 * ONE);
        long levelA = ONE * (75 * ONE) / (375 * ONE);
        assertThat(a1.hweightInuse()).isEqualTo(levelA * (100 * ONE) / (150 * ONE));
        assertThat(a1.hweightActive()).isEqualTo(ONE / 8);
        // a leaf's inuse stays within [1, active]
        p.ioc.weights.propagateWeights(a0, a0.active, 0, false);
        assertThat(a0.inuse).isEqualTo(1);
        p.ioc.weights.propagateWeights(a0, a0.active, 3 * a0.active, false);
        assertThat(a0.inuse).isEqualTo(a0.active);
    }

    @Test
    void hweightAfterDonationIsUsageOverHalfAPeriodPlusTheLeftoverAndDiscardsBudgetAboveTheTarget() {
        FakeQueue q = new FakeQueue(false, 32, MS);
        IocostPolicy p = q.install(Map.of("qos.enable", "1"));
        Iocg g = p.ioc.groupOf("/a");
        g.activate();
        q.runUntil(40 * MS);
        long vnow = p.ioc.vnow();
        long periodVtime = vnow - p.ioc.periodAtVtime;
        // 30 % of the period's vtime unused: delta = 0.3, new_hwi = usage / (1 - 0.5 + 0.3)
        g.vtime = vnow - periodVtime * 3 / 10;
        long before = g.vtime;
        long usage = ONE / 10;
        long delta = ONE * (vnow - g.vtime) / periodVtime;
        assertThat(p.ioc.donation.hweightAfterDonation(g, ONE, ONE, usage, vnow))
                .isEqualTo(ONE * usage / (ONE - ONE / 2 + delta));
        assertThat(g.vtime).isEqualTo(before);

        // far behind vnow: the budget above margins.target is thrown away (vtime_err records it)
        g.vtime = vnow - 3 * p.ioc.marginTarget;
        assertThat(p.ioc.donation.hweightAfterDonation(g, ONE, ONE, usage, vnow)).isPositive();
        assertThat(g.vtime).isEqualTo(vnow - p.ioc.marginTarget);
        assertThat(p.ioc.vtimeErr).isEqualTo(-2 * p.ioc.marginTarget);

        // within margins.min of vnow: no donation (hwm); in debt: the minimum
        g.vtime = vnow - p.ioc.marginMin / 2;
        assertThat(p.ioc.donation.hweightAfterDonation(g, ONE, ONE * 3 / 4, usage, vnow)).isEqualTo(ONE * 3 / 4);
        g.absVdebt = 1;
        assertThat(p.ioc.donation.hweightAfterDonation(g, ONE, ONE, usage, vnow)).isEqualTo(1);
    }

    @Test
    void transferSurplusesGivesTheDonorItsTargetAndTheRestToTheOthers() {
        FakeQueue q = new FakeQueue(false, 32, MS);
        IocostPolicy p = q.install(Map.of("qos.enable", "1"));
        Iocg[] g = activate(p, "/a", "/b");
        Iocg a = g[0];
        Iocg b = g[1];
        donate(p, a, ONE / 8);

        // a keeps 12.5 %, b gets the other 87.5 % (Andy's method, rounded up at each step)
        assertThat(a.hweightInuse()).isCloseTo(ONE / 8, within(2L));
        assertThat(b.hweightInuse()).isCloseTo(ONE * 7 / 8, within(2L));
        assertThat(a.inuse).isLessThan(a.active);
        assertThat(b.inuse).isEqualTo(b.active);
        assertThat(a.hweightActive()).isEqualTo(ONE / 2);
    }

    @Test
    void transferSurplusesKeepsTheRatioOfEveryNonDonatingPairAcrossLevels() {
        FakeQueue q = new FakeQueue(false, 32, MS);
        IocostPolicy p = q.install(Map.of("qos.enable", "1"));
        Iocg[] g = activate(p, "/A/A0", "/A/A1", "/B");
        Iocg a0 = g[0];
        Iocg a1 = g[1];
        Iocg b = g[2];
        // A0 (25 %) donates down to 5 %: gamma = (1 - 0.05) / (1 - 0.25); A1 (25 %) and B (50 %) grow by it
        donate(p, a0, ONE / 20);

        double gamma = 0.95 / 0.75;
        assertThat(a0.hweightInuse() / (double) ONE).isCloseTo(0.05, within(0.001));
        assertThat(a1.hweightInuse() / (double) ONE).isCloseTo(0.25 * gamma, within(0.001));
        assertThat(b.hweightInuse() / (double) ONE).isCloseTo(0.50 * gamma, within(0.001));
        assertThat(a0.hweightInuse() + a1.hweightInuse() + b.hweightInuse()).isCloseTo(ONE, within(4L));
    }

    @Test
    void aDonorShortOfBudgetSnapsBackInStepsOfAQuarterOfItsActiveWeight() {
        FakeQueue q = new FakeQueue(false, 32, MS);
        IocostPolicy p = q.install(Map.of("qos.enable", "1"));
        Iocg[] g = activate(p, "/a", "/b");
        Iocg a = g[0];
        Iocg b = g[1];
        donate(p, a, ONE / 8);
        long donated = a.inuse;
        Task t = q.task("/a");
        long vnow = p.ioc.vnow();
        // a margin below the saved one and below margins.low: inuse rises by ceil(active / 4) until the bio fits
        a.vtime = vnow - p.ioc.marginLow / 2;
        long abs = p.ioc.model.absCost(new Bio(Op.READ, 0, 8, 8, t, (x, y) -> { }), a, false);
        long cost = p.ioc.donation.adjustInuseAndCalcCost(a, a.vtime, abs, vnow);

        long step = -Math.floorDiv(-a.active * 25, 100);
        assertThat(a.inuse).isGreaterThan(donated);
        assertThat((a.inuse - donated) % step == 0 || a.inuse == a.active).isTrue();
        assertThat(cost).isEqualTo(-Math.floorDiv(-abs * ONE, a.hweightInuse()));
        assertThat(a.vtime + cost <= vnow || a.inuse == a.active).isTrue();
    }

    @Test
    void aCgroupUsingATenthOfTheDeviceLendsTheRestToABusySiblingOfEqualWeight() {
        FakeQueue q = new FakeQueue(false, 32, 100_000);
        // vrate pinned at 100 %: the device does 8518 random reads a second by the SSD model
        IocostPolicy p = q.install(Map.of("qos.enable", "1", "qos.min", "100", "qos.max", "100"));
        FakeQueue.Pacer light = q.new Pacer("/light", SECOND / 850, 1).start();
        FakeQueue.Reader busy = q.new Reader("/busy", 32, 2).start();
        q.runUntil(4 * SECOND);
        long lightBefore = light.completed;
        long busyBefore = busy.completed;
        q.runUntil(8 * SECOND);
        double lightRate = (light.completed - lightBefore) / 4.0;
        double busyRate = (busy.completed - busyBefore) / 4.0;

        // without donation the busy cgroup would be held at its 50 % (4259 a second)
        assertThat(lightRate).isCloseTo(850, within(20.0));
        assertThat(busyRate).as("busy %s/s, light %s/s", busyRate, lightRate).isGreaterThan(8518 * 0.8)
                .isLessThan(8518 - lightRate + 100);
        assertThat(p.statistics().get("/light.hweight_inuse_pct").doubleValue()).isLessThan(50);
        assertThat(p.statistics().get("/busy.hweight_inuse_pct").doubleValue()).isGreaterThan(75);
        assertThat(p.statistics().get("/light.hweight_active_pct").doubleValue()).isCloseTo(50, within(0.1));
    }

    @Test
    void twoBusyCgroupsDonateNothing() {
        FakeQueue q = new FakeQueue(false, 32, 100_000);
        IocostPolicy p = q.install(Map.of("qos.enable", "1", "qos.min", "100", "qos.max", "100",
                "a.weight", "200", "b.weight", "100"));
        FakeQueue.Reader a = q.new Reader("/a", 32, 1).start();
        FakeQueue.Reader b = q.new Reader("/b", 32, 2).start();
        q.runUntil(4 * SECOND);

        assertThat((double) a.completed / b.completed).isCloseTo(2.0, within(0.05));
        assertThat(p.ioc.groupOf("/a").inuse).isEqualTo(p.ioc.groupOf("/a").active);
        assertThat(p.ioc.groupOf("/b").inuse).isEqualTo(p.ioc.groupOf("/b").active);
    }

    /** The groups of {@code paths}, activated in order. */
    private static Iocg[] activate(IocostPolicy p, String... paths) {
        Iocg[] groups = new Iocg[paths.length];
        for (int i = 0; i < paths.length; i++) {
            groups[i] = p.ioc.groupOf(paths[i]);
            groups[i].activate();
        }
        return groups;
    }

    /** Make {@code g} a donor with target {@code afterDonation} and every other active group short, then transfer. */
    private static void donate(IocostPolicy p, Iocg g, long afterDonation) {
        g.hweightDonating = g.hweightActive();
        g.hweightAfterDonation = afterDonation;
        p.ioc.donation.transferSurplusesOf(g);
        p.ioc.weights.commitWeights();
    }
}
