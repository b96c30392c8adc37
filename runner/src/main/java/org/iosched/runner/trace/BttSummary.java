package org.iosched.runner.trace;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * A btt-style summary of a blkparse text trace (what {@code btt -i} prints first): for every bio, the time from
 * queueing to getting a request (Q2G), to insertion (Q2I), to issue to the driver (Q2D), and to completion (Q2C),
 * and the driver's own time (D2C); each as MIN / AVG / MAX / N, plus the 50th, 90th, 99th and 99.9th
 * percentiles that btt leaves out; then seeks between consecutive issues (D events).
 *
 * <p>A bio is followed by its start sector: a merged bio (M/F) is issued and completed with the request it joined,
 * so a D or C covering {@code sector + size} accounts every pending bio inside that range, of the same
 * direction. Lines that are not events (messages, the summary blkparse prints at the end) are skipped.
 */
public final class BttSummary {
    private static final double[] PERCENTILES = {50, 90, 99, 99.9};

    private final Series q2g = new Series("Q2G");
    private final Series q2i = new Series("Q2I");
    private final Series q2d = new Series("Q2D");
    private final Series d2c = new Series("D2C");
    private final Series q2c = new Series("Q2C");
    private final Direction[] directions = {new Direction(), new Direction()};
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
                summary.accept(line);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return summary.render();
    }

    private void accept(String line) {
        String[] f = line.trim().split("\\s+");
        // device cpu sequence time pid action rwbs sector + size [process]
        if (f.length < 10 || !f[8].equals("+") || f[0].indexOf(',') < 0) {
            return;
        }
        long time;
        long sector;
        long size;
        try {
            time = Math.round(Double.parseDouble(f[3]) * 1e9);
            sector = Long.parseLong(f[7]);
            size = Long.parseLong(f[9]);
        } catch (NumberFormatException e) {
            return;
        }
        Direction direction = directions[isWrite(f[6]) ? 1 : 0];
        switch (f[5]) {
            case "Q" -> direction.queue(sector, time);
            case "G" -> direction.mark(sector, time, Stage.GOT, q2g);
            case "I" -> direction.mark(sector, time, Stage.INSERTED, q2i);
            case "D" -> {
                direction.issue(sector, size, time);
                issues++;
                if (lastIssueEnd >= 0 && sector != lastIssueEnd) {
                    seeks++;
                    seekDistance.add(Math.abs(sector - lastIssueEnd));
                }
                lastIssueEnd = sector + size;
            }
            case "C" -> direction.complete(sector, size, time);
            default -> {
            }
        }
    }

    private static boolean isWrite(String rwbs) {
        return rwbs.indexOf('W') >= 0 || rwbs.indexOf('D') >= 0;
    }

    private String render() {
        StringBuilder out = new StringBuilder();
        out.append("==================== All Devices ====================\n\n");
        out.append(String.format(Locale.ROOT, "%-15s %13s %13s %13s %11s  %13s %13s %13s %13s%n",
                "ALL", "MIN", "AVG", "MAX", "N", "p50", "p90", "p99", "p99.9"));
        out.append("--------------- ------------- ------------- ------------- -----------  ------------- ------------- ------------- -------------\n");
        for (Series series : new Series[] {q2g, q2i, q2d, d2c, q2c}) {
            series.appendSeconds(out);
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

    private enum Stage { QUEUED, GOT, INSERTED, ISSUED }

    /** A bio waiting for its next event. */
    private static final class Pending {
        final long queued;
        long issued = -1;
        Stage stage = Stage.QUEUED;

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

        void mark(long sector, long time, Stage stage, Series series) {
            ArrayDeque<Pending> bios = pending.get(sector);
            if (bios == null) {
                return;
            }
            for (Pending bio : bios) {
                if (bio.stage.ordinal() < stage.ordinal()) {
                    bio.stage = stage;
                    series.add(time - bio.queued);
                    return;
                }
            }
        }

        void issue(long sector, long size, long time) {
            for (ArrayDeque<Pending> bios : pending.subMap(sector, true, sector + Math.max(size, 1) - 1, true).values()) {
                for (Pending bio : bios) {
                    if (bio.issued < 0) {
                        bio.issued = time;
                        bio.stage = Stage.ISSUED;
                        q2d.add(time - bio.queued);
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
                        d2c.add(time - bio.issued);
                        q2c.add(time - bio.queued);
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

        void appendSeconds(StringBuilder out) {
            if (count == 0) {
                out.append(String.format(Locale.ROOT, "%-15s %13s %13s %13s %11d%n", name, "-", "-", "-", 0));
                return;
            }
            long[] sorted = Arrays.copyOf(values, count);
            Arrays.sort(sorted);
            out.append(String.format(Locale.ROOT, "%-15s %13.9f %13.9f %13.9f %11d ", name, sorted[0] / 1e9,
                    mean() / 1e9, sorted[count - 1] / 1e9, count));
            for (double p : PERCENTILES) {
                int index = (int) Math.ceil(p / 100.0 * count) - 1;
                out.append(String.format(Locale.ROOT, " %13.9f", sorted[Math.max(0, Math.min(count - 1, index))] / 1e9));
            }
            out.append('\n');
        }
    }
}
