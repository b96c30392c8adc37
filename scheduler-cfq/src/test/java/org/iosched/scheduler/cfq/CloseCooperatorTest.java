package org.iosched.scheduler.cfq;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.Request;
import org.iosched.api.Task;
import org.junit.jupiter.api.Test;

/**
 * {@code cfqq_close}: which busy queue an emptied active queue hands over to. The exact sector first, then the
 * queue where the prio tree search stopped (the parent of the missing leaf) if it is within
 * {@code CFQQ_CLOSE_THR}, then that queue's neighbour on the last position's side.
 */
class CloseCooperatorTest {
    private final CfqHarness h = CfqHarness.defaults();
    private final Task a = h.task("a");
    private Request ra;

    /** Task a's read at 20000 is dispatched: {@code last_position} is 20008 and a's queue is out of the prio tree. */
    private CfqQueue activeReaderAt20000() {
        ra = h.read(a, 20_000);
        CfqQueue qa = h.queueOf(ra);
        assertThat(h.dispatchOne()).isSameAs(ra);
        assertThat(h.cfqd.lastPosition).isEqualTo(20_008);
        return qa;
    }

    /** Reads of new tasks, inserted in this order into the BE/4 prio tree. */
    private Request[] readersAt(long... sectors) {
        Request[] reads = new Request[sectors.length];
        for (int i = 0; i < sectors.length; i++) {
            reads[i] = h.read(h.task("r" + sectors[i]), sectors[i]);
        }
        return reads;
    }

    @Test
    void theTreeParentIsChosenWhenCloseEvenIfTheOtherNeighbourIsNearer() {
        CfqQueue qa = activeReaderAt20000();
        // tree: 16000 at the root, 10000 left, 26000 right; a search for 20008 falls off left of 26000
        Request[] reads = readersAt(16_000, 10_000, 26_000);
        CfqQueue parent = h.queueOf(reads[2]);
        assertThat(h.cfqd.prioTrees[4].root()).isSameAs(h.queueOf(reads[0]));

        assertThat(h.cfqd.trees.cfqqClose(qa)).as("26000 (5992 away) before 16000 (4008 away)").isSameAs(parent);
        h.complete(ra);
        assertThat(qa.waitRequest).as("no idling with a cooperator at hand").isFalse();
        assertThat(h.dispatchOne()).isSameAs(reads[2]);
        assertThat(qa.newCfqq).isSameAs(parent);
    }

    @Test
    void whenTheParentIsTooFarTheNeighbourOnTheLastPositionsSideIsTried() {
        CfqQueue qa = activeReaderAt20000();
        // 30000 is the parent, 9992 away; its predecessor 12000 is 8008 away, within 8192
        Request[] reads = readersAt(12_000, 5_000, 30_000);

        assertThat(h.cfqd.trees.cfqqClose(qa)).isSameAs(h.queueOf(reads[0]));
    }

    @Test
    void neitherTheParentNorItsNeighbourCloseMeansNoCooperator() {
        CfqQueue qa = activeReaderAt20000();
        // parent 30000 (9992 away), its predecessor 11000 (9008 away); 20000+8192 is not reached by anyone
        readersAt(11_000, 5_000, 30_000);

        assertThat(h.cfqd.trees.cfqqClose(qa)).isNull();
        h.complete(ra);
        assertThat(qa.waitRequest).as("a's queue idles for its next request").isTrue();
    }

    @Test
    void aQueueWhoseNextRequestStartsAtTheLastPositionIsChosenFirst() {
        CfqQueue qa = activeReaderAt20000();
        Request[] reads = readersAt(16_000, 10_000, 20_008, 26_000);

        assertThat(h.cfqd.trees.cfqqClose(qa)).isSameAs(h.queueOf(reads[2]));
    }
}
