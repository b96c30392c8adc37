package org.iosched.runner;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import org.iosched.api.JobDescriptor;

/**
 * A status line on stderr while simulations run, as fio's: how far each running simulation is (virtual time done
 * of its total when the jobs are time-based, else bytes done of their size), the simulated bandwidth, the speed
 * (virtual seconds per wall-clock second) and an estimate of the wall-clock time left. Updated about once a
 * wall-clock second, from the simulations' own threads when they poll between events (never a thread inside a
 * simulation, and nothing it does reaches one). On a terminal the line is overwritten in place ({@code \r}) and
 * cleared before the report; otherwise each update is a line of its own.
 *
 * <p>Limitations: the total is read from the jobs' options as written: {@code runtime} (with {@code time_based})
 * or {@code size} in fio's plain forms (a number with a time or size suffix); {@code startdelay},
 * {@code ramp_time}, {@code loops}, percentages and a runtime that ends a sized job early are not counted, so the
 * percentage and ETA are estimates. A run with no total shows its virtual time alone.
 */
public final class Progress {
    private static final long SECOND = 1_000_000_000L;

    /** One simulation being watched; its figures are written by its own thread and read by the printer. */
    public final class Slot {
        private final String label;
        private final long totalNanos;
        private final long totalBytes;
        private final long startWall;
        private volatile long nowNanos;
        private volatile long bytes;

        private Slot(String label, long totalNanos, long totalBytes, long startWall) {
            this.label = label;
            this.totalNanos = totalNanos;
            this.totalBytes = totalBytes;
            this.startWall = startWall;
        }

        /** The simulation polled: its virtual time and bytes done. */
        public void update(long now, long bytesDone) {
            nowNanos = now;
            bytes = bytesDone;
            tick();
        }

        /** The fraction done, or -1 when no total is known. */
        double fraction() {
            if (totalNanos > 0) {
                return Math.min(1, nowNanos / (double) totalNanos);
            }
            if (totalBytes > 0) {
                return Math.min(1, bytes / (double) totalBytes);
            }
            return -1;
        }
    }

    private final PrintWriter err;
    private final boolean terminal;
    private final LongSupplier wallNanos;
    private final long startWall;
    private final List<Slot> active = new ArrayList<>();
    private int planned;
    private int finished;
    private long finishedWall;
    private volatile long lastPrint;
    private int lastLength;

    /**
     * @param err       where the line goes (stderr)
     * @param terminal  whether it is a terminal: overwrite the line with {@code \r}
     * @param wallNanos the wall clock ({@link System#nanoTime()}; tests give their own)
     */
    public Progress(PrintWriter err, boolean terminal, LongSupplier wallNanos) {
        this.err = err;
        this.terminal = terminal;
        this.wallNanos = wallNanos;
        this.startWall = wallNanos.getAsLong();
        this.lastPrint = startWall;
    }

    /** How many simulations the command will run in all (one per scheduler, or per scenario row and seed). */
    public synchronized void planned(int runs) {
        planned = runs;
    }

    /** A simulation starts. */
    public synchronized Slot started(String label, List<JobDescriptor> jobs) {
        Slot slot = new Slot(label, totalNanos(jobs), totalBytes(jobs), wallNanos.getAsLong());
        active.add(slot);
        return slot;
    }

    /** A simulation ended. */
    public synchronized void ended(Slot slot) {
        if (active.remove(slot)) {
            finished++;
            finishedWall += wallNanos.getAsLong() - slot.startWall;
        }
    }

    private void tick() {
        long now = wallNanos.getAsLong();
        if (now - lastPrint < SECOND) {
            return;
        }
        synchronized (this) {
            if (now - lastPrint < SECOND) {
                return;
            }
            lastPrint = now;
            String line = render(now);
            if (terminal) {
                err.print("\r" + line + " ".repeat(Math.max(0, lastLength - line.length())));
                lastLength = line.length();
            } else {
                err.println(line);
            }
            err.flush();
        }
    }

    /** Erase the line on a terminal (before the report, or a message); later updates draw it again. */
    public synchronized void clear() {
        if (terminal && lastLength > 0) {
            err.print("\r" + " ".repeat(lastLength) + "\r");
            err.flush();
            lastLength = 0;
        }
    }

