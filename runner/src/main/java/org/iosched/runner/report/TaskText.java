package org.iosched.runner.report;

import java.util.List;
import java.util.Locale;
import org.iosched.simulator.result.TaskStats;

/**
 * iosched's own block after fio's "Disk stats": what every task sent to the device, so the share of the
 * kernel threads (the flusher {@code flush-8:0}, the journal {@code jbd2/sda1-8}, a bio controller's worker)
 * is visible beside the jobs'. fio has no such block; it is marked as iosched's.
 */
final class TaskText {
    private TaskText() {
    }

    /**
     * Appends, for example:
     * <pre>
     * Task I/O (iosched: bios submitted, requests completed, per task):
     *   pid   task             cgroup  read bios  write bios  flushes  sync  read rq  write rq  read KiB  write KiB
     *   1000  fio              /test           0        2400        0  2400        0       812         0       9600
     *    101  jbd2/sda1-8      /               0        2400      600  3000        0      3000         0       9600
     * </pre>
     */
    static void append(StringBuilder out, List<TaskStats> tasks) {
        if (tasks.isEmpty()) {
            return;
        }
        int nameWidth = 4;
        int cgroupWidth = 6;
        for (TaskStats t : tasks) {
            nameWidth = Math.max(nameWidth, t.name().length());
            cgroupWidth = Math.max(cgroupWidth, t.cgroup().length());
        }
        String format = "  %5s  %-" + nameWidth + "s  %-" + cgroupWidth + "s  %9s  %10s  %7s  %9s  %8s  %8s  %9s  %9s%n";
        out.append("\nTask I/O (iosched: bios submitted and requests completed, per task):\n");
        out.append(String.format(Locale.ROOT, format, "pid", "task", "cgroup", "read bios", "write bios", "flushes",
                "sync bios", "read rq", "write rq", "read KiB", "write KiB"));
        for (TaskStats t : tasks) {
            out.append(String.format(Locale.ROOT, format, t.pid(), t.name(), t.cgroup(), t.readBios(), t.writeBios(),
                    t.flushBios(), t.syncBios(), t.readRequests(), t.writeRequests(), t.readSectors() / 2,
                    t.writeSectors() / 2));
        }
    }
}
