package org.iosched.simulator.block;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.Task;
import org.iosched.simulator.blk.AsyncDispatchGap;
import org.junit.jupiter.api.Test;

/** {@code block.max_async_dispatch_gap_ms}: the longest window with async requests waiting and none issued. */
class AsyncDispatchGapTest {
    private static final long MS = 1_000_000;
    private final Task reader = QueueHarness.task(1000);
    private final Task writer = QueueHarness.task(1001);

    @Test
    void aWindowOpensWithTheFirstWaitingAsyncRequestAndClosesAtEachAsyncDispatch() {
        AsyncDispatchGap gap = new AsyncDispatchGap();
        gap.queued(1 * MS);
        gap.queued(2 * MS);
        gap.dispatched(5 * MS);
        gap.dispatched(7 * MS);

        assertThat(gap.waiting()).isZero();
        assertThat(gap.longestNanos(100 * MS)).isEqualTo(4 * MS);
    }

    @Test
    void noAsyncRequestWaitingIsNoWindowAndAMergedAwayLastOneClosesIt() {
        AsyncDispatchGap gap = new AsyncDispatchGap();
        assertThat(gap.longestNanos(50 * MS)).isZero();

        gap.queued(10 * MS);
        gap.removed(13 * MS);

        assertThat(gap.longestNanos(50 * MS)).isEqualTo(3 * MS);
    }

    @Test
    void aWindowStillOpenCountsUpToTheEndOfTheRun() {
        AsyncDispatchGap gap = new AsyncDispatchGap();
        gap.queued(10 * MS);
        gap.queued(11 * MS);
        gap.dispatched(12 * MS);

        assertThat(gap.longestNanos(40 * MS)).isEqualTo(28 * MS);
    }

    @Test
    void asyncWritesQueuedBehindASyncReadWaitUntilTheDriverIssuesThem() {
        QueueHarness h = QueueHarness.builder().disk(1).serviceTime(rq -> 10 * MS).build();
        h.submit(h.read(reader, 0, 8));
        h.submit(h.write(writer, 100_000, 8));
        h.submit(h.write(writer, 200_000, 8));

        // the queue stays plugged until the unplug timer (3 ms); then the driver takes the read and peeks (D)
        // the first write, which it keeps while the read is in the device
        h.runUntil(5 * MS);
        assertThat(h.queue.asyncDispatchGap().waiting()).isEqualTo(1);
        assertThat(h.queue.asyncDispatchGap().longestNanos(5 * MS)).isEqualTo(3 * MS);

        h.runAll();
        // the second write is peeked when the first enters the device, once the read completed (13 ms)
        assertThat(h.queue.asyncDispatchGap().waiting()).isZero();
        assertThat(h.queue.asyncDispatchGap().longestNanos(h.clock.now())).isEqualTo(10 * MS);
    }

    @Test
    void syncRequestsAloneOpenNoWindow() {
        QueueHarness h = QueueHarness.builder().disk(1).serviceTime(rq -> 10 * MS).build();
        h.submit(h.read(reader, 0, 8));
        h.submit(h.read(reader, 100_000, 8));
        h.runAll();

        assertThat(h.queue.asyncDispatchGap().longestNanos(h.clock.now())).isZero();
    }
}
