package org.iosched.workload.replay;

import java.util.regex.Pattern;

/** The trace formats the replay workload reads, recognised from the first meaningful line. */
enum TraceFormat {
    /** fio iolog version 2: {@code <file> <action> <offset> <length>}, timing only from {@code wait}. */
    FIO_IOLOG_V2,
    /** fio iolog version 3: {@code <µs> <file> <action> <offset> <length>}. */
    FIO_IOLOG_V3,
    /** blkparse's default text output; only Q (queued) events are replayed. */
    BLKPARSE,
    /**
     * blktrace's binary records ({@code struct blk_io_trace}, one CPU's {@code NAME.blktrace.N} or
     * {@code blkparse -d}'s merged stream), carried one character per byte; only Q records are replayed.
     */
    BLKTRACE;

    /** A blkparse default-format event line: {@code maj,min cpu seq sec.nsec pid action ...}. */
    static final Pattern BLKPARSE_EVENT = Pattern.compile(
            "^\\s*(\\d+),(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\.(\\d+)\\s+(\\d+)\\s+(\\S+)\\s*(.*)$");

    /** Whether {@code text} holds blktrace's binary records (its magic, version 7, in either byte order). */
    static boolean isBlktrace(String text) {
        return text.startsWith("\u0007tae") || text.startsWith("eat\u0007");
    }

    /** The format of {@code firstLine}, or null. */
    static TraceFormat detect(String firstLine) {
        String t = firstLine.strip();
        if (t.equals("fio version 2 iolog")) {
            return FIO_IOLOG_V2;
        }
        if (t.equals("fio version 3 iolog")) {
            return FIO_IOLOG_V3;
        }
        if (BLKPARSE_EVENT.matcher(firstLine).matches()) {
            return BLKPARSE;
        }
        return null;
    }
}
