package org.iosched.api;

/**
 * How to create a task: its name, io priority and cgroup, as fio's {@code prio}, {@code prioclass},
 * {@code nice}, {@code cgroup} and {@code cgroup_weight} set them.
 *
 * @param name         command name
 * @param ioprioClass  explicit class, or null to derive it (BE)
 * @param ioprioLevel  explicit level 0..7, or -1 to derive it from {@code nice}
 * @param nice         nice value, -20..19
 * @param cgroupPath   blkio cgroup path, {@code "/"} for the root
 * @param cgroupWeight blkio weight for the cgroup, or 0 to leave it as it is (default 500)
 */
public record TaskSpec(String name, IoPrioClass ioprioClass, int ioprioLevel, int nice, String cgroupPath,
                       int cgroupWeight) {
    /** A best-effort task at nice 0 in the root cgroup. */
    public static TaskSpec of(String name) {
        return new TaskSpec(name, null, -1, 0, "/", 0);
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
