package org.iosched.scheduler.deadline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.iosched.scheduler.deadline.Dispatches.drain;
import static org.iosched.scheduler.deadline.Dispatches.next;

import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.testkit.FakeSchedulerContext;
import org.iosched.testkit.Requests;
import org.junit.jupiter.api.Test;

/** Deadline's part in merging: front-merge lookup, re-sorting, coalesced requests, aliases, neighbours. */
class DeadlineMergeTest {
    private static final long MS = 1_000_000L;

    private final FakeSchedulerContext context = FakeSchedulerContext.create();
    private final Requests requests = Requests.atTimeZero();

    private DeadlineScheduler deadline(boolean frontMerges) {
        return new DeadlineScheduler(context, new DeadlineTunables(500, 5000, 2, frontMerges, 16));
    }

    @Test
    void frontMergeCandidateIsTheQueuedRequestThatStartsWhereTheBioEnds() {
        DeadlineScheduler deadline = deadline(true);
        Request queued = requests.read(1000);
        deadline.add(queued);

        assertThat(deadline.findFrontMerge(requests.bio(Op.READ, 0, 992, 8))).isSameAs(queued);
        assertThat(deadline.findFrontMerge(requests.bio(Op.READ, 0, 990, 8))).as("ends at 998").isNull();
        assertThat(deadline.findFrontMerge(requests.bio(Op.READ, 0, 1008, 8))).as("a back merge").isNull();
    }

    @Test
    void frontMergeLooksOnlyInTheBiosDirection() {
        DeadlineScheduler deadline = deadline(true);
        Request write = requests.write(1000);
        deadline.add(write);
        deadline.add(requests.request(Op.DISCARD, 0, 2000, 8));

        assertThat(deadline.findFrontMerge(requests.bio(Op.READ, 0, 992, 8))).isNull();
        assertThat(deadline.findFrontMerge(requests.bio(Op.WRITE, RequestFlags.SYNC, 992, 8))).isSameAs(write);
        assertThat(deadline.findFrontMerge(requests.bio(Op.WRITE, 0, 1992, 8))).as("discard and data never merge").isNull();
    }

    @Test
    void frontMergesOffFindsNoCandidate() {
        DeadlineScheduler deadline = deadline(false);
        deadline.add(requests.read(1000));

        assertThat(deadline.findFrontMerge(requests.bio(Op.READ, 0, 992, 8))).isNull();
    }

    @Test
    void requestMarkedNoMergeIsNoFrontMergeCandidate() {
        DeadlineScheduler deadline = deadline(true);
        Request queued = requests.read(1000);
        queued.addFlags(RequestFlags.NOMERGE);
        deadline.add(queued);

        assertThat(deadline.findFrontMerge(requests.bio(Op.READ, 0, 992, 8))).isNull();
    }

    @Test
    void frontMergedRequestIsResortedByItsNewStartSector() {
        DeadlineScheduler deadline = deadline(true);
        Request low = requests.read(1000);
        Request grown = requests.read(2000);
        deadline.add(low);
        deadline.add(grown);
        Bio bio = requests.bio(Op.READ, 0, 1500, 500);

        Request target = deadline.findFrontMerge(bio);
        target.prependBio(bio);
        deadline.merged(target, true);
        Request middle = requests.read(1700);
        deadline.add(middle);

        assertThat(deadline.formerRequest(middle)).isSameAs(grown);
        assertThat(drain(deadline, context)).containsExactly("R1000", "R1500", "R1700");
    }

    @Test
    void backMergeLeavesTheSortOrderAlone() {
        DeadlineScheduler deadline = deadline(true);
        Request grown = requests.read(1000);
        deadline.add(grown);
        deadline.add(requests.read(3000));

        grown.appendBio(requests.bio(Op.READ, 0, 1008, 8));
        deadline.merged(grown, false);

        assertThat(drain(deadline, context)).containsExactly("R1000", "R3000");
    }

    @Test
    void formerRequestIsFoundByTheOldPositionBeforeAFrontMergedRequestIsResorted() {
        // __make_request tries attempt_front_merge before elv_merged_request re-sorts the request
        DeadlineScheduler deadline = deadline(true);
        Request former = requests.read(1000);
        Request grown = requests.read(1016);
        deadline.add(former);
        deadline.add(grown);
        grown.prependBio(requests.bio(Op.READ, 0, 1008, 8));

        assertThat(deadline.formerRequest(grown)).isSameAs(former);
        former.absorb(grown);
        deadline.requestsMerged(former, grown);

        assertThat(grown.schedulerData()).isNull();
        assertThat(drain(deadline, context)).containsExactly("R1000");
    }

