package org.iosched.workload.fio;

/**
 * fio's {@code rw} (alias {@code readwrite}) patterns ({@code enum td_ddir}); {@link #fioName()} is what
 * fio prints in its job summary ({@code ddir_str}).
 */
enum RwMode {
    /** Sequential read. */
    READ("read", true, false, false, false),
    /** Sequential write. */
    WRITE("write", false, true, false, false),
    /** Sequential trim. */
    TRIM("trim", false, false, true, false),
    /** Random read. */
    RANDREAD("randread", true, false, false, true),
    /** Random write. */
    RANDWRITE("randwrite", false, true, false, true),
    /** Random trim. */
    RANDTRIM("randtrim", false, false, true, true),
    /** Sequential read and write mix ({@code rw}, {@code readwrite}). */
    RW("rw", true, true, false, false),
    /** Random read and write mix. */
    RANDRW("randrw", true, true, false, true),
    /** Sequential trim, each trimmed block then written. */
    TRIMWRITE("trimwrite", false, true, true, false),
    /** Random trim, each trimmed block then written. */
    RANDTRIMWRITE("randtrimwrite", false, true, true, true);

    private final String fioName;
    private final boolean reads;
    private final boolean writes;
    private final boolean trims;
    private final boolean random;

    RwMode(String fioName, boolean reads, boolean writes, boolean trims, boolean random) {
        this.fioName = fioName;
        this.reads = reads;
        this.writes = writes;
        this.trims = trims;
        this.random = random;
    }

    /** The name fio prints ({@code ddir_str}). */
    String fioName() {
        return fioName;
    }

    /** Whether the pattern reads ({@code td_read}). */
    boolean reads() {
        return reads;
    }

    /** Whether the pattern writes ({@code td_write}). */
    boolean writes() {
        return writes;
    }

    /** Whether the pattern trims ({@code td_trim}). */
    boolean trims() {
        return trims;
    }

    /** Whether offsets are random ({@code td_random}). */
    boolean random() {
        return random;
    }

    /** Whether reads and writes are mixed by {@code rwmixread} ({@code td_rw}). */
    boolean mixed() {
        return reads && writes;
    }

    /** Whether trims precede writes of the same block ({@code td_trimwrite}). */
    boolean trimWrite() {
        return trims && writes;
    }

    /** The mode for an {@code rw=} word (without the {@code :N} suffix), or null. */
    static RwMode parse(String word) {
        if (word.equals("readwrite")) {
            return RW;
        }
        for (RwMode m : values()) {
            if (m.fioName.equals(word)) {
                return m;
            }
        }
        return null;
    }

    /** The words {@code rw=} accepts, for error messages. */
    static String accepted() {
        return "read, write, trim, randread, randwrite, randtrim, rw, readwrite, randrw, trimwrite, randtrimwrite";
    }
}
