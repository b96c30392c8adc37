package org.iosched.simulator.trace;

import java.io.IOException;
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
 * {@code   8,0    0        1     0.000000000  1000  Q   R 2048 + 8 [fio]}.
 *
 * <p>Actions: Q (bio queued), G (request allocated), S (sleeping for a request), I (inserted), M/F
 * (back/front merge), P/U/UT (plug, unplug, unplug by timer), D (issued to the driver), R (requeued),
 * C (completed), and {@code m N} messages from plugins. All events are on CPU 0 of device 8,0;
 * timestamps are virtual time since the start of the run (as if blktrace had started at time 0);
 * message lines carry sequence number 0 as blkparse prints notify records. The pid is that of the
 * task running when the event happened, 0 ({@code swapper}) in interrupt or timer context.
 *
 * <p>When no output is given, {@link #enabled()} is false and callers format nothing. At the end of a
 * run {@link #writeSummary} adds a per-CPU summary like blkparse's. A failing output is an
 * {@link InvalidInputException} ("cannot write the block trace").
 */
public final class BlockTrace implements TraceSink {
    private static final int MAJOR = 8;
    private static final int MINOR = 0;
    private static final int CPU = 0;

    private final EventQueue clock;
    private final Appendable out;
    private final StringBuilder line = new StringBuilder(160);
    private Task current;
    private long sequence;
    private final TraceCounters counters = new TraceCounters();

    /**
     * @param clock the virtual clock
     * @param out   where lines go, or null for no trace
     */
    public BlockTrace(EventQueue clock, Appendable out) {
        this.clock = clock;
        this.out = out;
    }

    @Override
    public boolean enabled() {
        return out != null;
    }

    /** The task now running on the simulated CPU, or null in interrupt/timer context. */
    public Task current() {
        return current;
    }

    /** Make {@code task} the running task; returns the previous one, to restore afterwards. */
    public Task swapCurrent(Task task) {
        Task previous = current;
        current = task;
        return previous;
    }

    @Override
    public void message(String message) {
        if (out == null) {
            return;
        }
        header(0, pidOf(current), "m", "N");
        line.append(message);
        emit();
    }

    /** A bio event (Q, M, F, S): {@code sector + n [comm]}, charged to the bio's task. */
    public void bio(char action, Bio bio) {
        if (out == null) {
            return;
        }
        counters.bio(action, bio);
        header(++sequence, bio.task().pid(), action, RequestFlags.rwbs(bio.op(), bio.flags()));
        line.append(bio.sector()).append(" + ").append(bio.sectors()).append(" [").append(bio.task().name())
                .append(']');
        emit();
    }

    /** A request event (G, I, D): {@code sector + n [comm]} of the running task. */
    public void request(char action, Request rq) {
        if (out == null) {
            return;
        }
        counters.request(action, rq);
        Task task = action == 'G' ? rq.task() : current;
        header(++sequence, pidOf(task), action, RequestFlags.rwbs(rq.op(), rq.flags()));
        line.append(rq.sector()).append(" + ").append(rq.sectors()).append(" [").append(commOf(task)).append(']');
        emit();
    }

    /** A completion (C) or requeue (R): {@code sector + n [error]}. */
    public void requestDone(char action, Request rq) {
        if (out == null) {
            return;
        }
        counters.request(action, rq);
        header(++sequence, pidOf(current), action, RequestFlags.rwbs(rq.op(), rq.flags()));
        line.append(rq.sector()).append(" + ").append(rq.sectors()).append(" [0]");
        emit();
    }

    /** The queue was plugged: {@code P N [comm]}. */
    public void plug() {
        if (out == null) {
            return;
        }
        header(++sequence, pidOf(current), "P", "N");
        line.append('[').append(commOf(current)).append(']');
        emit();
    }

    /**
     * The queue was unplugged: {@code U N [comm] depth} or, for the unplug timer, {@code UT}.
     *
     * @param byTimer whether the unplug timer fired
     * @param depth   requests allocated at the time (blktrace's unplug payload)
     */
    public void unplug(boolean byTimer, int depth) {
        if (out == null) {
            return;
        }
        counters.unplug(byTimer);
        header(++sequence, pidOf(current), byTimer ? "UT" : "U", "N");
        line.append('[').append(commOf(current)).append("] ").append(depth);
        emit();
    }

    /** Appends blkparse's end-of-run summary for CPU 0 (no line when tracing is off). */
    public void writeSummary(long durationNanos) {
        if (out == null) {
            return;
        }
        try {
            out.append(counters.summary(MAJOR + "," + MINOR, sequence, durationNanos));
        } catch (IOException e) {
            throw writeFailed(e);
        }
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
        long now = clock.now();
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
