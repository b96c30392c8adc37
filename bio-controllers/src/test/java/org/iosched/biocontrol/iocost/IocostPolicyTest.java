package org.iosched.biocontrol.iocost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.iosched.api.Bio;
import org.iosched.api.InvalidInputException;
import org.iosched.api.Op;
import org.iosched.api.RequestFlags;
import org.iosched.api.RqQosPolicy;
import org.iosched.api.Task;
import org.junit.jupiter.api.Test;

/** io.cost's rules of Linux 6.6 blk-iocost, one by one, on a fake queue. */
class IocostPolicyTest {
    private static final long MS = 1_000_000L;
    private static final long SECOND = 1000 * MS;

    @Test
    void enablingIoCostTurnsTheDefaultWbtOffAsIocQosWriteDoes() {
        IocostProvider provider = new IocostProvider();
        assertThat(provider.disablesDefaultWbt(Map.of("qos.enable", "1", "hi.weight", "200"))).isTrue();
        assertThat(provider.disablesDefaultWbt(Map.of("hi.weight", "200"))).isFalse();
        assertThat(provider.disablesDefaultWbt(Map.of("qos.enable", "0"))).isFalse();
    }

    @Test
    void theLinearModelsCoefficientsComeFromBpsAndIopsAsCalcLcoefsDerivesThem() {
        long[] c = new long[3];
        CostModel.calcLcoefs(488636629, 8932, 8518, c);

        // page = ceil(2^37 / ceil(488636629 / 4096)); seqio, randio = ceil(2^37 / iops) - page
        long page = -Math.floorDiv(-(1L << 37), -Math.floorDiv(-488636629L, 4096));
        assertThat(c[0]).isEqualTo(page);
        assertThat(c[1]).isEqualTo(-Math.floorDiv(-(1L << 37), 8932) - page);
        assertThat(c[2]).isEqualTo(-Math.floorDiv(-(1L << 37), 8518) - page);
    }

    @Test
    void theDeviceClassPicksTheAutomaticParametersAndThePeriod() {
        IocostPolicy hdd = new FakeQueue(true, 1, MS).install(Map.of("qos.enable", "1"));
        IocostPolicy qd1 = new FakeQueue(false, 1, MS).install(Map.of("qos.enable", "1"));
        IocostPolicy ssd = new FakeQueue(false, 32, MS).install(Map.of("qos.enable", "1"));

        assertThat(CostModel.AUTOP_NAMES[hdd.ioc.autop]).isEqualTo("hdd");
        assertThat(CostModel.AUTOP_NAMES[qd1.ioc.autop]).isEqualTo("ssd_qd1");
        assertThat(CostModel.AUTOP_NAMES[ssd.ioc.autop]).isEqualTo("ssd_dfl");
        // period = 2 x the latency target without a percentile: 500 ms on HDD, 50 ms on SSD
        assertThat(hdd.ioc.periodUs).isEqualTo(500_000);
        assertThat(ssd.ioc.periodUs).isEqualTo(50_000);
    }

    @Test
    void thePeriodScalesWithTheLatencyPercentileAndIsClampedToOneMillisecondToOneSecond() {
        // rpct=50: multi = (10^6 - 500000) / 50000 = 10
        assertThat(new FakeQueue(false, 32, MS).install(Map.of("qos.enable", "1", "qos.rpct", "50",
                "qos.rlat", "10000", "qos.wlat", "10000")).ioc.periodUs).isEqualTo(100_000);
        // the larger of rlat and wlat sets the period, with its own percentile (wpct 0: multi 2)
        assertThat(new FakeQueue(false, 32, MS).install(Map.of("qos.enable", "1", "qos.rpct", "50",
                "qos.rlat", "10000")).ioc.periodUs).isEqualTo(50_000);
        assertThat(new FakeQueue(false, 32, MS).install(Map.of("qos.enable", "1", "qos.rpct", "99",
                "qos.rlat", "100", "qos.wlat", "100")).ioc.periodUs).isEqualTo(1000);
        assertThat(new FakeQueue(false, 32, MS).install(Map.of("qos.enable", "1", "qos.rlat", "900000"))
                .ioc.periodUs).isEqualTo(1_000_000);
    }

