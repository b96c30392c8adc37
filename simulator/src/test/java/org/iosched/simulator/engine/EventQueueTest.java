package org.iosched.simulator.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventQueueTest {
    private final EventQueue queue = new EventQueue();
    private final List<String> fired = new ArrayList<>();

    private SimTimer timer(String name) {
        return queue.newTimer(null, () -> fired.add(name + "@" + queue.now()));
    }

    private EventQueue.Stop runAll() {
        return queue.run(Long.MAX_VALUE, () -> false);
    }

    @Test
    void eventsRunInTimeOrder() {
        timer("c").arm(30);
        timer("a").arm(10);
        timer("b").arm(20);

        assertThat(runAll()).isEqualTo(EventQueue.Stop.EMPTY);
        assertThat(fired).containsExactly("a@10", "b@20", "c@30");
    }

    @Test
    void eventsDueAtTheSameTimeRunInTheOrderTheyWereArmed() {
        for (int i = 0; i < 50; i++) {
            timer("t" + i).arm(100);
        }
        runAll();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            expected.add("t" + i + "@100");
        }
        assertThat(fired).isEqualTo(expected);
    }

    @Test
    void reArmingMovesThePendingFiringInsteadOfAddingOne() {
        SimTimer t = timer("t");
        t.arm(50);
        t.arm(10);
        t.arm(70);

        assertThat(t.isPending()).isTrue();
        assertThat(t.expiresAt()).isEqualTo(70);
        runAll();
        assertThat(fired).containsExactly("t@70");
        assertThat(t.isPending()).isFalse();
        assertThat(t.expiresAt()).isEqualTo(-1);
    }

    @Test
    void aReArmedTimerRunsAfterOthersArmedEarlierForTheSameInstant() {
        SimTimer first = timer("first");
        SimTimer second = timer("second");
        first.arm(10);
        second.arm(10);
        first.arm(10);

        runAll();
        assertThat(fired).containsExactly("second@10", "first@10");
    }

    @Test
    void theEarliestTimerWaitingOutsideTheHeapFiresInItsPlace() {
        // the earliest armed timer waits outside the heap (the front place); every way in and out of it
        SimTimer a = timer("a");
        SimTimer b = timer("b");
        SimTimer c = timer("c");
        SimTimer d = timer("d");
        SimTimer e = timer("e");
        SimTimer f = timer("f");
        c.arm(30);
        b.arm(20); // before c: takes the front, c into the heap
        a.arm(10); // before b: takes the front, b into the heap
        a.arm(25); // the front re-armed behind the heap's first: into the heap, the front empty
        d.arm(20); // a tie with b, armed later: after b
        f.arm(2); // before all: the front
        c.arm(1); // a heap timer re-armed before the front: out of the heap into the front, f back into the heap
        b.cancel(); // cancelled in the heap
        e.arm(0); // the front, c into the heap
        e.cancel(); // cancelled in the front

        assertThat(queue.pending()).isEqualTo(4);
        assertThat(c.expiresAt()).isEqualTo(1);
        assertThat(e.isPending()).isFalse();
        runAll();
        assertThat(fired).containsExactly("c@1", "f@2", "d@20", "a@25");
        assertThat(queue.pending()).isZero();
    }

    @Test
    void cancelledTimersNeverFire() {
        SimTimer a = timer("a");
        SimTimer b = timer("b");
        SimTimer c = timer("c");
        a.arm(10);
        b.arm(20);
        c.arm(30);
        b.cancel();
        b.cancel();

        runAll();
        assertThat(fired).containsExactly("a@10", "c@30");
        assertThat(queue.pending()).isZero();
    }

    @Test
    void aTimerArmedInThePastFiresNowWithoutTimeGoingBackwards() {
        SimTimer late = timer("late");
        queue.newTimer(null, () -> late.arm(5)).arm(100);

        runAll();
        assertThat(fired).containsExactly("late@100");
    }

    @Test
    void callbacksMayArmTimersForTheCurrentInstantWhichRunAfterThem() {
        SimTimer follow = timer("follow");
        queue.newTimer(null, () -> {
            fired.add("first@" + queue.now());
            follow.arm(queue.now());
        }).arm(40);
        timer("sibling").arm(40);

        runAll();
        assertThat(fired).containsExactly("first@40", "sibling@40", "follow@40");
    }

    @Test
    void theRunStopsAtTheTimeLimitWithTheClockAtTheLimit() {
        timer("a").arm(10);
        timer("b").arm(1_000);

        assertThat(queue.run(500, () -> false)).isEqualTo(EventQueue.Stop.TIME_LIMIT);
        assertThat(fired).containsExactly("a@10");
        assertThat(queue.now()).isEqualTo(500);
    }

    @Test
    void theRunStopsWhenTheConditionHoldsAfterAnEvent() {
        timer("a").arm(10);
        timer("b").arm(20);

        assertThat(queue.run(Long.MAX_VALUE, () -> fired.size() == 1)).isEqualTo(EventQueue.Stop.CONDITION);
        assertThat(fired).containsExactly("a@10");
        assertThat(queue.pending()).isEqualTo(1);
    }

    @Test
    void anExceptionInAPluginTimerNamesThePlugin() {
        queue.newTimer("scheduler broken", () -> {
            throw new ArithmeticException("divide by zero");
        }).arm(1);

        assertThatThrownBy(this::runAll)
                .isInstanceOf(PluginFailureException.class)
                .hasMessage("scheduler broken threw ArithmeticException: divide by zero")
                .hasCauseInstanceOf(ArithmeticException.class);
    }

    @Test
    void invariantViolationsPassThroughUnwrapped() {
        queue.newTimer("device fake", () -> {
            throw new InvariantViolationException("device fake completed twice");
        }).arm(1);

        assertThatThrownBy(this::runAll)
                .isExactlyInstanceOf(InvariantViolationException.class)
                .hasMessage("device fake completed twice");
    }

    @Test
    void manyRandomlyArmedAndCancelledTimersFireInOrder() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(7);
        List<Long> times = new ArrayList<>();
        List<SimTimer> timers = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            SimTimer t = queue.newTimer(null, () -> times.add(queue.now()));
            t.arm(random.nextLong(1_000_000));
            timers.add(t);
        }
        for (int i = 0; i < 500; i++) {
            timers.get(random.nextInt(timers.size())).cancel();
        }
        int pending = queue.pending();
        runAll();
        assertThat(times).hasSize(pending).isSorted();
    }

    @Test
    void armingReArmingAndCancellingFromCallbacksKeepsTheExactOrderOfAReferenceQueue() {
        // a reference: the pending firings by (time, arming order); each callback arms, re-arms or cancels others
        java.util.SplittableRandom random = new java.util.SplittableRandom(11);
        java.util.TreeMap<long[], Integer> reference = new java.util.TreeMap<>(
                (a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        java.util.Map<Integer, long[]> keyOf = new java.util.HashMap<>();
        long[] armings = {0};
        List<Integer> fired = new ArrayList<>();
        List<Integer> expected = new ArrayList<>();
        SimTimer[] timers = new SimTimer[300];
        Runnable[] step = new Runnable[1];
        java.util.function.BiConsumer<Integer, Long> arm = (id, at) -> {
            long[] old = keyOf.remove(id);
            if (old != null) {
                reference.remove(old);
            }
            long[] key = {Math.max(at, queue.now()), armings[0]++};
            reference.put(key, id);
            keyOf.put(id, key);
            timers[id].arm(at);
        };
        for (int i = 0; i < timers.length; i++) {
            int id = i;
            timers[i] = queue.newTimer(null, () -> {
                fired.add(id);
                java.util.Map.Entry<long[], Integer> first = reference.pollFirstEntry();
                expected.add(first.getValue());
                keyOf.remove(first.getValue());
                step[0].run();
            });
        }
        step[0] = () -> {
            if (armings[0] > 50_000) {
                return;
            }
            for (int k = 1 + random.nextInt(3); k > 0; k--) {
                int other = random.nextInt(timers.length);
                int what = random.nextInt(10);
                if (what < 7) {
                    // often the same instant or a few ns on, so that ties and re-arms of pending timers are common
                    arm.accept(other, queue.now() + (what < 3 ? 0 : random.nextLong(20)));
                } else if (keyOf.containsKey(other)) {
                    reference.remove(keyOf.remove(other));
                    timers[other].cancel();
                    assertThat(timers[other].isPending()).isFalse();
                }
            }
        };
        for (int i = 0; i < 20; i++) {
            arm.accept(i, (long) i);
        }
        runAll();
        assertThat(fired).hasSizeGreaterThan(20_000).isEqualTo(expected);
        assertThat(queue.pending()).isZero();
        for (SimTimer t : timers) {
            assertThat(t.isPending()).isFalse();
            assertThat(t.expiresAt()).isEqualTo(-1);
        }
    }

    @Test
    void thePollIsAskedEveryPollIntervalEventsAndStopsTheRunAtOnce() {
        SimTimer[] self = new SimTimer[1];
        self[0] = queue.newTimer(null, () -> self[0].arm(queue.now() + 10));
        self[0].arm(0);
        int[] polls = {0};
        long[] seenAt = new long[3];

        EventQueue.Stop stop = queue.run(Long.MAX_VALUE, () -> false, () -> {
            seenAt[polls[0]] = queue.eventsRun();
            return ++polls[0] == 3;
        });

        assertThat(stop).isEqualTo(EventQueue.Stop.INTERRUPTED);
        assertThat(seenAt).containsExactly(1024, 2048, 3072);
        assertThat(queue.now()).isEqualTo(3071 * 10);
        assertThat(self[0].isPending()).isTrue();
    }

    @Test
    void aPluginTimerRunsAsItsTimerHookAndAnOverflowInItNamesThePlugin() {
        HookWatch.Hook[] seen = new HookWatch.Hook[1];
        queue.newTimer("scheduler probe", () -> seen[0] = queue.hooks().current()).arm(5);
        SimTimer[] deep = new SimTimer[1];
        deep[0] = queue.newTimer("scheduler deep", new Runnable() {
            @Override
            public void run() {
                run();
            }
        });
        deep[0].arm(10);

        assertThatThrownBy(this::runAll).isInstanceOf(PluginFailureException.class)
                .hasMessage("scheduler deep overflowed the stack in timer (StackOverflowError: unbounded recursion)");
        assertThat(seen[0]).isEqualTo(new HookWatch.Hook("scheduler probe", "timer"));
        assertThat(queue.hooks().current()).isNull();
        assertThat(queue.hooks().calls()).isEqualTo(2);
    }

    @Test
    void pendingTimersAreFoundByOwner() {
        SimTimer t = queue.newTimer("scheduler cfq", () -> { });
        t.arm(5);
        queue.newTimer(null, () -> { }).arm(7);

        assertThat(queue.hasPending("scheduler cfq")).isTrue();
        assertThat(queue.hasPending("scheduler deadline")).isFalse();
        t.cancel();
        assertThat(queue.hasPending("scheduler cfq")).isFalse();
    }
}
