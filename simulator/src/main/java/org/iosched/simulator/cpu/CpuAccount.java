package org.iosched.simulator.cpu;

/**
 * One task's CPU side: the CPUs it may run on ({@code sched_setaffinity}), the CPU it ran on last, and what
 * {@code getrusage} reports for it: user and system time, context switches, page faults.
 */
public final class CpuAccount {
    /** The task's name, for messages. */
    final String name;
    /** Allowed CPUs, one bit each (bit n = CPU n). */
    final long allowed;
    /** The CPU the task ran on last, -1 before its first step. */
    int lastCpu = -1;
    /** When the task's last step is done on its CPU (pushed on by interrupts that preempt it). */
    long workUntil = -1;
    /** {@code ksoftirqd/N}: softirq work runs in its steps (its wake-ups happen when that work is done). */
    boolean softirqThread;
    /** The busy CPU the runnable task waits for ({@link Cpus#waitFor}), -1 when it does not wait. */
    int waitingOn = -1;
    /** The next waiting task (an intrusive FIFO in {@link Cpus}). */
    CpuAccount nextWaiting;

    long userNanos;
    long systemNanos;
    long contextSwitches;
    long minorFaults;
    long majorFaults;

    /**
     * @param name    the task's name
     * @param allowed the CPUs it may run on, one bit each; must hold at least one online CPU
     */
    public CpuAccount(String name, long allowed) {
        if (allowed == 0) {
            throw new IllegalArgumentException(name + ": no CPU allowed");
        }
        this.name = name;
        this.allowed = allowed;
    }

    /** When the task's last step is done on its CPU, interrupts that preempted it included (-1 before any). */
    public long workUntil() {
        return workUntil;
    }

    /** User time so far ({@code ru_utime}). */
    public long userNanos() {
        return userNanos;
    }

    /** System time so far ({@code ru_stime}). */
    public long systemNanos() {
        return systemNanos;
    }

    /** Context switches so far ({@code ru_nvcsw + ru_nivcsw}). */
    public long contextSwitches() {
        return contextSwitches;
    }

    /** Minor page faults ({@code ru_minflt}). */
    public long minorFaults() {
        return minorFaults;
    }

    /** Major page faults ({@code ru_majflt}). */
    public long majorFaults() {
        return majorFaults;
    }

    /** Add faults the workload reports for the task. */
    public void addFaults(long minor, long major) {
        minorFaults += Math.max(0, minor);
        majorFaults += Math.max(0, major);
    }

    /** Whether the task may run on {@code cpu}. */
    public boolean mayRunOn(int cpu) {
        return (allowed & (1L << cpu)) != 0;
    }

    @Override
    public String toString() {
        return name;
    }
}
