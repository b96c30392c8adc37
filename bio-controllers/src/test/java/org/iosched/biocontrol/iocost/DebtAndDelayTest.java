package org.iosched.biocontrol.iocost;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.RequestFlags;
import org.iosched.api.RqQosPolicy;
import org.iosched.api.Task;
import org.junit.jupiter.api.Test;

/**
 * io.cost's debt and delay of Linux 6.6 blk-iocost ({@code iocg_incur_debt}, {@code iocg_kick_delay}) on a fake
 * queue.
 */
class DebtAndDelayTest {
    private static final long MS = 1_000_000L;
    private static final long SECOND = 1000 * MS;

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
}
