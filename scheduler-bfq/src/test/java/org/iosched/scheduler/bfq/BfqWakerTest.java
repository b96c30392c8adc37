package org.iosched.scheduler.bfq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.iosched.testkit.FakeSchedulerContext;
import org.junit.jupiter.api.Test;

/**
 * Waker detection ({@code bfq_check_waker}, reference/bfq.md section 12.1) and injection from the waker queue while
 * the woken queue idles (section 12.2): a sequential reader whose every request follows a completion of another
 * queue, as a process waits for the journal thread after a sync.
 */
class BfqWakerTest {
    private static final long MS = Harness.MS;

    /**
     * The reader's request is served; 5 ms after its completion the waker's request arrives (the journal thread's
     * work); 1 ms after the waker's completion the reader sends its next request: its think time is long.
     */
    private static final class Pair {
        final Harness h = new Harness(FakeSchedulerContext.HDD, Map.of("low_latency", "0"));
        final Task waker = h.task("jbd2", 4);
        final Task woken = h.task("app", 4);
        long wakerSector = 1000;
        long wokenSector = 4_000_000;

        void cycle() {
            Request r = h.read(woken, wokenSector);
            wokenSector += 8;
            assertThat(dispatchWaiting()).isSameAs(r);
            h.context.advanceBy(MS);
            h.complete(r);
            h.context.advanceBy(5 * MS);
            Request w = h.read(waker, wakerSector);
            wakerSector += 8;
            assertThat(dispatchWaiting()).isSameAs(w);
            h.context.advanceBy(MS);
            h.complete(w);
            h.context.advanceBy(MS);
        }

        private Request dispatchWaiting() {
            Request got;
            while ((got = h.dispatch()) == null) {
                h.context.advanceBy(MS);
            }
            return got;
        }

        BfqQueue wokenQueue() {
            return h.scheduler.syncQueueOf(woken);
        }
    }

    @Test
    void aQueueWhoseRequestsFollowAnothersCompletionsThreeTimesGetsThatQueueAsWaker() {
        Pair p = new Pair();
        // while the reader's think time is short (the first samples) nothing is detected
        p.cycle();
        p.cycle();
        assertThat(p.wokenQueue().hasShortTtime).isTrue();
        assertThat(p.wokenQueue().numWakerDetections).isZero();
        p.cycle();
        assertThat(p.wokenQueue().hasShortTtime).isFalse();
        assertThat(p.wokenQueue().numWakerDetections).isEqualTo(1);
        p.cycle();
        assertThat(p.wokenQueue().wakerQueue).isNull();
        p.cycle();

        BfqQueue waker = p.h.scheduler.syncQueueOf(p.waker);
        assertThat(p.wokenQueue().wakerQueue).isSameAs(waker);
        assertThat(waker.wokenList).containsExactly(p.wokenQueue());
        assertThat(p.h.context.messages()).anyMatch(m -> m.endsWith("bfq101S set tentative waker " + waker.name()))
                .anyMatch(m -> m.endsWith("bfq101S set waker " + waker.name()));
    }

    @Test
    void aCompletionMoreThanFourMillisecondsBeforeTheRequestIsNoWakeUp() {
        Pair p = new Pair();
        for (int i = 0; i < 8; i++) {
            p.cycle();
            p.h.context.advanceBy(4 * MS);
        }
        assertThat(p.wokenQueue().numWakerDetections).isZero();
        assertThat(p.wokenQueue().wakerQueue).isNull();
    }

    /**
     * The reader's request is in flight and its queue, empty, is kept in service (sequential on an HDD: idling
     * boosts throughput, so no injection by the inject limit); the other queue has a request queued.
     */
    private static Request[] readerInFlightOtherQueued(Harness h, Task reader, Task other) {
        Request r = h.read(reader, 4_000_000);
        assertThat(h.dispatch()).isSameAs(r);
        Request w = h.read(other, 1000);
        return new Request[] {r, w};
    }

    @Test
    void whileTheInServiceQueueWaitsItsWakersQueuedRequestIsInjected() {
        Harness h = new Harness(FakeSchedulerContext.HDD, Map.of("low_latency", "0"));
        Task app = h.task("app", 4);
        Task jbd2 = h.task("jbd2", 4);
        Request[] rqs = readerInFlightOtherQueued(h, app, jbd2);
        BfqQueue appQ = h.scheduler.syncQueueOf(app);
        BfqQueue jbd2Q = h.scheduler.syncQueueOf(jbd2);
        assertThat(h.dispatch()).as("no waker: the in-service queue is waited for").isNull();

        appQ.setWaker(jbd2Q);
        assertThat(h.dispatch()).isSameAs(rqs[1]);
        assertThat(h.scheduler.inServiceQueue()).isSameAs(appQ);
    }

    @Test
    void whileTheInServiceQueueWaitsAQueueItWakesIsInjected() {
        Harness h = new Harness(FakeSchedulerContext.HDD, Map.of("low_latency", "0"));
        Task app = h.task("app", 4);
        Task helper = h.task("helper", 4);
        Request[] rqs = readerInFlightOtherQueued(h, app, helper);
        BfqQueue appQ = h.scheduler.syncQueueOf(app);
        BfqQueue helperQ = h.scheduler.syncQueueOf(helper);
        assertThat(h.dispatch()).isNull();

        helperQ.setWaker(appQ);
        assertThat(h.dispatch()).isSameAs(rqs[1]);
        assertThat(h.scheduler.inServiceQueue()).isSameAs(appQ);
    }

    @Test
    void whenTheWakersProcessExitsAndItsLastRequestIsFreedTheWokenQueueLosesItsWaker() {
        Pair p = new Pair();
        for (int i = 0; i < 5; i++) {
            p.cycle();
        }
        BfqQueue woken = p.wokenQueue();
        assertThat(woken.wakerQueue).isNotNull();
        p.h.scheduler.exitIoContext(p.waker);

        assertThat(woken.wakerQueue).isNull();
        assertThat(woken.inWokenListOf).isNull();
    }
}
