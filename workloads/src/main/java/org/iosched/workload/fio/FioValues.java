package org.iosched.workload.fio;

import java.util.Locale;
import java.util.Map;
import org.iosched.workload.text.InputText;

/**
 * fio's value grammar (parse.c {@code str_to_decimal}, {@code __get_mult_bytes}, {@code get_mult_time},
 * {@code check_int}; options.c {@code fio_option_dup_subs}, {@code fio_keyword_replace}): integers with
 * size or time suffixes, percentages, booleans, arithmetic in parentheses, {@code ${VAR}} expansion from
 * the run's environment and the reserved keywords {@code $pagesize}, {@code $mb_memory}, {@code $ncpus}.
 *
 * <p>Where fio silently reads an unknown suffix as a multiplier of 1 ({@code size=4q} is 4 bytes), iosched
 * rejects the value and says which units are accepted.
 */
final class FioValues {
    /** What a size accepts, for error messages. */
    static final String SIZE_HELP = "an integer with an optional unit k, m, g, t, p (kb_base multiples) "
            + "or kib, mib, gib, tib, pib (the other base), e.g. 4k or 10g";
    /** What a time accepts, for error messages. */
    static final String TIME_HELP = "an integer with an optional unit us, ms, s, m (minutes), h or d";

    private final Map<String, String> environment;
    private final long pageSize;
    private final long mbMemory;
    private final long ncpus;
    private boolean ncpusUsed;

    /**
     * @param environment variables for {@code ${VAR}}
     * @param pageSize    value of {@code $pagesize}
     * @param mbMemory    value of {@code $mb_memory}
     * @param ncpus       value of {@code $ncpus}
     */
    FioValues(Map<String, String> environment, long pageSize, long mbMemory, long ncpus) {
        this.environment = environment;
        this.pageSize = pageSize;
        this.mbMemory = mbMemory;
        this.ncpus = ncpus;
    }

    /** Whether a value used {@code $ncpus} (the run must then have that many CPUs). */
    boolean ncpusUsed() {
        return ncpusUsed;
    }

    /** The value of {@code $ncpus}. */
    long ncpus() {
        return ncpus;
    }

    /** The value of {@code $pagesize}: the page size of the simulated machine. */
    long pageSize() {
        return pageSize;
    }

    /**
     * Expand {@code ${VAR}} (unset variables become empty, as in fio) and the reserved keywords; a value
     * whose keywords were replaced and that contains an operator is evaluated as arithmetic, as fio does
     * with {@code bc} ({@code size=8*$mb_memory}).
     */
    String substitute(String value) {
        if (value == null) {
            return null;
        }
        StringBuilder out = new StringBuilder(value.length());
        int i = 0;
        while (i < value.length()) {
            if (value.startsWith("${", i)) {
                int close = value.indexOf('}', i + 2);
                if (close > i + 2) {
                    out.append(environment.getOrDefault(value.substring(i + 2, close), ""));
                    i = close + 1;
                    continue;
                }
            }
            out.append(value.charAt(i++));
        }
        String s = out.toString();
        if (s.contains("$ncpus")) {
            ncpusUsed = true;
        }
        String replaced = s.replace("$pagesize", Long.toString(pageSize))
                .replace("$mb_memory", Long.toString(mbMemory))
                .replace("$ncpus", Long.toString(ncpus));
        if (!replaced.equals(s) && !replaced.startsWith("(") && hasOperator(replaced)) {
            return "(" + replaced + ")";
        }
        return replaced;
    }

