package org.iosched.scheduler.bfq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iosched.api.Jiffies;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.iosched.testkit.FakeSchedulerContext;
import org.junit.jupiter.api.Test;

/**
 * Weight raising ({@code low_latency}, reference/bfq.md section 13): who is raised, by how much, for how long, and
 * when it ends; and the injection limit while the in-service queue idles (section 12).
 */
class BfqWeightRaisingTest {
    private static final long MS = Harness.MS;

    @Test
    void aNewQueueOfWeight40IsRaisedInteractivelyFor10500MsOnAnHddAnd3750MsOnAnSsd() {
        Harness hdd = new Harness(FakeSchedulerContext.HDD, Map.of());
        Task app = hdd.task("app", 4);
        hdd.read(app, 0);
        BfqQueue q = hdd.scheduler.syncQueueOf(app);
        assertThat(q.wrCoeff).isEqualTo(30);
        assertThat(q.entity.weight).isEqualTo(40 * 30);
        // rate_dur_prod / peak_rate with the initial peak rate 2/3 of ref_rate: 7 s * 3/2, in jiffies
        Jiffies jiffies = hdd.scheduler.jiffies();
        assertThat(q.wrCurMaxTime).isEqualTo(jiffies.fromMillis(10_500));
        assertThat(hdd.scheduler.wrDuration()).isEqualTo(jiffies.fromMillis(10_500));
        Harness ssd = new Harness(FakeSchedulerContext.SSD, Map.of());
        // 2.5 s * 3/2 = 3750 ms, as the kernel divides: ref_rate * ref_wr_duration / peak_rate
        assertThat(ssd.scheduler.wrDuration()).isEqualTo(33000 * jiffies.fromMillis(2500) / 22000);
    }

    @Test
    void onlyWeight40QueuesAreRaisedAndNotWithLowLatencyOff() {
        Harness h = new Harness(FakeSchedulerContext.HDD, Map.of());
        Task high = h.task("high", 0);
        h.read(high, 0);
        assertThat(h.scheduler.syncQueueOf(high).wrCoeff).isEqualTo(1);
        Harness off = new Harness(FakeSchedulerContext.HDD, Map.of("low_latency", "0"));
        Task app = off.task("app", 4);
        off.read(app, 0);
        assertThat(off.scheduler.syncQueueOf(app).wrCoeff).isEqualTo(1);
    }

    @Test
    void aRaisedQueueGetsThirtyBudgetTimeoutsAndTwoMinBudgets() {
        Harness h = new Harness(FakeSchedulerContext.HDD, Map.of());
        Task app = h.task("app", 4);
        h.read(app, 0);
        h.dispatch();
        BfqQueue q = h.scheduler.inServiceQueue();
        assertThat(q.budgetTimeout).isEqualTo(h.scheduler.jiffies().at(h.context.now()) + 30 * h.scheduler.timeoutJiffies());
        assertThat(q.entity.budget).isLessThanOrEqualTo(2 * 512);
    }

    @Test
    void interactiveRaisingEndsAfter120000SectorsOfService() {
        Harness h = new Harness(FakeSchedulerContext.HDD, Map.of());
        Task app = h.task("app", 4);
        long sector = 0;
        BfqQueue q = null;
        int served = 0;
        for (int i = 0; i < 130; i++) {
            h.insert(h.requests.request(app, Op.READ, 0, sector, 1024));
            sector += 1024;
            Request rq = h.dispatch();
            assertThat(rq).isNotNull();
            served += rq.sectors();
            q = h.scheduler.syncQueueOf(app);
            if (served <= 120_000) {
                assertThat(q.wrCoeff).as("after %d sectors", served).isEqualTo(30);
            }
            h.context.advanceBy(MS);
            h.complete(rq);
        }
        assertThat(q.wrCoeff).isEqualTo(1);
        assertThat(q.entity.weight).isEqualTo(40);
    }

    @Test
    void interactiveRaisingEndsAfterItsDurationOfContinuousBacklog() {
        Harness h = new Harness(FakeSchedulerContext.HDD, Map.of());
        Task app = h.task("app", 4);
        BfqQueue q = null;
        // one small request every 5 ms, served in 1 ms: the queue never idles long enough to be interactive again
        for (int i = 0; i < 2200; i++) {
            h.read(app, 8L * i, 8);
            h.serveOne();
            q = h.scheduler.syncQueueOf(app);
            if (i == 1900) {
                assertThat(q.wrCoeff).as("after %d ms", 5 * i).isEqualTo(30);
            }
            h.advanceMillis(4);
        }
        assertThat(q.wrCoeff).isEqualTo(1);
    }

    @Test
    void injectionWhileIdlingIsBoundByTheInServiceQueuesInjectLimit() {
        Harness h = new Harness(FakeSchedulerContext.SSD, Map.of("low_latency", "0"));
        h.scheduler.setHwTag(1);
        Task heavy = h.task("heavy", 0);
        Task light = h.task("light", 4);
        h.read(heavy, 1000);
        Request first = h.dispatch();
        h.read(light, 500_000);
        h.read(light, 600_000);
        h.context.advanceBy(MS);
        h.complete(first);
        BfqQueue heavyQueue = h.scheduler.syncQueueOf(heavy);
        assertThat(h.scheduler.inServiceQueue()).isSameAs(heavyQueue);
        assertThat(h.scheduler.idleTimerPending()).isTrue();
        // a queue with short think time starts with limit 0: nothing is injected, BFQ just idles
        assertThat(heavyQueue.injectLimit).isZero();
        assertThat(h.dispatch()).isNull();
        // with limit 1, one request of the other queue goes to the drive, not a second one
        heavyQueue.injectLimit = 1;
        Request injected = h.dispatch();
        assertThat(injected.task()).isSameAs(light);
        assertThat(h.scheduler.inServiceQueue()).isSameAs(heavyQueue);
        assertThat(h.dispatch()).isNull();
        assertThat(h.scheduler.totRqInDriver()).isEqualTo(1);
    }
}
