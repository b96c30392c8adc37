package org.iosched.simulator.block;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iosched.api.MayQueue;
import org.iosched.api.Task;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.KernelClock;
import org.junit.jupiter.api.Test;

class RequestPoolTest {
    private final EventQueue clock = new EventQueue();
    private final RequestPool pool = new RequestPool(clock, new KernelClock(250), 128);
    private final Task filler = QueueHarness.task(1000);
    private final Task other = QueueHarness.task(1001);

    private void take(Task task, boolean sync, int n) {
        for (int i = 0; i < n; i++) {
            assertThat(pool.tryGet(task, sync, MayQueue.MAY)).as("allocation %d", i).isTrue();
        }
    }

    private void advanceTo(long nanos) {
        clock.newTimer(null, () -> { }).arm(nanos);
        clock.run(nanos, () -> false);
    }

    @Test
    void congestionThresholdsAreTheKernels() {
        assertThat(pool.congestionOnThreshold()).isEqualTo(113);
        // nr - nr/8 - nr/16 - 1 = 128 - 16 - 8 - 1 (blk_queue_congestion_threshold)
        assertThat(pool.congestionOffThreshold()).isEqualTo(103);
        assertThat(pool.hardLimit()).isEqualTo(192);
        RequestPool tiny = new RequestPool(clock, new KernelClock(250), 4);
        assertThat(tiny.congestionOnThreshold()).isEqualTo(4);
        assertThat(tiny.congestionOffThreshold()).isEqualTo(3);
    }

    @Test
    void congestionIsFlaggedNearFullAndClearedBelowTheOffThreshold() {
        take(filler, false, 112);
        assertThat(pool.congested(false)).isFalse();
        take(filler, false, 1);
        assertThat(pool.congested(false)).isTrue();
        assertThat(pool.congested(true)).isFalse();

        for (int i = 0; i < 10; i++) {
            pool.put(false);
        }
        assertThat(pool.count(false)).isEqualTo(103);
        assertThat(pool.congested(false)).isTrue();
        pool.put(false);
        assertThat(pool.congested(false)).isFalse();
    }

    @Test
    void theTaskThatFillsThePoolMayTake32MoreWithin20Milliseconds() {
        take(filler, true, 128);
        assertThat(pool.full(true)).isTrue();
        assertThat(pool.tryGet(other, true, MayQueue.MAY)).isFalse();

        take(filler, true, 31);
        assertThat(pool.tryGet(filler, true, MayQueue.MAY)).isFalse();
        assertThat(pool.count(true)).isEqualTo(159);
    }

    @Test
    void aBatcherLosesItsCreditAfterTheBatchTime() {
        take(filler, true, 128);
        take(filler, true, 2);
        advanceTo(20_000_000);

        assertThat(pool.tryGet(filler, true, MayQueue.MAY)).isFalse();
    }

    @Test
    void mustBypassesTheFullPoolButNotTheHardLimit() {
        take(filler, false, 128);
        take(filler, false, 31);
        assertThat(pool.tryGet(other, false, MayQueue.MUST)).isTrue();
        for (int i = pool.count(false); i < 192; i++) {
            assertThat(pool.tryGet(other, false, MayQueue.MUST)).isTrue();
        }

        assertThat(pool.tryGet(other, false, MayQueue.MUST)).isFalse();
        assertThat(pool.count(false)).isEqualTo(192);
    }

    @Test
    void aFreeBelowTheLimitWakesOneWaiterAndClearsFull() {
        take(filler, true, 128);
        List<String> woken = new ArrayList<>();
        Waiter first = waiter(true, "first", woken);
        Waiter second = waiter(true, "second", woken);
        pool.sleep(first);
        pool.sleep(second);

        pool.put(true);
        assertThat(pool.full(true)).isFalse();
        assertThat(pool.waiting()).isEqualTo(1);
        clock.run(Long.MAX_VALUE, () -> false);
        assertThat(woken).containsExactly("first");
    }

    @Test
    void aStarvedKindIsWokenByFreesOfTheOtherKind() {
        assertThat(pool.tryGet(other, true, MayQueue.NO)).isFalse();
        List<String> woken = new ArrayList<>();
        pool.sleep(waiter(true, "sync waiter", woken));
        take(filler, false, 1);

        pool.put(false);
        clock.run(Long.MAX_VALUE, () -> false);

        assertThat(woken).containsExactly("sync waiter");
    }

    private Waiter waiter(boolean sync, String name, List<String> woken) {
        Waiter w = new Waiter();
        w.sync = sync;
        w.wakeTimer = clock.newTimer(null, () -> woken.add(name));
        return w;
    }
}
