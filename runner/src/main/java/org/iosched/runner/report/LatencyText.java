package org.iosched.runner.report;

import java.math.BigDecimal;
import java.util.SortedMap;
import org.iosched.simulator.result.LatencyStats;
import org.iosched.workload.fio.Num2Str;

/**
 * fio 3.x latency lines: {@code display_lat()} (min/max/avg/stdev with the unit picked per line) and
 * {@code show_clat_percentiles()} (the percentile table with its own unit and column width).
 */
final class LatencyText {
    private LatencyText() {
    }

    /**
     * {@code "    clat (usec): min=794, max=16898, avg=2486.02, stdev=773.03"}: msec when min &gt; 2 ms,
     * max &gt; 100 ms and stdev &gt; 1 ms; usec when min &gt; 2 µs, max &gt; 100 µs and stdev &gt; 1 µs
     * (stat.h {@code nsec_to_msec}, {@code nsec_to_usec}); nsec otherwise.
     */
    static void appendSummary(StringBuilder out, String name, LatencyStats stats) {
        long min = stats.minNanos();
        long max = stats.maxNanos();
        double mean = stats.meanNanos();
        double dev = stats.stdevNanos();
        String unit = "(nsec)";
        if (min > 2_000_000 && max > 99_999_999L && dev > 1_000_000.0) {
            min /= 1_000_000;
            max /= 1_000_000;
            mean /= 1_000_000.0;
            dev /= 1_000_000.0;
            unit = "(msec)";
        } else if (min > 2000 && max > 99_999 && dev > 1000.0) {
            min /= 1000;
            max /= 1000;
            mean /= 1000.0;
            dev /= 1000.0;
            unit = "(usec)";
        }
        out.append("    ").append(name).append(' ').append(unit)
                .append(": min=").append(Num2Str.modern(min, 6, 1, false, Num2Str.Unit.NONE))
                .append(", max=").append(Num2Str.modern(max, 6, 1, false, Num2Str.Unit.NONE))
                .append(", avg=").append(CFormat.fixed(mean, 5, 2))
                .append(", stdev=").append(CFormat.fixed(dev, 5, 2)).append('\n');
    }

    /** {@link #appendPercentiles(StringBuilder, String, FioPercentiles.Table)} of a map, its own precision. */
    static void appendPercentiles(StringBuilder out, String label, SortedMap<Double, Long> percentiles) {
        appendPercentiles(out, label, FioPercentiles.Table.of(percentiles, precision(percentiles)));
    }

    /**
     * The percentile table (stat.c {@code show_clat_percentiles}): msec if the smallest shown value is over
     * 2 ms and the largest over 100 ms, usec if over 2 µs and 100 µs, else nsec; values are rounded up into
     * the unit; {@code " %<p+3>.<p>fth=[%<w>llu]"} entries, as many to a line as fit in 80 characters.
     */
    static void appendPercentiles(StringBuilder out, String label, FioPercentiles.Table table) {
        if (table.isEmpty()) {
            return;
        }
        long minValue = Long.MAX_VALUE;
        long maxValue = 0;
        for (long value : table.values()) {
            minValue = Math.min(minValue, value);
            maxValue = Math.max(maxValue, value);
        }
        int scaleDown;
        long divisor;
        String unit;
        if (minValue > 2_000_000 && maxValue > 99_999_999L) {
            scaleDown = 2;
            divisor = 1_000_000;
            unit = "msec";
        } else if (minValue > 2000 && maxValue > 99_999) {
            scaleDown = 1;
            divisor = 1000;
            unit = "usec";
        } else {
            scaleDown = 0;
            divisor = 1;
            unit = "nsec";
        }
        int precision = table.precision();
        long widest = maxValue / divisor;
        int timeWidth = widest == 0 ? 5 : Math.max(5, (int) (Math.log10(widest) + 1));
        int perLine = (80 - 7) / (precision + 10 + timeWidth);
        out.append("    ").append(label).append(" percentiles (").append(unit).append("):\n     |");
        int last = table.percentiles().size() - 1;
        for (int index = 0; index <= last; index++) {
            if (index != 0 && index % perLine == 0) {
                out.append("     |");
            }
            long value = table.values().get(index);
            for (int i = 0; i < scaleDown; i++) {
                value = (value + 999) / 1000;
            }
            out.append(' ').append(CFormat.fixed(table.percentiles().get(index), precision + 3, precision))
                    .append("th=[").append(CFormat.integer(value, timeWidth)).append(']')
                    .append(index == last ? '\n' : ',');
            if (index != last && index % perLine == perLine - 1) {
                out.append('\n');
            }
        }
    }

    /** fio's {@code percentile_precision}: the most decimals any listed percentile needs (2 for the default list). */
    static int precision(SortedMap<Double, Long> percentiles) {
        int precision = 0;
        for (double percentile : percentiles.keySet()) {
            precision = Math.max(precision, BigDecimal.valueOf(percentile).stripTrailingZeros().scale());
        }
        return precision;
    }
}
