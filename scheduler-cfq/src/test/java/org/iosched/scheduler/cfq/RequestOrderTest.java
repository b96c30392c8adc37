package org.iosched.scheduler.cfq;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.junit.jupiter.api.Test;

/** Elevator order inside a queue ({@code cfq_choose_req}, {@code next_rq}), the FIFO, aliases and merges. */
class RequestOrderTest {

    private static CfqRq rq(CfqHarness h, Task t, Op op, int flags, long sector) {
        return CfqRq.of(h.allocate(t, op, flags, sector, 8));
    }

    private static CfqRq read(CfqHarness h, Task t, long sector) {
        return rq(h, t, Op.READ, 0, sector);
    }

    @Test
    void aSyncRequestBeatsAnAsyncOneWhereverItIs() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("t");
        CfqRq async = rq(h, t, Op.WRITE, 0, 100);
        CfqRq sync = read(h, t, 1_000_000);
        assertThat(h.cfqd.requests.chooseReq(async, sync, 100)).isSameAs(sync);
    }

    @Test
    void aMetadataRequestBeatsAPlainOne() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("t");
        CfqRq plain = read(h, t, 100);
        CfqRq meta = rq(h, t, Op.READ, RequestFlags.META, 1_000_000);
        assertThat(h.cfqd.requests.chooseReq(plain, meta, 100)).isSameAs(meta);
    }

    @Test
    void theNearerForwardRequestWins() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("t");
        CfqRq far = read(h, t, 200);
        CfqRq near = read(h, t, 150);
        assertThat(h.cfqd.requests.chooseReq(far, near, 100)).isSameAs(near);
    }

    @Test
    void aShortBackwardSeekCostsTwiceItsDistance() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("t");
        CfqRq back = read(h, t, 990);       // 10 behind: costs 20
        CfqRq ahead15 = read(h, t, 1015);
        CfqRq ahead25 = read(h, t, 1025);
        assertThat(h.cfqd.requests.chooseReq(back, ahead15, 1000)).isSameAs(ahead15);
        assertThat(h.cfqd.requests.chooseReq(back, ahead25, 1000)).isSameAs(back);
    }

    @Test
    void aBackwardSeekBeyondBackSeekMaxWrapsAndLosesToAnyForwardRequest() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("t");
        CfqRq wrapped = read(h, t, 100_000 - 32_769);   // back_seek_max 16384 KiB = 32768 sectors
        CfqRq farAhead = read(h, t, 900_000_000);
        assertThat(h.cfqd.requests.chooseReq(wrapped, farAhead, 100_000)).isSameAs(farAhead);
        CfqRq justInside = read(h, t, 100_000 - 32_768);
        assertThat(h.cfqd.requests.chooseReq(justInside, farAhead, 100_000)).isSameAs(justInside);
    }

    @Test
    void whenBothAreFarBehindTheOneFurtherBackGoesFirst() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("t");
        CfqRq a = read(h, t, 20);
        CfqRq b = read(h, t, 10);
        assertThat(h.cfqd.requests.chooseReq(a, b, 1_000_000)).isSameAs(b);
    }

    @Test
    void equalCostsGoToTheHigherSector() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("t");
        CfqRq behind = read(h, t, 90);   // 10 behind: 20
        CfqRq ahead = read(h, t, 120);   // 20 ahead
        assertThat(h.cfqd.requests.chooseReq(behind, ahead, 100)).isSameAs(ahead);
        assertThat(h.cfqd.requests.chooseReq(ahead, behind, 100)).isSameAs(ahead);
    }

    @Test
    void aQueueIsServedInOneAscendingSweep() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("t");
        Request r300 = h.read(t, 300);
        Request r100 = h.read(t, 100);
        Request r200 = h.read(t, 200);
        assertThat(h.dispatchOne()).isSameAs(r100);
        assertThat(h.dispatchOne()).isSameAs(r200);
        assertThat(h.dispatchOne()).isSameAs(r300);
    }

    @Test
    void fifoExpiredReadIsDispatchedBeforeSectorOrder() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("t");
        Request old = h.read(t, 5000);
        h.advanceJiffies(31);
        Request near = h.read(t, 100);
        assertThat(h.dispatchOne()).isSameAs(old);
        assertThat(h.dispatchOne()).isSameAs(near);
    }

    @Test
    void anUnexpiredFifoLeavesSectorOrderAlone() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("t");
        h.read(t, 5000);
        h.advanceJiffies(30);
        Request near = h.read(t, 100);
        assertThat(h.dispatchOne()).isSameAs(near);
    }

    @Test
    void theFifoIsCheckedOnlyOncePerSlice() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("t");
        Request a = h.read(t, 5000);
        Request b = h.read(t, 100);
        h.advanceJiffies(32);
        Request c = h.read(t, 5008);
        assertThat(h.dispatchOne()).isSameAs(a);
        // b expired too, but the FIFO was checked for this slice: sector order resumes
        assertThat(h.dispatchOne()).isSameAs(c);
        assertThat(h.dispatchOne()).isSameAs(b);
    }

    @Test
    void anAliasAtTheSameSectorGoesStraightToTheDispatchQueue() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("t");
        Request first = h.read(t, 100);
        Request alias = h.read(t, 100);
        assertThat(h.ctx.dispatched()).containsExactly(first);
        assertThat(CfqRq.of(alias).queued).isTrue();
        assertThat(h.cfqd.rqQueued).isEqualTo(1);
    }

    @Test
    void aFrontMergeCandidateIsTheBiosOwnQueuedRequestStartingWhereTheBioEnds() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("t");
        Request rq = h.read(t, 100);
        assertThat(h.cfq.findFrontMerge(new Bio(Op.READ, 0, 92, 8, t, (b, x) -> { }))).isSameAs(rq);
        assertThat(h.cfq.findFrontMerge(new Bio(Op.READ, 0, 90, 8, t, (b, x) -> { }))).isNull();
        assertThat(h.cfq.findFrontMerge(new Bio(Op.READ, 0, 92, 8, h.task("other"), (b, x) -> { }))).isNull();
    }

    @Test
    void aFrontMergeReSortsTheRequest() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("t");
        Request a = h.read(t, 50);
        Request b = h.read(t, 100);
        b.prependBio(new Bio(Op.READ, 0, 40, 60, t, (x, y) -> { }));
        h.cfq.merged(b, true);
        assertThat(CfqRq.of(b).sortKey).isEqualTo(40);
        assertThat(h.cfq.latterRequest(b)).isSameAs(a);
        assertThat(h.cfq.formerRequest(a)).isSameAs(b);
    }

    @Test
    void mergesStayInsideTheBiosOwnQueueAndNeverPutSyncIntoAsync() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("t");
        Request read = h.read(t, 100);
        Request write = h.asyncWrite(t, 1000);
        assertThat(h.cfq.allowMerge(read, new Bio(Op.READ, 0, 108, 8, t, (b, x) -> { }))).isTrue();
        assertThat(h.cfq.allowMerge(read, new Bio(Op.READ, 0, 108, 8, h.task("o"), (b, x) -> { }))).isFalse();
        assertThat(h.cfq.allowMerge(write, new Bio(Op.WRITE, RequestFlags.SYNC, 1008, 8, t, (b, x) -> { })))
                .isFalse();
        assertThat(h.cfq.allowMerge(write, new Bio(Op.WRITE, 0, 1008, 8, t, (b, x) -> { }))).isTrue();
    }

    @Test
    void theSurvivorOfARequestMergeKeepsTheOlderFifoTime() {
        CfqHarness h = CfqHarness.defaults();
        Task t = h.task("t");
        Request next = h.read(t, 108);
        h.advanceJiffies(5);
        Request rq = h.read(t, 100);
        long olderFifo = CfqRq.of(next).fifoTime;
        rq.absorb(next);
        h.cfq.requestsMerged(rq, next);
        h.cfq.putRequest(next);
        assertThat(CfqRq.of(rq).fifoTime).isEqualTo(olderFifo);
        assertThat(h.queueOf(rq).fifoFirst()).isSameAs(CfqRq.of(rq));
        assertThat(h.cfqd.rqQueued).isEqualTo(1);
        assertThat(h.queueOf(rq).nextRq).isSameAs(CfqRq.of(rq));
    }
}
