package org.iosched.simulator.trace;

import java.util.Locale;
import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.Request;

/**
 * The counts behind blkparse's end-of-run summary ({@code dump_io_stats}): queued, dispatched, requeued,
 * completed and merged I/Os and KiB per direction, and unplugs. Counted only while tracing.
 */
final class TraceCounters {
    private final long[] queued = new long[2];
    private final long[] queuedKib = new long[2];
    private final long[] dispatched = new long[2];
    private final long[] dispatchedKib = new long[2];
    private final long[] requeued = new long[2];
    private final long[] completed = new long[2];
    private final long[] completedKib = new long[2];
    private final long[] merged = new long[2];
    private final long[] mergedKib = new long[2];
    private long ioUnplugs;
    private long timerUnplugs;

    void bio(char action, Bio bio) {
        int dir = bio.op() == Op.READ ? 0 : 1;
        long kib = bio.bytes() >> 10;
        if (action == 'Q') {
            queued[dir]++;
            queuedKib[dir] += kib;
        } else if (action == 'M' || action == 'F') {
            merged[dir]++;
            mergedKib[dir] += kib;
        }
    }

    void request(char action, Request rq) {
        int dir = rq.op() == Op.READ ? 0 : 1;
        long kib = rq.bytes() >> 10;
        switch (action) {
            case 'D' -> {
                dispatched[dir]++;
                dispatchedKib[dir] += kib;
            }
            case 'R' -> requeued[dir]++;
            case 'C' -> {
                completed[dir]++;
                completedKib[dir] += kib;
            }
            default -> {
            }
        }
    }

    void unplug(boolean byTimer) {
        if (byTimer) {
            timerUnplugs++;
        } else {
            ioUnplugs++;
        }
    }

    String summary(String device, long events, long durationNanos) {
        StringBuilder sb = new StringBuilder(1024);
        sb.append("\nCPU0 (").append(device).append("):\n");
        row(sb, "Reads Queued:", queued[0], queuedKib[0], "Writes Queued:", queued[1], queuedKib[1]);
        row(sb, "Read Dispatches:", dispatched[0], dispatchedKib[0], "Write Dispatches:", dispatched[1],
                dispatchedKib[1]);
        row(sb, "Reads Requeued:", requeued[0], -1, "Writes Requeued:", requeued[1], -1);
        row(sb, "Reads Completed:", completed[0], completedKib[0], "Writes Completed:", completed[1],
                completedKib[1]);
        row(sb, "Read Merges:", merged[0], mergedKib[0], "Write Merges:", merged[1], mergedKib[1]);
        row(sb, "IO unplugs:", ioUnplugs, -1, "Timer unplugs:", timerUnplugs, -1);
        double seconds = durationNanos / 1e9;
        long readRate = seconds > 0 ? (long) (completedKib[0] / seconds) : 0;
        long writeRate = seconds > 0 ? (long) (completedKib[1] / seconds) : 0;
        sb.append("\nThroughput (R/W): ").append(readRate).append("KiB/s / ").append(writeRate).append("KiB/s\n");
        sb.append("Events (").append(device).append("): ").append(events).append(" entries\n");
        return sb.toString();
    }

    private static void row(StringBuilder sb, String left, long count, long kib, String right, long count2,
                            long kib2) {
        sb.append(String.format(Locale.ROOT, " %-16s %8d", left, count));
        sb.append(kib >= 0 ? String.format(Locale.ROOT, ", %8dKiB", kib) : "             ");
        sb.append(String.format(Locale.ROOT, "  %-17s %8d", right, count2));
        if (kib2 >= 0) {
            sb.append(String.format(Locale.ROOT, ", %8dKiB", kib2));
        }
        sb.append('\n');
    }
}
