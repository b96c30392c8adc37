package org.iosched.device.rotational;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.iosched.device.preset.RotationalPresets;
import org.junit.jupiter.api.Test;

class MediaTimingTest {
    private final MediaTiming timing = new MediaTiming(RotationalPresets.HDD_7200);
    private final double rev = 60e9 / 7200;

    @Test
    void thePlatterTurnsOnceEveryRevolutionPeriodFromTimeZero() {
        assertThat(timing.revolutionNanos()).isCloseTo(8_333_333.3, within(1.0));
        assertThat(timing.angleAt(0)).isZero();
        assertThat(timing.angleAt(rev / 4)).isCloseTo(0.25, within(1e-9));
        assertThat(timing.angleAt(10 * rev + rev / 2)).isCloseTo(0.5, within(1e-6));
    }

    @Test
    void aPlatterStartedAtAnotherAngleKeepsThatPhaseForever() {
        MediaTiming shifted = new MediaTiming(RotationalPresets.HDD_7200, 0.25);

        assertThat(shifted.angleAt(0)).isCloseTo(0.25, within(1e-9));
        assertThat(shifted.angleAt(rev / 2)).isCloseTo(0.75, within(1e-9));
        assertThat(shifted.angleAt(100 * rev + rev)).isCloseTo(0.25, within(1e-6));
        long lba = 1000;
        assertThat(shifted.rotationalWait(0, lba))
                .isCloseTo(timing.rotationalWait(rev * 0.25, lba), within(1.0));
    }

    @Test
    void aStartAngleOutsideOneRevolutionIsRefused() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new MediaTiming(RotationalPresets.HDD_7200, 1.0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[0, 1)");
    }

    @Test
    void rotationalLatencyFollowsFromTheTimeNotFromChance() {
        long lba = 1000;
        double atAngle = timing.geometry().angle(lba) * rev;

        assertThat(timing.rotationalWait(atAngle, lba)).isCloseTo(0, within(1.0));
        assertThat(timing.rotationalWait(atAngle - rev / 4, lba)).isCloseTo(rev / 4, within(1.0));
        // just missed: almost a whole revolution
        assertThat(timing.rotationalWait(atAngle + 1000, lba)).isCloseTo(rev - 1000, within(1.0));
    }

    @Test
    void rereadingTheSameSectorRightAfterItPassedCostsOneRevolution() {
        long lba = 5000;
        long track = timing.geometry().track(lba);
        double passed = timing.geometry().angle(lba) * rev + 10;

        assertThat(timing.positionNanos(track, passed, lba, false)).isCloseTo(rev - 10, within(1.0));
    }

    @Test
    void aWholeTrackTransfersInOneRevolution() {
        int spt = timing.geometry().sectorsPerTrack(0);

        assertThat(timing.transferNanos(0, spt, 0)).isCloseTo(rev, within(1.0));
    }

    @Test
    void crossingToTheNextTrackCostsTheSkewWhichHidesTheHeadSwitch() {
        int spt = timing.geometry().sectorsPerTrack(0);
        double twoTracks = timing.transferNanos(0, 2L * spt, 0);
        double extra = twoTracks - 2 * rev;

        // head switch 0.8 ms (§5 A), rounded up to a whole sector of skew
        assertThat(extra).isGreaterThanOrEqualTo(0.8e6).isLessThan(0.8e6 + rev / spt + 1);
    }

    @Test
    void writesSettleLongerAfterASeek() {
        long far = 1_000_000_000L;
        double read = timing.seekNanos(0, far, false);
        double write = timing.seekNanos(0, far, true);

        assertThat(write - read).isCloseTo(1.0e6, within(1.0));
        assertThat(timing.seekNanos(timing.geometry().track(far), far, true)).isZero();
    }

    @Test
    void sectorsTransferredInvertsTransferTime() {
        long lba = 123_456;
        double t0 = 777_777;
        double duration = timing.transferNanos(lba, 6000, t0);

        assertThat(timing.sectorsTransferred(lba, t0, t0 + duration, 10_000)).isBetween(5999L, 6000L);
        assertThat(timing.sectorsTransferred(lba, t0, t0 + duration / 3, 10_000)).isBetween(1000L, 3000L);
        assertThat(timing.sectorsTransferred(lba, t0, t0 + 10 * duration, 6000)).isEqualTo(6000);
    }
}
