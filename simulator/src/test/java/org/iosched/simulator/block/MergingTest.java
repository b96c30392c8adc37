package org.iosched.simulator.block;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.junit.jupiter.api.Test;

class MergingTest {
    private final Task task = QueueHarness.task(1000);

    /** A disk whose scheduler holds every request until released, so that merges can happen. */
    private QueueHarness held() {
        QueueHarness h = QueueHarness.builder().disk(1).build();
        h.recording().hold = true;
        return h;
    }

    @Test
    void aBioStartingWhereAQueuedRequestEndsIsBackMerged() {
        QueueHarness h = held();
        h.submit(h.write(task, 100, 8));
        h.submit(h.write(task, 108, 8));

        assertThat(h.recording().fifo).hasSize(1);
        Request rq = h.recording().fifo.get(0);
        assertThat(rq.sector()).isEqualTo(100);
        assertThat(rq.sectors()).isEqualTo(16);
        assertThat(rq.bioCount()).isEqualTo(2);
        assertThat(h.recording().hooks("backMerged")).containsExactly("backMerged rq0");
        assertThat(h.actions()).containsExactly("Q", "G", "P", "I", "Q", "M");
        assertThat(h.queue.pool().count(false)).isEqualTo(1);
    }

    @Test
    void aBioEndingWhereAQueuedRequestStartsIsFrontMerged() {
        QueueHarness h = held();
        h.submit(h.write(task, 100, 8));
        h.submit(h.write(task, 92, 8));

        Request rq = h.recording().fifo.get(0);
        assertThat(rq.sector()).isEqualTo(92);
        assertThat(rq.sectors()).isEqualTo(16);
        assertThat(rq.firstBio().sector()).isEqualTo(92);
        assertThat(h.recording().hooks("frontMerged")).containsExactly("frontMerged rq0");
        assertThat(h.actions()).endsWith("Q", "F");
    }

    @Test
    void theBackMergeHashFindsRequestsOtherThanTheLastMerged() {
        QueueHarness h = held();
        h.submit(h.write(task, 100, 8));
        h.submit(h.write(task, 500, 8));
        h.submit(h.write(task, 900, 8));

        h.submit(h.write(task, 508, 8));

        assertThat(h.recording().fifo).extracting(Request::sectors).containsExactly(8, 16, 8);
    }

    @Test
    void aBioFillingAGapCoalescesTheTwoRequests() {
        QueueHarness h = held();
        h.submit(h.write(task, 100, 8));
        h.submit(h.write(task, 116, 8));

        h.submit(h.write(task, 108, 8));

        assertThat(h.recording().fifo).hasSize(1);
        Request rq = h.recording().fifo.get(0);
        assertThat(rq.sector()).isEqualTo(100);
        assertThat(rq.sectors()).isEqualTo(24);
        assertThat(rq.bioCount()).isEqualTo(3);
        assertThat(h.recording().hooks("requestsMerged")).containsExactly("requestsMerged rq0 rq1");
        // merged() is not called when the request was coalesced, as attempt_back_merge does
        assertThat(h.recording().hooks("backMerged")).isEmpty();
        assertThat(h.recording().hooks("putRequest")).containsExactly("putRequest rq1");
        assertThat(h.queue.pool().count(false)).isEqualTo(1);
        assertThat(h.queue.nrSorted()).isEqualTo(1);
    }

    @Test
    void coalescedRequestsCompleteEveryBioOnce() {
        QueueHarness h = held();
        h.submit(h.write(task, 100, 8));
        h.submit(h.write(task, 116, 8));
        h.submit(h.write(task, 108, 8));
        h.recording().release();

        h.runAll();

        assertThat(h.completed).extracting(Bio::sector).containsExactly(100L, 108L, 116L);
        assertThat(h.deviceSaw()).containsExactly("WRITE 100+24");
        assertThat(h.queue.idle()).isTrue();
    }

    @Test
    void aFrontMergeCoalescesWithTheFormerRequest() {
        QueueHarness g = held();
        g.submit(g.write(task, 116, 8));
        g.submit(g.write(task, 100, 8));
        // the last-merge hint is the request at 116: the bio front-merges into it, then the former
        // request (100+8) touches and absorbs it
        g.submit(g.write(task, 108, 8));

        assertThat(g.recording().fifo).hasSize(1);
        assertThat(g.recording().fifo.get(0).sector()).isEqualTo(100);
        assertThat(g.recording().fifo.get(0).sectors()).isEqualTo(24);
        assertThat(g.recording().hooks("requestsMerged")).containsExactly("requestsMerged rq1 rq0");
    }

