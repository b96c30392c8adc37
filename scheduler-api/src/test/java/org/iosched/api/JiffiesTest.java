package org.iosched.api;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** The jiffy arithmetic schedulers keep their times in, with the kernel's rounding. */
class JiffiesTest {
    @Test
    void millisecondsRoundUpToWholeJiffiesAsMsecsToJiffiesDoes() {
        assertThat(new Jiffies(250).fromMillis(500)).isEqualTo(125);
        assertThat(new Jiffies(250).fromMillis(5000)).isEqualTo(1250);
        assertThat(new Jiffies(250).fromMillis(1)).isEqualTo(1);
        assertThat(new Jiffies(250).fromMillis(0)).isZero();
        assertThat(new Jiffies(100).fromMillis(15)).isEqualTo(2);
        assertThat(new Jiffies(300).fromMillis(500)).isEqualTo(150);
        assertThat(new Jiffies(300).fromMillis(1)).isEqualTo(1);
        assertThat(new Jiffies(1000).fromMillis(7)).isEqualTo(7);
        assertThat(new Jiffies(250).fromMillis(Integer.MAX_VALUE)).isEqualTo(536_870_912L);
    }

    @Test
    void theClockReadsTheTickIntervalItIsIn() {
        Jiffies jiffies = new Jiffies(250);

        assertThat(jiffies.at(0)).isZero();
        assertThat(jiffies.at(3_999_999)).isZero();
        assertThat(jiffies.at(4_000_000)).isEqualTo(1);
        assertThat(jiffies.startOf(125)).isEqualTo(500_000_000L);
        assertThat(new Jiffies(300).startOf(1)).isEqualTo(3_333_334L);
    }

    @Property
    void aJiffyStartsAtTheFirstNanosecondTheClockShowsIt(@ForAll @IntRange(min = 1, max = 10_000) int hz,
                                                         @ForAll @LongRange(min = 1, max = 1L << 45) long jiffy) {
        Assume.that(jiffy / hz < 9_000_000_000L); // within the ~292 years a long nanosecond clock spans
        Jiffies jiffies = new Jiffies(hz);
        long start = jiffies.startOf(jiffy);

        assertThat(jiffies.at(start)).isEqualTo(jiffy);
        assertThat(jiffies.at(start - 1)).isEqualTo(jiffy - 1);
    }

    @Property
    void theClockNeverRunsBackwards(@ForAll @IntRange(min = 1, max = 10_000) int hz,
                                    @ForAll @LongRange(min = 0, max = Long.MAX_VALUE - 1) long nanos) {
        Jiffies jiffies = new Jiffies(hz);

        assertThat(jiffies.at(nanos + 1)).isGreaterThanOrEqualTo(jiffies.at(nanos));
    }

    @Property
    void theCacheReadsWhatTheClockReads(@ForAll @IntRange(min = 1, max = 10_000) int hz,
                                        @ForAll @LongRange(min = -1_000_000, max = 1_000_000) long base,
                                        @ForAll @LongRange(min = 0, max = 1L << 50) long start,
                                        @ForAll java.util.List<@IntRange(min = -20_000_000, max = 20_000_000) Integer> steps) {
        // times that stay in a tick, cross into the next, jump back, and land on tick starts and the nanosecond before
        Jiffies jiffies = new Jiffies(hz, base);
        JiffiesCache cache = new JiffiesCache(jiffies);
        long nanos = start;
        for (int step : steps) {
            nanos = Math.max(0, nanos + step);
            assertThat(cache.at(nanos)).isEqualTo(jiffies.at(nanos));
            long tick = jiffies.startOf(jiffies.at(nanos) + 1);
            assertThat(cache.at(tick - 1)).isEqualTo(jiffies.at(tick - 1));
            assertThat(cache.at(tick)).isEqualTo(jiffies.at(tick));
            assertThat(cache.at(nanos)).isEqualTo(jiffies.at(nanos));
        }
    }

    @Test
    void aBaseMovesEveryReadingAndEveryTickStart() {
        Jiffies jiffies = new Jiffies(250, 1_000_000L);

        assertThat(jiffies.at(0)).isEqualTo(1_000_000L);
        assertThat(jiffies.at(3_999_999)).isEqualTo(1_000_000L);
        assertThat(jiffies.at(4_000_000)).isEqualTo(1_000_001L);
        assertThat(jiffies.startOf(1_000_002L)).isEqualTo(8_000_000L);
        assertThat(jiffies.fromMillis(8)).isEqualTo(2);
    }

    @Test
    void jiffiesToMillisecondsIsExactWhereHzDividesAThousandAndRoundsUpElsewhere() {
        assertThat(new Jiffies(250).toMillis(2)).isEqualTo(8);
        assertThat(new Jiffies(1000).toMillis(7)).isEqualTo(7);
        assertThat(new Jiffies(100).toMillis(3)).isEqualTo(30);
        assertThat(new Jiffies(300).toMillis(1)).isEqualTo(4);
        assertThat(new Jiffies(300).toMillis(3)).isEqualTo(10);
        assertThat(new Jiffies(2000).toMillis(3)).isEqualTo(2);
    }

    @Test
    void nanosecondsToJiffiesRoundsDownAndNegativeDurationsAreRefused() {
        assertThat(new Jiffies(250).fromNanos(7_999_999)).isEqualTo(1);
        assertThat(new Jiffies(300).fromNanos(1_000_000_000L)).isEqualTo(300);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Jiffies(250).fromMillis(-1))
                .isInstanceOf(IllegalArgumentException.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Jiffies(0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
