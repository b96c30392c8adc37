package org.iosched.scheduler.deadline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.iosched.scheduler.deadline.Dispatches.drain;
import static org.iosched.scheduler.deadline.Dispatches.next;

import org.iosched.testkit.FakeSchedulerContext;
import org.iosched.testkit.Requests;
import org.junit.jupiter.api.Test;

/** The scheduler messages deadline writes into the block trace. */
class DeadlineTraceTest {
    private final Requests requests = Requests.atTimeZero();

    @Test
    void batchStartNamesTheDirectionWhereTheSweepStartsAndHowManyAreQueued() {
        FakeSchedulerContext context = FakeSchedulerContext.create();
        DeadlineScheduler deadline = new DeadlineScheduler(context, DeadlineTunables.defaults());
        deadline.add(requests.read(300));
        deadline.add(requests.read(100));
        deadline.add(requests.write(50));

        next(deadline, context);
        next(deadline, context);

        assertThat(context.timedMessages()).containsExactly(
                "0 deadline READ batch start at sector 300, 2 queued, starved 1",
                "0 deadline READ batch start at sector 100, 1 queued, starved 2");
    }

    @Test
    void directionSwitchSaysWhyAndHowLongTheLastBatchWas() {
        FakeSchedulerContext context = FakeSchedulerContext.create();
        DeadlineScheduler deadline = new DeadlineScheduler(context, DeadlineTunables.defaults());
        deadline.add(requests.read(100));
        deadline.add(requests.read(200));
        deadline.add(requests.write(50));
        deadline.add(requests.read(10));

        drain(deadline, context);

        assertThat(context.timedMessages()).containsExactly(
                "0 deadline READ batch start at sector 100, 3 queued, starved 1",
                "0 deadline READ batch start at sector 10, 1 queued, starved 2",
                "0 deadline switch READ -> WRITE after a 1-request READ batch",
                "0 deadline WRITE batch start at sector 50, 1 queued, starved 0");
    }

    @Test
    void switchForcedByStarvedWritesSaysSo() {
        FakeSchedulerContext context = FakeSchedulerContext.create();
        DeadlineScheduler deadline = new DeadlineScheduler(context, DeadlineTunables.defaults());
        for (long sector : new long[] {9000, 8000, 7000}) {
            deadline.add(requests.read(sector));
        }
        deadline.add(requests.write(50));

        drain(deadline, context);

        assertThat(context.timedMessages()).containsExactly(
                "0 deadline READ batch start at sector 9000, 3 queued, starved 1",
                "0 deadline READ batch start at sector 8000, 2 queued, starved 2",
                "0 deadline switch READ -> WRITE after a 1-request READ batch, writes starved",
                "0 deadline WRITE batch start at sector 50, 1 queued, starved 0",
                "0 deadline switch WRITE -> READ after a 1-request WRITE batch",
                "0 deadline READ batch start at sector 7000, 1 queued, starved 0");
    }

    @Test
    void expiredFifoHeadIsAnnouncedWithHowLateItIs() {
        FakeSchedulerContext context = FakeSchedulerContext.create();
        DeadlineScheduler deadline = new DeadlineScheduler(context, DeadlineTunables.defaults());
        deadline.add(requests.read(1000));
        deadline.add(requests.read(50));
        deadline.add(requests.read(2000));
        next(deadline, context);
        context.advanceMillis(520);

        drain(deadline, context);

        assertThat(context.timedMessages()).containsExactly(
                "0 deadline READ batch start at sector 1000, 3 queued, starved 0",
                "520000000 deadline READ fifo expired: rq2 R 50 + 8 [fio[100]] is 20 ms past its deadline",
                "520000000 deadline READ batch start at sector 50, 1 queued, starved 0");
    }

    @Test
    void nothingIsWrittenWhenNobodyReadsTheTrace() {
        FakeSchedulerContext context = FakeSchedulerContext.builder().traceEnabled(false).build();
        DeadlineScheduler deadline = new DeadlineScheduler(context, DeadlineTunables.defaults());
        deadline.add(requests.read(100));
        deadline.add(requests.write(50));
        context.advanceMillis(6000);

        drain(deadline, context);

        assertThat(context.timedMessages()).isEmpty();
    }
}
