package org.iosched.scheduler.deadline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.iosched.scheduler.deadline.Dispatches.drain;
import static org.iosched.scheduler.deadline.Dispatches.next;

import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.testkit.FakeSchedulerContext;
import org.iosched.testkit.Requests;
import org.junit.jupiter.api.Test;

/** How deadline chooses what to dispatch: batches, sweeps, directions, starvation and expiry. */
class DeadlineDispatchTest {
    private static final long MS = 1_000_000L;

    private final FakeSchedulerContext context = FakeSchedulerContext.create();
    private final Requests requests = Requests.atTimeZero();

    private DeadlineScheduler deadline(int fifoBatch, int writesStarved) {
        return new DeadlineScheduler(context, new DeadlineTunables(500, 5000, writesStarved, true, fifoBatch));
    }

    private DeadlineScheduler deadline() {
        return new DeadlineScheduler(context, DeadlineTunables.defaults());
    }

    @Test
    void requestsWithinABatchAreDispatchedInAscendingSectorOrder() {
        DeadlineScheduler deadline = deadline();
        for (long sector : new long[] {100, 400, 200, 300}) {
            deadline.add(requests.read(sector));
        }

        assertThat(drain(deadline, context)).containsExactly("R100", "R200", "R300", "R400");
    }

    @Test
    void sweepEndsAtTheHighestSectorAndRestartsAtTheOldestRequestWithoutWrapAround() {
        DeadlineScheduler deadline = deadline();
        for (long sector : new long[] {700, 300, 900, 500, 100}) {
            deadline.add(requests.read(sector));
        }

        // first sweep from the oldest (700) up; then from the oldest left (300) up; then 100
        assertThat(drain(deadline, context)).containsExactly("R700", "R900", "R300", "R500", "R100");
    }

    @Test
    void batchContinuesFromNextRqEvenWhenAnOlderRequestHasExpired() {
        DeadlineScheduler deadline = deadline();
        deadline.add(requests.read(5000));
        deadline.add(requests.read(100));
        deadline.add(requests.read(6000));
        assertThat(next(deadline, context)).isEqualTo("R5000");

        context.advanceMillis(600);

        // R100 is the expired FIFO head, but expiry is only checked when a batch starts
        assertThat(drain(deadline, context)).containsExactly("R6000", "R100");
    }

    @Test
    void batchEndsAfterFifoBatchRequestsEvenWhenTheSweepCouldGoOn() {
        DeadlineScheduler deadline = deadline(2, 2);
        for (long sector : new long[] {100, 200, 300, 400, 500}) {
            deadline.add(requests.read(sector));
        }
        deadline.add(requests.write(50));

        // a read batch of 2, another of 2 (starved 1, 2), then writes get their batch, then the last read
        assertThat(drain(deadline, context)).containsExactly("R100", "R200", "R300", "R400", "W50", "R500");
    }

    @Test
    void readsArePreferredOverWritesUntilWritesStarvedReadBatchesHaveStarted() {
        DeadlineScheduler deadline = deadline();
        // descending sectors: every sweep ends after one request, so every request is a batch of its own
        for (long sector : new long[] {9000, 8000, 7000, 6000, 5000}) {
            deadline.add(requests.read(sector));
        }
        deadline.add(requests.write(900));
        deadline.add(requests.write(800));

        assertThat(drain(deadline, context))
                .containsExactly("R9000", "R8000", "W900", "R7000", "R6000", "W800", "R5000");
    }

    @Test
    void writesStarvedZeroGivesWritesEveryBatchWhileAnyWriteIsQueued() {
        DeadlineScheduler deadline = deadline(16, 0);
        deadline.add(requests.read(9000));
        deadline.add(requests.read(8000));
        deadline.add(requests.write(900));
        deadline.add(requests.write(800));

        assertThat(drain(deadline, context)).containsExactly("W900", "W800", "R9000", "R8000");
    }

