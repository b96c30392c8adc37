package org.iosched.device.rotational;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class RunListTest {
    /**
     * Random insertions, deletions of one to hundreds of places and moved starts and ends, growing to thousands of
     * runs and shrinking to none, leave the blocked list equal to plain sorted lists holding the same runs, place
     * by place, and both find the same places by sector.
     */
    @Property(tries = 30)
    void theBlockedListMatchesPlainSortedLists(@ForAll @IntRange(min = 0, max = 1 << 30) int seed) {
        Random random = new Random(seed);
        RunList list = new RunList();
        List<Long> starts = new ArrayList<>();
        List<Long> ends = new ArrayList<>();
        int steps = 6000 + random.nextInt(6000);
        long space = 1L << (10 + random.nextInt(25));
        for (int step = 0; step < steps; step++) {
            // phases that grow, shrink and churn the list
            int phase = step * 4 / steps;
            int insertPercent = phase == 0 ? 80 : phase == 1 ? 50 : phase == 2 ? 20 : 55;
            int op = random.nextInt(100);
            int n = starts.size();
            if (op < insertPercent) {
                long from = (long) (random.nextDouble() * space);
                int at = placeAfter(starts, from);
                long lowest = at > 0 ? ends.get(at - 1) : 0;
                long highest = at < n ? starts.get(at) : Long.MAX_VALUE;
                long to = Math.min(from + 1 + random.nextInt(64), highest);
                if (from < lowest || to <= from) {
                    continue;
                }
                list.insert(at, from, to);
                starts.add(at, from);
                ends.add(at, to);
            } else if (op < 95 && n > 0) {
                int from = random.nextInt(n);
                int length = random.nextInt(10) == 0 ? random.nextInt(400) : random.nextInt(4);
                int to = Math.min(n, from + length);
                list.delete(from, to);
                starts.subList(from, to).clear();
                ends.subList(from, to).clear();
            } else if (n > 0) {
                int i = random.nextInt(n);
                if (random.nextBoolean()) {
                    long lowest = i > 0 ? ends.get(i - 1) : 0;
                    long start = lowest + (long) (random.nextDouble() * (ends.get(i) - lowest));
                    list.setStart(i, start);
                    starts.set(i, start);
                } else {
                    long highest = i + 1 < n ? starts.get(i + 1) : starts.get(i) + 65;
                    long end = starts.get(i) + 1 + (long) (random.nextDouble() * (highest - starts.get(i)));
                    list.setEnd(i, end);
                    ends.set(i, end);
                }
            }
            assertThat(list.size()).isEqualTo(starts.size());
            if (step % 50 == 0 || starts.size() < 3) {
                assertSame(list, starts, ends, random, space);
            }
        }
        assertSame(list, starts, ends, random, space);
    }

    @Test
    void aListEmptiedAndRefilledStillAnswers() {
        RunList list = new RunList();
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < 1000; i++) {
                list.insert(i, 10L * i, 10L * i + 5);
            }
            assertThat(list.size()).isEqualTo(1000);
            assertThat(list.start(999)).isEqualTo(9990);
            assertThat(list.firstEndingAfter(5)).isEqualTo(1);
            assertThat(list.firstStartingAfter(9990)).isEqualTo(1000);
            list.delete(0, 1000);
            assertThat(list.size()).isZero();
            assertThat(list.firstEndingAfter(0)).isZero();
        }
    }

    private static void assertSame(RunList list, List<Long> starts, List<Long> ends, Random random, long space) {
        int n = starts.size();
        assertThat(list.size()).isEqualTo(n);
        for (int i = 0; i < n; i++) {
            assertThat(list.start(i)).isEqualTo(starts.get(i));
            assertThat(list.end(i)).isEqualTo(ends.get(i));
        }
        for (int k = 0; k < 50; k++) {
            long lba = k % 2 == 0 || n == 0 ? (long) (random.nextDouble() * space) - 1
                    : (k % 4 == 1 ? starts : ends).get(random.nextInt(n)) + random.nextInt(3) - 1;
            assertThat(list.firstEndingAfter(lba)).isEqualTo(firstAbove(ends, lba));
            assertThat(list.firstStartingAfter(lba)).isEqualTo(firstAbove(starts, lba));
        }
    }

    /** The first place whose start is after {@code lba}: where a run starting at {@code lba} goes. */
    private static int placeAfter(List<Long> starts, long lba) {
        return firstAbove(starts, lba);
    }

    private static int firstAbove(List<Long> values, long lba) {
        int i = 0;
        while (i < values.size() && values.get(i) <= lba) {
            i++;
        }
        return i;
    }
}
