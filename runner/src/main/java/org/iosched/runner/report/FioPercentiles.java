package org.iosched.runner.report;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.iosched.simulator.result.LatencyStats;

/**
 * fio's latency percentiles (stat.c {@code calc_clat_percentiles}): the samples are counted in fio's
 * histogram buckets ({@code plat_val_to_idx}: values below 128 exactly, then 64 buckets per power of two),
 * the buckets are walked in order, and percentile {@code p} is the first bucket where the running count
 * reaches {@code p / 100 * samples}, reported as that bucket's middle ({@code plat_idx_to_val}).
 *
 * <p>The simulator keeps a finer histogram ({@link LatencyStats#bins()}, 3 significant digits, buckets that
 * also split at powers of two), so each of its bins lies inside one fio bucket and counting the bins into
 * fio's buckets gives the numbers fio prints.
 */
final class FioPercentiles {
    /** fio 1.5x's default list (stat.c of 1.58: no 99.95 and 99.99). */
    static final List<Double> FIO_158_DEFAULT = List.of(1.0, 5.0, 10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0,
            90.0, 95.0, 99.0, 99.5, 99.9);

    /** fio's default list's precision (options.c: "1:5:...:99.95:99.99"). */
    static final int DEFAULT_PRECISION = 2;

    /** {@code FIO_IO_U_PLAT_BITS}. */
    private static final int PLAT_BITS = 6;
    private static final int PLAT_VAL = 1 << PLAT_BITS;

    /** Which fio histogram: fio 3.x keeps nanoseconds in 29 groups, fio 1.5x microseconds in 19. */
    enum Histogram {
        /** fio 3.x: ns, {@code FIO_IO_U_PLAT_GROUP_NR} 29. */
        NANOSECONDS(29, 1),
        /** fio 1.5x: µs ({@code utime_since}), {@code FIO_IO_U_PLAT_GROUP_NR} 19. */
        MICROSECONDS(19, 1000);

        private final int buckets;
        private final long nanosPerUnit;

        Histogram(int groups, long nanosPerUnit) {
            this.buckets = groups * PLAT_VAL;
            this.nanosPerUnit = nanosPerUnit;
        }
    }

    /**
     * A percentile table as the reports print it.
     *
     * @param percentiles in order, duplicates kept
     * @param values      each percentile's value, in the histogram's unit (ns for fio 3.x, µs for 1.5x)
     * @param precision   decimals of the percentiles
     */
    record Table(List<Double> percentiles, List<Long> values, int precision) {
        /** Copies the lists. */
        Table {
            percentiles = List.copyOf(percentiles);
            values = List.copyOf(values);
        }

        boolean isEmpty() {
            return percentiles.isEmpty();
        }

        /** A table of the simulator's own percentiles. */
        static Table of(SortedMap<Double, Long> percentiles, int precision) {
            return new Table(new ArrayList<>(percentiles.keySet()), new ArrayList<>(percentiles.values()), precision);
        }
    }

    private FioPercentiles() {
    }

    /**
     * fio 3.x's table for {@code stats} under {@code options}: with fio's default list, the simulator's own
     * percentiles ({@link LatencyStats#percentiles()}, the list the comparison tables and scenarios also
     * use); with a {@code percentile_list}, fio's rule over the histogram.
     */
    static Table modern(LatencyStats stats, ReportOptions options) {
        ReportOptions.PercentileList list = options.percentileList();
        if (list == null) {
            return Table.of(stats.percentiles(), DEFAULT_PRECISION);
        }
        return new Table(list.percentiles(), compute(stats.bins(), stats.count(), list.percentiles(),
                Histogram.NANOSECONDS), list.precision());
    }

    /** fio 1.58's table, in µs: the written {@code percentile_list} or 1.58's default list. */
    static Table legacy(LatencyStats stats, ReportOptions options) {
        ReportOptions.PercentileList list = options.percentileList();
        List<Double> percentiles = list == null ? FIO_158_DEFAULT : list.percentiles();
        return new Table(percentiles, compute(stats.bins(), stats.count(), percentiles, Histogram.MICROSECONDS),
                DEFAULT_PRECISION);
    }

    /**
     * fio's rule: each of the sorted {@code percentiles} is the middle of the first bucket at which the
     * running count reaches {@code p / 100 * samples} (fio compares in {@code long double}; we compare exactly).
     * With no samples fio reports every percentile as bucket 0.
     */
    static List<Long> compute(SortedMap<Long, Long> bins, long samples, List<Double> percentiles, Histogram histogram) {
        List<Long> values = new ArrayList<>(percentiles.size());
        if (samples == 0) {
            for (int i = 0; i < percentiles.size(); i++) {
                values.add(0L);
            }
            return values;
        }
        BigDecimal total = BigDecimal.valueOf(samples);
        long sum = 0;
        int lastIndex = 0;
        int j = 0;
        for (Map.Entry<Long, Long> bin : bins.entrySet()) {
            if (bin.getValue() == 0) {
                continue;
            }
            int index = index(bin.getKey() / histogram.nanosPerUnit, histogram.buckets);
            sum += bin.getValue();
            lastIndex = index;
            BigDecimal reached = BigDecimal.valueOf(sum).multiply(BigDecimal.valueOf(100));
            while (j < percentiles.size()
                    && reached.compareTo(new BigDecimal(percentiles.get(j)).multiply(total)) >= 0) {
                values.add(value(index));
                j++;
            }
        }
        // Only when the bins hold fewer samples than counted; fio would report an error and garbage.
        while (j < percentiles.size()) {
            values.add(value(lastIndex));
            j++;
        }
        return values;
    }

    /** {@code plat_val_to_idx}: the bucket of {@code value} among {@code buckets}. */
    static int index(long value, int buckets) {
        int msb = value == 0 ? 0 : 63 - Long.numberOfLeadingZeros(value);
        if (msb <= PLAT_BITS) {
            return (int) value;
        }
        int errorBits = msb - PLAT_BITS;
        long base = (long) (errorBits + 1) << PLAT_BITS;
        long offset = (PLAT_VAL - 1) & (value >> errorBits);
        return (int) Math.min(base + offset, buckets - 1L);
    }

    /** {@code plat_idx_to_val}: the middle of bucket {@code index}, truncated to an integer as C converts it. */
    static long value(int index) {
        if (index < (PLAT_VAL << 1)) {
            return index;
        }
        int errorBits = (index >> PLAT_BITS) - 1;
        long base = 1L << (errorBits + PLAT_BITS);
        long k = index % PLAT_VAL;
        return (long) (base + (k + 0.5) * (1L << errorBits));
    }
}
