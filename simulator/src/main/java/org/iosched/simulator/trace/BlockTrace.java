package org.iosched.simulator.trace;

import java.io.IOException;
import java.io.OutputStream;
import org.iosched.api.Bio;
import org.iosched.api.InvalidInputException;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.iosched.api.TraceSink;
import org.iosched.simulator.engine.EventQueue;

/**
 * The block trace: every step of a request's life written as blkparse's default text
 * ({@code "%D %2c %8s %5T.%9t %5p %2a %3d "} then the action's payload), for example
 * {@code   8,0    0        1     0.000000000  1000  Q   R 2048 + 8 [fio]}, and/or as the kernel's binary
 * {@code struct blk_io_trace} records that {@code blktrace} writes to {@code NAME.blktrace.0}
 * ({@link BlktraceWriter}); {@code blkparse -i NAME} on the binary prints the text line for line.
 *
 * <p>Actions: Q (bio queued), G (request allocated), S (sleeping for a request), I (inserted), M/F
 * (back/front merge), P/U/UT (plug, unplug, unplug by timer), D (issued to the driver), R (requeued),
 * C (completed), and {@code m N} messages from plugins; an I/O without data (an empty flush) shows no
 * {@code sector + n}, and its C only the sector, as blkparse prints them. All events are on CPU 0 of device 8,0;
 * text timestamps are virtual time since the first record, as blkparse shows them (the binary holds the
 * virtual time itself); message lines carry sequence number 0 and pid 0 as blkparse prints notify records
 * (the kernel's {@code trace_note} stores pid 0 for messages) and at most 127 characters
 * ({@code BLK_TN_MAX_MSG}). The pid is that of the task running when the event happened, 0
 * ({@code swapper}) in interrupt or timer context; a comm is at most 15 characters ({@code TASK_COMM_LEN}).
 *
 * <p>When no output is given, {@link #enabled()} is false and callers format nothing. At the end of a
 * run {@link #writeSummary} adds to the text blkparse's end-of-run summary and writes out the binary. A
 * failing output is an {@link InvalidInputException} ("cannot write the block trace").
 */
public final class BlockTrace implements TraceSink {
    private static final int MAJOR = 8;
    private static final int MINOR = 0;
    private static final int CPU = 0;
    private static final int COMM_CHARS = BlktraceWriter.COMM_BYTES - 1;

    private final EventQueue clock;
    private final Appendable out;
    private final BlktraceWriter binary;
    private final String name;
    private final StringBuilder line = new StringBuilder(160);
    private Task current;
    private long sequence;
    private long origin = -1;
    private long lastTime;
    private long messages;
    private final TraceCounters counters = new TraceCounters();

    /**
     * A text trace only, named {@code 8,0} in its summary.
     *
     * @param clock the virtual clock
     * @param out   where lines go, or null for no trace
     */
    public BlockTrace(EventQueue clock, Appendable out) {
        this(clock, out, null, null);
    }

    /**
     * @param clock  the virtual clock
     * @param text   where text lines go, or null
     * @param binary where binary records go ({@code NAME.blktrace.0}), or null; the caller closes it
     * @param name   the trace's name, as blkparse names the device in its summary ({@code blkparse -i NAME}
     *               prints {@code CPU0 (NAME):}); null for {@code 8,0}
     */
    public BlockTrace(EventQueue clock, Appendable text, OutputStream binary, String name) {
        this.clock = clock;
        this.out = text;
        this.binary = binary == null ? null : new BlktraceWriter(binary, MAJOR << 20 | MINOR, CPU);
        this.name = name == null ? MAJOR + "," + MINOR : name;
        if (this.binary != null) {
            try {
                this.binary.timestamp(clock.now());
            } catch (IOException e) {
                throw writeFailed(e);
            }
        }
    }

    @Override
    public boolean enabled() {
        return out != null || binary != null;
    }

    /** The task now running on the simulated CPU, or null in interrupt/timer context. */
    public Task current() {
        return current;
    }

    /**
     * Make {@code task} the running task; returns the previous one, to restore afterwards. Without a trace nothing
     * reads it, and nothing is stored (the running task changes at every event).
     */
    public Task swapCurrent(Task task) {
        if (out == null && binary == null) {
            return null;
        }
        Task previous = current;
        current = task;
        return previous;
    }

