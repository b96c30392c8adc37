package org.iosched.scheduler.bfq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.iosched.testkit.FakeSchedulerContext;
import org.junit.jupiter.api.Test;

/**
 * Queue merging of Linux 6.6 BFQ (reference/bfq.md section 15): stable merging of queues created together, early
 * queue merging (EQM) of processes doing interleaved I/O, and the split of a shared queue that turned seeky.
 */
class BfqMergeTest {
    private static final long MS = Harness.MS;

    private static Harness ncqSsd() {
        return new Harness(FakeSchedulerContext.SSD, Map.of("low_latency", "0"));
    }

    private static Harness hdd() {
        return new Harness(FakeSchedulerContext.HDD, Map.of("low_latency", "0"));
    }

    @Test
    void onAQueueingSsdASyncQueueCreatedWithinTheBurstIntervalOfTheLastOneIsMergedIntoItAtOnce() {
        Harness h = ncqSsd();
        Task a = h.task("a", 4);
        Task b = h.task("b", 4);
        h.read(a, 1000);
        h.context.advanceBy(50 * MS);
        h.read(b, 900_000);

        BfqQueue shared = h.scheduler.syncQueueOf(a);
        assertThat(h.scheduler.syncQueueOf(b)).isSameAs(shared);
        assertThat(shared.coop).isTrue();
        assertThat(shared.name()).isEqualTo("bfqSHARED-S");
        assertThat(shared.procRefs).isEqualTo(2);
        assertThat(h.context.messages()).anyMatch(m -> m.endsWith("bfq" + b.pid() + "S scheduling merge with queue "
                + a.pid())).anyMatch(m -> m.endsWith("bfq" + b.pid() + "S merging with queue " + a.pid()));
        // both requests are in the shared queue
        assertThat(shared.sortSize).isEqualTo(2);
    }

    @Test
    void queuesCreatedFurtherApartOrOfAnotherPriorityAreNotStablyMerged() {
        Harness later = ncqSsd();
        Task a = later.task("a", 4);
        Task b = later.task("b", 4);
        later.read(a, 1000);
        later.context.advanceBy(200 * MS);
        later.read(b, 900_000);
        assertThat(later.scheduler.syncQueueOf(b)).isNotSameAs(later.scheduler.syncQueueOf(a));

        Harness prio = ncqSsd();
        Task c = prio.task("c", 4);
        Task d = prio.task("d", 2);
        prio.read(c, 1000);
        prio.read(d, 900_000);
        assertThat(prio.scheduler.syncQueueOf(d)).isNotSameAs(prio.scheduler.syncQueueOf(c));
    }

    /** Two readers created together on an HDD, each sending the given sectors in turn, one request in flight. */
    private static void alternate(Harness h, Task a, Task b, long[] aSectors, long[] bSectors, long thinkMs) {
        for (int i = 0; i < aSectors.length; i++) {
            serve(h, h.read(a, aSectors[i]));
            serve(h, h.read(b, bSectors[i]));
            h.context.advanceBy(thinkMs * MS);
        }
    }

    private static void serve(Harness h, Request rq) {
        Request got;
        while ((got = h.dispatch()) != rq) {
            if (got != null) {
                h.context.advanceBy(MS);
                h.complete(got);
            } else {
                h.context.advanceBy(MS);
            }
        }
        h.context.advanceBy(MS);
        h.complete(rq);
    }

    @Test
    void onAnHddTwoRandomReadersCreatedTogetherAreMergedAfterSixHundredMilliseconds() {
        Harness h = hdd();
        Task a = h.task("a", 4);
        Task b = h.task("b", 4);
        long[] as = new long[40];
        long[] bs = new long[40];
        for (int i = 0; i < as.length; i++) {
            as[i] = 1_000_000L * (i * 7 % 40) + 8;
            bs[i] = 1_000_000L * (i * 13 % 40) + 500_008;
        }
        alternate(h, a, b, java.util.Arrays.copyOf(as, 10), java.util.Arrays.copyOf(bs, 10), 10);
        // after ~200 ms: scheduled, not yet merged
        assertThat(h.scheduler.syncQueueOf(b)).isNotSameAs(h.scheduler.syncQueueOf(a));
        alternate(h, a, b, java.util.Arrays.copyOfRange(as, 10, 40), java.util.Arrays.copyOfRange(bs, 10, 40), 20);

        assertThat(h.scheduler.syncQueueOf(b)).isSameAs(h.scheduler.syncQueueOf(a));
        assertThat(h.scheduler.syncQueueOf(a).coop).isTrue();
    }

