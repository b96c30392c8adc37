package org.iosched.workload.replay;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import org.iosched.api.FileIo;
import org.iosched.api.InvalidInputException;
import org.iosched.api.WorkloadSource;

/**
 * Reads a trace into one {@link ReplayStream} per task: per recorded pid for blkparse text (Q events:
 * {@code sector + sectors}, RWBS read/write/discard/flush), per file for fio iologs (fio's iolog.c
 * {@code read_iolog2}: {@code read}, {@code write}, {@code trim}, {@code sync}, {@code datasync}; v2
 * {@code wait} delays in µs, of which fio ignores those under 100 µs; v3 timestamps in µs).
 */
final class TraceReader {
    /** What was read. */
    record Trace(TraceFormat format, List<ReplayStream> streams, List<String> notices) {
    }

    private final WorkloadSource source;
    private final Map<String, ReplayStream> streams = new LinkedHashMap<>();
    private final Set<String> notices = new LinkedHashSet<>();

    private TraceReader(WorkloadSource source) {
        this.source = source;
    }

    static Trace read(WorkloadSource source) {
        return new TraceReader(source).read();
    }

    private Trace read() {
        String[] lines = source.text().split("\n", -1);
        int first = 0;
        while (first < lines.length && lines[first].isBlank()) {
            first++;
        }
        if (first == lines.length) {
            throw new InvalidInputException(source.name(), 0, "empty trace: expected a fio iolog (v2 or v3) "
                    + "or blkparse text output");
        }
        TraceFormat format = TraceFormat.detect(lines[first]);
        if (format == null) {
            throw new InvalidInputException(source.name(), first + 1, "unknown trace format: the first line "
                    + "must be 'fio version 2 iolog', 'fio version 3 iolog' or a blkparse event line "
                    + "('8,0    1        1     0.000000000  4711  Q   W 2048 + 8 [fio]')");
        }
        switch (format) {
            case BLKPARSE -> readBlkparse(lines, first);
            case FIO_IOLOG_V2, FIO_IOLOG_V3 -> readIolog(lines, first + 1, format == TraceFormat.FIO_IOLOG_V3);
        }
        List<ReplayStream> list = new ArrayList<>();
        long origin = Long.MAX_VALUE;
        for (ReplayStream s : streams.values()) {
            if (s.size() > 0) {
                list.add(s);
                origin = Math.min(origin, s.time(0));
            }
        }
        if (list.isEmpty()) {
            throw new InvalidInputException(source.name(), 0, "the trace holds no I/O to replay");
        }
        for (ReplayStream s : list) {
            s.rebase(origin);
        }
        return new Trace(format, list, List.copyOf(notices));
    }

    private void readBlkparse(String[] lines, int first) {
        boolean summary = false;
        for (int i = first; i < lines.length; i++) {
            String line = lines[i];
            if (line.isBlank()) {
                continue;
            }
            Matcher m = TraceFormat.BLKPARSE_EVENT.matcher(line);
            if (!m.matches()) {
                if (isSummary(line)) {
                    summary = true;
                    continue;
                }
                if (summary) {
                    continue;
                }
                throw new InvalidInputException(source.name(), i + 1,
                        "not a blkparse event line (expected 'maj,min cpu seq sec.nsec pid action rwbs sector + n [comm]')");
            }
            if (!m.group(8).equals("Q")) {
                continue;
            }
            long seconds = Long.parseLong(m.group(5));
            String frac = (m.group(6) + "000000000").substring(0, 9);
            long time = seconds * 1_000_000_000L + Long.parseLong(frac);
            int pid = Integer.parseInt(m.group(7));
            String rest = m.group(9);
            String[] f = rest.split("\\s+");
            if (f.length < 4 || !f[2].equals("+")) {
                throw new InvalidInputException(source.name(), i + 1,
                        "a Q event needs 'RWBS sector + sectors', e.g. 'W 2048 + 8 [fio]'");
            }
            String rwbs = f[0];
            long sector;
            long sectors;
            try {
                sector = Long.parseLong(f[1]);
                sectors = Long.parseLong(f[3]);
            } catch (NumberFormatException e) {
                throw new InvalidInputException(source.name(), i + 1, "bad sector or size in '" + rest + "'");
            }
            String comm = rest.contains("[") && rest.endsWith("]")
                    ? rest.substring(rest.lastIndexOf('[') + 1, rest.length() - 1) : "pid" + pid;
            FileIo.Kind kind = kindFromRwbs(rwbs, sectors, i + 1);
            if (kind != FileIo.Kind.FSYNC && (rwbs.startsWith("F") || rwbs.indexOf('M') >= 0
                    || rwbs.lastIndexOf('F') > 0 || rwbs.indexOf('A') >= 0)) {
                notices.add("replay: the RWBS flags PREFLUSH (leading F), FUA (trailing F), META (M) and readahead "
                        + "(A) are not replayed; reads and writes are replayed as direct I/O");
            }
            if (sectors > Integer.MAX_VALUE / 512) {
                throw new InvalidInputException(source.name(), i + 1, "I/O of " + sectors + " sectors is too large");
            }
            String key = pid + "/" + comm;
            streams.computeIfAbsent(key, k -> new ReplayStream(comm, pid))
                    .add(time, kind, sector << 9, (int) (sectors << 9), i + 1);
        }
    }