    @Override
    public void message(String message) {
        if (!enabled()) {
            return;
        }
        long now = stamp();
        messages++;
        if (binary != null) {
            try {
                binary.message(now, message);
            } catch (IOException e) {
                throw writeFailed(e);
            }
        }
        if (out != null) {
            header(0, 0, "m", "N");
            line.append(message, 0, Math.min(message.length(), BlktraceWriter.MAX_MESSAGE));
            emit();
        }
    }

    /** A bio event (Q, M, F, S): {@code sector + n [comm]}, charged to the bio's task. */
    public void bio(char action, Bio bio) {
        if (!enabled()) {
            return;
        }
        long now = stamp();
        counters.bio(action, bio);
        Task task = bio.task();
        ++sequence;
        if (binary != null) {
            int code = switch (action) {
                case 'Q' -> BlktraceWriter.TA_QUEUE;
                case 'M' -> BlktraceWriter.TA_BACKMERGE;
                case 'F' -> BlktraceWriter.TA_FRONTMERGE;
                default -> BlktraceWriter.TA_SLEEPRQ;
            };
            record(now, bio.sector(), bio.bytes(), code | BlktraceWriter.TC_QUEUE
                    | BlktraceWriter.categories(bio.op(), bio.flags()), task);
        }
        if (out != null) {
            header(sequence, task.pid(), action, RequestFlags.rwbs(bio.op(), bio.flags()));
            appendRange(bio.sector(), bio.sectors());
            line.append('[');
            appendComm(task);
            line.append(']');
            emit();
        }
    }

    /** A request event (G, I, D): {@code sector + n [comm]} of the running task. */
    public void request(char action, Request rq) {
        if (!enabled()) {
            return;
        }
        long now = stamp();
        counters.request(action, rq);
        Task task = action == 'G' ? rq.task() : current;
        ++sequence;
        if (binary != null) {
            // G is traced from the bio (blk_add_trace_getrq), I and D from the request (FS)
            int what = switch (action) {
                case 'G' -> BlktraceWriter.TA_GETRQ | BlktraceWriter.TC_QUEUE;
                case 'I' -> BlktraceWriter.TA_INSERT | BlktraceWriter.TC_QUEUE | BlktraceWriter.TC_FS;
                default -> BlktraceWriter.TA_ISSUE | BlktraceWriter.TC_ISSUE | BlktraceWriter.TC_FS;
            };
            record(now, rq.sector(), rq.bytes(), what | BlktraceWriter.categories(rq.op(), rq.flags()), task);
        }
        if (out != null) {
            header(sequence, pidOf(task), action, RequestFlags.rwbs(rq.op(), rq.flags()));
            appendRange(rq.sector(), rq.sectors());
            line.append('[');
            appendComm(task);
            line.append(']');
            emit();
        }
    }

    /** A completion (C) or requeue (R): {@code sector + n [error]}. */
    public void requestDone(char action, Request rq) {
        if (!enabled()) {
            return;
        }
        long now = stamp();
        counters.request(action, rq);
        ++sequence;
        if (binary != null) {
            int what = action == 'C' ? BlktraceWriter.TA_COMPLETE | BlktraceWriter.TC_COMPLETE
                    : BlktraceWriter.TA_REQUEUE | BlktraceWriter.TC_REQUEUE;
            record(now, rq.sector(), rq.bytes(),
                    what | BlktraceWriter.TC_FS | BlktraceWriter.categories(rq.op(), rq.flags()), current);
        }
        if (out != null) {
            header(sequence, pidOf(current), action, RequestFlags.rwbs(rq.op(), rq.flags()));
            // blkparse: "sector + n [error]", without "+ n" when there is no data
            line.append(rq.sector());
            if (rq.sectors() != 0) {
                line.append(" + ").append(rq.sectors());
            }
            line.append(" [0]");
            emit();
        }
    }

    /** The queue was plugged: {@code P N [comm]}. */
    public void plug() {
        if (!enabled()) {
            return;
        }
        long now = stamp();
        ++sequence;
        if (binary != null) {
            // blk_add_trace_plug: rw 0, no sector or size
            record(now, 0, 0, BlktraceWriter.TA_PLUG | BlktraceWriter.TC_QUEUE | BlktraceWriter.TC_READ, current);
        }
        if (out != null) {
            header(sequence, pidOf(current), "P", "N");
            line.append('[');
            appendComm(current);
            line.append(']');
            emit();
        }
    }

