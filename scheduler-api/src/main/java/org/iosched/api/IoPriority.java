package org.iosched.api;

/**
 * The kernel's 16-bit io priority value ({@code include/uapi/linux/ioprio.h}): class in bits 13-15, level (the
 * class's data) in bits 0-2. {@code 0} is {@code IOPRIO_CLASS_NONE}: "not set", which blk-mq's
 * {@code bio_set_ioprio} replaces with the submitting task's priority. Requests and bios of the blk-mq stack
 * carry this value ({@code rq->ioprio}, {@code bio->bi_ioprio}); fio's per-I/O {@code cmdprio} sets it per bio.
 */
public final class IoPriority {
    /** {@code IOPRIO_CLASS_NONE << 13}: no priority set. */
    public static final int NONE = 0;
    /** {@code IOPRIO_CLASS_SHIFT}. */
    public static final int CLASS_SHIFT = 13;
    /** {@code IOPRIO_PRIO_MASK}: the level bits. */
    public static final int LEVEL_MASK = (1 << CLASS_SHIFT) - 1;

    private IoPriority() {
    }

    /** {@code IOPRIO_PRIO_VALUE(class, level)}. */
    public static int of(IoPrioClass ioprioClass, int level) {
        if (level < 0 || level >= IoPrioClass.LEVELS) {
            throw new IllegalArgumentException("ioprio level must be 0.." + (IoPrioClass.LEVELS - 1) + ", not " + level);
        }
        return ioprioClass.kernelValue() << CLASS_SHIFT | level;
    }

    /** The task's io priority as {@code __get_task_ioprio} gives it (class and level of its io context). */
    public static int of(Task task) {
        return of(task.ioprioClass(), task.ioprioLevel());
    }

    /** {@code IOPRIO_PRIO_CLASS}: 0 (none), 1 (RT), 2 (BE) or 3 (IDLE). */
    public static int classValue(int ioprio) {
        return ioprio >>> CLASS_SHIFT;
    }

    /** {@code IOPRIO_PRIO_DATA}: the level. */
    public static int level(int ioprio) {
        return ioprio & LEVEL_MASK;
    }

    /** The class, or null for {@link #NONE}. */
    public static IoPrioClass ioprioClass(int ioprio) {
        int value = classValue(ioprio);
        return value == 0 ? null : IoPrioClass.fromKernelValue(value);
    }
}