    private static boolean isSummary(String line) {
        String t = line.strip();
        return t.startsWith("CPU") || t.startsWith("Total") || t.startsWith("Reads") || t.startsWith("Read ")
                || t.startsWith("Writes") || t.startsWith("Write ") || t.startsWith("IO unplugs")
                || t.startsWith("Timer unplugs") || t.startsWith("Throughput") || t.startsWith("Events")
                || t.startsWith("Skips") || t.startsWith("Read depth") || t.startsWith("PC ");
    }

    private FileIo.Kind kindFromRwbs(String rwbs, long sectors, int line) {
        if (sectors == 0) {
            if (rwbs.startsWith("F")) {
                return FileIo.Kind.FSYNC;
            }
            throw new InvalidInputException(source.name(), line, "a " + rwbs + " event of 0 sectors (only an empty "
                    + "flush, RWBS starting with F, may have no data)");
        }
        if (rwbs.indexOf('D') >= 0) {
            return FileIo.Kind.TRIM;
        }
        if (rwbs.indexOf('W') >= 0) {
            return FileIo.Kind.WRITE;
        }
        if (rwbs.indexOf('R') >= 0) {
            return FileIo.Kind.READ;
        }
        throw new InvalidInputException(source.name(), line, "RWBS '" + rwbs + "' is neither read, write, "
                + "discard nor flush");
    }

    private void readIolog(String[] lines, int from, boolean v3) {
        long clock = 0;
        for (int i = from; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) {
                continue;
            }
            String[] f = line.split("\\s+");
            int at = 0;
            long time = clock;
            if (v3) {
                try {
                    time = Long.parseLong(f[0]) * 1000;
                } catch (NumberFormatException e) {
                    throw new InvalidInputException(source.name(), i + 1,
                            "a version 3 iolog line starts with a timestamp in µs");
                }
                at = 1;
            }
            if (f.length < at + 2) {
                throw new InvalidInputException(source.name(), i + 1,
                        "expected '<file> <action> [offset length]'");
            }
            String file = f[at];
            String action = f[at + 1].toLowerCase(Locale.ROOT);
            switch (action) {
                case "add", "open", "close" -> {
                    streams.computeIfAbsent(file, k -> new ReplayStream(file, 0));
                    continue;
                }
                default -> {
                }
            }
            if (f.length < at + 4 && !action.equals("sync") && !action.equals("datasync")) {
                throw new InvalidInputException(source.name(), i + 1,
                        "'" + action + "' needs an offset and a length");
            }
            long offset = 0;
            long length = 0;
            if (f.length >= at + 4) {
                try {
                    offset = Long.parseLong(f[at + 2]);
                    length = Long.parseLong(f[at + 3]);
                } catch (NumberFormatException e) {
                    throw new InvalidInputException(source.name(), i + 1, "bad offset or length");
                }
            }
            if (action.equals("wait")) {
                if (v3) {
                    notices.add("iolog: ignoring wait command with version 3");
                } else if (offset >= 100) {
                    clock += offset * 1000;
                }
                continue;
            }
            FileIo.Kind kind = switch (action) {
                case "read" -> FileIo.Kind.READ;
                case "write" -> FileIo.Kind.WRITE;
                case "trim" -> FileIo.Kind.TRIM;
                case "sync" -> FileIo.Kind.FSYNC;
                case "datasync" -> FileIo.Kind.FDATASYNC;
                default -> throw new InvalidInputException(source.name(), i + 1, "unknown iolog action '" + action
                        + "'; fio writes add, open, close, read, write, trim, sync, datasync and wait");
            };
            if (offset < 0 || length < 0 || length > Integer.MAX_VALUE) {
                throw new InvalidInputException(source.name(), i + 1, "bad offset or length");
            }
            if (kind.ordinal() <= FileIo.Kind.WRITE.ordinal() && length == 0) {
                throw new InvalidInputException(source.name(), i + 1, "a " + action + " of 0 bytes");
            }
            streams.computeIfAbsent(file, k -> new ReplayStream(file, 0)).add(time, kind, offset, (int) length, i + 1);
        }
    }
}