    @Test
    void onAnHddADelayedStableMergeIsDroppedForGreedySequentialReadersWhichIdlingServesBetter() {
        Harness h = hdd();
        Task a = h.task("a", 4);
        Task b = h.task("b", 4);
        long posA = 8;
        long posB = 40_000_000L;
        // each reader keeps two sequential requests queued and sends the next as soon as one completes
        Request[] ra = {h.read(a, posA), h.read(a, posA + 8)};
        Request[] rb = {h.read(b, posB), h.read(b, posB + 8)};
        posA += 16;
        posB += 16;
        while (h.context.now() < 900 * MS) {
            Request got = h.dispatch();
            if (got == null) {
                h.context.advanceBy(MS);
                continue;
            }
            h.context.advanceBy(MS);
            h.complete(got);
            if (got.task() == a) {
                h.read(a, posA);
                posA += 8;
            } else {
                h.read(b, posB);
                posB += 8;
            }
        }

        assertThat(ra[0]).isNotNull();
        assertThat(rb[0]).isNotNull();
        assertThat(h.scheduler.ioContextOf(b).stableMergeQueue).as("the scheduled merge was evaluated").isNull();
        assertThat(h.scheduler.syncQueueOf(b)).isNotSameAs(h.scheduler.syncQueueOf(a));
    }

    /**
     * {@code a} is in service at sector 8 with 24 queued; {@code b} is busy far away (with a single busy queue there
     * is no search). Returns a's request in flight.
     */
    private static Request aInServiceBBusyElsewhere(Harness h, Task a, Task b) {
        h.read(a, 8);
        h.read(a, 24);
        Request first = h.dispatch();
        assertThat(first.task()).isSameAs(a);
        h.read(b, 5_000_000);
        return first;
    }

    @Test
    void aProcessWhoseRequestIsCloseToWhereTheInServiceQueueIsReadingIsMergedIntoItEarly() {
        Harness h = hdd();
        Task a = h.task("a", 4);
        Task b = h.task("b", 4);
        // a and b read alternate 4 KiB chunks of one region: a is in service at sector 8, b asks for 16
        Request first = aInServiceBBusyElsewhere(h, a, b);
        BfqQueue own = h.scheduler.syncQueueOf(b);
        Request rb = h.read(b, 16);

        BfqQueue qa = h.scheduler.syncQueueOf(a);
        assertThat(h.scheduler.syncQueueOf(b)).as("EQM: b's process now uses a's queue").isSameAs(qa);
        assertThat(qa.coop).isTrue();
        assertThat(qa.sortSize).isEqualTo(2);
        assertThat(own.sortSize).as("b's earlier request stays in its old queue").isEqualTo(1);
        assertThat(h.context.messages()).anyMatch(m -> m.endsWith("bfq" + b.pid() + "S scheduling merge with queue "
                + a.pid()));
        h.context.advanceBy(MS);
        h.complete(first);
        assertThat(h.dispatch()).isSameAs(rb);
    }

    @Test
    void noEarlyMergeWithAQueueServedMoreThanAHundredMillisecondsAgo() {
        Harness h = hdd();
        Task a = h.task("a", 4);
        Task b = h.task("b", 4);
        Request first = aInServiceBBusyElsewhere(h, a, b);
        h.context.advanceBy(150 * MS);
        h.complete(first);
        h.read(b, 32);

        assertThat(h.scheduler.syncQueueOf(b)).isNotSameAs(h.scheduler.syncQueueOf(a));
    }

    @Test
    void aSharedQueueThatTurnsSeekyIsSplitAtTheNextRequestOfAProcess() {
        Harness h = ncqSsd();
        Task a = h.task("a", 4);
        Task b = h.task("b", 4);
        h.read(a, 1000);
        h.read(b, 900_000);
        BfqQueue shared = h.scheduler.syncQueueOf(a);
        assertThat(h.scheduler.syncQueueOf(b)).isSameAs(shared);
        // stably merged queues are never split
        shared.splitCoop = true;
        h.read(b, 5_000_000);
        assertThat(h.scheduler.syncQueueOf(b)).isSameAs(shared);

        // an early-merged queue is: its process gets a fresh queue with its saved state
        BfqIoContext bic = h.scheduler.ioContextOf(b);
        bic.stablyMerged = false;
        h.read(b, 7_000_000);
        BfqQueue own = h.scheduler.syncQueueOf(b);
        assertThat(own).isNotSameAs(shared);
        assertThat(own.coop).isFalse();
        assertThat(own.pid).isEqualTo(b.pid());
        assertThat(shared.procRefs).isEqualTo(1);
        assertThat(h.context.messages()).anyMatch(m -> m.endsWith("bfqSHARED-S splitting queue"));
        // the last process of the shared queue keeps it, no longer shared
        BfqIoContext abic = h.scheduler.ioContextOf(a);
        abic.stablyMerged = false;
        shared.splitCoop = true;
        h.read(a, 9_000_000);
        assertThat(h.scheduler.syncQueueOf(a)).isSameAs(shared);
        assertThat(shared.coop).isFalse();
        assertThat(shared.name()).isEqualTo("bfq" + a.pid() + "S");
    }
}
