package org.iosched.simulator.trace;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.iosched.api.Op;
import org.iosched.api.RequestFlags;

/**
 * The kernel's binary blktrace records ({@code struct blk_io_trace}, version 7), as {@code blktrace -o NAME}
 * writes them to {@code NAME.blktrace.<cpu>}: 48 bytes in the machine's byte order (little-endian, as on
 * x86) followed by {@code pdu_len} bytes of payload.
 *
 * <p>Features: the action word is the action code ({@code __BLK_TA_*}) in the low 16 bits and the category
 * mask ({@code BLK_TC_*}) in the high 16, filled as 2.6.32-3.0's {@code __blk_add_trace} does (the direction
 * READ or WRITE, then FLUSH, SYNC, AHEAD, META, DISCARD, FUA from the request flags; request events add FS;
 * plug and unplug carry {@code rw = 0}, hence READ); the unplug payload is the request count as a big-endian
 * 64-bit value; a {@code BLK_TN_PROCESS} note with the 16-byte comm precedes the first record of every pid
 * ({@code trace_note_tsk}); messages are {@code BLK_TN_MESSAGE} notes with pid 0 and at most 127 bytes of text
 * ({@code BLK_TN_MAX_MSG}); one {@code BLK_TN_TIMESTAMP} note opens the stream ({@code trace_note_time}).
 *
 * <p>Limitations: the timestamp note's wall-clock time is 0 s (the epoch; a run has no wall clock); no remap
 * ({@code A}) or split ({@code X}) records, since the model has one whole-disk device and no bio splits.
 * Records are buffered and written in blocks; nothing allocates per record.
 */
final class BlktraceWriter {
    static final int MAGIC = 0x65617400;
    static final int VERSION = 0x07;
    static final int HEADER_BYTES = 48;

    // blktrace categories (BLK_TC_*), already shifted into the high half (BLK_TC_ACT)
    static final int TC_READ = 1 << 16;
    static final int TC_WRITE = 1 << 17;
    static final int TC_FLUSH = 1 << 18;
    static final int TC_SYNC = 1 << 19;
    static final int TC_QUEUE = 1 << 20;
    static final int TC_REQUEUE = 1 << 21;
    static final int TC_ISSUE = 1 << 22;
    static final int TC_COMPLETE = 1 << 23;
    static final int TC_FS = 1 << 24;
    static final int TC_NOTIFY = 1 << 26;
    static final int TC_AHEAD = 1 << 27;
    static final int TC_META = 1 << 28;
    static final int TC_DISCARD = 1 << 29;
    static final int TC_FUA = 1 << 31;

    // action codes (__BLK_TA_*)
    static final int TA_QUEUE = 1;
    static final int TA_BACKMERGE = 2;
    static final int TA_FRONTMERGE = 3;
    static final int TA_GETRQ = 4;
    static final int TA_SLEEPRQ = 5;
    static final int TA_REQUEUE = 6;
    static final int TA_ISSUE = 7;
    static final int TA_COMPLETE = 8;
    static final int TA_PLUG = 9;
    static final int TA_UNPLUG_IO = 10;
    static final int TA_UNPLUG_TIMER = 11;
    static final int TA_INSERT = 12;

    // notify records (BLK_TN_*)
    static final int TN_PROCESS = TC_NOTIFY;
    static final int TN_TIMESTAMP = 1 | TC_NOTIFY;
    static final int TN_MESSAGE = 2 | TC_NOTIFY;

    /** {@code TASK_COMM_LEN}: a comm is 15 characters and a NUL. */
    static final int COMM_BYTES = 16;
    /** {@code BLK_TN_MAX_MSG} less the NUL {@code vscnprintf} keeps: a message is at most 127 bytes. */
    static final int MAX_MESSAGE = 127;

    private final OutputStream out;
    private final int device;
    private final int cpu;
    private final ByteBuffer buffer = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
    private int[] notedPids = new int[16];
    private int notedCount;