    /**
     * The queue was unplugged: {@code U N [comm] depth} or, for the unplug timer, {@code UT}.
     *
     * @param byTimer whether the unplug timer fired
     * @param depth   requests allocated at the time (blktrace's unplug payload)
     */
    public void unplug(boolean byTimer, int depth) {
        if (!enabled()) {
            return;
        }
        long now = stamp();
        counters.unplug(byTimer);
        ++sequence;
        if (binary != null) {
            int what = (byTimer ? BlktraceWriter.TA_UNPLUG_TIMER : BlktraceWriter.TA_UNPLUG_IO)
                    | BlktraceWriter.TC_QUEUE | BlktraceWriter.TC_READ;
            try {
                binary.unplug(sequence, now, what, pidOf(current), commOf(current), depth);
            } catch (IOException e) {
                throw writeFailed(e);
            }
        }
        if (out != null) {
            header(sequence, pidOf(current), byTimer ? "UT" : "U", "N");
            line.append('[');
            appendComm(current);
            line.append("] ").append(depth);
            emit();
        }
    }

    /**
     * Ends the trace: appends blkparse's end-of-run summary to the text (nothing when there is no text) and
     * writes out the binary records still buffered.
     *
     * @param durationNanos the run's end (unused by the summary, which, as blkparse's, spans the first to the
     *                      last record)
     */
    public void writeSummary(long durationNanos) {
        try {
            if (out != null) {
                out.append(counters.summary(name, sequence + messages, origin < 0 ? 0 : lastTime - origin));
            }
            if (binary != null) {
                binary.flush();
            }
        } catch (IOException e) {
            throw writeFailed(e);
        }
    }

    private long stamp() {
        long now = clock.now();
        if (origin < 0) {
            origin = now;
        }
        lastTime = now;
        return now;
    }

    private void record(long now, long sector, long bytes, int action, Task task) {
        try {
            binary.event(sequence, now, sector, bytes, action, pidOf(task), commOf(task), 0);
        } catch (IOException e) {
            throw writeFailed(e);
        }
    }

    // blkparse: "sector + n " for an I/O with data, nothing for one without (an empty flush)
    private void appendRange(long sector, int sectors) {
        if (sectors != 0) {
            line.append(sector).append(" + ").append(sectors).append(' ');
        }
    }

    private void appendComm(Task task) {
        String comm = commOf(task);
        line.append(comm, 0, Math.min(comm.length(), COMM_CHARS));
    }

    // a user error (a full disk, a closed stream), not a plugin's fault: it passes the plugin guards
    private static InvalidInputException writeFailed(IOException e) {
        return new InvalidInputException("trace", 0, "cannot write the block trace: " + e.getMessage());
    }

    private static int pidOf(Task task) {
        return task == null ? 0 : task.pid();
    }

    private static String commOf(Task task) {
        return task == null ? "swapper" : task.name();
    }

    private void header(long seq, int pid, char action, String rwbs) {
        header(seq, pid, String.valueOf(action), rwbs);
    }

    // "%3d,%-3d %2d %8d %5d.%09lu %5u %2s %3s "
    private void header(long seq, int pid, String action, String rwbs) {
        line.setLength(0);
        padLeft(Integer.toString(MAJOR), 3);
        line.append(',');
        int start = line.length();
        line.append(MINOR);
        while (line.length() - start < 3) {
            line.append(' ');
        }
        line.append(' ');
        padLeft(Integer.toString(CPU), 2);
        line.append(' ');
        padLeft(Long.toString(seq), 8);
        line.append(' ');
        long now = clock.now() - origin;
        padLeft(Long.toString(now / 1_000_000_000L), 5);
        line.append('.');
        String nanos = Long.toString(now % 1_000_000_000L);
        for (int i = nanos.length(); i < 9; i++) {
            line.append('0');
        }
        line.append(nanos).append(' ');
        padLeft(Integer.toString(pid), 5);
        line.append(' ');
        padLeft(action, 2);
        line.append(' ');
        padLeft(rwbs, 3);
        line.append(' ');
    }

    private void padLeft(String text, int width) {
        for (int i = text.length(); i < width; i++) {
            line.append(' ');
        }
        line.append(text);
    }

    private void emit() {
        line.append('\n');
        try {
            out.append(line);
        } catch (IOException e) {
            throw writeFailed(e);
        }
    }
}
