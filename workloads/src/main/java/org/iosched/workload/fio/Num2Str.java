package org.iosched.workload.fio;

import java.util.Locale;

/**
 * fio's {@code num2str} (lib/num2str.c): a number shortened to at most {@code maxlen} digits with a
 * binary (Ki, Mi, ...) or decimal (k, M, ...) prefix and a unit, e.g. {@code 4096B}, {@code 64.0KiB},
 * {@code 1024KiB}. Used for the job summary line fio prints before a run.
 */
final class Num2Str {
    private static final String[] SI = {"", "k", "M", "G", "T", "P", "E"};
    private static final String[] IEC = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};

    private Num2Str() {
    }

    /**
     * @param num    the quantity
     * @param maxlen digits allowed (fio's {@code significant_figures}, default 4)
     * @param pow2   binary prefixes (when {@code kb_base} is a power of two)
     * @param unit   unit text ({@code B})
     */
    static String format(long num, int maxlen, boolean pow2, String unit) {
        long thousand = pow2 ? 1024 : 1000;
        String[] prefixes = pow2 ? IEC : SI;
        int post = 0;
        long modulo = -1;
        boolean carry = false;
        while (post < prefixes.length) {
            if (Long.toString(num).length() <= maxlen) {
                break;
            }
            modulo = num % thousand;
            num /= thousand;
            carry = modulo >= thousand / 2;
            post++;
        }
        if (post >= prefixes.length) {
            post = 0;
        }
        if (modulo == -1) {
            return num + prefixes[post] + unit;
        }
        int len = Long.toString(num).length();
        if (maxlen - len <= 1) {
            return (carry ? num + 1 : num) + prefixes[post] + unit;
        }
        String frac = String.format(Locale.ROOT, "%." + (maxlen - len - 1) + "f", (double) modulo / thousand);
        if (frac.charAt(0) == '1') {
            num++;
        }
        return num + "." + frac.substring(2) + prefixes[post] + unit;
    }
}
