package org.iosched.simulator.block;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.junit.jupiter.api.Test;

class DispatchQueueTest {
    private final Task task = QueueHarness.task(1000);
    private final DispatchQueue queue = new DispatchQueue();
    private long ids;

    private RqState rq(Op op, long sector) {
        RqState rs = new RqState();
        rs.rq = new Request(ids++, new Bio(op, 0, sector, 8, task, (b, t) -> { }), 0);
        return rs;
    }

    private List<Long> sectors() {
        List<Long> out = new ArrayList<>();
        for (RqState rs = queue.head(); rs != null; rs = rs.next) {
            out.add(rs.rq.sector());
        }
        return out;
    }

    @Test
    void requestsAboveTheBoundaryComeFirstAscendingThenThoseBelowAscending() {
        long boundary = 500;
        for (long s : new long[] {700, 100, 900, 300, 500, 600}) {
            queue.sortInsert(rq(Op.READ, s), boundary);
        }

        assertThat(sectors()).containsExactly(500L, 600L, 700L, 900L, 100L, 300L);
    }

    @Test
    void nothingPassesAStartedRequest() {
        RqState started = rq(Op.READ, 800);
        started.started = true;
        queue.addTail(started);

        queue.sortInsert(rq(Op.READ, 600), 0);

        assertThat(sectors()).containsExactly(800L, 600L);
    }

    @Test
    void nothingPassesASoftBarrier() {
        queue.sortInsert(rq(Op.WRITE, 100), 0);
        RqState barrier = rq(Op.WRITE, 800);
        barrier.softBarrier = true;
        queue.addTail(barrier);

        queue.sortInsert(rq(Op.WRITE, 200), 0);

        assertThat(sectors()).containsExactly(100L, 800L, 200L);
    }

    @Test
    void sortingStopsAtARequestOfTheOtherDirection() {
        queue.sortInsert(rq(Op.WRITE, 100), 0);
        queue.sortInsert(rq(Op.READ, 900), 0);

        queue.sortInsert(rq(Op.READ, 50), 0);
        queue.sortInsert(rq(Op.WRITE, 10), 0);

        assertThat(sectors()).containsExactly(100L, 50L, 900L, 10L);
    }

    @Test
    void discardsAndWritesDoNotSortPastEachOther() {
        queue.sortInsert(rq(Op.DISCARD, 500), 0);

        queue.sortInsert(rq(Op.WRITE, 100), 0);

        assertThat(sectors()).containsExactly(500L, 100L);
    }

    @Test
    void removalKeepsTheLinksConsistent() {
        RqState a = rq(Op.READ, 1);
        RqState b = rq(Op.READ, 2);
        RqState c = rq(Op.READ, 3);
        queue.addTail(a);
        queue.addTail(b);
        queue.addTail(c);
        queue.remove(b);
        queue.addHead(b);
        queue.remove(c);

        assertThat(sectors()).containsExactly(2L, 1L);
        assertThat(queue.size()).isEqualTo(2);
    }

    @Test
    void theQueueSortsFromTheEndOfTheLastRequestTheDriverTook() {
        QueueHarness h = QueueHarness.builder().disk(1).serviceTime(r -> 1_000_000).build();
        h.recording().hold = true;
        h.submit(h.read(task, 5000, 8));
        h.recording().hold = false;
        h.queue.unplug(task);
        assertThat(h.queue.endSector()).isEqualTo(5008);
        h.recording().hold = true;
        h.recording().dispatchAll = true;
        for (long s : new long[] {100, 9000, 6000, 200}) {
            h.submit(h.read(task, s, 8));
        }
        h.recording().release();

        h.runAll();

        assertThat(h.deviceSaw()).containsExactly("READ 5000+8", "READ 6000+8", "READ 9000+8", "READ 100+8",
                "READ 200+8");
    }

    @Test
    void dispatchAddTailMovesTheSweepBoundary() {
        QueueHarness h = QueueHarness.builder().disk(1).build();
        h.recording().dispatchAddTail = true;
        h.recording().hold = true;
        h.submit(h.read(task, 700, 8));
        h.submit(h.read(task, 100, 8));
        h.recording().release();

        h.runAll();

        assertThat(h.deviceSaw()).containsExactly("READ 700+8", "READ 100+8");
        assertThat(h.queue.endSector()).isEqualTo(108);
    }
}
