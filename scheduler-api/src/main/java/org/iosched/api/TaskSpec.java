package org.iosched.api;

import java.util.BitSet;

/**
 * How to create a task: its name, io priority, cgroup and CPU affinity, as fio's {@code prio},
 * {@code prioclass}, {@code nice}, {@code cgroup}, {@code cgroup_weight} and {@code cpus_allowed}/{@code cpumask}
 * set them.
 *
 * @param name         command name
 * @param ioprioClass  explicit class, or null to derive it (BE)
 * @param ioprioLevel  explicit level 0..7, or -1 to derive it from {@code nice}
 * @param nice         nice value, -20..19
 * @param cgroupPath   blkio cgroup path, {@code "/"} for the root
 * @param cgroupWeight blkio weight for the cgroup, or 0 to leave it as it is (default 500)
 * @param cpusAllowed  the CPUs the task may run on ({@code sched_setaffinity}), numbered from 0; null or empty for
 *                     every online CPU. Copied; CPUs the OS model does not have are an error when the task is created.
 */
public record TaskSpec(String name, IoPrioClass ioprioClass, int ioprioLevel, int nice, String cgroupPath,
                       int cgroupWeight, BitSet cpusAllowed) {
    /** Copies the CPU set (an empty set means every CPU). */
    public TaskSpec {
        cpusAllowed = cpusAllowed == null || cpusAllowed.isEmpty() ? null : (BitSet) cpusAllowed.clone();
    }

    /** A task that may run on every CPU. */
    public TaskSpec(String name, IoPrioClass ioprioClass, int ioprioLevel, int nice, String cgroupPath,
                    int cgroupWeight) {
        this(name, ioprioClass, ioprioLevel, nice, cgroupPath, cgroupWeight, null);
    }

    /** A best-effort task at nice 0 in the root cgroup. */
    public static TaskSpec of(String name) {
        return new TaskSpec(name, null, -1, 0, "/", 0, null);
    }

    /** The CPUs the task may run on (a copy), or null for every CPU. */
    @Override
    public BitSet cpusAllowed() {
        return cpusAllowed == null ? null : (BitSet) cpusAllowed.clone();
    }

    /** This spec with another CPU set (null or empty: every CPU). */
    public TaskSpec withCpusAllowed(BitSet cpus) {
        return new TaskSpec(name, ioprioClass, ioprioLevel, nice, cgroupPath, cgroupWeight, cpus);
    }

    /** The class the task gets: the explicit one, else BE. */
    public IoPrioClass effectiveClass() {
        return ioprioClass == null ? IoPrioClass.BE : ioprioClass;
    }

    /** The level the task gets: the explicit one, else {@code (nice + 20) / 5}. */
    public int effectiveLevel() {
        return ioprioLevel >= 0 ? ioprioLevel : Task.levelFromNice(nice);
    }
}
