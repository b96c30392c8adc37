package org.iosched.workload.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class FioValuesTest {
    private final FioValues values = new FioValues(Map.of("SIZE", "64k", "EMPTY", ""), 4096, 2048, 4);

    @Test
    void sizePrefixesArePowersOfKbBaseAndTheIbFormsUseTheOtherBase() {
        assertThat(values.size("4k", 1024)).isEqualTo(4096);
        assertThat(values.size("4K", 1024)).isEqualTo(4096);
        assertThat(values.size("4kb", 1024)).isEqualTo(4096);
        assertThat(values.size("1m", 1024)).isEqualTo(1 << 20);
        assertThat(values.size("1g", 1024)).isEqualTo(1L << 30);
        assertThat(values.size("2t", 1024)).isEqualTo(2L << 40);
        assertThat(values.size("1p", 1024)).isEqualTo(1L << 50);
        assertThat(values.size("1mib", 1024)).isEqualTo(1_000_000);
        assertThat(values.size("1KiB", 1024)).isEqualTo(1000);
        assertThat(values.size("4096b", 1024)).isEqualTo(4096);
        assertThat(values.size("0x1000", 1024)).isEqualTo(4096);
    }

    @Test
    void kbBase1000FollowsTheStandards() {
        assertThat(values.size("4k", 1000)).isEqualTo(4000);
        assertThat(values.size("4kib", 1000)).isEqualTo(4096);
        assertThat(values.size("1mib", 1000)).isEqualTo(1 << 20);
    }

    @Test
    void anUnknownUnitIsAnErrorNamingWhatIsAccepted() {
        assertThatThrownBy(() -> values.size("4q", 1024))
                .isInstanceOf(ValueException.class)
                .hasMessageStartingWith("bad unit 'q'; expected an integer with an optional unit k, m, g");
        assertThatThrownBy(() -> values.size("1.5g", 1024)).hasMessageContaining("write fractions as an expression");
        assertThatThrownBy(() -> values.size("abc", 1024)).hasMessageContaining("is not a number");
    }

    @Test
    void aPercentageIsKeptAsAPercentage() {
        assertThat(values.sizeOrPercent("20%", 1024)).isEqualTo(new FioValues.Size(0, 20));
        assertThat(values.sizeOrPercent("1m", 1024)).isEqualTo(new FioValues.Size(1 << 20, -1));
        assertThatThrownBy(() -> values.sizeOrPercent("120%", 1024)).hasMessageContaining("0..100");
    }

    @Test
    void timesDefaultToSecondsOrMicrosecondsByOptionAndMIsMinutes() {
        assertThat(values.timeMicros("60", true)).isEqualTo(60_000_000L);
        assertThat(values.timeMicros("2000", false)).isEqualTo(2000);
        assertThat(values.timeMicros("10ms", false)).isEqualTo(10_000);
        assertThat(values.timeMicros("10msec", true)).isEqualTo(10_000);
        assertThat(values.timeMicros("5us", true)).isEqualTo(5);
        assertThat(values.timeMicros("2m", true)).isEqualTo(120_000_000L);
        assertThat(values.timeMicros("1h", true)).isEqualTo(3_600_000_000L);
        assertThat(values.timeMicros("1d", true)).isEqualTo(86_400_000_000L);
        assertThat(values.timeMicros("3S", true)).isEqualTo(3_000_000L);
        assertThatThrownBy(() -> values.timeMicros("10sec", true)).hasMessageStartingWith("bad unit 'sec'");
    }

    @Test
    void arithmeticInParenthesesUsesTheOptionsUnits() {
        assertThat(values.size("(10*1024)", 1024)).isEqualTo(10_240);
        assertThat(values.size("(4k+4k)", 1024)).isEqualTo(8192);
        assertThat(values.size("(2^10)", 1024)).isEqualTo(1024);
        assertThat(values.size("(1.5*1024)", 1024)).isEqualTo(1536);
        assertThat(values.size("((7+1)%5)", 1024)).isEqualTo(3);
        assertThat(values.timeMicros("(1m+30s)", true)).isEqualTo(90_000_000L);
        assertThat(values.timeMicros("(1+1)", true)).isEqualTo(2_000_000L);
        assertThatThrownBy(() -> values.size("(1/0)", 1024)).hasMessageContaining("division by zero");
        assertThatThrownBy(() -> values.size("(1+", 1024)).hasMessageContaining("expected a number");
    }

    @Test
    void environmentVariablesExpandAndUnsetOnesBecomeEmpty() {
        assertThat(values.substitute("${SIZE}")).isEqualTo("64k");
        assertThat(values.substitute("a${UNSET}b${EMPTY}c")).isEqualTo("abc");
        assertThat(values.substitute("${}")).isEqualTo("${}");
    }

    @Test
    void reservedKeywordsAreReplacedAndArithmeticAroundThemEvaluated() {
        assertThat(values.substitute("$pagesize")).isEqualTo("4096");
        assertThat(values.substitute("$ncpus")).isEqualTo("4");
        assertThat(values.substitute("8*$mb_memory")).isEqualTo("(8*2048)");
        assertThat(values.size(values.substitute("8*$mb_memory"), 1024)).isEqualTo(16_384);
    }

    @Test
    void booleansAreUnsignedIntegersAsInFio() {
        assertThat(FioValues.unsignedInt("1")).isEqualTo(1);
        assertThat(FioValues.unsignedInt("0")).isZero();
        assertThat(FioValues.unsignedInt("0x10")).isEqualTo(16);
        assertThatThrownBy(() -> FioValues.unsignedInt("true")).hasMessageContaining("fio booleans are 0 or 1");
    }

    @Test
    void rangesAcceptDashOrColonAndAreSwappedWhenReversed() {
        assertThat(values.range("1k-4k", 1024)).containsExactly(1024, 4096);
        assertThat(values.range("64k:4k", 1024)).containsExactly(4096, 65536);
        assertThatThrownBy(() -> values.range("4k", 1024)).hasMessageContaining("expected a range");
    }
}
