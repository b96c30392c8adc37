package org.iosched.device.rotational;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.iosched.api.InvalidInputException;
import org.junit.jupiter.api.Test;

class SeekCurveTest {
    private static final int CYLINDERS = 300_000;
    private final SeekCurve curve = new SeekCurve(0.8, 8.5, 16.5, CYLINDERS);

    @Test
    void coefficientsMatchTheReferenceLeeFit() {
        // §5 A: a = 0.0225, b = 1.12e-5, c = 0.8
        assertThat(curve.a()).isCloseTo(0.0225, within(0.0001));
        assertThat(curve.b()).isCloseTo(1.12e-5, within(0.01e-5));
        assertThat(curve.c()).isEqualTo(0.8);
    }

    @Test
    void singleCylinderSeekIsTrackToTrackAndFullStrokeIsTmax() {
        assertThat(curve.millis(0)).isZero();
        assertThat(curve.millis(1)).isEqualTo(0.8);
        assertThat(curve.millis(CYLINDERS)).isCloseTo(16.5, within(0.01));
    }

    @Test
    void meanOverRandomCylinderPairsIsTheAverageSeek() {
        SplittableRandom random = new SplittableRandom(3);
        double sum = 0;
        int n = 200_000;
        for (int i = 0; i < n; i++) {
            sum += curve.millis(Math.abs(random.nextInt(CYLINDERS) - random.nextInt(CYLINDERS)));
        }

        assertThat(sum / n).isCloseTo(8.5, within(0.1));
    }

    @Test
    void shortSeeksGrowLikeTheSquareRootAndLongOnesLinearly() {
        double shortStep = curve.millis(401) - curve.millis(101);
        double shortStepFurther = curve.millis(1601) - curve.millis(401);
        double longStep = curve.millis(250_001) - curve.millis(200_001);
        double longStepFurther = curve.millis(300_000) - curve.millis(250_000);

        // quadrupling a short distance doubles its sqrt term; equal long steps cost nearly the same
        assertThat(shortStepFurther / shortStep).isCloseTo(2.0, within(0.1));
        assertThat(longStepFurther / longStep).isBetween(0.9, 1.0);
    }

    @Test
    void pointsGivingADecreasingCurveAreRejected() {
        assertThatThrownBy(() -> new SeekCurve(5, 5.5, 20, CYLINDERS)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("seek_avg_ms");
    }
}
