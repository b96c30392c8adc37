package org.iosched.scheduler.bfq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.iosched.testkit.FakeSchedulerContext;
import org.junit.jupiter.api.Test;

/**
 * The idling decision ({@code bfq_better_to_idle}, reference/bfq.md section 10) as a table: the in-service queue
 * has just had its only request completed; does BFQ arm the idle timer (and for how long) or expire it?
 */
class BfqIdlingTest {
    private static final long MS = Harness.MS;

    private static Harness hdd(Map<String, String> tunables) {
        return new Harness(FakeSchedulerContext.HDD, tunables);
    }

    /** An SSD whose queueing has been detected ({@code hw_tag = 1}). */
    private static Harness ncqSsd(Map<String, String> tunables) {
        Harness h = new Harness(FakeSchedulerContext.SSD, tunables);
        h.scheduler.setHwTag(1);
        return h;
    }

    /**
     * {@code first}'s request is dispatched, then {@code second} (if any) queues two requests (which may preempt
     * {@code first} by the kernel's rules), then {@code first}'s request completes.
     */
    private static BfqQueue serveFirst(Harness h, Task first, Task second) {
        h.read(first, 1000);
        BfqQueue q = h.scheduler.syncQueueOf(first);
        Request rq = h.dispatch();
        assertThat(rq.task()).isSameAs(first);
        h.context.advanceBy(MS);
        if (second != null) {
            h.read(second, 900_000);
            h.read(second, 900_008);
        }
        h.complete(rq);
        return q;
    }

    @Test
    void aLoneSequentialReaderOnAnHddIsWaitedForSliceIdle() {
        Harness h = hdd(Map.of("low_latency", "0"));
        BfqQueue q = serveFirst(h, h.task("a", 4), null);
        assertThat(h.scheduler.inServiceQueue()).isSameAs(q);
        assertThat(h.scheduler.idleTimerExpiresAt()).isEqualTo(h.context.now() + 8 * MS);
    }

    @Test
    void slice_idleZeroNeverIdles() {
        Harness h = hdd(Map.of("low_latency", "0", "slice_idle", "0"));
        serveFirst(h, h.task("a", 4), h.task("b", 4));
        assertThat(h.scheduler.idleTimerPending()).isFalse();
        assertThat(h.scheduler.inServiceQueue()).isNull();
    }

    @Test
    void slice_idle_usSetsTheIdleTimeInMicroseconds() {
        Harness h = hdd(Map.of("low_latency", "0", "slice_idle_us", "2500"));
        serveFirst(h, h.task("a", 4), null);
        assertThat(h.scheduler.idleTimerExpiresAt()).isEqualTo(h.context.now() + 2_500_000);
    }

    @Test
    void aSequentialReaderOnAnHddIsWaitedForEvenWithAnotherQueueBusy() {
        Harness h = hdd(Map.of("low_latency", "0"));
        BfqQueue q = serveFirst(h, h.task("a", 4), h.task("b", 4));
        assertThat(h.scheduler.inServiceQueue()).isSameAs(q);
        assertThat(h.scheduler.idleTimerPending()).isTrue();
    }

    @Test
    void aSeekyReaderOnAnHddIsNotWaitedForInASymmetricScenarioButAloneOnlyForTwoMs() {
        Harness h = hdd(Map.of("low_latency", "0"));
        Task a = h.task("a", 4);
        h.read(a, 0);
        h.scheduler.syncQueueOf(a).seekHistory = -1;
        Request rq = h.dispatch();
        h.context.advanceBy(MS);
        h.read(h.task("b", 4), 500_000);
        h.scheduler.syncQueueOf(a).seekHistory = -1;
        h.complete(rq);
        assertThat(h.scheduler.idleTimerPending()).isFalse();
        // alone: idling for service guarantees, shortened to BFQ_MIN_TT
        Harness alone = hdd(Map.of("low_latency", "0"));
        Task c = alone.task("c", 4);
        alone.read(c, 0);
        Request only = alone.dispatch();
        alone.scheduler.syncQueueOf(c).seekHistory = -1;
        alone.context.advanceBy(MS);
        alone.complete(only);
        assertThat(alone.scheduler.idleTimerExpiresAt()).isEqualTo(alone.context.now() + 2 * MS);
    }

    /**
     * A task whose sync queue is created 200 ms before the next one: beyond {@code bfq_burst_interval}, so the two
     * are not stably merged (which a queueing SSD does at once for queues of one priority created together).
     */
    private static Task createdEarlier(Harness h, String name, int level) {
        Task t = h.task(name, level);
        Request rq = h.read(t, 500_000);
        assertThat(h.dispatch()).isSameAs(rq);
        h.context.advanceBy(MS);
        h.complete(rq);
        h.context.advanceBy(200 * MS);
        return t;
    }

    @Test
    void onAQueueingSsdEqualWeightsDoNotIdle() {
        Harness h = ncqSsd(Map.of("low_latency", "0"));
        Task b = createdEarlier(h, "b", 4);
        serveFirst(h, h.task("a", 4), b);
        assertThat(h.scheduler.idleTimerPending()).isFalse();
    }

    @Test
    void onAQueueingSsdTheHeavierQueueIsWaitedForAndTheLighterIsNot() {
        Harness heavy = ncqSsd(Map.of("low_latency", "0"));
        BfqQueue q = serveFirst(heavy, heavy.task("heavy", 0), heavy.task("light", 4));
        assertThat(q.entity.weight).isEqualTo(80);
        assertThat(heavy.scheduler.idleTimerPending()).isTrue();
        Harness light = ncqSsd(Map.of("low_latency", "0"));
        BfqQueue l = serveFirst(light, light.task("light", 4), light.task("heavy", 0));
        assertThat(l.entity.weight).isEqualTo(40);
        assertThat(light.scheduler.idleTimerPending()).isFalse();
    }

    @Test
    void strictGuaranteesIdleEvenOnAQueueingSsd() {
        Harness h = ncqSsd(Map.of("low_latency", "0", "strict_guarantees", "1", "slice_idle", "2"));
        Task b = createdEarlier(h, "b", 4);
        serveFirst(h, h.task("a", 4), b);
        // strict_guarantees raises slice_idle to at least 8 ms
        assertThat(h.scheduler.idleTimerExpiresAt()).isEqualTo(h.context.now() + 8 * MS);
    }

    @Test
    void anAsyncQueueIsNeverWaitedFor() {
        Harness h = hdd(Map.of("low_latency", "0"));
        Task w = h.task("writer", 4);
        h.asyncWrite(w, 0);
        Request rq = h.dispatch();
        h.context.advanceBy(MS);
        h.complete(rq);
        assertThat(h.scheduler.idleTimerPending()).isFalse();
        assertThat(h.scheduler.inServiceQueue()).isNull();
    }

    @Test
    void theIdleTimerExpiresTheQueueTooIdleAndTheNextQueueIsServed() {
        Harness h = hdd(Map.of("low_latency", "0"));
        Task a = h.task("a", 4);
        Task b = h.task("b", 4);
        BfqQueue q = serveFirst(h, a, b);
        assertThat(h.dispatch()).isNull();
        h.advanceMillis(9);
        assertThat(h.scheduler.inServiceQueue()).isNull();
        Request next = h.dispatch();
        assertThat(next.task()).isSameAs(b);
        // TOO_IDLE with nothing in flight: max_budget shrinks by 4 min budgets (10922 - 2048)
        assertThat(q.maxBudget).isEqualTo(10922 - 2048);
    }
}
