package org.iosched.workload.fio;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * fio's {@code num2str()} (lib/num2str.c): a count scaled by k/Ki until it has at most {@code maxlen} digits, with
 * the remainder shown as decimals where there is room: the reports' numbers ({@code BW=12.5MiB/s},
 * {@code io=125MiB}) and the block sizes of the job line fio prints before a run ({@code bs=(R) 64.0KiB-64.0KiB}).
 * Reproduces fio's own rounding quirks (a carry is added only when no decimals are shown; decimals are the
 * remainder's fraction, not a rounded quotient) so that our numbers read digit for digit like fio's. Also fio
 * 1.5x's version ({@link #legacy}), which the 2011 report layout uses.
 */
public final class Num2Str {
    /** The unit appended after the prefix ({@code enum n2s_unit} in lib/num2str.h). */
    public enum Unit {
        NONE("", 1),
        BYTE("B", 1),
        BYTE_PER_SEC("B/s", 1),
        /** {@code unit_base=1}: the count is bytes, printed as bits ({@code N2S_BITPERSEC} multiplies by 8). */
        BIT_PER_SEC("bit/s", 8);

        private final String suffix;
        private final int multiplier;

        Unit(String suffix, int multiplier) {
            this.suffix = suffix;
            this.multiplier = multiplier;
        }
    }

    /** How the decimals of the remainder are rounded. */
    public enum Rounding {
        /** As fio's {@code sprintf("%.*f")} with glibc: the double's exact binary value, half to even. */
        GLIBC,
        /**
         * The double's shortest decimal representation, half up ({@link String#format}): differs from fio when the
         * remainder lies exactly half-way between two decimals (16640 B: {@code 16.3KiB} here, fio {@code 16.2KiB}).
         * The job line's block sizes are printed so.
         */
        HALF_UP
    }

    private static final String[] SI_PREFIX = {"", "k", "M", "G", "T", "P", "E"};
    private static final String[] IEC_PREFIX = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
    private static final char[] LEGACY_PREFIX = {' ', 'K', 'M', 'G', 'P', 'E'};

    private Num2Str() {
    }

    /**
     * fio 3.x {@code num2str(num, maxlen, base, pow2, units)} (lib/num2str.c).
     *
     * @param num    a non-negative quantity
     * @param maxlen significant figures (fio's {@code sig_figs}, 4 by default)
     * @param base   the multiplier {@code num} is already in (1, or 1024 when num is in KiB)
     * @param pow2   binary (Ki, Mi) rather than decimal (k, M) prefixes
     * @param unit   what is appended after the prefix
     */
    public static String modern(long num, int maxlen, int base, boolean pow2, Unit unit) {
        return modern(num, maxlen, base, pow2, unit, Rounding.GLIBC);
    }

    /**
     * fio 3.x {@code num2str} as {@link #modern(long, int, int, boolean, Unit)}, with the decimals rounded as
     * {@code rounding} says.
     */
    public static String modern(long num, int maxlen, int base, boolean pow2, Unit unit, Rounding rounding) {
        String[] prefixes = pow2 ? IEC_PREFIX : SI_PREFIX;
        int thousand = pow2 ? 1024 : 1000;
        Scaled scaled = Scaled.of(num * unit.multiplier, maxlen, base, thousand, prefixes.length);
        long value = scaled.value;
        long modulo = scaled.modulo;
        boolean carry = scaled.carry;
        int post = scaled.post;
        if (post >= prefixes.length) {
            post = 0;
        }
        if (modulo >= 0) {
            int room = maxlen - Long.toString(value).length();
            if (room > 1) {
                String fraction = fraction(modulo, thousand, room - 1, rounding);
                // A remainder that rounds to 1.0 ("1.00") carries into the integer part and prints ".00".
                if (fraction.charAt(0) == '1') {
                    value++;
                }
                return value + "." + fraction.substring(2) + prefixes[post] + unit.suffix;
            }
            if (carry) {
                value++;
            }
        }
        return value + prefixes[post] + unit.suffix;
    }

    /** {@code %.<decimals>f} of {@code modulo / thousand} (a value in [0, 1)), rounded as {@code rounding} says. */
    private static String fraction(long modulo, int thousand, int decimals, Rounding rounding) {
        double value = (double) modulo / (double) thousand;
        if (rounding == Rounding.HALF_UP) {
            return String.format(Locale.ROOT, "%." + decimals + "f", value);
        }
        return new BigDecimal(value).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
    }

    /**
     * The fio 1.5x (2011) {@code num2str(num, maxlen, base, pow2)}: single-letter prefixes K, M, G, and a
     * space where there is no prefix (hence {@code iops=7118 ,} and {@code 286105 B/s} in reports of that
     * time); decimals are the remainder cut to fit, rounded up one digit at a time.
     */
    public static String legacy(long num, int maxlen, int base, boolean pow2) {
        int thousand = pow2 ? 1024 : 1000;
        Scaled scaled = Scaled.of(num, maxlen, base, thousand, LEGACY_PREFIX.length);
        long value = scaled.value;
        long modulo = scaled.modulo;
        boolean carry = scaled.carry;
        int post = scaled.post;
        char prefix = LEGACY_PREFIX[Math.min(post, LEGACY_PREFIX.length - 1)];
        if (modulo < 0) {
            return Long.toString(value) + prefix;
        }
        int decimals = maxlen - Long.toString(value).length();
        if (decimals <= 1) {
            return Long.toString(carry ? value + 1 : value) + prefix;
        }
        while (Long.toString(modulo).length() > decimals - 1) {
            modulo = (modulo + 9) / 10;
        }
        return value + "." + modulo + prefix;
    }

    /**
     * The scaling both versions share: start at the prefix {@code base} stands for, then divide by
     * {@code thousand} until the value has at most {@code maxlen} digits or the prefixes run out.
     *
     * @param value  the scaled count
     * @param modulo the remainder of the last division, or -1 if there was none
     * @param carry  whether that remainder is at least half of {@code thousand}
     * @param post   the prefix index reached
     */
    private record Scaled(long value, long modulo, boolean carry, int post) {
        static Scaled of(long num, int maxlen, int base, int thousand, int prefixCount) {
            int post = 0;
            for (int b = base; b > 1; post++) {
                b /= thousand;
            }
            long value = num;
            long modulo = -1;
            boolean carry = false;
            while (post < prefixCount) {
                if (Long.toString(value).length() <= maxlen) {
                    break;
                }
                modulo = value % thousand;
                value /= thousand;
                carry = modulo >= thousand / 2;
                post++;
            }
            return new Scaled(value, modulo, carry, post);
        }
    }
}
