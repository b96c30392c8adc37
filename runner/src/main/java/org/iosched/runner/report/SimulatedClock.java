package org.iosched.runner.report;

import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Dates in the reports. fio prints wall-clock dates (the header's end time, JSON {@code timestamp},
 * {@code time}, {@code job_start}); a simulation has no wall clock and its output must be byte-identical for
 * identical runs, so every date is the simulated clock read as time since the Unix epoch, in UTC: a run
 * starts at {@code Thu Jan  1 00:00:00 1970} and one that lasted 10 s ends at {@code Thu Jan  1 00:00:10 1970}.
 */
final class SimulatedClock {
    // C's names, independent of the JVM's locale data.
    private static final String[] DAYS = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
    private static final String[] MONTHS = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
        "Nov", "Dec"};

    private SimulatedClock() {
    }

    /** C's {@code ctime()} without the newline: {@code "Thu Jan  1 00:00:10 1970"}. */
    static String ctime(long nanos) {
        LocalDateTime time = LocalDateTime.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), 0, ZoneOffset.UTC);
        return DAYS[time.getDayOfWeek().ordinal()]
                + " " + MONTHS[time.getMonthValue() - 1]
                + " " + CFormat.integer(time.getDayOfMonth(), 2)
                + " " + twoDigits(time.getHour()) + ":" + twoDigits(time.getMinute())
                + ":" + twoDigits(time.getSecond())
                + " " + time.getYear();
    }

    /** Whole seconds since the epoch ({@code timestamp}). */
    static long epochSeconds(long nanos) {
        return Math.floorDiv(nanos, 1_000_000_000L);
    }

    /** Milliseconds since the epoch ({@code timestamp_ms}, {@code job_start}). */
    static long epochMillis(long nanos) {
        return Math.floorDiv(nanos, 1_000_000L);
    }

    private static String twoDigits(int value) {
        return value < 10 ? "0" + value : Integer.toString(value);
    }
}
