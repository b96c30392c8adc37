package org.iosched.scheduler.cfq;

import org.iosched.api.Cgroup;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Task;

/**
 * {@code struct cfq_io_context}: one task's state on one CFQ device, hung on {@link Task#schedulerData()}.
 * Holds the task's async and sync queues ({@code cfqq[2]}) and its think-time statistics.
 *
 * <p>Several CFQ instances may see the same task (a task doing I/O to two disks), so contexts form a chain on
 * the task, one per {@link CfqData}, as the kernel keeps one {@code cic} per device in the io_context's radix tree.
 */
final class CfqIoContext {
    final CfqData cfqd;
    final Task task;
    /** The next context on the same task (another device), or null. */
    CfqIoContext next;

    /** {@code cfqq[BLK_RW_ASYNC]}, {@code cfqq[BLK_RW_SYNC]}. */
    final CfqQueue[] cfqq = new CfqQueue[2];

    /** {@code last_end_request}, jiffies. */
    long lastEndRequest;
    /** {@code ttime_total}. */
    long ttimeTotal;
    /** {@code ttime_samples}. */
    long ttimeSamples;
    /** {@code ttime_mean}, jiffies. */
    long ttimeMean;

    /** {@code !atomic_read(&ioc->nr_tasks)}: the task exited. */
    boolean exited;

    /** The io priority last seen, to detect {@code ioprio_changed}. */
    IoPrioClass seenClass;
    int seenLevel;
    /** The cgroup last seen, to detect {@code cgroup_changed} (path) and weight writes. */
    Cgroup seenCgroup;
    /** The group of {@link #seenCgroup}. */
    CfqGroup group;

    CfqIoContext(CfqData cfqd, Task task, long now) {
        this.cfqd = cfqd;
        this.task = task;
        this.lastEndRequest = now;
        this.seenClass = task.ioprioClass();
        this.seenLevel = task.ioprioLevel();
    }

    /** {@code sample_valid(ttime_samples)}. */
    boolean thinkTimeValid() {
        return ttimeSamples > 80;
    }

    /** This device's context of {@code task}, or null (no lookup side effects). */
    static CfqIoContext lookup(CfqData cfqd, Task task) {
        Object data = task.schedulerData();
        CfqIoContext cic = data instanceof CfqIoContext c ? c : null;
        while (cic != null && cic.cfqd != cfqd) {
            cic = cic.next;
        }
        return cic;
    }
}