    /** The status line at wall-clock time {@code now}. */
    synchronized String render(long now) {
        StringBuilder line = new StringBuilder("iosched: ");
        if (planned > 1) {
            line.append('[').append(finished).append('/').append(planned).append(" runs done]");
        }
        long bytesPerSecond = 0;
        double speed = 0;
        long eta = -1;
        boolean etaKnown = !active.isEmpty();
        for (Slot slot : active) {
            long virtual = slot.nowNanos;
            double fraction = slot.fraction();
            line.append('[').append(slot.label).append(": ");
            if (fraction >= 0) {
                line.append(String.format(Locale.ROOT, "%.1f%%, ", fraction * 100));
            }
            line.append(String.format(Locale.ROOT, "%.3f", virtual / 1e9));
            if (slot.totalNanos > 0) {
                line.append(String.format(Locale.ROOT, " of %.3f", slot.totalNanos / 1e9));
            }
            line.append(" s virtual]");
            long wall = Math.max(1, now - slot.startWall);
            if (virtual > 0) {
                bytesPerSecond += (long) (slot.bytes * 1e9 / virtual);
            }
            speed += virtual / (double) wall;
            if (fraction > 0) {
                eta = Math.max(eta, (long) (wall * (1 - fraction) / fraction));
            } else {
                etaKnown = false;
            }
        }
        line.append('[').append(rate(bytesPerSecond)).append("][")
                .append(String.format(Locale.ROOT, "%.2f", speed / Math.max(1, active.size())))
                .append("x real time]");
        int waiting = planned - finished - active.size();
        if (etaKnown && waiting > 0 && finished > 0) {
            // the runs not started yet, at the mean wall-clock time of those finished, as many at once as now
            eta += finishedWall / finished * waiting / active.size();
        }
        line.append("[eta ").append(etaKnown ? eta(eta / SECOND) : "--").append(']');
        return line.toString();
    }

    /** fio's eta format: {@code 00m:52s}, {@code 01h:02m:03s}, {@code 1d:01h:02m:03s}. */
    static String eta(long seconds) {
        long days = seconds / 86_400;
        long hours = seconds / 3600 % 24;
        long minutes = seconds / 60 % 60;
        long secs = seconds % 60;
        StringBuilder s = new StringBuilder();
        if (days > 0) {
            s.append(days).append("d:");
        }
        if (days > 0 || hours > 0) {
            s.append(String.format(Locale.ROOT, "%02dh:", hours));
        }
        return s.append(String.format(Locale.ROOT, "%02dm:%02ds", minutes, secs)).toString();
    }

    private static String rate(long bytesPerSecond) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        double value = bytesPerSecond;
        int unit = 0;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return String.format(Locale.ROOT, unit == 0 ? "%.0f%s/s" : "%.1f%s/s", value, units[unit]);
    }

    /** The virtual time the jobs run for when every job is time-based with a runtime, else -1. */
    static long totalNanos(List<JobDescriptor> jobs) {
        long total = -1;
        for (JobDescriptor job : jobs) {
            Map<String, String> options = job.options();
            String timeBased = options.get("time_based");
            String runtime = options.getOrDefault("runtime", options.get("timeout"));
            long nanos = runtime == null ? -1 : timeNanos(runtime);
            if (timeBased == null || timeBased.equals("0") || nanos <= 0) {
                return -1;
            }
            total = Math.max(total, nanos);
        }
        return total;
    }

    /** The bytes the jobs move when none is time-based and every one has a size, else -1. */
    static long totalBytes(List<JobDescriptor> jobs) {
        long total = 0;
        for (JobDescriptor job : jobs) {
            Map<String, String> options = job.options();
            String timeBased = options.get("time_based");
            if (timeBased != null && !timeBased.equals("0")) {
                return -1;
            }
            String size = options.get("size");
            long bytes = size == null ? -1 : sizeBytes(size);
            if (bytes <= 0) {
                return -1;
            }
            total += bytes;
        }
        return jobs.isEmpty() ? -1 : total;
    }

    /** fio's time value: a number of seconds, or with a suffix us, ms, s, m, h, d; -1 when not in that form. */
    static long timeNanos(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        int end = digits(t);
        if (end == 0 || end > 15) {
            return -1;
        }
        long n = Long.parseLong(t.substring(0, end));
        long unit = switch (t.substring(end)) {
            case "", "s", "sec" -> SECOND;
            case "us", "usec" -> 1_000L;
            case "ms", "msec" -> 1_000_000L;
            case "m", "min" -> 60 * SECOND;
            case "h", "hour" -> 3600 * SECOND;
            case "d", "day" -> 86_400 * SECOND;
            default -> -1;
        };
        return unit < 0 || n > Long.MAX_VALUE / unit ? -1 : n * unit;
    }

    /** fio's size value with its default base 1024 (k, m, g, t, p; an optional i and b); -1 when not in that form. */
    static long sizeBytes(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        int end = digits(t);
        if (end == 0 || end > 15) {
            return -1;
        }
        long n = Long.parseLong(t.substring(0, end));
        String suffix = t.substring(end).replace("ib", "").replace("b", "").replace("i", "");
        int shift = switch (suffix) {
            case "" -> 0;
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            case "t" -> 40;
            case "p" -> 50;
            default -> -1;
        };
        return shift < 0 || n > Long.MAX_VALUE >> shift ? -1 : n << shift;
    }

    private static int digits(String t) {
        int i = 0;
        while (i < t.length() && t.charAt(i) >= '0' && t.charAt(i) <= '9') {
            i++;
        }
        return i;
    }
}
