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
import org.iosched.workload.text.InputText;

/**
 * Reads a trace into one {@link ReplayStream} per task: per recorded pid for blkparse text or blktrace binary
 * records (Q events: {@code sector + sectors}, RWBS read/write/discard/flush; binary errors name the record,
 * counted from 1, as the line), per file for fio iologs (fio's iolog.c
 * {@code read_iolog2}: {@code read}, {@code write}, {@code trim}, {@code sync}, {@code datasync}; v2
 * {@code wait} delays in µs, of which fio ignores those under 100 µs; v3 timestamps in µs).
 *
 * <p>Limits (each broken one is an error naming the line): times must fit virtual time, a {@code long} of
 * nanoseconds, and lie at most {@link #MAX_SPAN_NANOS} (the run's virtual-time limit) after the trace's
 * first I/O; byte offsets, and offset + length, must fit a {@code long} (sectors below 2^54); one I/O is at
 * most {@link Integer#MAX_VALUE} bytes (2^22 - 1 sectors); pids are 0..2^31 - 1. Lines end in LF or CRLF.
 */
final class TraceReader {
    /** What was read. */
    record Trace(TraceFormat format, List<ReplayStream> streams, List<String> notices) {
    }

    /**
     * How long after the trace's first I/O its last may be issued: 24 h, the simulation's virtual-time limit
     * ({@code Simulation.DEFAULT_MAX_VIRTUAL_TIME}, which this module cannot see; a runner test keeps the two
     * equal). A longer trace would be cut at the limit, so it is refused.
     */
    static final long MAX_SPAN_NANOS = 24L * 3600 * 1_000_000_000L;
    /** The latest time a trace may name: the largest {@code long} of nanoseconds (about 292 years). */
    private static final long MAX_TIME_NANOS = Long.MAX_VALUE;
    /** The largest sector whose byte offset fits a {@code long}: 2^54 - 1. */
    static final long MAX_SECTOR = Long.MAX_VALUE >> 9;
    /** The largest I/O in sectors whose byte length fits an {@code int}. */
    static final long MAX_SECTORS = Integer.MAX_VALUE >> 9;

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
        if (TraceFormat.isBlktrace(source.text())) {
            readBlktrace(source.text());
            return finish(TraceFormat.BLKTRACE);
        }
        String[] lines = InputText.lines(source.text());
        int first = 0;
        while (first < lines.length && lines[first].isBlank()) {
            first++;
        }
        if (first == lines.length) {
            throw new InvalidInputException(source.name(), 0, "empty trace: expected a fio iolog (v2 or v3), "
                    + "blkparse text output or blktrace binary records");
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
            default -> throw new IllegalStateException(format.name());
        }
        return finish(format);
    }

    private Trace finish(TraceFormat format) {
        List<ReplayStream> list = new ArrayList<>();
        long origin = Long.MAX_VALUE;
        for (ReplayStream s : streams.values()) {
            if (s.size() > 0) {
                list.add(s);
                for (int i = 0; i < s.size(); i++) {
                    origin = Math.min(origin, s.time(i));
                }
            }
        }
        if (list.isEmpty()) {
            throw new InvalidInputException(source.name(), 0, "the trace holds no I/O to replay");
        }
        int lateLine = Integer.MAX_VALUE;
        long late = 0;
        for (ReplayStream s : list) {
            s.rebase(origin);
            for (int i = 0; i < s.size(); i++) {
                if (s.time(i) > MAX_SPAN_NANOS && s.line(i) < lateLine) {
                    lateLine = s.line(i);
                    late = s.time(i);
                }
            }
        }
        if (lateLine != Integer.MAX_VALUE) {
            throw new InvalidInputException(source.name(), lateLine, "this I/O comes " + seconds(late)
                    + " s after the trace's first; a replay spans at most " + seconds(MAX_SPAN_NANOS)
                    + " s (24 h, the run's limit of virtual time)");
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
            long seconds = number(m.group(5), MAX_TIME_NANOS / 1_000_000_000L, i + 1, "timestamp seconds",
                    "0.." + MAX_TIME_NANOS / 1_000_000_000L + " (a time must fit 64-bit nanoseconds)");
            String frac = (m.group(6) + "000000000").substring(0, 9);
            long time = seconds * 1_000_000_000L + Long.parseLong(frac);
            if (time < 0) {
                throw new InvalidInputException(source.name(), i + 1, "timestamp " + InputText.echo(m.group(5) + "."
                        + m.group(6)) + " does not fit 64-bit nanoseconds; accepted: up to "
                        + seconds(Long.MAX_VALUE) + " s");
            }
            int pid = (int) number(m.group(7), Integer.MAX_VALUE, i + 1, "pid", "0.." + Integer.MAX_VALUE);
            String rest = m.group(9);
            String[] f = rest.split("\\s+");
            if (f.length < 4 || !f[2].equals("+")) {
                throw new InvalidInputException(source.name(), i + 1,
                        "a Q event needs 'RWBS sector + sectors', e.g. 'W 2048 + 8 [fio]'");
            }
            String rwbs = f[0];
            long sector = number(f[1], MAX_SECTOR, i + 1, "sector", "0.." + MAX_SECTOR + " (2^54 - 1)");
            long sectors = number(f[3], MAX_SECTORS, i + 1, "size", "0.." + MAX_SECTORS + " sectors");
            if (sector > MAX_SECTOR - sectors) {
                throw new InvalidInputException(source.name(), i + 1, "sector " + sector + " + " + sectors
                        + " ends beyond sector " + MAX_SECTOR + " (2^54 - 1, the last whose byte offset fits 64 bits)");
            }
            String comm = rest.contains("[") && rest.endsWith("]")
                    ? rest.substring(rest.lastIndexOf('[') + 1, rest.length() - 1) : "pid" + pid;
            FileIo.Kind kind = kindFromRwbs(rwbs, sectors, i + 1);
            if (kind != FileIo.Kind.FSYNC && (rwbs.startsWith("F") || rwbs.indexOf('M') >= 0
                    || rwbs.lastIndexOf('F') > 0 || rwbs.indexOf('A') >= 0)) {
                notices.add("replay: the RWBS flags PREFLUSH (leading F), FUA (trailing F), META (M) and readahead "
                        + "(A) are not replayed; reads and writes are replayed as direct I/O");
            }
            String key = pid + "/" + comm;
            streams.computeIfAbsent(key, k -> new ReplayStream(comm, pid))
                    .add(time, kind, sector << 9, (int) (sectors << 9), i + 1);
        }
    }

    /**
     * blktrace's binary records: the pid's comm from {@code BLK_TN_PROCESS} notes, the Q records
     * ({@code __BLK_TA_QUEUE}) replayed with their category bits as the RWBS; records are numbered from 1 in
     * errors. With the cgroup flag ({@code __BLK_TA_CGROUP}) a payload starts with the 8-byte cgroup id.
     */
    private void readBlktrace(String bytes) {
        boolean little = bytes.charAt(0) == 0x07;
        Map<Integer, String> comms = new java.util.HashMap<>();
        int at = 0;
        int record = 0;
        while (at < bytes.length()) {
            record++;
            if (bytes.length() - at < 48) {
                throw new InvalidInputException(source.name(), record, "record " + record + " at byte " + at
                        + " is cut short: a blktrace record has a 48-byte header, " + (bytes.length() - at)
                        + " bytes are left");
            }
            int magic = (int) field(bytes, at, 4, little);
            if ((magic & 0xffffff00) != 0x65617400 || (magic & 0xff) != 0x07) {
                throw new InvalidInputException(source.name(), record, String.format(Locale.ROOT,
                        "record %d at byte %d: bad magic 0x%08x; accepted: 0x65617407 (blktrace version 7)", record,
                        at, magic));
            }
            long time = field(bytes, at + 8, 8, little);
            long sector = field(bytes, at + 16, 8, little);
            long size = field(bytes, at + 24, 4, little);
            int action = (int) field(bytes, at + 28, 4, little);
            int pid = (int) field(bytes, at + 32, 4, little);
            int pduLength = (int) field(bytes, at + 46, 2, little);
            int pdu = at + 48;
            at = pdu + pduLength;
            if (at > bytes.length()) {
                throw new InvalidInputException(source.name(), record, "record " + record + "'s payload of "
                        + pduLength + " bytes runs past the end of the trace");
            }
            int cgroup = (action & 0x100) != 0 ? 8 : 0;
            if ((action & BLK_TC_NOTIFY) != 0) {
                if ((action & 0xff) == 0 && pduLength > cgroup) {
                    int end = pdu + cgroup;
                    while (end < at && bytes.charAt(end) != 0) {
                        end++;
                    }
                    comms.put(pid, bytes.substring(pdu + cgroup, end));
                }
                continue;
            }
            if ((action & 0xff) != 1 || (action & BLK_TC_PC) != 0) {
                continue;
            }
            if (time < 0) {
                throw new InvalidInputException(source.name(), record, "record " + record + "'s time "
                        + Long.toUnsignedString(time) + " ns does not fit 64-bit signed nanoseconds");
            }
            if (pid < 0) {
                throw new InvalidInputException(source.name(), record, "record " + record + "'s pid "
                        + Integer.toUnsignedString(pid) + " is beyond " + Integer.MAX_VALUE);
            }
            long sectors = size >> 9;
            if (sector < 0 || sector > MAX_SECTOR - Math.min(sectors, MAX_SECTOR)) {
                throw new InvalidInputException(source.name(), record, "record " + record + ": sector "
                        + Long.toUnsignedString(sector) + " + " + sectors + " ends beyond sector " + MAX_SECTOR
                        + " (2^54 - 1, the last whose byte offset fits 64 bits)");
            }
            if (sectors > MAX_SECTORS) {
                throw new InvalidInputException(source.name(), record, "record " + record + ": size of " + size
                        + " bytes; accepted: up to " + (MAX_SECTORS << 9) + " bytes");
            }
            String rwbs = rwbs(action, size);
            FileIo.Kind kind = kindFromRwbs(rwbs, sectors, record);
            if (kind != FileIo.Kind.FSYNC && (action & (BLK_TC_FLUSH | BLK_TC_FUA | BLK_TC_META | BLK_TC_AHEAD)) != 0) {
                notices.add("replay: the RWBS flags PREFLUSH (leading F), FUA (trailing F), META (M) and readahead "
                        + "(A) are not replayed; reads and writes are replayed as direct I/O");
            }
            String comm = comms.getOrDefault(pid, "pid" + pid);
            String key = pid + "/" + comm;
            streams.computeIfAbsent(key, k -> new ReplayStream(comm, pid))
                    .add(time, kind, sector << 9, (int) (sectors << 9), record);
        }
    }

    private static final int BLK_TC_FLUSH = 1 << 18;
    private static final int BLK_TC_PC = 1 << 25;
    private static final int BLK_TC_NOTIFY = 1 << 26;
    private static final int BLK_TC_AHEAD = 1 << 27;
    private static final int BLK_TC_META = 1 << 28;
    private static final int BLK_TC_FUA = 1 << 31;

    // blkparse's RWBS of a record: F (flush), D/W/R/N, F (FUA), A, S, M
    private static String rwbs(int action, long bytes) {
        StringBuilder rwbs = new StringBuilder(6);
        if ((action & BLK_TC_FLUSH) != 0) {
            rwbs.append('F');
        }
        if ((action & 1 << 29) != 0) {
            rwbs.append('D');
        } else if ((action & 1 << 17) != 0) {
            rwbs.append('W');
        } else if (bytes != 0) {
            rwbs.append('R');
        } else {
            rwbs.append('N');
        }
        if ((action & BLK_TC_FUA) != 0) {
            rwbs.append('F');
        }
        if ((action & BLK_TC_AHEAD) != 0) {
            rwbs.append('A');
        }
        if ((action & 1 << 19) != 0) {
            rwbs.append('S');
        }
        if ((action & BLK_TC_META) != 0) {
            rwbs.append('M');
        }
        return rwbs.toString();
    }

    // an unsigned field of {@code width} bytes at {@code at}, one byte per character
    private static long field(String bytes, int at, int width, boolean little) {
        long value = 0;
        for (int i = 0; i < width; i++) {
            int b = bytes.charAt(little ? at + width - 1 - i : at + i) & 0xff;
            value = value << 8 | b;
        }
        return value;
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
            throw new InvalidInputException(source.name(), line, "a " + InputText.echo(rwbs) + " event of 0 sectors "
                    + "(only an empty flush, RWBS starting with F, may have no data)");
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
        throw new InvalidInputException(source.name(), line, "RWBS '" + InputText.echo(rwbs) + "' is neither read, write, "
                + "discard nor flush");
    }

    /**
     * A non-negative decimal number of at most {@code max}.
     *
     * @param what     the field, for the message
     * @param accepted what is accepted, for the message
     */
    private long number(String text, long max, int line, String what, String accepted) {
        if (isNumber(text)) {
            String digits = text.startsWith("+") ? text.substring(1) : text;
            int first = 0;
            while (first < digits.length() - 1 && digits.charAt(first) == '0') {
                first++;
            }
            // at most 19 digits fit a long; more are out of range however many there are
            if (digits.length() - first <= 19) {
                try {
                    long value = Long.parseLong(digits, first, digits.length(), 10);
                    if (value <= max) {
                        return value;
                    }
                } catch (NumberFormatException e) {
                    // 19 digits above Long.MAX_VALUE: out of range, reported below
                }
            }
        }
        throw new InvalidInputException(source.name(), line, "bad " + what + " '" + InputText.echo(text)
                + "'; accepted: " + accepted);
    }

    private static boolean isNumber(String text) {
        int start = text.startsWith("+") ? 1 : 0;
        if (text.length() == start) {
            return false;
        }
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e9);
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
                if (!isNumber(f[0])) {
                    throw new InvalidInputException(source.name(), i + 1,
                            "a version 3 iolog line starts with a timestamp in µs");
                }
                time = number(f[0], MAX_TIME_NANOS / 1000, i + 1, "timestamp",
                        "0.." + MAX_TIME_NANOS / 1000 + " µs (64-bit nanoseconds)") * 1000;
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
                        "'" + InputText.echo(action) + "' needs an offset and a length");
            }
            if (action.equals("wait")) {
                if (v3) {
                    notices.add("iolog: ignoring wait command with version 3");
                    continue;
                }
                long wait = number(f[at + 2], (MAX_TIME_NANOS - clock) / 1000, i + 1, "wait",
                        "0.." + (MAX_TIME_NANOS - clock) / 1000 + " µs here (the log's time must fit 64-bit"
                                + " nanoseconds)");
                if (wait >= 100) {
                    clock += wait * 1000;
                }
                continue;
            }
            long offset = 0;
            long length = 0;
            if (f.length >= at + 4) {
                offset = number(f[at + 2], Long.MAX_VALUE, i + 1, "offset", "0.." + Long.MAX_VALUE + " bytes");
                length = number(f[at + 3], Integer.MAX_VALUE, i + 1, "length", "0.." + Integer.MAX_VALUE + " bytes");
                if (offset > Long.MAX_VALUE - length) {
                    throw new InvalidInputException(source.name(), i + 1, "offset " + offset + " + length " + length
                            + " ends beyond byte " + Long.MAX_VALUE + " (2^63 - 1)");
                }
            }
            FileIo.Kind kind = switch (action) {
                case "read" -> FileIo.Kind.READ;
                case "write" -> FileIo.Kind.WRITE;
                case "trim" -> FileIo.Kind.TRIM;
                case "sync" -> FileIo.Kind.FSYNC;
                case "datasync" -> FileIo.Kind.FDATASYNC;
                default -> throw new InvalidInputException(source.name(), i + 1, "unknown iolog action '"
                        + InputText.echo(action) + "'; fio writes add, open, close, read, write, trim, sync, datasync and wait");
            };
            if (kind.ordinal() <= FileIo.Kind.WRITE.ordinal() && length == 0) {
                throw new InvalidInputException(source.name(), i + 1, "a " + action + " of 0 bytes");
            }
            streams.computeIfAbsent(file, k -> new ReplayStream(file, 0)).add(time, kind, offset, (int) length, i + 1);
        }
    }
}
