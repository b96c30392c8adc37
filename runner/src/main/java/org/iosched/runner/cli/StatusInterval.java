package org.iosched.runner.cli;

import org.iosched.api.InvalidInputException;
import org.iosched.workload.text.InputText;

/**
 * fio's {@code --status-interval=TIME} value (fio.c parses it with {@code check_str_time}, seconds by default):
 * an integer with an optional unit {@code us}, {@code ms}, {@code s}, {@code m}, {@code h} or {@code d}. fio keeps
 * the interval in whole milliseconds; so do we.
 */
final class StatusInterval {
    private StatusInterval() {
    }

    /**
     * The interval in virtual nanoseconds, a multiple of 1 ms.
     *
     * @throws InvalidInputException for anything else, or an interval below 1 ms
     */
    static long parseNanos(String text) {
        String value = text.trim().toLowerCase(java.util.Locale.ROOT);
        int end = 0;
        while (end < value.length() && Character.isDigit(value.charAt(end))) {
            end++;
        }
        String unit = value.substring(end);
        long multiplier = switch (unit) {
            case "", "s" -> 1_000_000_000L;
            case "us", "usec" -> 1_000L;
            case "ms", "msec" -> 1_000_000L;
            case "m", "min" -> 60_000_000_000L;
            case "h" -> 3_600_000_000_000L;
            case "d" -> 86_400_000_000_000L;
            default -> -1;
        };
        long number;
        try {
            number = end == 0 ? -1 : Long.parseLong(value.substring(0, end));
        } catch (NumberFormatException e) {
            number = -1;
        }
        if (multiplier < 0 || number < 0 || number > Long.MAX_VALUE / multiplier) {
            throw new InvalidInputException("--status-interval", 0, "bad time '" + InputText.echo(text)
                    + "'; accepted: an integer with an optional unit us, ms, s, m, h or d (seconds without one)");
        }
        long millis = number * multiplier / 1_000_000L;
        if (millis == 0) {
            throw new InvalidInputException("--status-interval", 0, "'" + InputText.echo(text)
                    + "' is below fio's resolution of 1 ms; accepted: 1ms or more");
        }
        return millis * 1_000_000L;
    }
}
