package org.iosched.biocontrol.iocost;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.Task;
import org.junit.jupiter.api.Test;

/**
 * io.cost's parameters and cost model of Linux 6.6 blk-iocost ({@code autop[]}, {@code ioc_refresh_params},
 * {@code calc_lcoefs}, {@code calc_vtime_cost_builtin}), rule by rule on a fake queue.
 */
class CostModelTest {
    private static final long MS = 1_000_000L;
    private static final long SECOND = 1000 * MS;

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
