package org.iosched.simulator.os;

import java.util.HashMap;
import java.util.Map;
import org.iosched.api.Cgroup;
import org.iosched.api.InvalidInputException;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Task;
import org.iosched.api.TaskSpec;

/**
 * Tasks and blkio cgroups. User tasks get pids 1000, 1001, ... in creation order; kernel threads get
 * 100, 101, ... A cgroup is created on first use with the weight asked for (or the default 500); asking
 * for another weight later is an error, since a cgroup has one {@code blkio.weight}.
 */
final class TaskTable {
    static final int FIRST_USER_PID = 1000;
    static final int FIRST_KERNEL_PID = 100;

    private final Map<String, Cgroup> cgroups = new HashMap<>();
    private int nextUserPid = FIRST_USER_PID;
    private int nextKernelPid = FIRST_KERNEL_PID;

    Task create(TaskSpec spec) {
        if (spec.name() == null || spec.name().isEmpty()) {
            throw new InvalidInputException("a task needs a name");
        }
        IoPrioClass ioprioClass = spec.effectiveClass();
        int level;
        try {
            level = spec.effectiveLevel();
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(spec.name() + ": " + e.getMessage());
        }
        if (level < 0 || level >= IoPrioClass.LEVELS) {
            throw new InvalidInputException(spec.name() + ": ioprio level must be 0..7, not " + level);
        }
        Cgroup cgroup = cgroup(spec.cgroupPath() == null ? "/" : spec.cgroupPath(), spec.cgroupWeight());
        return new Task(nextUserPid++, spec.name(), false, ioprioClass, level, cgroup);
    }

    Task kernelThread(String name) {
        return new Task(nextKernelPid++, name, true, IoPrioClass.BE, IoPrioClass.NORM, cgroup("/", 0));
    }

    /** The cgroup at {@code path} if a task has used it, else null. */
    Cgroup existing(String path) {
        return cgroups.get(path);
    }

    private Cgroup cgroup(String path, int weight) {
        Cgroup existing = cgroups.get(path);
        if (existing != null) {
            if (weight != 0 && weight != existing.weight()) {
                throw new InvalidInputException("cgroup " + path + " already has blkio.weight " + existing.weight()
                        + "; it cannot also have " + weight);
            }
            return existing;
        }
        Cgroup created;
        try {
            created = new Cgroup(path, weight == 0 ? Cgroup.DEFAULT_WEIGHT : weight);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("cgroup " + path + ": " + e.getMessage());
        }
        cgroups.put(path, created);
        return created;
    }
}
