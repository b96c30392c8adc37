package org.iosched.scheduler.mqdeadline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iosched.api.Bio;
import org.iosched.api.IoPrioClass;
import org.iosched.api.IoPriority;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.junit.jupiter.api.Test;

/** mq-deadline's merge hooks of 6.6: front merges, re-sorting, requests merged, insert merges. */
class MqDeadlineMergeTest {
    @Test
    void aBioFrontMergesWhenFrontMergesIsOnAndTheRequestIsResorted() {
        Harness h = new Harness();
        Request rq = h.read(1000);
        h.context.setLastMerge(null);
        assertThat(h.scheduler.bioMerge(h.bio(Op.READ, 992))).isTrue();
        assertThat(rq.sector()).isEqualTo(992);
        // found again at its new start: dd_request_merged re-inserted it in the sort tree
        h.context.setLastMerge(null);
        assertThat(h.scheduler.requestMerge(h.bio(Op.READ, 984))).isSameAs(rq);
        assertThat(h.scheduler.bioMerge(h.bio(Op.READ, 984))).isTrue();
        assertThat(rq.sectors()).isEqualTo(24);
    }

    @Test
    void withoutFrontMergesOnlyBackMergesAndTheOneHitCacheRemain() {
        Harness h = new Harness(Map.of("front_merges", "0"));
        Request rq = h.read(1000);
        h.context.setLastMerge(null);
        assertThat(h.scheduler.requestMerge(h.bio(Op.READ, 992))).isNull();
        assertThat(h.scheduler.bioMerge(h.bio(Op.READ, 992))).isFalse();
        assertThat(h.scheduler.bioMerge(h.bio(Op.READ, 1008))).as("back merge through the hash").isTrue();
        assertThat(rq.endSector()).isEqualTo(1016);
        assertThat(h.scheduler.bioMerge(h.bio(Op.READ, 992))).as("front merge through last_merge").isTrue();
    }

    @Test
    void theFrontMergeLookupStaysInTheBiosLevelAndDirection() {
        Harness h = new Harness();
        h.insert(h.request(Op.READ, 1000, IoPrioClass.RT), 0);
        h.write(2000);
        Bio beRead = h.bio(Op.READ, 992);
        assertThat(h.scheduler.requestMerge(beRead)).isNull();
        assertThat(h.scheduler.requestMerge(h.bio(Op.READ, 1992))).as("a read does not meet a write").isNull();
        Bio rtRead = h.bio(Op.READ, 992);
        rtRead.setIoPriority(IoPriority.of(IoPrioClass.RT, 3));
        assertThat(h.scheduler.requestMerge(rtRead)).isNotNull();
    }

    @Test
    void coalescedRequestsKeepTheEarlierFifoTimeAndPosition() {
        Harness h = new Harness();
        Request c = h.read(1016);                      // jiffy 0: expires at 125
        h.context.advanceMillis(50);
        Request b = h.read(5000);                      // expires at jiffy 137
        h.context.advanceMillis(50);
        Request a = h.read(1000);                      // expires at jiffy 150
        assertThat(h.scheduler.bioMerge(h.bio(Op.READ, 1008))).isTrue();
        assertThat(h.context.freeMergedRequests()).as("the bio joined a and c").hasSize(1);
        Request survivor = a.sectors() == 24 ? a : c;
        assertThat(survivor.sector()).isEqualTo(1000);
        assertThat(h.scheduler.stats(MqDeadlineScheduler.BE)[1]).as("merged").isEqualTo(1);
        // at 540 ms (jiffy 135) c's old deadline has passed, b's and a's have not: the survivor heads the FIFO
        h.context.advanceTo(540 * Harness.MS);
        h.read(100);
        assertThat(h.dispatch()).isSameAs(survivor);
        assertThat(h.dispatch()).isSameAs(b);
        assertThat(h.dispatch().sector()).isEqualTo(100);
    }

    @Test
    void anInsertedRequestThatContinuesAQueuedOneIsMergedAndCountedCompletedWhenFreed() {
        Harness h = new Harness();
        Request first = h.read(1000);
        Request next = h.request(Op.READ, 1008, null);
        h.insert(next, 0);
        assertThat(h.context.mergedAway()).containsExactly(next);
        assertThat(first.sectors()).isEqualTo(16);
        assertThat(h.scheduler.stats(MqDeadlineScheduler.BE)).containsExactly(2, 1, 0, 1);
        assertThat(h.scheduler.queued(MqDeadlineScheduler.BE)).isEqualTo(1);
        assertThat(h.drain()).containsExactly(1000L);
    }

    @Test
    void requestsOfDifferentPrioritiesNeverMerge() {
        Harness h = new Harness();
        h.read(1000);
        Request rt = h.insert(h.request(Op.READ, 1008, IoPrioClass.RT), 0);
        assertThat(h.context.mergedAway()).isEmpty();
        assertThat(h.scheduler.held(MqDeadlineScheduler.RT)).isEqualTo(1);
        assertThat(h.dispatch()).isSameAs(rt);
    }

    @Test
    void aDispatchedRequestLeavesTheHashAndLastMerge() {
        Harness h = new Harness();
        Request rq = h.read(1000);
        assertThat(h.context.lastMerge()).isSameAs(rq);
        assertThat(h.dispatch()).isSameAs(rq);
        assertThat(h.context.lastMerge()).isNull();
        assertThat(h.context.hashed(rq)).isFalse();
        assertThat(h.scheduler.bioMerge(h.bio(Op.READ, 1008))).isFalse();
    }

    @Test
    void neighboursAreTheSortTreeNeighboursOfTheLevelAndDirection() {
        Harness h = new Harness();
        Request low = h.read(100);
        Request mid = h.read(500);
        Request high = h.read(900);
        h.write(700);
        assertThat(h.scheduler.formerRequest(mid)).isSameAs(low);
        assertThat(h.scheduler.nextRequest(mid)).isSameAs(high);
        assertThat(h.scheduler.nextRequest(high)).isNull();
    }
}