    @Test
    void aSequentialBioCostsItsPagesAndTheSeqioCostARandomOneTheRandioCost() {
        FakeQueue q = new FakeQueue(false, 32, MS);
        IocostPolicy p = q.install(Map.of("qos.enable", "1"));
        Iocg g = p.ioc.groupOf("/a");
        Task t = q.task("/a");
        g.cursor = 1000;
        long seq = p.ioc.model.absCost(new Bio(Op.READ, 0, 1008, 8, t, (b, x) -> { }), g, false);
        long rand = p.ioc.model.absCost(new Bio(Op.READ, 0, 1000 + 8 * 5000, 8, t, (b, x) -> { }), g, false);
        long merge = p.ioc.model.absCost(new Bio(Op.READ, 0, 1008, 64, t, (b, x) -> { }), g, true);

        assertThat(seq).isEqualTo(p.ioc.lcoefs[0][1] + p.ioc.lcoefs[0][0]);
        assertThat(rand).isEqualTo(p.ioc.lcoefs[0][2] + p.ioc.lcoefs[0][0]);
        assertThat(merge).isEqualTo(8 * p.ioc.lcoefs[0][0]);
    }

    @Test
    void twoCgroupsWithWeightsTwoToOneGetTwoToOneOfTheModelledDeviceTime() {
        FakeQueue q = new FakeQueue(false, 32, 100_000);
        IocostPolicy p = q.install(Map.of("qos.enable", "1", "a.weight", "200", "b.weight", "100"));
        FakeQueue.Reader a = q.new Reader("/a", 32, 1).start();
        FakeQueue.Reader b = q.new Reader("/b", 32, 2).start();
        q.runUntil(2 * SECOND);

        // random 4 KiB reads cost SSD_DFL's 1/8518 s each at vrate 100 %; the fake device never makes requests
        // wait for a tag (rq_wait_pct 0) nor misses a target, so with both cgroups short of budget busy_level goes
        // negative and vrate climbs above 100 %, as the kernel's does on a device that keeps up
        assertThat((double) a.completed / b.completed).isCloseTo(2.0, within(0.1));
        assertThat((a.completed + b.completed) / 2.0).isGreaterThan(8518 * 0.9);
        assertThat(p.statistics().get("/a.hweight_active_pct").doubleValue()).isCloseTo(66.67, within(0.1));
    }

    @Test
    void aCgroupAloneGetsTheWholeDevice() {
        FakeQueue q = new FakeQueue(false, 32, 100_000);
        q.install(Map.of("qos.enable", "1", "a.weight", "50"));
        FakeQueue.Reader a = q.new Reader("/a", 32, 1).start();
        q.runUntil(2 * SECOND);

        assertThat(a.completed / 2.0).isGreaterThan(8518 * 0.9).isLessThan(8518 * 2.0);
    }

    @Test
    void disabledByDefaultAsInTheKernel() {
        FakeQueue q = new FakeQueue(false, 32, 100_000);
        q.install(Map.of("a.weight", "200"));
        FakeQueue.Reader a = q.new Reader("/a", 32, 1).start();
        q.runUntil(SECOND);

        // 32 in flight, 100 µs each, nothing held: 320000 a second
        assertThat(a.completed).isGreaterThan(300_000);
    }

    @Test
    void aMissedLatencyTargetRaisesBusyLevelAndLowersVrateTowardItsMinimum() {
        FakeQueue q = new FakeQueue(false, 32, 5 * MS);
        IocostPolicy p = q.install(Map.of("qos.enable", "1", "qos.rpct", "90", "qos.rlat", "1000",
                "qos.min", "50", "a.weight", "100"));
        q.new Reader("/a", 32, 1).start();
        q.runUntil(2 * SECOND);

        assertThat(p.ioc.busyLevel).isPositive();
        assertThat(p.statistics().get("vrate_pct").doubleValue()).isLessThan(100).isGreaterThanOrEqualTo(50);
    }

    @Test
    void metTargetsWithWaitersLowerBusyLevelAndRaiseVrate() {
        FakeQueue q = new FakeQueue(false, 32, 100_000);
        IocostPolicy p = q.install(Map.of("qos.enable", "1", "qos.rpct", "90", "qos.rlat", "10000",
                "a.weight", "100"));
        q.new Reader("/a", 32, 1).start();
        q.runUntil(3 * SECOND);

        assertThat(p.ioc.busyLevel).isNegative();
        assertThat(p.statistics().get("vrate_pct").doubleValue()).isGreaterThan(100);
    }