    private static boolean hasOperator(String s) {
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '+' || c == '-' || c == '*' || c == '/') {
                return true;
            }
        }
        return false;
    }

    /** A size in bytes or a percentage ({@code size=20%}). */
    record Size(long bytes, int percent) {
        /** Whether this is a percentage of the file or device. */
        boolean isPercent() {
            return percent >= 0;
        }
    }

    /** Parse a size that may be a percentage. */
    Size sizeOrPercent(String text, int kbBase) {
        String t = text.strip();
        if (t.endsWith("%") && !t.startsWith("(")) {
            long p = integer(t.substring(0, t.length() - 1), kbBase);
            if (p < 0 || p > 100) {
                throw new ValueException("a percentage must be 0..100, not " + p);
            }
            return new Size(0, (int) p);
        }
        return new Size(size(t, kbBase), -1);
    }

    /** Parse a non-negative size in bytes. */
    long size(String text, int kbBase) {
        long v = integer(text, kbBase);
        if (v < 0) {
            throw new ValueException("a size cannot be negative");
        }
        return v;
    }

    /** Parse an integer that may carry a size suffix (fio parses plain integer options the same way). */
    long integer(String text, int kbBase) {
        String t = text.strip();
        if (t.isEmpty()) {
            throw new ValueException("empty value; expected " + SIZE_HELP);
        }
        if (t.startsWith("(")) {
            double v = FioExpression.evaluate(t, suffix -> sizeMultiplier(suffix, kbBase));
            return Math.round(v);
        }
        int end = numberEnd(t);
        long number = parseNumber(t, end);
        rejectFraction(t, end);
        String suffix = t.substring(end).toLowerCase(Locale.ROOT);
        double m = sizeMultiplier(suffix, kbBase);
        if (Double.isNaN(m)) {
            throw new ValueException("bad unit '" + InputText.echo(t.substring(end)) + "'; expected " + SIZE_HELP);
        }
        try {
            return Math.multiplyExact(number, (long) m);
        } catch (ArithmeticException e) {
            throw new ValueException("value " + InputText.echo(t) + " is too large");
        }
    }

    /**
     * Parse a time and return microseconds, fio's internal unit.
     *
     * @param seconds whether a number without unit means seconds ({@code runtime}) rather than
     *                microseconds ({@code thinktime})
     */
    long timeMicros(String text, boolean seconds) {
        String t = text.strip();
        if (t.isEmpty()) {
            throw new ValueException("empty value; expected " + TIME_HELP);
        }
        double implied = seconds ? 1_000_000.0 : 1.0;
        if (t.startsWith("(")) {
            double v = FioExpression.evaluate(t, suffix -> suffix.isEmpty() ? implied : timeMultiplier(suffix));
            return Math.round(v);
        }
        int end = numberEnd(t);
        long number = parseNumber(t, end);
        rejectFraction(t, end);
        String suffix = t.substring(end).toLowerCase(Locale.ROOT);
        double m = suffix.isEmpty() ? implied : timeMultiplier(suffix);
        if (Double.isNaN(m)) {
            throw new ValueException("bad unit '" + InputText.echo(t.substring(end)) + "'; expected " + TIME_HELP);
        }
        if (number < 0) {
            throw new ValueException("a time cannot be negative");
        }
        try {
            return Math.multiplyExact(number, (long) m);
        } catch (ArithmeticException e) {
            throw new ValueException("value " + InputText.echo(t) + " is too large");
        }
    }

    /** fio's {@code check_int}: an unsigned decimal or {@code 0x} hexadecimal integer. */
    static long unsignedInt(String text) {
        String t = text.strip();
        try {
            if (t.startsWith("0x") || t.startsWith("0X")) {
                return Long.parseLong(t.substring(2), 16);
            }
            if (!t.isEmpty() && t.chars().allMatch(Character::isDigit)) {
                return Long.parseLong(t);
            }
        } catch (NumberFormatException e) {
            throw new ValueException("'" + InputText.echo(t) + "' is not an unsigned integer");
        }
        throw new ValueException("'" + InputText.echo(t) + "' is not an unsigned integer (fio booleans are 0 or 1)");
    }

    /**
     * fio's {@code FIO_OPT_BOOL}: {@link #unsignedInt} bounded to 1, as parse.c's {@code option_init} gives
     * every bool option {@code maxval = 1} ({@code direct=2} is "max value out of range: 2 (1 max)").
     */
    static boolean bool(String text) {
        long v = unsignedInt(text);
        if (v > 1) {
            throw new ValueException("max value out of range: " + v + " (1 max)");
        }
        return v != 0;
    }

    /** A {@code lo-hi} or {@code lo:hi} size range; swapped when {@code lo > hi}, as fio does. */
    long[] range(String text, int kbBase) {
        String t = text.strip();
        int sep = t.indexOf('-');
        if (sep <= 0) {
            sep = t.indexOf(':');
        }
        if (sep <= 0) {
            throw new ValueException("expected a range lo-hi or lo:hi, e.g. 4k-64k");
        }
        long lo = size(t.substring(0, sep), kbBase);
        long hi = size(t.substring(sep + 1), kbBase);
        return lo <= hi ? new long[] {lo, hi} : new long[] {hi, lo};
    }

    private static void rejectFraction(String t, int end) {
        if (end < t.length() && t.charAt(end) == '.') {
            throw new ValueException("'" + InputText.echo(t) + "' is not an integer; write fractions as an "
                    + "expression, e.g. (1.5*1024)");
        }
    }

    private static int numberEnd(String t) {
        int i = 0;
        if (i < t.length() && (t.charAt(i) == '+' || t.charAt(i) == '-')) {
            i++;
        }
        if (t.startsWith("0x", i) || t.startsWith("0X", i)) {
            i += 2;
            while (i < t.length() && Character.digit(t.charAt(i), 16) >= 0) {
                i++;
            }
            return i;
        }
        while (i < t.length() && Character.isDigit(t.charAt(i))) {
            i++;
        }
        return i;
    }

    private static long parseNumber(String t, int end) {
        String digits = t.substring(0, end);
        try {
            if (digits.contains("0x") || digits.contains("0X")) {
                boolean negative = digits.startsWith("-");
                String hex = digits.substring(digits.indexOf('x') >= 0 ? digits.indexOf('x') + 1 : digits.indexOf('X') + 1);
                long v = Long.parseLong(hex, 16);
                return negative ? -v : v;
            }
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            if (end < t.length() && t.charAt(end) == '.') {
                throw new ValueException("'" + InputText.echo(t) + "' is not an integer; write fractions "
                        + "as an expression, e.g. (1.5*1024)");
            }
            throw new ValueException("'" + InputText.echo(t) + "' is not a number");
        }
    }

    /**
     * fio's {@code __get_mult_bytes}: {@code k m g t p} (optionally followed by {@code b}, and {@code ki}
     * like {@code k}) are powers of {@code kb_base}; {@code kib mib gib tib pib} use the other base
     * (1000 when {@code kb_base=1024}, the compatibility inversion); {@code b} alone is bytes.
     */
    static double sizeMultiplier(String suffix, int kbBase) {
        int other = kbBase == 1000 ? 1024 : 1000;
        if (suffix.isEmpty() || suffix.equals("b")) {
            return 1;
        }
        int pow = "kmgtp".indexOf(suffix.charAt(0)) + 1;
        if (pow == 0) {
            return Double.NaN;
        }
        String rest = suffix.substring(1);
        if (rest.equals("ib")) {
            return Math.pow(other, pow);
        }
        if (rest.isEmpty() || rest.equals("b") || rest.equals("i")) {
            return Math.pow(kbBase, pow);
        }
        return Double.NaN;
    }

    /** fio's {@code get_mult_time}, in microseconds per unit. */
    static double timeMultiplier(String suffix) {
        return switch (suffix) {
            case "us", "usec" -> 1;
            case "ms", "msec" -> 1_000;
            case "s" -> 1_000_000;
            case "m" -> 60_000_000;
            case "h" -> 3_600_000_000.0;
            case "d" -> 86_400_000_000.0;
            default -> Double.NaN;
        };
    }
}
