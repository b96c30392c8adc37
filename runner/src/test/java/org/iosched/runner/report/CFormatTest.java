package org.iosched.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CFormatTest {
    @Test
    void fixedRoundsTheExactBinaryValueHalfToEvenAsGlibcDoes() {
        assertThat(CFormat.fixed(0.125, 2)).isEqualTo("0.12");
        assertThat(CFormat.fixed(0.375, 2)).isEqualTo("0.38");
        assertThat(CFormat.fixed(2.675, 2)).isEqualTo("2.67");
        assertThat(CFormat.fixed(1.005, 2)).isEqualTo("1.00");
        assertThat(CFormat.fixed6(3201.6596680)).isEqualTo("3201.659668");
    }

    @Test
    void fixedPadsToTheFieldWidthOnTheLeft() {
        assertThat(CFormat.fixed(5.4, 5, 2)).isEqualTo(" 5.40");
        assertThat(CFormat.fixed(6455.719358, 5, 2)).isEqualTo("6455.72");
    }

    @Test
    void fixedPrintsInfinityAndNanAsC() {
        assertThat(CFormat.fixed(Double.POSITIVE_INFINITY, 3, 2)).isEqualTo("inf");
        assertThat(CFormat.fixed(Double.NaN, 2)).isEqualTo("nan");
        assertThat(CFormat.fixed(-0.001, 2)).isEqualTo("-0.00");
    }

    @Test
    void integerPadsToTheFieldWidth() {
        assertThat(CFormat.integer(242, 5)).isEqualTo("  242");
        assertThat(CFormat.integer(123456, 5)).isEqualTo("123456");
    }
}
