package org.iosched.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.Timer;
import org.junit.jupiter.api.Test;

class FakeSchedulerContextTest {
    private static final long MS = 1_000_000L;
    private final FakeSchedulerContext context = FakeSchedulerContext.create();
    private final Requests requests = Requests.on(context);
    private final List<String> fired = new ArrayList<>();

    private static List<Long> sectors(List<Request> queue) {
        List<Long> sectors = new ArrayList<>();
        for (Request rq : queue) {
            sectors.add(rq.sector());
        }
        return sectors;
    }

    // ---- clock and timers

    @Test
    void timersFireInOrderOfTimeThenOfArmingAsTheClockAdvances() {
        Timer late = context.newTimer(() -> fired.add("late@" + context.now()));
        Timer second = context.newTimer(() -> fired.add("second@" + context.now()));
        Timer first = context.newTimer(() -> fired.add("first@" + context.now()));
        late.arm(30 * MS);
        first.arm(10 * MS);
        second.arm(10 * MS);

        context.advanceMillis(20);

        assertThat(fired).containsExactly("first@10000000", "second@10000000");
        assertThat(context.now()).isEqualTo(20 * MS);
        assertThat(late.isPending()).isTrue();
        context.advanceTo(30 * MS);
        assertThat(fired).endsWith("late@30000000");
    }

    @Test
    void aTimerIsReusableAndReArmingReplacesThePendingFiring() {
        Timer timer = context.newTimer(() -> fired.add("at " + context.now()));
        timer.arm(5 * MS);
        timer.arm(8 * MS);
        assertThat(timer.expiresAt()).isEqualTo(8 * MS);

        context.advanceMillis(10);
        timer.arm(12 * MS);
        context.advanceMillis(10);

        assertThat(fired).containsExactly("at 8000000", "at 12000000");
        assertThat(timer.isPending()).isFalse();
        assertThat(timer.expiresAt()).isEqualTo(-1);
    }

    @Test
    void aCancelledTimerDoesNotFire() {
        Timer timer = context.newTimer(() -> fired.add("fired"));
        timer.arm(5 * MS);
        timer.cancel();
        context.advanceMillis(10);
        assertThat(fired).isEmpty();
        assertThat(timer.isPending()).isFalse();
    }

    @Test
    void aTimerArmedForAPastTimeFiresAtTheCurrentTime() {
        context.advanceMillis(10);
        Timer timer = context.newTimer(() -> fired.add("at " + context.now()));
        timer.arm(3 * MS);
        assertThat(timer.expiresAt()).isEqualTo(10 * MS);
        context.advanceBy(0);
        assertThat(fired).containsExactly("at 10000000");
    }

    @Test
    void aTimerIsNotPendingInItsOwnCallbackAndMayReArmItself() {
        Timer[] timer = new Timer[1];
        timer[0] = context.newTimer(() -> {
            fired.add("pending=" + timer[0].isPending());
            if (context.now() < 3 * MS) {
                timer[0].arm(context.now() + MS);
            }
        });
        timer[0].arm(MS);
        context.advanceMillis(10);
        assertThat(fired).containsExactly("pending=false", "pending=false", "pending=false");
    }

    @Test
    void scheduledActionsAndTimersShareOneOrder() {
        Timer timer = context.newTimer(() -> fired.add("timer"));
        context.schedule(2 * MS, () -> fired.add("action armed first"));
        timer.arm(2 * MS);
        context.schedule(MS, () -> fired.add("earlier action"));

        assertThat(context.nextEventTime()).isEqualTo(MS);
        while (context.runNext()) {
            fired.add("now " + context.now());
        }
        assertThat(fired).containsExactly("earlier action", "now 1000000", "action armed first", "now 2000000",
                "timer", "now 2000000");
        assertThat(context.nextEventTime()).isEqualTo(-1);
    }