    @Test
    void mergedRequestTakesTheEarlierDeadlineAndFifoSlotOfTheRequestItAbsorbs() {
        DeadlineScheduler deadline = deadline(true);
        Request absorbed = requests.read(1008);
        deadline.add(absorbed);
        context.advanceMillis(100);
        deadline.add(requests.read(2000));
        context.advanceMillis(100);
        Request survivor = requests.read(1000);
        deadline.add(survivor);

        survivor.absorb(absorbed);
        deadline.requestsMerged(survivor, absorbed);

        assertThat(survivor.fifoTime()).isEqualTo(500 * MS);
        // the survivor is now the oldest: the first sweep starts at it and takes R2000 on the way up
        assertThat(drain(deadline, context)).containsExactly("R1000", "R2000");
    }

    @Test
    void mergedRequestKeepsItsDeadlineAndFifoSlotWhenItExpiresFirst() {
        DeadlineScheduler deadline = deadline(true);
        deadline.add(requests.read(2000));
        context.advanceMillis(100);
        Request survivor = requests.read(1000);
        deadline.add(survivor);
        context.advanceMillis(100);
        Request absorbed = requests.read(1008);
        deadline.add(absorbed);

        survivor.absorb(absorbed);
        deadline.requestsMerged(survivor, absorbed);

        assertThat(survivor.fifoTime()).isEqualTo(600 * MS);
        assertThat(drain(deadline, context)).containsExactly("R2000", "R1000");
    }

    @Test
    void mergedRequestKeepsItsFifoSlotWhenBothExpireInTheSameJiffy() {
        // time_before is strict: equal deadlines move nothing
        DeadlineScheduler deadline = deadline(true);
        Request absorbed = requests.read(1008);
        deadline.add(absorbed);
        deadline.add(requests.read(2000));
        Request survivor = requests.read(1000);
        deadline.add(survivor);

        survivor.absorb(absorbed);
        deadline.requestsMerged(survivor, absorbed);

        assertThat(drain(deadline, context)).containsExactly("R2000", "R1000");
    }

    @Test
    void absorbedRequestThatWasNextInTheSweepIsReplacedByItsSuccessor() {
        DeadlineScheduler deadline = deadline(true);
        deadline.add(requests.read(1000));
        Request absorbed = requests.read(2008);
        deadline.add(absorbed);
        deadline.add(requests.read(3000));
        assertThat(next(deadline, context)).isEqualTo("R1000");
        Request survivor = requests.read(2000);
        deadline.add(survivor);

        survivor.absorb(absorbed);
        deadline.requestsMerged(survivor, absorbed);

        // next_rq moved from the absorbed R2008 to R3000; R2000 lies behind the sweep
        assertThat(drain(deadline, context)).containsExactly("R3000", "R2000");
    }

    @Test
    void aliasesStayQueuedAndLeaveInArrivalOrder() {
        DeadlineScheduler deadline = deadline(true);
        Request first = requests.read(500);
        Request second = requests.request(Op.READ, 0, 500, 16);
        Request third = requests.request(Op.READ, 0, 500, 32);
        deadline.add(requests.read(100));
        deadline.add(first);
        deadline.add(second);
        deadline.add(third);

        assertThat(context.dispatchQueueLength()).as("nothing dispatched at insertion").isZero();
        assertThat(deadline.findFrontMerge(requests.bio(Op.READ, 0, 492, 8))).as("oldest alias").isSameAs(first);
        assertThat(deadline.latterRequest(first)).isSameAs(second);
        assertThat(deadline.formerRequest(third)).isSameAs(second);
        while (deadline.hasQueued()) {
            deadline.dispatch(false);
        }
        assertThat(context.dispatchQueue()).extracting(Request::sectors).containsExactly(8, 8, 16, 32);
    }

    @Test
    void resortedRequestGoesBehindAliasesAlreadyAtItsNewSector() {
        DeadlineScheduler deadline = deadline(true);
        Request resident = requests.read(500);
        Request grown = requests.read(508);
        deadline.add(grown);
        deadline.add(resident);
        grown.prependBio(requests.bio(Op.READ, 0, 500, 8));
        deadline.merged(grown, true);

        assertThat(deadline.latterRequest(resident)).isSameAs(grown);
        assertThat(deadline.formerRequest(grown)).isSameAs(resident);
    }

    @Test
    void formerAndLatterRequestsFollowSectorOrderWithinADirection() {
        DeadlineScheduler deadline = deadline(true);
        Request low = requests.read(100);
        Request high = requests.read(300);
        Request write = requests.write(200);
        deadline.add(high);
        deadline.add(write);
        deadline.add(low);

        assertThat(deadline.formerRequest(high)).isSameAs(low);
        assertThat(deadline.latterRequest(low)).isSameAs(high);
        assertThat(deadline.formerRequest(low)).isNull();
        assertThat(deadline.latterRequest(high)).isNull();
        assertThat(deadline.formerRequest(write)).isNull();
    }

    @Test
    void hooksRefuseARequestThatIsNotQueued() {
        DeadlineScheduler deadline = deadline(true);
        Request stranger = requests.read(100);

        assertThatIllegalStateException().isThrownBy(() -> deadline.formerRequest(stranger))
                .withMessageContaining("not queued");
        assertThatIllegalStateException().isThrownBy(() -> deadline.merged(stranger, true))
                .withMessageContaining("not queued");
    }
}
