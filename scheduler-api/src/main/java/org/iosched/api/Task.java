package org.iosched.api;

import java.util.Objects;

/**
 * A task (process or kernel thread) and its io context: pid, name, io priority and blkio cgroup.
 *
 * <p>Schedulers read class and level from the task that allocated a request, as the kernel reads them
 * from {@code current->io_context}. The io priority can change during a run ({@code ioprio_set}); the
 * cgroup can too (a task moved between cgroups). A scheduler may hang its per-task state (CFQ's
 * {@code cfq_io_context}) on {@link #schedulerData()}; the block layer never touches it.
 *
 * <p>Tasks are created by the OS model, one per fio job plus the kernel threads (flusher, jbd2, ...).
 */
public final class Task {
    private final int pid;
    private final String name;
    private final boolean kernelThread;
    private IoPrioClass ioprioClass;
    private int ioprioLevel;
    private Cgroup cgroup;
    private Object schedulerData;

    /**
     * @param pid          process id, unique within a run
     * @param name         the command name as blkparse prints it ({@code fio}, {@code flush-8:0}, {@code jbd2/sda1-8})
     * @param kernelThread whether this is a kernel thread
     * @param ioprioClass  io priority class
     * @param ioprioLevel  level within the class, 0 (highest) to 7
     * @param cgroup       the blkio cgroup
     */
    public Task(int pid, String name, boolean kernelThread, IoPrioClass ioprioClass, int ioprioLevel, Cgroup cgroup) {
        this.pid = pid;
        this.name = Objects.requireNonNull(name, "name");
        this.kernelThread = kernelThread;
        setIoprio(ioprioClass, ioprioLevel);
        this.cgroup = Objects.requireNonNull(cgroup, "cgroup");
    }

    /** The level a task without an explicit io priority gets from its nice value: {@code (nice + 20) / 5}. */
    public static int levelFromNice(int nice) {
        if (nice < -20 || nice > 19) {
            throw new IllegalArgumentException("nice must be -20..19, not " + nice);
        }
        return (nice + 20) / 5;
    }

    /** Process id. */
    public int pid() {
        return pid;
    }

    /** Command name. */
    public String name() {
        return name;
    }

    /** Whether this is a kernel thread (flusher, jbd2, kioband, ...). */
    public boolean isKernelThread() {
        return kernelThread;
    }

    /** Current io priority class. */
    public IoPrioClass ioprioClass() {
        return ioprioClass;
    }

    /** Current io priority level, 0..7. */
    public int ioprioLevel() {
        return ioprioLevel;
    }

    /** The task's blkio cgroup. */
    public Cgroup cgroup() {
        return cgroup;
    }

    /** {@code ioprio_set}: change class and level. Schedulers see the change on the task's next request. */
    public void setIoprio(IoPrioClass ioprioClass, int ioprioLevel) {
        Objects.requireNonNull(ioprioClass, "ioprioClass");
        if (ioprioLevel < 0 || ioprioLevel >= IoPrioClass.LEVELS) {
            throw new IllegalArgumentException("ioprio level must be 0..7, not " + ioprioLevel);
        }
        this.ioprioClass = ioprioClass;
        this.ioprioLevel = ioprioLevel;
    }

    /** Move the task to another blkio cgroup. */
    public void setCgroup(Cgroup cgroup) {
        this.cgroup = Objects.requireNonNull(cgroup, "cgroup");
    }

    /** The scheduler's per-task state, or null. */
    public Object schedulerData() {
        return schedulerData;
    }

    /** Attach the scheduler's per-task state. */
    public void setSchedulerData(Object schedulerData) {
        this.schedulerData = schedulerData;
    }

    @Override
    public String toString() {
        return name + "[" + pid + "]";
    }
}