    @Test
    void theClockNeverRunsBackwards() {
        context.advanceMillis(5);
        assertThatThrownBy(() -> context.advanceTo(MS)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("runs forward");
        assertThatThrownBy(() -> context.advanceBy(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    // ---- kick, device, HZ, random

    @Test
    void kicksAreCountedAndRunTheKickAction() {
        int[] runs = {0};
        context.kick();
        context.onKick(() -> runs[0]++);
        context.kick();
        context.kick();
        assertThat(context.kicks()).isEqualTo(3);
        assertThat(runs[0]).isEqualTo(2);
    }

    @Test
    void theBuilderSetsHzDeviceSeedAndTrace() {
        FakeSchedulerContext custom = FakeSchedulerContext.builder().hz(1000).device(FakeSchedulerContext.SSD)
                .seed(42).traceEnabled(false).build();
        assertThat(custom.hz()).isEqualTo(1000);
        assertThat(custom.device().rotational()).isFalse();
        assertThat(custom.device().queueDepth()).isEqualTo(32);
        assertThat(custom.seed()).isEqualTo(42);
        assertThat(custom.trace().enabled()).isFalse();
        assertThat(context.hz()).isEqualTo(FakeSchedulerContext.DEFAULT_HZ);
        assertThat(context.device()).isEqualTo(FakeSchedulerContext.HDD);
    }

    @Test
    void theRandomStreamIsOneSeededStream() {
        FakeSchedulerContext a = FakeSchedulerContext.builder().seed(7).build();
        FakeSchedulerContext b = FakeSchedulerContext.builder().seed(7).build();
        long first = a.random().nextLong();
        assertThat(b.random().nextLong()).isEqualTo(first);
        assertThat(a.random().nextLong()).as("the same stream, not a new one per call").isNotEqualTo(first);
    }

    // ---- elv_dispatch_sort

    /** The driver took a request ending at {@code end}: the sweep now starts there. */
    private void sweepFrom(long end) {
        Request done = requests.read(end - Requests.SECTORS);
        context.dispatchAddTail(done);
        assertThat(context.take()).isSameAs(done);
        assertThat(context.endSector()).isEqualTo(end);
    }

    @Test
    void dispatchSortKeepsOneAscendingSweepFromTheEndSectorThenWrapsAround() {
        sweepFrom(508);
        for (long sector : new long[] {600, 100, 700, 300, 508}) {
            context.dispatchSort(requests.read(sector));
        }
        assertThat(sectors(context.dispatchQueue())).containsExactly(508L, 600L, 700L, 100L, 300L);
    }

    @Test
    void dispatchSortNeverPassesARequestOfTheOtherDirection() {
        context.dispatchSort(requests.read(100));
        context.dispatchSort(requests.write(50));
        context.dispatchSort(requests.read(20));
        assertThat(context.dispatchQueue()).extracting(rq -> (rq.isWrite() ? "W" : "R") + rq.sector())
                .containsExactly("R100", "W50", "R20");
    }

    @Test
    void dispatchSortNeverPassesADiscardWithAWriteOrTheOtherWayRound() {
        context.dispatchSort(requests.write(100));
        context.dispatchSort(requests.request(Op.DISCARD, 0, 50, 8));
        context.dispatchSort(requests.write(20));
        assertThat(sectors(context.dispatchQueue())).containsExactly(100L, 50L, 20L);
    }

    @Test
    void nothingSortsPastAStartedRequest() {
        sweepFrom(8);
        context.dispatchSort(requests.read(500));
        Request head = context.peek();
        context.dispatchSort(requests.read(100));
        assertThat(head.sector()).isEqualTo(500);
        assertThat(sectors(context.dispatchQueue())).containsExactly(500L, 100L);
    }

    @Test
    void nothingSortsPastARequeuedRequest() {
        context.dispatchSort(requests.read(500));
        Request rq = context.take();
        context.requeue(rq);
        assertThat(context.inDriver()).isZero();
        context.dispatchSort(requests.read(600));
        assertThat(sectors(context.dispatchQueue())).containsExactly(500L, 600L);
    }

    @Test
    void theBoundaryOfAnAddTailMovesTheSweepUntilThatRequestIsStarted() {
        Request a = requests.read(1000);
        Request b = requests.read(2000);
        context.dispatchAddTail(a);
        context.dispatchAddTail(b);
        assertThat(context.endSector()).isEqualTo(2008);
        context.take();
        assertThat(context.endSector()).as("q->boundary_rq is b: taking a leaves the boundary").isEqualTo(2008);
        context.take();
        assertThat(context.endSector()).isEqualTo(2008);
    }

    @Test
    void aRequestMovedTwiceFailsTheTest() {
        Request rq = requests.read(100);
        context.dispatchAddTail(rq);
        assertThatThrownBy(() -> context.dispatchSort(rq)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("dispatched twice");
        context.take();
        assertThatThrownBy(() -> context.dispatchAddTail(rq)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("the driver holds it");
    }

    @Test
    void everyMoveIsRecordedAndReported() {
        List<Request> told = new ArrayList<>();
        context.onDispatch(told::add);
        Request a = requests.read(300);
        Request b = requests.read(100);
        context.dispatchSort(a);
        context.dispatchSort(b);
        assertThat(context.dispatched()).containsExactly(a, b);
        assertThat(told).containsExactly(a, b);
        assertThat(context.dispatchQueueLength()).isEqualTo(2);
        context.clearRecords();
        assertThat(context.dispatched()).isEmpty();
    }

    // ---- the driver

    @Test
    void inDriverCountsFollowTheDriverBySyncAndAsync() {
        Request read = requests.read(100);
        Request write = requests.write(200);
        Request syncWrite = requests.syncWrite(300);
        context.dispatchAddTail(read);
        context.dispatchAddTail(write);
        context.dispatchAddTail(syncWrite);
        context.advanceMillis(3);
        context.take();
        context.take();
        context.take(syncWrite);

        assertThat(context.inDriver()).isEqualTo(3);
        assertThat(context.inDriver(true)).isEqualTo(2);
        assertThat(context.inDriver(false)).isEqualTo(1);
        assertThat(read.dispatchTime()).isEqualTo(3 * MS);
        context.complete(write);
        assertThat(context.inDriver(false)).isZero();
        assertThat(context.dispatchQueueLength()).isZero();
    }

    @Test
    void theDriverCannotCompleteOrTakeWhatItDoesNotHold() {
        Request rq = requests.read(100);
        assertThatThrownBy(() -> context.complete(rq)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("does not hold");
        assertThatThrownBy(() -> context.take(rq)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("not on the dispatch queue");
        assertThat(context.take()).isNull();
        assertThat(context.peek()).isNull();
    }

    @Test
    void allocatedCountsAreWhatTheTestSets() {
        context.setAllocated(true, 3);
        context.setAllocated(false, 5);
        assertThat(context.allocated(true)).isEqualTo(3);
        assertThat(context.allocated(false)).isEqualTo(5);
        assertThatThrownBy(() -> context.setAllocated(true, -1)).isInstanceOf(IllegalArgumentException.class);
    }

    // ---- trace

    @Test
    void theTraceKeepsMessagesWithTheirTimes() {
        context.trace().message("first");
        context.advanceMillis(2);
        context.trace().message("second");
        assertThat(context.messages()).containsExactly("first", "second");
        assertThat(context.timedMessages()).containsExactly("0 first", "2000000 second");
    }

    @Test
    void theTraceCanBeSwitchedOff() {
        assertThat(context.trace().enabled()).isTrue();
        context.setTraceEnabled(false);
        assertThat(context.trace().enabled()).isFalse();
    }
}
