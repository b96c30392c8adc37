package org.iosched.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The shared seek rule of cfq_choose_req and bfq_choose_req. */
class SeekChoiceTest {
    private static final long BACK_MAX = 16384 * 2; // back_seek_max 16 MiB in sectors
    private static final long PENALTY = 2;

    @Test
    void theShorterSeekWinsABackwardSeekCostingItsPenalty() {
        assertThat(SeekChoice.firstGoesFirst(1100, 1300, 1000, BACK_MAX, PENALTY)).isTrue();
        // 60 behind costs 120, more than 100 ahead
        assertThat(SeekChoice.firstGoesFirst(940, 1100, 1000, BACK_MAX, PENALTY)).isFalse();
        assertThat(SeekChoice.firstGoesFirst(960, 1100, 1000, BACK_MAX, PENALTY)).isTrue();
    }

    @Test
    void equalCostsGoToTheHigherSectorAndARequestBeyondBackSeekMaxWraps() {
        assertThat(SeekChoice.firstGoesFirst(950, 1100, 1000, BACK_MAX, PENALTY)).isFalse();
        assertThat(SeekChoice.firstGoesFirst(1100, 950, 1000, BACK_MAX, PENALTY)).isTrue();
        long far = 1_000_000;
        assertThat(SeekChoice.firstGoesFirst(0, far + 5_000_000, far, BACK_MAX, PENALTY)).isFalse();
        // both wrap: the one further back first
        assertThat(SeekChoice.firstGoesFirst(10, 20, far, BACK_MAX, PENALTY)).isTrue();
        assertThat(SeekChoice.firstGoesFirst(20, 10, far, BACK_MAX, PENALTY)).isFalse();
    }
}
