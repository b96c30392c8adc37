package org.iosched.simulator.block;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.Bio;
import org.iosched.api.Task;
import org.junit.jupiter.api.Test;

class SleepingTest {
    private final Task batcher = QueueHarness.task(1000);
    private final Task other = QueueHarness.task(1001);

    /**
     * A disk of depth 4 and nr_requests 4 with the batcher's four writes in the device; they complete at
     * 10, 11, 12 and 13 ms (service time 10 ms plus 1 us per sector number).
     */
    private QueueHarness fullPool() {
        QueueHarness h = QueueHarness.builder().disk(4).nrRequests(4)
                .serviceTime(rq -> 10_000_000 + rq.sector() * 1_000).build();
        for (int i = 0; i < 4; i++) {
            h.submit(h.write(batcher, i * 1000L, 8));
        }
        assertThat(h.queue.inDriver()).isEqualTo(4);
        assertThat(h.queue.pool().full(false)).isTrue();
        return h;
    }

    @Test
    void aTaskThatFindsThePoolFullSleepsAndIsQueuedWhenARequestIsFreed() {
        QueueHarness h = fullPool();
        Bio bio = h.write(other, 50_000, 8);

        assertThat(h.submit(bio)).isFalse();
        assertThat(h.queue.pool().waiting()).isEqualTo(1);
        assertThat(h.actions()).endsWith("Q", "S");

        h.runAll();

        assertThat(h.resumed).containsExactly(bio);
        assertThat(h.completed).hasSize(5).endsWith(bio);
        // woken at the first completion (10 ms), its write plugged the empty queue; the next completion
        // (11 ms) runs the queue and removes the plug
        assertThat(h.device.submitted().get(4).dispatchTime()).isEqualTo(11_000_000);
    }

    @Test
    void theTaskThatFilledThePoolIsABatcherAndGetsMoreRequests() {
        QueueHarness h = fullPool();

        assertThat(h.submit(h.write(batcher, 90_000, 8))).isTrue();
        assertThat(h.queue.pool().count(false)).isEqualTo(5);
    }

    @Test
    void anAllocatorAboutToSleepUnplugsTheQueue() {
        QueueHarness h = fullPool();
        h.submit(h.write(batcher, 90_000, 8));
        assertThat(h.queue.plugged()).isTrue();

        h.submit(h.write(other, 50_000, 8));

        assertThat(h.queue.plugged()).isFalse();
        assertThat(h.actions()).endsWith("Q", "S", "U", "D");
    }

    @Test
    void syncAndAsyncRequestsHaveSeparatePools() {
        QueueHarness h = fullPool();

        assertThat(h.submit(h.read(other, 70_000, 8))).isTrue();
        assertThat(h.queue.pool().count(true)).isEqualTo(1);
    }

    @Test
    void waitersAreWokenOneAtATimeInArrivalOrder() {
        QueueHarness h = fullPool();
        Task third = QueueHarness.task(1002);
        Bio first = h.write(other, 50_000, 8);
        Bio second = h.write(third, 60_000, 8);
        h.submit(first);
        h.submit(second);

        h.runUntil(10_000_000);

        assertThat(h.resumed).containsExactly(first);
        h.runAll();
        assertThat(h.resumed).containsExactly(first, second);
        assertThat(h.queue.pool().waiting()).isZero();
    }
}
