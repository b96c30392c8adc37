package org.iosched.simulator.trace;

import java.util.Locale;
import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.Request;

/**
 * The counts behind blkparse 1.2.0's end-of-run summary ({@code dump_io_stats} and
 * {@code show_device_and_cpu_stats}), printed as blkparse prints them: queued, dispatched, requeued, completed
 * and merged I/Os and KiB per direction, the deepest the driver's queue got per direction (D raises it, C and R
 * lower it), unplugs, the throughput over the span from the first to the last record, the number of records
 * and the sequence skips (none: a simulated trace loses no record). Counted only while tracing.
 *
 * <p>Limitations: numbers are printed without thousands separators, as blkparse does when the {@code en_US}
 * locale it asks for is not installed (Debian's default); one CPU, so no {@code Total} block.
 */
final class TraceCounters {
    private final long[] queued = new long[2];
    private final long[] queuedKib = new long[2];
    private final long[] queuedBytes = new long[2];
    private final long[] dispatched = new long[2];
    private final long[] dispatchedKib = new long[2];
    private final long[] dispatchedBytes = new long[2];
    private final long[] requeued = new long[2];
    private final long[] completed = new long[2];
    private final long[] completedKib = new long[2];
    private final long[] completedBytes = new long[2];
    private final long[] merged = new long[2];
    private final long[] mergedKib = new long[2];
    private final long[] mergedBytes = new long[2];
    private final long[] depth = new long[2];
    private final long[] maxDepth = new long[2];
    private long ioUnplugs;
    private long timerUnplugs;

    void bio(char action, Bio bio) {
        int dir = bio.op() == Op.READ ? 0 : 1;
        long bytes = bio.bytes();
        if (action == 'Q') {
            queued[dir]++;
            queuedKib[dir] += bytes >> 10;
            queuedBytes[dir] += bytes & 1023;
        } else if (action == 'M' || action == 'F') {
            merged[dir]++;
            mergedKib[dir] += bytes >> 10;
            mergedBytes[dir] += bytes & 1023;
        }
    }

    void request(char action, Request rq) {
        int dir = rq.op() == Op.READ ? 0 : 1;
        long bytes = rq.bytes();
        switch (action) {
            case 'D' -> {
                dispatched[dir]++;
                dispatchedKib[dir] += bytes >> 10;
                dispatchedBytes[dir] += bytes & 1023;
                depth[dir]++;
                maxDepth[dir] = Math.max(maxDepth[dir], depth[dir]);
            }
            case 'R' -> {
                // blkparse takes a requeued request's size off the dispatches
                requeued[dir]++;
                dispatchedKib[dir] -= bytes >> 10;
                dispatchedBytes[dir] -= bytes & 1023;
                lower(dir);
            }
            case 'C' -> {
                completed[dir]++;
                completedKib[dir] += bytes >> 10;
                completedBytes[dir] += bytes & 1023;
                lower(dir);
            }
            default -> {
            }
        }
    }

    private void lower(int dir) {
        if (depth[dir] > 0) {
            depth[dir]--;
        }
    }

    void unplug(boolean byTimer) {
        if (byTimer) {
            timerUnplugs++;
        } else {
            ioUnplugs++;
        }
    }

    /**
     * @param device the name blkparse gives the device (the name given to {@code -i})
     * @param events records printed, messages included
     * @param span   nanoseconds from the first record to the last
     */
    String summary(String device, long events, long span) {
        StringBuilder sb = new StringBuilder(1024);
        sb.append("CPU0 (").append(device).append("):\n");
        sb.append(" Reads Queued:    ").append(count(queued[0])).append(", ").append(kib(queuedKib[0], queuedBytes[0]))
                .append("iB\t Writes Queued:    ").append(count(queued[1])).append(", ")
                .append(kib(queuedKib[1], queuedBytes[1])).append("iB\n");
        sb.append(" Read Dispatches: ").append(count(dispatched[0])).append(", ")
                .append(kib(dispatchedKib[0], dispatchedBytes[0])).append("iB\t Write Dispatches: ")
                .append(count(dispatched[1])).append(", ").append(kib(dispatchedKib[1], dispatchedBytes[1]))
                .append("iB\n");
        sb.append(" Reads Requeued:  ").append(count(requeued[0])).append("\t\t Writes Requeued:  ")
                .append(count(requeued[1])).append('\n');
        sb.append(" Reads Completed: ").append(count(completed[0])).append(", ")
                .append(kib(completedKib[0], completedBytes[0])).append("iB\t Writes Completed: ")
                .append(count(completed[1])).append(", ").append(kib(completedKib[1], completedBytes[1]))
                .append("iB\n");
        sb.append(" Read Merges:     ").append(count(merged[0])).append(", ").append(kib(mergedKib[0], mergedBytes[0]))
                .append("iB\t Write Merges:     ").append(count(merged[1])).append(", ")
                .append(kib(mergedKib[1], mergedBytes[1])).append("iB\n");
        sb.append(" Read depth:      ").append(pad8(maxDepth[0])).append("        \t Write depth:      ")
                .append(pad8(maxDepth[1])).append('\n');
        sb.append(" IO unplugs:      ").append(pad8(ioUnplugs)).append("        \t Timer unplugs:    ")
                .append(pad8(timerUnplugs)).append('\n');
        long msec = span / 1_000_000L;
        long readRate = 0;
        long writeRate = 0;
        if (msec != 0) {
            readRate = (1000 * completedKib[0] + completedBytes[0]) / msec;
            writeRate = (1000 * completedKib[1] + completedBytes[1]) / msec;
        }
        sb.append("\nThroughput (R/W): ").append(readRate).append("KiB/s / ").append(writeRate).append("KiB/s\n");
        sb.append("Events (").append(device).append("): ").append(events).append(" entries\n");
        sb.append("Skips: 0 forward (0 -   0.0%)\n");
        return sb.toString();
    }

    // size_cnv: "%8Lu" and a suffix once past a million (K, M, G, P; from K for sizes in KiB)
    private static String count(long value) {
        return scaled(value, 0);
    }

    private static String kib(long kib, long bytes) {
        return scaled(kib + (bytes >>> 10), 1);
    }

    private static String scaled(long value, int suffix) {
        final String suffixes = "\0KMGP";
        long num = value;
        int i = suffix;
        while (Long.compareUnsigned(num, 1_000_000L) > 0 && i < suffixes.length() - 1) {
            i++;
            num = Long.divideUnsigned(num, 1000);
        }
        String text = pad8(num);
        // blkparse prints the suffix with %c: the NUL of "no suffix" ends the string there
        return i == 0 ? text : text + suffixes.charAt(i);
    }

    private static String pad8(long value) {
        return String.format(Locale.ROOT, "%8s", Long.toUnsignedString(value));
    }
}