    @Test
    void vrateStepsFollowTheAdjustmentTable() {
        assertThat(PeriodTimer.VRATE_ADJ_PCT[3]).isZero();
        assertThat(PeriodTimer.VRATE_ADJ_PCT[4]).isEqualTo(1);
        assertThat(PeriodTimer.VRATE_ADJ_PCT[20]).isEqualTo(2);
        assertThat(PeriodTimer.VRATE_ADJ_PCT[36]).isEqualTo(4);
        assertThat(PeriodTimer.VRATE_ADJ_PCT[44]).isEqualTo(8);
        assertThat(PeriodTimer.VRATE_ADJ_PCT[52]).isEqualTo(16);
        FakeQueue q = new FakeQueue(false, 32, MS);
        IocostPolicy p = q.install(Map.of("qos.enable", "1"));
        p.ioc.busyLevel = 20;
        p.ioc.timer.adjustBaseVrate(0);
        assertThat(p.ioc.vrate).isEqualTo(-Math.floorDiv(-Ioc.VTIME_PER_USEC * 98, 100));
    }

    @Test
    void aMetadataBioNeverWaitsItsCostBecomesDebtAndTheTaskIsDelayed() {
        FakeQueue q = new FakeQueue(false, 32, 100_000);
        IocostPolicy p = q.install(Map.of("qos.enable", "1", "a.weight", "1", "b.weight", "10000"));
        q.new Reader("/b", 32, 2).start();
        q.runUntil(10 * MS);
        Task t = q.task("/a");
        int held = 0;
        for (int i = 0; i < 2000; i++) {
            Bio meta = new Bio(Op.WRITE, RequestFlags.META, 8L * (i * 10_000 + 1), 8, t, (b, x) -> { });
            if (p.throttle(meta) == RqQosPolicy.Throttle.WAIT) {
                held++;
            }
        }

        assertThat(held).isZero();
        assertThat(p.statistics().get("/a.indebt_bios").longValue()).isPositive();
        assertThat(q.delays).isNotEmpty();
        assertThat(q.delays).allMatch(d -> d[1] >= DebtAndDelay.MIN_DELAY_NS && d[1] <= DebtAndDelay.MAX_DELAY_NS);
    }

    @Test
    void onlyLeavesAreControlledAParentOfAnActiveChildIssuesUncontrolled() {
        FakeQueue q = new FakeQueue(false, 32, MS);
        IocostPolicy p = q.install(Map.of("qos.enable", "1"));
        Iocg child = p.ioc.groupOf("/a/b");
        assertThat(child.activate()).isTrue();
        assertThat(p.ioc.groupOf("/a").activate()).isFalse();
    }

