package org.iosched.testkit;

import org.iosched.api.HardwareQueue;

/**
 * A {@link HardwareQueue} of {@link FakeMqSchedulerContext}: its index, the driver and scheduler tag depths, the
 * sbitmap word shift of the scheduler tags as {@code sbitmap_calculate_shift} gives it, and the CPUs mapped to it
 * (CPU {@code c} belongs to queue {@code c % queues}, the spread {@code blk_mq_map_queues} gives when CPUs divide
 * evenly).
 */
final class FakeHardwareQueue implements HardwareQueue {
    private final int index;
    private final int driverTagDepth;
    private final int[] cpus;
    private int schedulerTagDepth;
    private int schedulerTagShift;
    private Object schedulerData;
    private int minShallowDepth;

    FakeHardwareQueue(int index, int driverTagDepth, int schedulerTagDepth, int cpuCount, int queueCount) {
        this.index = index;
        this.driverTagDepth = driverTagDepth;
        int mapped = 0;
        for (int cpu = index; cpu < cpuCount; cpu += queueCount) {
            mapped++;
        }
        this.cpus = new int[mapped];
        for (int i = 0; i < mapped; i++) {
            cpus[i] = index + i * queueCount;
        }
        setSchedulerTagDepth(schedulerTagDepth);
    }

    /**
     * {@code sbitmap_calculate_shift}: 64-bit words, halved while there would be fewer than four words (not below
     * a depth of 4).
     */
    static int sbitmapShift(int depth) {
        int shift = 6;
        if (depth >= 4) {
            while ((4 << shift) > depth) {
                shift--;
            }
        }
        return shift;
    }

    void setSchedulerTagDepth(int depth) {
        this.schedulerTagDepth = depth;
        this.schedulerTagShift = sbitmapShift(depth);
    }

    @Override
    public int index() {
        return index;
    }

    @Override
    public int driverTagDepth() {
        return driverTagDepth;
    }

    @Override
    public int schedulerTagDepth() {
        return schedulerTagDepth;
    }

    @Override
    public int schedulerTagShift() {
        return schedulerTagShift;
    }

    @Override
    public void setMinShallowDepth(int depth) {
        this.minShallowDepth = depth;
    }

    /** The depth the scheduler last declared with {@link #setMinShallowDepth}, 0 if none. */
    int minShallowDepth() {
        return minShallowDepth;
    }

    @Override
    public int softwareQueueCount() {
        return cpus.length;
    }

    @Override
    public int softwareQueueCpu(int softwareQueue) {
        return cpus[softwareQueue];
    }

    /** The software queue index of {@code cpu} within this queue, or -1 when it maps elsewhere. */
    int softwareQueueOf(int cpu) {
        for (int i = 0; i < cpus.length; i++) {
            if (cpus[i] == cpu) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public Object schedulerData() {
        return schedulerData;
    }

    @Override
    public void setSchedulerData(Object data) {
        this.schedulerData = data;
    }

    @Override
    public String toString() {
        return "hctx" + index;
    }
}
