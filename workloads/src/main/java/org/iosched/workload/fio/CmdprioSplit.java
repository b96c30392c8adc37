package org.iosched.workload.fio;

import java.util.ArrayList;
import java.util.List;

/**
 * One direction's {@code cmdprio_bssplit} (fio 3.33 engines/cmdprio.c): per block size, the percentage of I/Os issued
 * with a priority. Entries are {@code blocksize/percentage} (the priority is {@code cmdprio_class}/{@code cmdprio})
 * or {@code blocksize/percentage/class/level} (the entry's own), separated by ':'; an I/O of a size not listed gets
 * no priority. Entries of one block size add up (at most 100 %): one draw below their total selects, and the same
 * draw picks the entry by their running sum ({@code fio_cmdprio_set_ioprio}). A fifth field, the priority hint
 * ({@code /hint}), is accepted and dropped, as fio 3.33 does.
 *
 * @param entries the entries in the order given
 */
record CmdprioSplit(List<Entry> entries) {
    /**
     * @param blockSize  the I/O size in bytes
     * @param percentage 0..100
     * @param ioClass    1..3, or -1 for {@code cmdprio_class}
     * @param level      0..7, or -1 for {@code cmdprio}
     */
    record Entry(long blockSize, int percentage, int ioClass, int level) {
    }

    CmdprioSplit {
        entries = List.copyOf(entries);
    }

    /** {@code tot_perc} of the entries for an I/O of {@code bytes}: 0 when none ({@code fio_cmdprio_percentage}). */
    int totalPercentage(long bytes) {
        int total = 0;
        for (Entry e : entries) {
            if (e.blockSize() == bytes) {
                total += e.percentage();
            }
        }
        return total;
    }

    /** The entry of {@code bytes} whose running sum of percentages first exceeds {@code draw}, or null. */
    Entry pick(long bytes, int draw) {
        int sum = 0;
        for (Entry e : entries) {
            if (e.blockSize() == bytes) {
                sum += e.percentage();
                if (draw < sum) {
                    return e;
                }
            }
        }
        return null;
    }

    /**
     * Parses {@code read[,write[,trim]]} into {@code target}; one value applies to every direction (fio's
     * {@code str_split_parse}); trim's is parsed and, as fio does, never used.
     */
    static void parse(String value, int kb, FioValues values, CmdprioSplit[] target) {
        String[] parts = value.split(",", -1);
        if (parts.length > Ddir.COUNT) {
            throw new ValueException("at most three comma-separated values (read,write,trim)");
        }
        for (int d = 0; d < Ddir.COUNT; d++) {
            String part = d < parts.length ? parts[d] : parts[parts.length - 1];
            if (d >= parts.length && parts.length > 1) {
                break;
            }
            if (part.isBlank()) {
                continue;
            }
            target[d] = parseOne(part.trim(), kb, values);
        }
    }

    private static CmdprioSplit parseOne(String text, int kb, FioValues values) {
        List<Entry> entries = new ArrayList<>();
        for (String item : text.split(":")) {
            if (item.isBlank()) {
                continue;
            }
            String[] f = item.split("/", -1);
            // a fifth field, the priority hint (a command duration limit descriptor), is read and dropped, as fio
            // 3.33 does: the modelled devices have no command duration limits
            if (f.length != 2 && f.length != 4 && f.length != 5) {
                throw new ValueException("cmdprio_bssplit entries are blocksize/percentage or "
                        + "blocksize/percentage/class/level[/hint], not '" + item + "'");
            }
            long bs = values.size(f[0], kb);
            int perc = bounded(f[1], "percentage", 0, 100);
            int ioClass = f.length >= 4 ? bounded(f[2], "class", 0, 3) : -1;
            int level = f.length >= 4 ? bounded(f[3], "level", 0, 7) : -1;
            entries.add(new Entry(bs, perc, ioClass, level));
        }
        if (entries.isEmpty()) {
            throw new ValueException("no blocksize/percentage entry given");
        }
        for (Entry e : entries) {
            int total = 0;
            for (Entry o : entries) {
                if (o.blockSize() == e.blockSize()) {
                    total += o.percentage();
                }
            }
            if (total > 100) {
                throw new ValueException("fio: cmdprio_bssplit total percentage for bs: " + e.blockSize()
                        + " exceeds 100");
            }
        }
        return new CmdprioSplit(entries);
    }

    private static int bounded(String text, String what, int min, int max) {
        try {
            int v = Integer.parseInt(text.trim());
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new ValueException("cmdprio_bssplit " + what + " must be " + min + ".." + max + ", not '" + text + "'");
    }
}
