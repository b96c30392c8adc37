package org.iosched.api;

/**
 * The io priority classes of {@code include/linux/ioprio.h}. {@code IOPRIO_CLASS_NONE} is not a class
 * here: a task with no class set gets {@link #BE} and a level derived from its nice value
 * ({@link Task#levelFromNice(int)}), as the kernel does.
 */
public enum IoPrioClass {
    /** Real time: served before everything else. */
    RT(1),
    /** Best effort: the default. */
    BE(2),
    /** Idle: served only when no other class has work. */
    IDLE(3);

    /** Number of priority levels within a class (0 is highest). */
    public static final int LEVELS = 8;
    /** {@code IOPRIO_NORM}: the default level. */
    public static final int NORM = 4;

    private final int kernelValue;

    IoPrioClass(int kernelValue) {
        this.kernelValue = kernelValue;
    }

    /** The class number in the kernel's ioprio encoding (RT=1, BE=2, IDLE=3). */
    public int kernelValue() {
        return kernelValue;
    }

    /** The class for fio's {@code prioclass} number (1, 2, 3). */
    public static IoPrioClass fromKernelValue(int value) {
        for (IoPrioClass c : values()) {
            if (c.kernelValue == value) {
                return c;
            }
        }
        throw new IllegalArgumentException("ioprio class must be 1 (rt), 2 (be) or 3 (idle), not " + value);
    }
}
