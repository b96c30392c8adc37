package org.iosched.scheduler.mqdeadline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iosched.api.IoPrioClass;
import org.iosched.api.IoPriority;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.junit.jupiter.api.Test;

/** mq-deadline's priority levels: strict order by dd_queued, and prio aging (6.6's dd_dispatch_prio_aged_requests). */
class MqDeadlinePriorityTest {
    @Test
    void aLowerLevelWaitsWhileAHigherOneHasIoQueuedOrInFlight() {
        Harness h = new Harness();
        Request idle = h.insert(h.request(Op.READ, 100, IoPrioClass.IDLE), 0);
        Request be = h.insert(h.request(Op.READ, 200, IoPrioClass.BE), 0);
        Request rt = h.insert(h.request(Op.READ, 300, IoPrioClass.RT), 0);
        assertThat(h.dispatch()).isSameAs(rt);
        assertThat(h.dispatch()).as("RT is in flight: BE waits").isNull();
        assertThat(h.scheduler.queued(MqDeadlineScheduler.RT)).isEqualTo(1);
        h.scheduler.finishRequest(rt);
        assertThat(h.dispatch()).isSameAs(be);
        assertThat(h.dispatch()).isNull();
        h.scheduler.finishRequest(be);
        assertThat(h.dispatch()).isSameAs(idle);
    }

    @Test
    void noPriorityCountsAsBestEffortAndTheLevelWithinAClassIsIgnored() {
        Harness h = new Harness();
        Request none = h.request(Op.READ, 100, null);
        none.setIoPriority(IoPriority.NONE);
        h.insert(none, 0);
        Request be7 = h.request(Op.READ, 50, null);
        be7.setIoPriority(IoPriority.of(IoPrioClass.BE, 7));
        h.insert(be7, 0);
        assertThat(h.scheduler.held(MqDeadlineScheduler.BE)).isEqualTo(2);
        assertThat(h.drain()).containsExactly(50L, 100L);
    }

    @Test
    void aBestEffortRequestWaitingLongerThanPrioAgingExpireIsServedDespiteRealTimeIo() {
        // HZ 250: prio_aging_expire 10 s = 2500 jiffies; the BE read was inserted at jiffy 0
        Harness h = new Harness();
        Request be = h.insert(h.request(Op.READ, 100, IoPrioClass.BE), 0);
        Request rt = h.insert(h.request(Op.READ, 900, IoPrioClass.RT), 0);
        assertThat(h.dispatch()).isSameAs(rt);
        h.context.advanceTo(9_996_000_000L);   // jiffy 2499
        h.insert(h.request(Op.READ, 901, IoPrioClass.RT), 0);
        assertThat(h.dispatch().sector()).as("not aged yet: RT first").isEqualTo(901);
        h.insert(h.request(Op.READ, 902, IoPrioClass.RT), 0);
        h.context.advanceTo(10_000_000_000L);  // jiffy 2500
        assertThat(h.dispatch()).as("aged").isSameAs(be);
        assertThat(h.dispatch().sector()).isEqualTo(902);
    }

    @Test
    void agedLowerLevelsGoFirstWheneverTwoLevelsHaveIoEvenInFlight() {
        Harness h = new Harness(Map.of("prio_aging_expire", "0"));
        Request rt = h.insert(h.request(Op.READ, 100, IoPrioClass.RT), 0);
        h.context.advanceMillis(50);
        Request idle = h.insert(h.request(Op.READ, 200, IoPrioClass.IDLE), 0);
        h.context.advanceMillis(50);
        // both levels have I/O and the IDLE read waited past 0 ms: served before RT
        assertThat(h.dispatch()).isSameAs(idle);
        assertThat(h.dispatch()).isSameAs(rt);
        h.scheduler.finishRequest(idle);
        Request alone = h.insert(h.request(Op.READ, 300, IoPrioClass.IDLE), 0);
        h.context.advanceMillis(50);
        // RT in flight and IDLE queued are two levels with I/O: the aged IDLE read does not wait for RT
        assertThat(h.dispatch()).isSameAs(alone);
        h.scheduler.finishRequest(rt);
        h.scheduler.finishRequest(alone);
        Request late = h.insert(h.request(Op.READ, 400, IoPrioClass.IDLE), 0);
        Request rtAgain = h.insert(h.request(Op.READ, 500, IoPrioClass.RT), 0);
        // started_after is strict: with an aging expire of 0, a request inserted this very jiffy is aged already
        assertThat(h.dispatch()).isSameAs(late);
        assertThat(h.dispatch()).isSameAs(rtAgain);
    }

    @Test
    void perLevelStatisticsCountInsertedDispatchedAndCompleted() {
        Harness h = new Harness();
        Request a = h.insert(h.request(Op.READ, 100, IoPrioClass.RT), 0);
        h.insert(h.request(Op.READ, 200, IoPrioClass.RT), 0);
        assertThat(h.dispatch()).isSameAs(a);
        h.scheduler.finishRequest(a);
        assertThat(h.scheduler.stats(MqDeadlineScheduler.RT)).containsExactly(2, 0, 1, 1);
        assertThat(h.scheduler.queued(MqDeadlineScheduler.RT)).isEqualTo(1);
    }
}