    @Test
    void aMergeBeyondMaxSectorsFailsAndMarksTheRequestNoMerge() {
        QueueHarness h = QueueHarness.builder().disk(1).maxSectors(16).build();
        h.recording().hold = true;
        h.submit(h.write(task, 100, 8));
        h.submit(h.write(task, 108, 8));

        h.submit(h.write(task, 116, 8));

        assertThat(h.recording().fifo).extracting(Request::sectors).containsExactly(16, 8);
        assertThat(h.recording().fifo.get(0).hasFlag(RequestFlags.NOMERGE)).isTrue();
        // a later bio ending where the full request starts cannot front-merge into it either
        h.submit(h.write(task, 92, 8));
        assertThat(h.recording().fifo).hasSize(3);
    }

    @Test
    void requestsAreNotCoalescedBeyondMaxSectors() {
        QueueHarness h = QueueHarness.builder().disk(1).maxSectors(16).build();
        h.recording().hold = true;
        h.submit(h.write(task, 100, 8));
        h.submit(h.write(task, 116, 8));

        h.submit(h.write(task, 108, 8));

        assertThat(h.recording().fifo).extracting(Request::sectors).containsExactly(16, 8);
        assertThat(h.recording().hooks("requestsMerged")).isEmpty();
    }

    @Test
    void theSchedulerMayVetoAMerge() {
        QueueHarness h = held();
        h.recording().vetoMerges = true;
        h.submit(h.write(task, 100, 8));
        h.submit(h.write(task, 108, 8));

        assertThat(h.recording().fifo).hasSize(2);
    }

    @Test
    void readsAndWritesNeverMerge() {
        QueueHarness h = held();
        h.submit(h.write(task, 100, 8));
        h.submit(h.read(task, 108, 8));
        h.submit(h.read(task, 92, 8));

        assertThat(h.recording().fifo).extracting(Request::op).containsExactly(Op.WRITE, Op.READ, Op.READ);
    }

    @Test
    void theBlockLayerLeavesSyncnessToTheScheduler() {
        QueueHarness h = held();
        h.submit(h.write(task, 100, 8));
        h.submit(h.bio(task, Op.WRITE, RequestFlags.SYNC, 108, 8));

        assertThat(h.recording().fifo).hasSize(1);
    }

    @Test
    void bioWithNoMergeFlagGetsARequestOfItsOwnThatNothingMergesInto() {
        QueueHarness h = held();
        h.submit(h.write(task, 100, 8));
        h.submit(h.bio(task, Op.WRITE, RequestFlags.NOMERGE, 108, 8));
        h.submit(h.write(task, 116, 8));

        assertThat(h.recording().fifo).hasSize(3);
    }

    @Test
    void aRequestOnTheDispatchQueueTakesNoMoreBios() {
        QueueHarness h = QueueHarness.builder().disk(1).build();
        h.submit(h.read(task, 0, 8));
        h.queue.unplug(task);
        h.submit(h.write(task, 100, 8));
        h.queue.unplug(task);
        // the write is started at the head of the dispatch queue while the read occupies the device
        assertThat(h.queue.dispatchQueueLength()).isEqualTo(1);

        h.submit(h.write(task, 108, 8));

        assertThat(h.queue.pool().count(false)).isEqualTo(2);
        h.runAll();
        assertThat(h.deviceSaw()).containsExactly("READ 0+8", "WRITE 100+8", "WRITE 108+8");
    }

    @Test
    void mergedBiosCountAsDiskMerges() {
        QueueHarness h = held();
        h.submit(h.write(task, 100, 8));
        h.submit(h.write(task, 108, 8));
        h.submit(h.write(task, 92, 8));
        h.recording().release();
        h.runAll();

        var stats = h.queue.disk().snapshot("fake", h.clock.now(), h.clock.now());
        assertThat(stats.writeMerges()).isEqualTo(2);
        assertThat(stats.writeIos()).isEqualTo(1);
    }
}
