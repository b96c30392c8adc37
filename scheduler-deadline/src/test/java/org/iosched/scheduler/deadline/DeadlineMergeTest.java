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
    void aliasIsDispatchedAtInsertionAndTheBatchContinuesFromItsSuccessor() {
        DeadlineScheduler deadline = deadline(true);
        Request first = requests.read(500);
        Request alias = requests.request(Op.READ, 0, 500, 16);
        deadline.add(first);
        deadline.add(requests.read(700));
        deadline.add(requests.read(100));
        deadline.add(alias);

        assertThat(context.dispatchQueue()).as("the queued request at sector 500 leaves at once").containsExactly(first);
        context.take();
        assertThat(deadline.findFrontMerge(requests.bio(Op.READ, 0, 492, 8))).isSameAs(alias);
        assertThat(deadline.latterRequest(alias)).extracting(Request::sector).isEqualTo(700L);
        // next_rq is R700, the alias's successor: the sweep goes on there, not at the FIFO head R100
        assertThat(drain(deadline, context)).containsExactly("R700", "R100", "R500");
    }

    @Test
    void aliasOfTheOtherDirectionTurnsTheBatchIntoItsDirection() {
        DeadlineScheduler deadline = deadline(true);
        Request queuedWrite = requests.write(1000);
        for (long sector : new long[] {100, 200, 300}) {
            deadline.add(requests.read(sector));
        }
        deadline.add(queuedWrite);
        deadline.add(requests.write(2000));
        assertThat(next(deadline, context)).isEqualTo("R100");

        deadline.add(requests.request(Op.WRITE, 0, 1000, 16));

        assertThat(context.take()).isSameAs(queuedWrite);
        // next_rq[WRITE] = W2000 and next_rq[READ] is cleared, as deadline_move_request leaves them
        assertThat(drain(deadline, context)).containsExactly("W2000", "R200", "R300", "W1000");
    }

    @Test
    void aliasDispatchIsNotCountedInTheBatch() {
        // fifo_batch 2, writes_starved 0: a new batch goes to the writes whenever one is queued
        DeadlineScheduler deadline = new DeadlineScheduler(context, new DeadlineTunables(500, 5000, 0, true, 2));
        for (long sector : new long[] {100, 200, 300}) {
            deadline.add(requests.read(sector));
        }
        assertThat(next(deadline, context)).isEqualTo("R100");
        deadline.add(requests.write(5000));

        deadline.add(requests.request(Op.READ, 0, 200, 16));
        assertThat(Dispatches.label(context.take())).isEqualTo("R200");

        // the batch holds R100 only, so R300 still belongs to it; then the writes' batch
        assertThat(drain(deadline, context)).containsExactly("R300", "W5000", "R200");
    }

    @Test
    void frontMergeOntoAQueuedSectorDispatchesTheRequestQueuedThere() {
        DeadlineScheduler deadline = deadline(true);
        Request resident = requests.read(500);
        Request grown = requests.read(508);
        deadline.add(grown);
        deadline.add(resident);
        deadline.add(requests.read(900));
        grown.prependBio(requests.bio(Op.READ, 0, 500, 8));
        deadline.merged(grown, true);

        assertThat(context.dispatchQueue()).containsExactly(resident);
        context.take();
        assertThat(deadline.formerRequest(grown)).isNull();
        assertThat(drain(deadline, context)).as("the batch goes on after the alias").containsExactly("R900", "R500");
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
