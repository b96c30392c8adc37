package org.iosched.simulator.result;

/**
 * What one task (a job's process or a kernel thread) sent to the device: the bios it submitted, by direction,
 * and the requests it owned (allocated) that the device completed, with their sectors. Kernel threads show the
 * OS model's own share: the flusher ({@code flush-8:0}) for writeback, the journal thread ({@code jbd2/sda1-8})
 * for commits and ordered data.
 *
 * @param pid            process id
 * @param name           command name, as the block trace prints it
 * @param cgroup         the task's blkio cgroup path at the end of the run
 * @param kernelThread   whether it is a kernel thread
 * @param readBios       READ bios submitted
 * @param readBytes      bytes in them
 * @param writeBios      WRITE and DISCARD bios submitted
 * @param writeBytes     bytes in them
 * @param flushBios      empty FLUSH bios submitted
 * @param syncBios       bios submitted that were sync ({@code rw_is_sync}: reads, and writes with SYNC)
 * @param readRequests   read requests of this task completed by the device
 * @param writeRequests  write requests (including FLUSH steps) of this task completed by the device
 * @param readSectors    sectors in its completed read requests
 * @param writeSectors   sectors in its completed write requests
 * @param userNanos      CPU time in user space
 * @param systemNanos    CPU time in the kernel on its behalf (interrupts are nobody's)
 * @param contextSwitches context switches into the task
 */
public record TaskStats(int pid, String name, String cgroup, boolean kernelThread, long readBios, long readBytes,
                        long writeBios, long writeBytes, long flushBios, long syncBios, long readRequests,
                        long writeRequests, long readSectors, long writeSectors, long userNanos, long systemNanos,
                        long contextSwitches) {
    /** Without CPU figures (all 0). */
    public TaskStats(int pid, String name, String cgroup, boolean kernelThread, long readBios, long readBytes,
                     long writeBios, long writeBytes, long flushBios, long syncBios, long readRequests,
                     long writeRequests, long readSectors, long writeSectors) {
        this(pid, name, cgroup, kernelThread, readBios, readBytes, writeBios, writeBytes, flushBios, syncBios,
                readRequests, writeRequests, readSectors, writeSectors, 0, 0, 0);
    }
}