    @Test
    void batchStaysInOneDirectionAlthoughTheOtherHasHigherSectorsQueued() {
        DeadlineScheduler deadline = deadline();
        deadline.add(requests.read(100));
        deadline.add(requests.write(150));
        deadline.add(requests.read(200));
        deadline.add(requests.write(250));

        assertThat(drain(deadline, context)).containsExactly("R100", "R200", "W150", "W250");
    }

    @Test
    void expiredFifoHeadIsServedAtTheNextBatchStartInsteadOfTheSweep() {
        DeadlineScheduler deadline = deadline(2, 2);
        addSweepWithOlderLowRequest(deadline);
        assertThat(next(deadline, context)).isEqualTo("R1000");
        assertThat(next(deadline, context)).isEqualTo("R2000");

        context.advanceMillis(600);

        assertThat(drain(deadline, context)).containsExactly("R50", "R3000");
    }

    @Test
    void unexpiredFifoHeadWaitsWhileTheSweepGoesOnAtTheNextBatchStart() {
        DeadlineScheduler deadline = deadline(2, 2);
        addSweepWithOlderLowRequest(deadline);

        assertThat(drain(deadline, context)).containsExactly("R1000", "R2000", "R3000", "R50");
    }

    @Test
    void requestExpiresOnlyOnceTheJiffyOfItsDeadlineHasPassed() {
        // HZ=250: read_expire 500 ms is 125 jiffies of 4 ms; added in jiffy 0, the deadline is jiffy 125
        DeadlineScheduler deadline = deadline(2, 2);
        addSweepWithOlderLowRequest(deadline);
        next(deadline, context);
        next(deadline, context);

        context.advanceTo(504 * MS - 1);
        assertThat(next(deadline, context)).as("still in jiffy 125 (time_after is strict)").isEqualTo("R3000");
    }

    @Test
    void requestIsExpiredFromTheFirstNanosecondOfTheJiffyAfterItsDeadline() {
        DeadlineScheduler deadline = deadline(2, 2);
        addSweepWithOlderLowRequest(deadline);
        next(deadline, context);
        next(deadline, context);

        context.advanceTo(504 * MS);

        assertThat(next(deadline, context)).isEqualTo("R50");
    }

    @Test
    void expiredWriteHeadIsServedAtTheNextWriteBatchStart() {
        DeadlineScheduler deadline = deadline(2, 2);
        deadline.add(requests.write(1000));
        deadline.add(requests.write(2000));
        deadline.add(requests.write(50));
        deadline.add(requests.write(3000));
        assertThat(next(deadline, context)).isEqualTo("W1000");
        assertThat(next(deadline, context)).isEqualTo("W2000");

        context.advanceMillis(5004);

        assertThat(drain(deadline, context)).containsExactly("W50", "W3000");
    }

    @Test
    void expiryDoesNotMakeWritesJumpAheadOfReads() {
        DeadlineScheduler deadline = deadline();
        deadline.add(requests.write(100));
        context.advanceMillis(6000);
        deadline.add(requests.read(9000));

        // the write is long expired, but the direction is chosen first, and reads are preferred
        assertThat(drain(deadline, context)).containsExactly("R9000", "W100");
    }

    @Test
    void fifoBatchOfOneStartsANewBatchForEveryRequest() {
        DeadlineScheduler deadline = deadline(1, 2);
        addAscendingReadsAndTwoWrites(deadline);

        assertThat(drain(deadline, context))
                .containsExactly("R100", "R200", "W50", "R300", "R400", "W60", "R500");
    }

    @Test
    void fifoBatchOfSixteenSweepsTheSameRequestsInOneBatch() {
        DeadlineScheduler deadline = deadline(16, 2);
        addAscendingReadsAndTwoWrites(deadline);

        assertThat(drain(deadline, context))
                .containsExactly("R100", "R200", "R300", "R400", "R500", "W50", "W60");
    }