    @Test
    void keysAreCheckedAndNameWhatIsAccepted() {
        assertThatThrownBy(() -> IocostConfig.parse(Map.of("a.weight", "0"))).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("1..10000");
        assertThatThrownBy(() -> IocostConfig.parse(Map.of("weight", "10")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("root cgroup");
        assertThatThrownBy(() -> IocostConfig.parse(Map.of("qos.rpct", "95.123")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("two decimals");
        assertThatThrownBy(() -> IocostConfig.parse(Map.of("qos.min", "90", "qos.max", "50")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("min must not exceed max");
        assertThatThrownBy(() -> IocostConfig.parse(Map.of("a.wieght", "10")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("qos.enable");
        IocostConfig c = IocostConfig.parse(Map.of("qos.rlat", "5000", "model.rbps", "1000000"));
        assertThat(c.qosUser()).isTrue();
        assertThat(c.modelUser()).isTrue();
        assertThat(c.qos()[IocostConfig.QOS_RLAT]).isEqualTo(5000);
    }

    @Test
    void vcompGivesDiscardedVtimeBackOverWhatIsLeftOfThePeriodWithinMinusHalfToPlusOneBaseRate() {
        FakeQueue q = new FakeQueue(false, 32, 100_000);
        IocostPolicy p = q.install(Map.of("qos.enable", "1", "qos.min", "100", "qos.max", "100"));
        // a cgroup that issues now and then and sleeps through most of each period throws budget away
        q.new Pacer("/a", 20 * MS, 1).start();
        q.new Reader("/b", 32, 2).start();
        q.runUntil(SECOND);

        assertThat(p.ioc.vtimeRate).isGreaterThan(p.ioc.vrate).isLessThanOrEqualTo(2 * p.ioc.vrate);
        long vperiod = p.ioc.periodUs * p.ioc.vrate;
        assertThat(p.ioc.vtimeErr).isBetween(-vperiod, vperiod);
    }

    @Test
    void aGroupsDelayHalvesEverySecondSinceItWasSet() {
        FakeQueue q = new FakeQueue(false, 32, MS);
        IocostPolicy p = q.install(Map.of("qos.enable", "1"));
        // not activated: no period timer, so no debt forgiveness halving the delay besides
        Iocg g = p.ioc.groupOf("/a");
        g.delay = 40_000;
        g.delayAt = 0;
        q.runUntil(2 * SECOND + 1000);

        // no overage now: the decayed 40 ms / 4 is still applied
        assertThat(p.ioc.debt.kickDelay(g)).isTrue();
        assertThat(g.delay).isEqualTo(40_000);
        g.delay = 400;
        g.delayAt = 0;
        // 400 µs halved twice is below the 250 µs minimum: cleared
        assertThat(p.ioc.debt.kickDelay(g)).isFalse();
        assertThat(g.delay).isZero();
    }

    @Test
    void debtsAreHalvedPerHundredMillisecondsOfAnIdleDeviceAndPaidFromTheBudget() {
        FakeQueue q = new FakeQueue(false, 32, MS);
        IocostPolicy p = q.install(Map.of("qos.enable", "1", "a.weight", "100"));
        Task t = q.task("/a");
        long sector = 8;
        long debt = 0;
        // REQ_META writes far over budget: all debt, the group's inuse at the minimum while it lasts
        for (int i = 0; i < 400; i++) {
            p.throttle(new Bio(Op.WRITE, RequestFlags.META, sector, 256, t, (b, x) -> { }));
            sector += 1 << 20;
        }
        Iocg g = p.ioc.groupOf("/a");
        debt = g.absVdebt;
        assertThat(debt).isPositive();
        assertThat(g.inuse).isEqualTo(1);
        q.runUntil(400 * MS);

        // nothing else runs: usage stays below 50 %, so besides paying from its budget the debt is halved
        assertThat(g.absVdebt).isLessThan(debt / 8);
        q.runUntil(10 * SECOND);
        assertThat(g.absVdebt).isZero();
        assertThat(g.inuse).isEqualTo(g.active);
    }

    @Test
    void anSsdWhoseVrateStaysAtFiveHundredPercentForTenSecondsBecomesAFastSsdAndBackBelowTenPercent() {
        FakeQueue q = new FakeQueue(false, 32, MS);
        IocostPolicy p = q.install(Map.of("qos.enable", "1"));
        p.ioc.vrate = 6 * Ioc.VTIME_PER_USEC;
        q.runUntil(SECOND);
        assertThat(p.ioc.model.refreshParams(false)).isFalse();
        q.runUntil(10 * SECOND);
        assertThat(p.ioc.model.refreshParams(false)).isFalse();
        q.runUntil(11 * SECOND);

        // 10 s at 600 %: the fast SSD's parameters, vrate back to 100 %, 5 ms targets (a 10 ms period)
        assertThat(p.ioc.model.refreshParams(false)).isTrue();
        assertThat(CostModel.AUTOP_NAMES[p.ioc.autop]).isEqualTo("ssd_fast");
        assertThat(p.ioc.vrate).isEqualTo(Ioc.VTIME_PER_USEC);
        assertThat(p.ioc.periodUs).isEqualTo(10_000);
        p.ioc.vrate = Ioc.VTIME_PER_USEC / 20;
        q.runUntil(12 * SECOND);
        p.ioc.model.refreshParams(false);
        q.runUntil(22 * SECOND);
        assertThat(p.ioc.model.refreshParams(false)).isTrue();
        assertThat(CostModel.AUTOP_NAMES[p.ioc.autop]).isEqualTo("ssd_dfl");
        // a written model or QoS keeps the class
        FakeQueue uq = new FakeQueue(false, 32, MS);
        IocostPolicy user = uq.install(Map.of("qos.enable", "1", "qos.rlat", "5000"));
        user.ioc.vrate = 6 * Ioc.VTIME_PER_USEC;
        uq.runUntil(SECOND);
        user.ioc.model.refreshParams(false);
        uq.runUntil(12 * SECOND);
        assertThat(user.ioc.model.refreshParams(false)).isFalse();
        assertThat(CostModel.AUTOP_NAMES[user.ioc.autop]).isEqualTo("ssd_dfl");
    }
}
