package org.iosched.scheduler.mqdeadline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.iosched.scheduler.mqdeadline.Harness.MS;

import java.util.Map;
import org.iosched.api.IoPrioClass;
import org.iosched.api.MqScheduler;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** mq-deadline's dispatch rules of 6.6, one rule per test (block/mq-deadline.c, reference/mq-deadline-kyber.md §1.6). */
class MqDeadlineDispatchTest {
    @Test
    void theFirstBatchContinuesTheInitialWriteDirectionThenReadsGetTwoBatchesBeforeWrites() {
        Harness h = new Harness(Map.of("fifo_batch", "4"));
        // 16 sectors apart: 4 KiB requests that do not touch, so that no insert merge joins them
        for (int i = 0; i < 8; i++) {
            h.read(100 + 16L * i);
            h.write(10_000 + 16L * i);
        }
        // last_dir starts as WRITE with batching 0: writes first; then writes_starved = 2 read batches
        assertThat(h.drain()).containsExactly(
                10_000L, 10_016L, 10_032L, 10_048L,
                100L, 116L, 132L, 148L,
                164L, 180L, 196L, 212L,
                10_064L, 10_080L, 10_096L, 10_112L);
    }

    @ParameterizedTest(name = "writes_starved={0}")
    @CsvSource({
        "-1, '1000 1016 1032 1048 1064 1080 100 116 132 148 164 180'",
        "0, '1000 1016 1032 1048 1064 1080 100 116 132 148 164 180'",
        "1, '1000 1016 100 116 1032 1048 132 148 1064 1080 164 180'",
        "2, '1000 1016 100 116 132 148 1032 1048 164 180 1064 1080'",
    })
    void writesStarvedCountsTheReadBatchesThatMayStartWhileWritesWait(int writesStarved, String order) {
        Harness h = new Harness(Map.of("fifo_batch", "2", "writes_starved", String.valueOf(writesStarved)));
        for (int i = 0; i < 6; i++) {
            h.read(100 + 16L * i);
            h.write(1000 + 16L * i);
        }
        assertThat(h.drain()).map(String::valueOf).containsExactly(order.split(" "));
    }

    @Test
    void aBatchFollowsAscendingSectorsWithoutWrappingAround() {
        Harness h = new Harness();
        for (long sector : new long[] {500, 100, 900, 300, 700}) {
            h.read(sector);
        }
        h.context.advanceMillis(1);
        assertThat(h.dispatch().sector()).isEqualTo(100);
        h.read(50);   // below latest_pos: the sweep does not go back for it
        assertThat(h.drain()).containsExactly(300L, 500L, 700L, 900L, 50L);
    }

    @Test
    void fifoBatchZeroChoosesADirectionForEveryRequest() {
        Harness h = new Harness(Map.of("fifo_batch", "0", "writes_starved", "1"));
        h.read(100);
        h.read(116);
        h.write(1000);
        h.write(1016);
        // every call is a new batch: writes_starved 1 alternates once both directions wait
        assertThat(h.drain()).containsExactly(100L, 1000L, 116L, 1016L);
    }

    @Test
    void anExpiredFifoHeadStartsTheBatchAndTheSweepContinuesAboveIt() {
        Harness h = new Harness();
        h.read(1000);
        h.context.advanceMillis(600);   // past read_expire (500 ms)
        h.read(100);
        h.read(200);
        h.read(2000);
        assertThat(h.drain()).containsExactly(1000L, 2000L, 100L, 200L);
    }

    @Test
    void anUnexpiredFifoLeavesTheBatchInSectorOrder() {
        Harness h = new Harness();
        h.read(1000);
        h.context.advanceMillis(100);
        h.read(100);
        h.read(200);
        h.read(2000);
        assertThat(h.drain()).containsExactly(100L, 200L, 1000L, 2000L);
    }

    @ParameterizedTest(name = "at {0} ns the read of 1000 expired: {1}")
    @CsvSource({"499999999, false", "500000000, true"})
    void readExpireIsKeptInJiffiesAndExpiresWhenJiffiesReachFifoTime(long now, boolean expired) {
        // HZ 250: 500 ms is 125 jiffies; the FIFO head expires once jiffies >= fifo_time (time_after_eq)
        Harness h = new Harness();
        h.read(1000);
        h.context.advanceTo(now);
        h.read(100);
        assertThat(h.scheduler.fifoExpireJiffies(MqDeadlineScheduler.READ)).isEqualTo(125);
        assertThat(h.dispatch().sector()).isEqualTo(expired ? 1000 : 100);
    }

    @ParameterizedTest(name = "after {0} ms")
    @CsvSource({"60, '9000 100'", "10, '100 9000'"})
    void writeExpireChoosesTheOldestWriteWhenAWriteBatchStarts(long waitMs, String order) {
        Harness h = new Harness(Map.of("write_expire", "50"));
        h.read(50);
        assertThat(h.dispatch().sector()).as("a read batch: last_dir is READ now").isEqualTo(50);
        h.write(9000);
        h.context.advanceMillis(waitMs);
        h.write(100);
        assertThat(h.drain()).map(String::valueOf).containsExactly(order.split(" "));
    }

    @Test
    void anAtHeadInsertIsDispatchedBeforeAnyBatchAndMovesLatestPos() {
        Harness h = new Harness();
        h.read(100);
        h.read(200);
        Request requeued = h.insert(h.request(Op.WRITE, 5000, null), MqScheduler.INSERT_AT_HEAD);
        Request second = h.insert(h.request(Op.READ, 7000, null), MqScheduler.INSERT_AT_HEAD);
        assertThat(h.dispatch()).isSameAs(second);
        assertThat(h.dispatch()).isSameAs(requeued);
        // latest_pos[READ] is 7000 now: nothing above it, so the next batch starts from the FIFO head
        assertThat(h.drain()).containsExactly(100L, 200L);
    }

    @Test
    void hasWorkFollowsTheListsOfEveryLevel() {
        Harness h = new Harness();
        assertThat(h.scheduler.hasWork(h.hctx)).isFalse();
        Request idle = h.insert(h.request(Op.READ, 100, IoPrioClass.IDLE), 0);
        assertThat(h.scheduler.hasWork(h.hctx)).isTrue();
        assertThat(h.dispatch()).isSameAs(idle);
        assertThat(h.scheduler.hasWork(h.hctx)).isFalse();
        h.insert(h.request(Op.WRITE, 100, IoPrioClass.RT), MqScheduler.INSERT_AT_HEAD);
        assertThat(h.scheduler.hasWork(h.hctx)).isTrue();
        h.context.advanceBy(MS);
    }
}
