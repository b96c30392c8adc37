package org.iosched.runner.trace;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * btt's summary of a block trace: the "All Devices" block exactly as {@code btt -i} (2.09) prints it, rows
 * Q2Q, Q2G, G2I, Q2M, I2D, M2D, D2C and Q2C with MIN / AVG / MAX in seconds and N, then what btt leaves out:
 * the 50th, 90th, 99th and 99.9th percentiles of the same rows and the seeks between consecutive issues.
 *
 * <p>Features (btt's rules, checked against btt on our binary traces): Q2Q is between successive queue events;
 * Q2G, Q2M between a bio's queueing and its request allocation or merge; G2I and I2D follow the request from
 * allocation to insertion to issue; M2D from each merge to the issue of the request it joined; D2C and Q2C
 * count every bio, merged ones with the request they joined (a D or C covering {@code sector + size} accounts
 * every pending bio of that direction inside the range); a time difference that is not positive counts as
 * 1 ns, as btt's {@code tdelta}; a row without values is not printed.
 *
 * <p>Limitations: one device; requeues (R) are not followed (btt's own handling of them is not modelled); the
 * other btt sections (device overhead, merge and seek tables, plugs, active requests) are left to the real btt,
 * which reads {@code --trace-format binary}'s file. Input is blkparse text (messages and the summary skipped)
 * or blktrace binary records; I/Os without data (empty flushes) are followed without their sector, which
 * blkparse does not print for them.
 */
public final class BttSummary {
    private static final double[] PERCENTILES = {50, 90, 99, 99.9};
    private static final int TC_WRITE = 1 << 17;
    private static final int TC_NOTIFY = 1 << 26;
    private static final long NO_DATA = -1;

    private final Series q2q = new Series("Q2Q");
    private final Series q2g = new Series("Q2G");
    private final Series g2i = new Series("G2I");
    private final Series q2m = new Series("Q2M");
    private final Series i2d = new Series("I2D");
    private final Series m2d = new Series("M2D");
    private final Series d2c = new Series("D2C");
    private final Series q2c = new Series("Q2C");
    private final Direction[] directions = {new Direction(), new Direction()};
    private long lastQueue = -1;
    private long seeks;
    private long issues;
    private long lastIssueEnd = -1;
    private final Series seekDistance = new Series("seek");

    private BttSummary() {
    }

    /** Reads a whole blkparse text trace and returns the summary as text. */
    public static String summarize(Reader blkparseText) {
        BttSummary summary = new BttSummary();
        try (BufferedReader reader = new BufferedReader(blkparseText)) {
            String line;
            while ((line = reader.readLine()) != null) {
                summary.acceptLine(line);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return summary.render();
    }

    /**
     * Reads blktrace binary records ({@code struct blk_io_trace} in either byte order, as one CPU's file or
     * {@code blkparse -d}'s merged stream) and returns the summary as text.
     *
     * @throws IllegalArgumentException when the bytes are not blktrace records
     */
    public static String summarizeBinary(byte[] records) {
        BttSummary summary = new BttSummary();
        ByteBuffer in = ByteBuffer.wrap(records).order(ByteOrder.LITTLE_ENDIAN);
        if (records.length >= 4 && (in.getInt(0) & 0xffffff00) != 0x65617400) {
            in.order(ByteOrder.BIG_ENDIAN);
        }
        while (in.remaining() >= 48) {
            int start = in.position();
            if ((in.getInt(start) & 0xffffff00) != 0x65617400) {
                throw new IllegalArgumentException("not a blktrace record at byte " + start);
            }
            long time = in.getLong(start + 8);
            long sector = in.getLong(start + 16);
            long bytes = in.getInt(start + 24) & 0xffffffffL;
            int action = in.getInt(start + 28);
            int pduLength = in.getShort(start + 46) & 0xffff;
            in.position(Math.min(in.limit(), start + 48 + pduLength));
            if ((action & TC_NOTIFY) != 0) {
                continue;
            }
            char code = switch (action & 0xffff) {
                case 1 -> 'Q';
                case 2 -> 'M';
                case 3 -> 'F';
                case 4 -> 'G';
                case 7 -> 'D';
                case 8 -> 'C';
                case 12 -> 'I';
                default -> ' ';
            };
            summary.accept(code, (action & TC_WRITE) != 0, time, sector, bytes >> 9);
        }
        return summary.render();
    }

    private void acceptLine(String line) {
        String[] f = line.trim().split("\\s+");
        // device cpu sequence time pid action rwbs [sector + size] [process]; C: sector [+ size] [error]
        if (f.length < 8 || f[0].indexOf(',') < 0 || f[5].length() != 1 || "QGIMFDC".indexOf(f[5].charAt(0)) < 0) {
            return;
        }
        long time;
        long sector = NO_DATA;
        long size = 0;
        try {
            time = parseTime(f[3]);
            if (f.length >= 10 && f[8].equals("+")) {
                sector = Long.parseLong(f[7]);
                size = Long.parseLong(f[9]);
            }
        } catch (NumberFormatException e) {
            return;
        }
        accept(f[5].charAt(0), isWrite(f[6]), time, sector, size);
    }

    // "s.nnnnnnnnn" to nanoseconds, exactly
    private static long parseTime(String text) {
        int dot = text.indexOf('.');
        if (dot < 0) {
            return Long.parseLong(text) * 1_000_000_000L;
        }
        String fraction = (text.substring(dot + 1) + "000000000").substring(0, 9);
        return Long.parseLong(text.substring(0, dot)) * 1_000_000_000L + Long.parseLong(fraction);
    }

    private void accept(char action, boolean write, long time, long sectorOrNone, long size) {
        // an I/O without data (an empty flush) is followed under one key, as blkparse shows no sector for it
        long sector = size == 0 ? NO_DATA : sectorOrNone;
        Direction direction = directions[write ? 1 : 0];
        switch (action) {
            case 'Q' -> {
                if (lastQueue >= 0) {
                    q2q.add(delta(lastQueue, time));
                }
                lastQueue = time;
                direction.queue(sector, time);
            }
            case 'G' -> direction.got(sector, time);
            case 'I' -> direction.inserted(sector, time);
            case 'M', 'F' -> direction.merged(sector, time);
            case 'D' -> {
                direction.issue(sector, size, time);
                if (size == 0) {
                    return;
                }
                issues++;
                if (lastIssueEnd >= 0 && sector != lastIssueEnd) {
                    seeks++;
                    seekDistance.add(Math.abs(sector - lastIssueEnd));
                }
                lastIssueEnd = sector + size;
            }
            case 'C' -> direction.complete(sector, size, time);
            default -> {
            }
        }
    }

    // btt's tdelta: a difference that is not positive counts as 1 ns
    private static long delta(long from, long to) {
        return from < to ? to - from : 1;
    }

    private static boolean isWrite(String rwbs) {
        return rwbs.indexOf('W') >= 0 || rwbs.indexOf('D') >= 0;
    }

    private String render() {
        Series[] rows = {q2q, q2g, g2i, q2m, i2d, m2d, d2c, q2c};
        StringBuilder out = new StringBuilder();
        out.append("==================== All Devices ====================\n\n");
        out.append(String.format(Locale.ROOT, "%15s %13s %13s %13s %11s%n", "ALL", "MIN", "AVG", "MAX", "N"));
        out.append("--------------- ------------- ------------- ------------- -----------\n\n");
        for (Series series : rows) {
            series.appendBtt(out);
        }
        out.append('\n');
        out.append("==================== Percentiles (not in btt) ====================\n\n");
        out.append(String.format(Locale.ROOT, "%15s %13s %13s %13s %13s%n", "ALL", "p50", "p90", "p99", "p99.9"));
        out.append("--------------- ------------- ------------- ------------- -------------\n\n");
        for (Series series : rows) {
            series.appendPercentiles(out);
        }
        out.append('\n');
        out.append(String.format(Locale.ROOT, "Seeks: %d of %d issues (%.1f%%)", seeks, issues,
                issues == 0 ? 0.0 : 100.0 * seeks / issues));
        if (seekDistance.count > 0) {
            out.append(String.format(Locale.ROOT, ", distance in sectors: mean %.0f, median %d, max %d",
                    seekDistance.mean(), seekDistance.percentile(50), seekDistance.max()));
        }
        out.append('\n');
        return out.toString();
    }

    /** A bio waiting for its next event. */
    private static final class Pending {
        final long queued;
        long got = -1;
        long inserted = -1;
        long merged = -1;
        long issued = -1;

        Pending(long queued) {
            this.queued = queued;
        }
    }

    /** Pending bios of one direction by start sector. */
    private final class Direction {
        private final NavigableMap<Long, ArrayDeque<Pending>> pending = new TreeMap<>();

        void queue(long sector, long time) {
            pending.computeIfAbsent(sector, s -> new ArrayDeque<>()).addLast(new Pending(time));
        }

        private Pending waiting(long sector) {
            ArrayDeque<Pending> bios = pending.get(sector);
            if (bios == null) {
                return null;
            }
            for (Pending bio : bios) {
                if (bio.issued < 0 && bio.merged < 0) {
                    return bio;
                }
            }
            return null;
        }

        void got(long sector, long time) {
            Pending bio = waiting(sector);
            if (bio != null && bio.got < 0 && bio.inserted < 0) {
                bio.got = time;
                q2g.add(delta(bio.queued, time));
            }
        }

        void inserted(long sector, long time) {
            Pending bio = waiting(sector);
            if (bio != null && bio.inserted < 0) {
                bio.inserted = time;
                if (bio.got >= 0) {
                    g2i.add(delta(bio.got, time));
                }
            }
        }

        void merged(long sector, long time) {
            Pending bio = waiting(sector);
            if (bio != null && bio.got < 0 && bio.inserted < 0) {
                bio.merged = time;
                q2m.add(delta(bio.queued, time));
            }
        }

        void issue(long sector, long size, long time) {
            for (ArrayDeque<Pending> bios : pending.subMap(sector, true, sector + Math.max(size, 1) - 1, true)
                    .values()) {
                for (Pending bio : bios) {
                    if (bio.issued < 0) {
                        bio.issued = time;
                        if (bio.merged >= 0) {
                            m2d.add(delta(bio.merged, time));
                        } else if (bio.inserted >= 0) {
                            i2d.add(delta(bio.inserted, time));
                        }
                    }
                }
            }
        }

        void complete(long sector, long size, long time) {
            Iterator<Map.Entry<Long, ArrayDeque<Pending>>> entries =
                    pending.subMap(sector, true, sector + Math.max(size, 1) - 1, true).entrySet().iterator();
            while (entries.hasNext()) {
                ArrayDeque<Pending> bios = entries.next().getValue();
                for (Iterator<Pending> it = bios.iterator(); it.hasNext();) {
                    Pending bio = it.next();
                    if (bio.issued >= 0) {
                        d2c.add(delta(bio.issued, time));
                        q2c.add(delta(bio.queued, time));
                        it.remove();
                    }
                }
                if (bios.isEmpty()) {
                    entries.remove();
                }
            }
        }
    }

    /** The values of one measure (nanoseconds, or sectors for seeks). */
    private static final class Series {
        private final String name;
        private long[] values = new long[1024];
        private int count;

        Series(String name) {
            this.name = name;
        }

        void add(long value) {
            if (count == values.length) {
                values = Arrays.copyOf(values, count * 2);
            }
            values[count++] = value;
        }

        double mean() {
            double sum = 0;
            for (int i = 0; i < count; i++) {
                sum += values[i];
            }
            return sum / count;
        }

        long max() {
            long max = Long.MIN_VALUE;
            for (int i = 0; i < count; i++) {
                max = Math.max(max, values[i]);
            }
            return max;
        }

        long percentile(double p) {
            long[] sorted = Arrays.copyOf(values, count);
            Arrays.sort(sorted);
            int index = (int) Math.ceil(p / 100.0 * count) - 1;
            return sorted[Math.max(0, Math.min(count - 1, index))];
        }

        // btt's BIT_TIME: whole seconds plus the nanoseconds as a fraction
        private static double seconds(long nanos) {
            return (double) (nanos / 1_000_000_000L) + (double) (nanos % 1_000_000_000L) / 1.0e9;
        }

        void appendBtt(StringBuilder out) {
            if (count == 0) {
                return;
            }
            long total = 0;
            long min = Long.MAX_VALUE;
            long max = Long.MIN_VALUE;
            for (int i = 0; i < count; i++) {
                total += values[i];
                min = Math.min(min, values[i]);
                max = Math.max(max, values[i]);
            }
            out.append(String.format(Locale.ROOT, "%-15s %13.9f %13.9f %13.9f %11d%n", name, seconds(min),
                    seconds(total) / count, seconds(max), count));
        }

        void appendPercentiles(StringBuilder out) {
            if (count == 0) {
                return;
            }
            out.append(String.format(Locale.ROOT, "%-15s", name));
            for (double p : PERCENTILES) {
                out.append(String.format(Locale.ROOT, " %13.9f", seconds(percentile(p))));
            }
            out.append('\n');
        }
    }
}
