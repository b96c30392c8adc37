package org.iosched.runner.report;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The few C {@code printf} conversions fio's reports use, reproduced exactly: {@code %.Nf} rounds the
 * exact binary value of the double half-to-even (as glibc does, unlike {@link String#format}, which rounds
 * the shortest decimal representation half-up), and widths pad with spaces on the left.
 */
final class CFormat {
    private CFormat() {
    }

    /** {@code %.<decimals>f}: fixed notation, glibc rounding, {@code inf}/{@code nan} as C prints them. */
    static String fixed(double value, int decimals) {
        if (Double.isNaN(value)) {
            return "nan";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf";
        }
        String text = new BigDecimal(value).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
        // C prints the sign of a negative value that rounds to zero ("-0.00"); BigDecimal drops it.
        if (value < 0 && text.charAt(0) != '-') {
            text = "-" + text;
        }
        return text;
    }

    /** {@code %<width>.<decimals>f}. */
    static String fixed(double value, int width, int decimals) {
        return leftPad(fixed(value, decimals), width);
    }

    /** {@code %f}: six decimals. */
    static String fixed6(double value) {
        return fixed(value, 6);
    }

    /** {@code %<width>llu} / {@code %<width>d}. */
    static String integer(long value, int width) {
        return leftPad(Long.toString(value), width);
    }

    /** {@code %<width>s}. */
    static String leftPad(String text, int width) {
        if (text.length() >= width) {
            return text;
        }
        StringBuilder padded = new StringBuilder(width);
        for (int i = text.length(); i < width; i++) {
            padded.append(' ');
        }
        return padded.append(text).toString();
    }
}
