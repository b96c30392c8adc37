package org.iosched.simulator.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.iosched.api.InvalidInputException;
import org.junit.jupiter.api.Test;

/** The guard against a run that spins at one instant: a count of events without the clock advancing. */
class EventQueueInstantLimitTest {
    private final EventQueue queue = new EventQueue(1000);
    private long fired;

    @Test
    void aTimerThatReArmsItselfAtTheSameInstantForeverStopsTheRunAtTheLimit() {
        SimTimer[] self = new SimTimer[1];
        self[0] = queue.newTimer("workload spin", () -> {
            fired++;
            self[0].arm(queue.now());
        });
        self[0].arm(5_000);

        assertThatThrownBy(() -> queue.run(Long.MAX_VALUE, () -> false))
                .isInstanceOf(NoProgressException.class)
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("1000 events ran at 5000 ns without virtual time advancing")
                .satisfies(e -> {
                    NoProgressException p = (NoProgressException) e;
                    assertThat(p.instant()).isEqualTo(5_000);
                    assertThat(p.events()).isEqualTo(1000);
                    assertThat(p.owner()).isEqualTo("workload spin");
                });
        assertThat(fired).isEqualTo(1000);
        assertThat(queue.now()).isEqualTo(5_000);
    }

    @Test
    void aBurstOfAsManyEventsAsTheLimitAtOneInstantRunsToTheEnd() {
        for (int i = 0; i < 1000; i++) {
            queue.newTimer(null, () -> fired++).arm(7);
        }

        assertThat(queue.run(Long.MAX_VALUE, () -> false)).isEqualTo(EventQueue.Stop.EMPTY);
        assertThat(fired).isEqualTo(1000);
        assertThat(queue.eventsThisInstant()).isEqualTo(1000);
    }

    @Test
    void theCountStartsAgainWheneverTheClockAdvances() {
        // 900 events at each of 100 instants: 90,000 in all, never more than 900 at one instant
        SimTimer[] self = new SimTimer[1];
        self[0] = queue.newTimer(null, () -> {
            fired++;
            self[0].arm(fired % 900 == 0 ? queue.now() + 1 : queue.now());
        });
        self[0].arm(0);

        assertThat(queue.run(99, () -> false)).isEqualTo(EventQueue.Stop.TIME_LIMIT);
        assertThat(fired).isEqualTo(90_000);
    }

    @Test
    void theDefaultLimitIsFarAboveAnInstantsWorthOfRequestCompletions() {
        assertThat(new EventQueue().eventsThisInstant()).isZero();
        assertThat(EventQueue.DEFAULT_INSTANT_LIMIT).isEqualTo(1L << 24);
        assertThatThrownBy(() -> new EventQueue(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
