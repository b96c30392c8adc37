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

    /** The fused remainder is the double {@code %} gives, bit for bit, near multiples of the divisor too. */
    @Test
    void theRemainderIsBitForBitThatOfTheOperator() {
        java.util.Random random = new java.util.Random(7);
        double[] divisors = {rev, 60e9 / 15000, 60e9 / 5400, 1.0, 0.1, 3.0e-7, 1e15};
        for (int k = 0; k < 2_000_000; k++) {
            double r = k % 8 == 7 ? Math.exp(random.nextDouble() * 40 - 20) : divisors[k % 7];
            double x;
            switch (k % 4) {
                case 0 -> x = random.nextDouble() * 1e13;
                case 1 -> x = Math.exp(random.nextDouble() * 80 - 40);
                case 2 -> x = Math.nextUp(r * random.nextInt(1 << 20)) * (random.nextBoolean() ? 1 : -1);
                default -> {
                    // a few ulps around a multiple of r
                    x = r * (1 + random.nextInt(10_000_000));
                    for (int u = random.nextInt(7) - 3; u != 0; u += u > 0 ? -1 : 1) {
                        x = u > 0 ? Math.nextUp(x) : Math.nextDown(x);
                    }
                }
            }
            assertThat(Double.doubleToRawLongBits(MediaTiming.remainder(x, r)))
                    .as("%s %% %s", x, r).isEqualTo(Double.doubleToRawLongBits(x % r));
        }
        for (double x : new double[] {0.0, -0.0, Double.MIN_VALUE, 1e300, Double.POSITIVE_INFINITY, Double.NaN}) {
            assertThat(Double.doubleToRawLongBits(MediaTiming.remainder(x, rev)))
                    .isEqualTo(Double.doubleToRawLongBits(x % rev));
        }
    }

    /** The position time from known cylinders and heads is the double of the one that divides tracks. */
    @Test
    void thePositionTimeFromKnownCylindersAndHeadsIsTheSameDouble() {
        java.util.Random random = new java.util.Random(11);
        ZonedGeometry g = timing.geometry();
        int heads = g.heads();
        for (int k = 0; k < 200_000; k++) {
            long from = g.track((long) (random.nextDouble() * g.capacity()));
            long lba = k % 3 == 0 ? g.capacity() - 1 - random.nextInt(1 << 20)
                    : (long) (random.nextDouble() * g.capacity());
            if (k % 5 == 0) {
                from = g.track(lba) + random.nextInt(9) - 4; // the same track, the same cylinder or a neighbour
                from = Math.max(0, from);
            }
            long to = g.track(lba);
            double t = random.nextDouble() * 1e12;
            boolean write = random.nextBoolean();
            double expected = timing.positionNanos(from, t, lba, write);
            double actual = timing.positionNanos(from, (int) (from / heads), (int) (from % heads), t, to,
                    (int) (to / heads), (int) (to % heads), g.angle(lba), write);
            assertThat(Double.doubleToRawLongBits(actual)).isEqualTo(Double.doubleToRawLongBits(expected));
            long distance = random.nextInt(g.cylinders() + 2);
            assertThat(Double.doubleToRawLongBits(timing.seekNanos(distance)))
                    .isEqualTo(Double.doubleToRawLongBits(timing.seekCurve().millis(distance) * 1e6));
        }
    }
}