    /**
     * @param out    where the records go (the caller closes it)
     * @param device {@code dev_t} as blktrace stores it: {@code major << 20 | minor}
     * @param cpu    the CPU whose file this is
     */
    BlktraceWriter(OutputStream out, int device, int cpu) {
        this.out = out;
        this.device = device;
        this.cpu = cpu;
    }

    /** The categories of an I/O of this op and these flags ({@code __blk_add_trace}'s {@code what |= ...}). */
    static int categories(Op op, int flags) {
        int what = switch (op) {
            case READ -> TC_READ;
            case WRITE -> TC_WRITE;
            case FLUSH -> TC_WRITE | TC_FLUSH;
            case DISCARD -> TC_WRITE | TC_DISCARD;
        };
        if ((flags & RequestFlags.PREFLUSH) != 0) {
            what |= TC_FLUSH;
        }
        if ((flags & RequestFlags.SYNC) != 0) {
            what |= TC_SYNC;
        }
        if ((flags & RequestFlags.RAHEAD) != 0) {
            what |= TC_AHEAD;
        }
        if ((flags & RequestFlags.META) != 0) {
            what |= TC_META;
        }
        if ((flags & RequestFlags.FUA) != 0) {
            what |= TC_FUA;
        }
        return what;
    }

    /** The note that opens a trace: {@code BLK_TN_TIMESTAMP} with the wall clock (0 s, 0 ns). */
    void timestamp(long time) throws IOException {
        header(0, time, 0, 0, TN_TIMESTAMP, 0, 0, 8);
        buffer.putInt(0).putInt(0);
    }

    /** One event record, preceded by the pid's process note the first time the pid appears. */
    void event(long sequence, long time, long sector, long bytes, int action, int pid, String comm, int error)
            throws IOException {
        note(pid, comm, time);
        header(sequence, time, sector, bytes, action, pid, error, 0);
    }

    /** An unplug record with its payload, the number of requests ({@code __be64}). */
    void unplug(long sequence, long time, int action, int pid, String comm, long depth) throws IOException {
        note(pid, comm, time);
        header(sequence, time, 0, 0, action, pid, 0, 8);
        buffer.order(ByteOrder.BIG_ENDIAN).putLong(depth).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** A scheduler's message ({@code blk_add_trace_msg}): pid 0, the text without a NUL. */
    void message(long time, CharSequence text) throws IOException {
        int length = Math.min(text.length(), MAX_MESSAGE);
        header(0, time, 0, 0, TN_MESSAGE, 0, 0, length);
        for (int i = 0; i < length; i++) {
            buffer.put((byte) text.charAt(i));
        }
    }

    /** Writes what is buffered. */
    void flush() throws IOException {
        drain();
        out.flush();
    }

    private void note(int pid, String comm, long time) throws IOException {
        int at = Arrays.binarySearch(notedPids, 0, notedCount, pid);
        if (at >= 0) {
            return;
        }
        int insert = -at - 1;
        if (notedCount == notedPids.length) {
            notedPids = Arrays.copyOf(notedPids, notedCount * 2);
        }
        System.arraycopy(notedPids, insert, notedPids, insert + 1, notedCount - insert);
        notedPids[insert] = pid;
        notedCount++;
        header(0, time, 0, 0, TN_PROCESS, pid, 0, COMM_BYTES);
        int length = Math.min(comm.length(), COMM_BYTES - 1);
        for (int i = 0; i < COMM_BYTES; i++) {
            buffer.put(i < length ? (byte) comm.charAt(i) : 0);
        }
    }

    private void header(long sequence, long time, long sector, long bytes, int action, int pid, int error,
                        int pduLength) throws IOException {
        if (buffer.remaining() < HEADER_BYTES + Math.max(pduLength, COMM_BYTES)) {
            drain();
        }
        buffer.putInt(MAGIC | VERSION)
                .putInt((int) sequence)
                .putLong(time)
                .putLong(sector)
                .putInt((int) bytes)
                .putInt(action)
                .putInt(pid)
                .putInt(device)
                .putInt(cpu)
                .putShort((short) error)
                .putShort((short) pduLength);
    }

    private void drain() throws IOException {
        out.write(buffer.array(), 0, buffer.position());
        buffer.clear();
    }
}
