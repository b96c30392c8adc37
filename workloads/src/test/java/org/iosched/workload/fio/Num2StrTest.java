package org.iosched.workload.fio;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Numbers as fio prints them, checked against numbers in real fio captures. */
class Num2StrTest {
    @Test
    void fio3ScalesToFourSignificantFiguresWithBinaryOrDecimalPrefixes() {
        assertThat(Num2Str.modern(13116864, 4, 1, true, Num2Str.Unit.BYTE_PER_SEC)).isEqualTo("12.5MiB/s");
        assertThat(Num2Str.modern(13116864, 4, 1, false, Num2Str.Unit.BYTE_PER_SEC)).isEqualTo("13.1MB/s");
        assertThat(Num2Str.modern(131194880, 4, 1, true, Num2Str.Unit.BYTE)).isEqualTo("125MiB");
        assertThat(Num2Str.modern(131194880, 4, 1, false, Num2Str.Unit.BYTE)).isEqualTo("131MB");
        assertThat(Num2Str.modern(20411, 4, 1, false, Num2Str.Unit.NONE)).isEqualTo("20.4k");
    }

    @Test
    void fio3KeepsNumbersThatFitAsTheyAre() {
        assertThat(Num2Str.modern(3201, 4, 1, false, Num2Str.Unit.NONE)).isEqualTo("3201");
        assertThat(Num2Str.modern(0, 4, 1, true, Num2Str.Unit.BYTE)).isEqualTo("0B");
        assertThat(Num2Str.modern(518422, 6, 1, false, Num2Str.Unit.NONE)).isEqualTo("518422");
    }

    @Test
    void fio3RoundsUpOnlyWhenThereIsNoRoomForDecimals() {
        // 2048 MiB: three digits fit beside no decimal, so 2 GiB + 0 remainder stays "2048MiB".
        assertThat(Num2Str.modern(2147483648L, 4, 1, true, Num2Str.Unit.BYTE)).isEqualTo("2048MiB");
        // 12345678 B: 12056 KiB -> 11 MiB remainder 792: one decimal, cut from 792/1024 = 0.77.
        assertThat(Num2Str.modern(12345678, 4, 1, true, Num2Str.Unit.BYTE)).isEqualTo("11.8MiB");
        // 123456 -> 123k remainder 456, one decimal "0.5" (0.456 rounded): "123.5k" has 5 figures, so
        // fio prints 123k and adds the carry only when the remainder is at least half: 456 is not.
        assertThat(Num2Str.modern(123456, 4, 1, false, Num2Str.Unit.NONE)).isEqualTo("123k");
        assertThat(Num2Str.modern(123556, 4, 1, false, Num2Str.Unit.NONE)).isEqualTo("124k");
    }

    @Test
    void fio3CarriesARemainderThatRoundsToAWholeUnitIntoTheIntegerPart() {
        // 2047 B is 1 KiB remainder 1023: 1023/1024 = 0.999, one decimal "1.0", so fio prints 2.0KiB.
        assertThat(Num2Str.modern(2047, 3, 1, true, Num2Str.Unit.BYTE)).isEqualTo("2.0KiB");
        assertThat(Num2Str.modern(1100, 3, 1, true, Num2Str.Unit.BYTE)).isEqualTo("1.1KiB");
    }

    @Test
    void fio3PrintsBitRatesAsEightTimesTheBytes() {
        assertThat(Num2Str.modern(13116864, 4, 1, true, Num2Str.Unit.BIT_PER_SEC)).isEqualTo("100Mibit/s");
        assertThat(Num2Str.modern(13116864, 4, 1, false, Num2Str.Unit.BIT_PER_SEC)).isEqualTo("105Mbit/s");
        assertThat(Num2Str.modern(100, 4, 1, false, Num2Str.Unit.BIT_PER_SEC)).isEqualTo("800bit/s");
    }

    @Test
    void fio2011UsesSingleLetterPrefixesAndASpaceWhenThereIsNone() {
        assertThat(Num2Str.legacy(1902022656L, 6, 1, true)).isEqualTo("1813.1M");
        assertThat(Num2Str.legacy(31699848, 6, 1, true)).isEqualTo("30957K");
        assertThat(Num2Str.legacy(286105, 6, 1, true)).isEqualTo("286105 ");
        assertThat(Num2Str.legacy(34, 6, 1, false)).isEqualTo("34 ");
        assertThat(Num2Str.legacy(2899968, 6, 1, true)).isEqualTo("2832.0K");
    }

    @Test
    void fio2011CountsInKibWhenGivenABase() {
        assertThat(Num2Str.legacy(2832, 6, 1024, true)).isEqualTo("2832K");
        assertThat(Num2Str.legacy(3145728, 6, 1024, true)).isEqualTo("3072.0M");
    }

    @Test
    void fio2011CutsTheRemainderToFitRoundingUpADigitAtATime() {
        assertThat(Num2Str.legacy(4490750, 6, 1, false)).isEqualTo("4490.8K");
        assertThat(Num2Str.legacy(1506600, 6, 1, false)).isEqualTo("1506.6K");
    }

    @Test
    void num2strShortensAsFioPrintsBlockSizes() {
        assertThat(Num2Str.modern(4096, 4, 1, true, Num2Str.Unit.BYTE, Num2Str.Rounding.HALF_UP)).isEqualTo("4096B");
        assertThat(Num2Str.modern(65536, 4, 1, true, Num2Str.Unit.BYTE, Num2Str.Rounding.HALF_UP)).isEqualTo("64.0KiB");
        assertThat(Num2Str.modern(262144, 4, 1, true, Num2Str.Unit.BYTE, Num2Str.Rounding.HALF_UP)).isEqualTo("256KiB");
        assertThat(Num2Str.modern(1 << 20, 4, 1, true, Num2Str.Unit.BYTE, Num2Str.Rounding.HALF_UP)).isEqualTo("1024KiB");
        assertThat(Num2Str.modern(512, 4, 1, true, Num2Str.Unit.BYTE, Num2Str.Rounding.HALF_UP)).isEqualTo("512B");
        assertThat(Num2Str.modern(4000, 4, 1, false, Num2Str.Unit.BYTE, Num2Str.Rounding.HALF_UP)).isEqualTo("4000B");
        assertThat(Num2Str.modern(16000, 4, 1, false, Num2Str.Unit.BYTE, Num2Str.Rounding.HALF_UP)).isEqualTo("16.0kB");
    }
}
