package org.iosched.biocontrol.iocost;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.junit.jupiter.api.Test;

/**
 * io.cost's period timer of Linux 6.6 blk-iocost ({@code ioc_timer_fn}: busy_level, {@code ioc_adjust_base_vrate},
 * {@code ioc_refresh_vrate}, {@code ioc_forgive_debts}), rule by rule and end to end on a fake queue.
 */
class PeriodTimerTest {
    private static final long MS = 1_000_000L;
    private static final long SECOND = 1000 * MS;

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
}
