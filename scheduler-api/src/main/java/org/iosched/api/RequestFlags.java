package org.iosched.api;

/**
 * Request and bio flags, as the {@code REQ_*} bits of Linux 2.6.36-3.0 (shared by bios and requests).
 *
 * <p>Flags are plain {@code int} bits so that the hot path neither allocates nor boxes.
 * A request is <em>sync</em> when it is a read or carries {@link #SYNC} ({@code rw_is_sync}).
 */
public final class RequestFlags {
    /** {@code REQ_SYNC}: the submitter waits for this I/O. */
    public static final int SYNC = 1;
    /** {@code REQ_META}: file-system metadata; CFQ prefers it. */
    public static final int META = 1 << 1;
    /** {@code REQ_NOIDLE}: the scheduler should not idle after this request (fsync-style). */
    public static final int NOIDLE = 1 << 2;
    /** {@code REQ_FUA}: the data is durable on the medium when the request completes. */
    public static final int FUA = 1 << 3;
    /** {@code REQ_FLUSH} on a data request: flush the write cache before this request. */
    public static final int PREFLUSH = 1 << 4;
    /** {@code REQ_UNPLUG}: unplug the queue right after queueing this bio (READ_SYNC, WRITE_SYNC). */
    public static final int UNPLUG = 1 << 5;
    /** {@code REQ_RAHEAD}: a readahead read, may be failed rather than waited for. */
    public static final int RAHEAD = 1 << 6;
    /** {@code REQ_NOMERGE}: never merge into or with this request. */
    public static final int NOMERGE = 1 << 7;

    private RequestFlags() {
    }

    /** Whether {@code flags} contain every bit of {@code flag}. */
    public static boolean has(int flags, int flag) {
        return (flags & flag) == flag;
    }

    /** {@code rw_is_sync}: reads are always sync, writes when they carry {@link #SYNC}. */
    public static boolean isSync(Op op, int flags) {
        return op == Op.READ || (flags & SYNC) != 0;
    }

    /**
     * The blkparse RWBS string of an operation and its flags: {@code R}, {@code W}, {@code D} (discard),
     * {@code F} (flush), then {@code F} for PREFLUSH before the op letter, {@code S} sync, {@code M} meta,
     * {@code A} readahead ({@code blk_fill_rwbs}); {@code FWFS} for a sync write with a preflush and FUA,
     * {@code FWS} for an empty sync flush.
     */
    public static String rwbs(Op op, int flags) {
        StringBuilder sb = new StringBuilder(6);
        if ((flags & PREFLUSH) != 0 || op == Op.FLUSH) {
            sb.append('F');
        }
        // blk_fill_rwbs: an empty flush is a WRITE carrying REQ_FLUSH, hence "FWS"
        sb.append(switch (op) {
            case READ -> 'R';
            case WRITE, FLUSH -> 'W';
            case DISCARD -> 'D';
        });
        if ((flags & FUA) != 0) {
            sb.append('F');
        }
        if ((flags & RAHEAD) != 0) {
            sb.append('A');
        }
        if ((flags & SYNC) != 0) {
            sb.append('S');
        }
        if ((flags & META) != 0) {
            sb.append('M');
        }
        return sb.toString();
    }
}