    @Test
    void fifoBatchOfZeroBehavesAsOne() {
        DeadlineScheduler deadline = deadline(0, 2);
        addAscendingReadsAndTwoWrites(deadline);

        assertThat(drain(deadline, context))
                .containsExactly("R100", "R200", "W50", "R300", "R400", "W60", "R500");
    }

    @Test
    void fifoBatchOfOneChecksExpiryBeforeEveryRequest() {
        DeadlineScheduler deadline = deadline(1, 2);
        deadline.add(requests.read(1000));
        deadline.add(requests.read(50));
        deadline.add(requests.read(2000));
        assertThat(next(deadline, context)).isEqualTo("R1000");

        context.advanceMillis(600);

        assertThat(drain(deadline, context)).containsExactly("R50", "R2000");
    }

    @Test
    void directionFollowsTheDataDirectionNotSyncness() {
        DeadlineScheduler deadline = deadline();
        Request syncWrite = requests.request(Op.WRITE, RequestFlags.SYNC, 100, 8);
        Request discard = requests.request(Op.DISCARD, 0, 200, 8);
        Request read = requests.read(300);
        deadline.add(syncWrite);
        deadline.add(discard);
        deadline.add(read);

        assertThat(syncWrite.fifoTime()).as("write_expire").isEqualTo(5000 * MS);
        assertThat(discard.fifoTime()).as("write_expire").isEqualTo(5000 * MS);
        assertThat(read.fifoTime()).as("read_expire").isEqualTo(500 * MS);
        assertThat(drain(deadline, context)).containsExactly("R300", "W100", "W200");
    }

    @Test
    void forceIsIgnoredAndOneRequestMovesPerCall() {
        DeadlineScheduler deadline = deadline();
        deadline.add(requests.read(100));
        deadline.add(requests.read(200));
        deadline.add(requests.write(300));

        assertThat(deadline.dispatch(true)).isEqualTo(1);
        assertThat(context.dispatchQueueLength()).isEqualTo(1);
        assertThat(deadline.hasQueued()).isTrue();
    }

    @Test
    void emptySchedulerDispatchesNothing() {
        DeadlineScheduler deadline = deadline();

        assertThat(deadline.hasQueued()).isFalse();
        assertThat(deadline.dispatch(false)).isZero();
        assertThat(deadline.dispatch(true)).isZero();
        assertThat(context.dispatchQueueLength()).isZero();
    }

    @Test
    void dispatchedRequestIsAppendedAtTheTailAndNoLongerCarriesSchedulerState() {
        DeadlineScheduler deadline = deadline();
        Request first = requests.read(500);
        Request second = requests.read(100);
        deadline.add(first);
        deadline.add(second);

        deadline.dispatch(false);
        deadline.dispatch(false);

        assertThat(context.dispatchQueue()).containsExactly(first, second);
        assertThat(first.schedulerData()).isNull();
        assertThat(second.schedulerData()).isNull();
        assertThat(deadline.hasQueued()).isFalse();
    }

    @Test
    void addingARequestThatIsAlreadyQueuedIsRefused() {
        DeadlineScheduler deadline = deadline();
        Request rq = requests.read(100);
        deadline.add(rq);

        assertThatIllegalStateException().isThrownBy(() -> deadline.add(rq))
                .withMessageContaining("already queued");
    }

    /** FIFO order R1000, R2000, R50, R3000: a sweep from 1000 would reach 3000 before the older R50. */
    private void addSweepWithOlderLowRequest(DeadlineScheduler deadline) {
        deadline.add(requests.read(1000));
        deadline.add(requests.read(2000));
        deadline.add(requests.read(50));
        deadline.add(requests.read(3000));
    }

    private void addAscendingReadsAndTwoWrites(DeadlineScheduler deadline) {
        for (long sector : new long[] {100, 200, 300, 400, 500}) {
            deadline.add(requests.read(sector));
        }
        deadline.add(requests.write(50));
        deadline.add(requests.write(60));
    }
}
