package org.iosched.simulator.blk;

import org.iosched.api.Cgroup;
import org.iosched.api.Task;

/** The tasks and cgroups of the OS model, as the {@link BioLayer} needs them for its controllers. */
public interface TaskDirectory {
    /** Create a kernel thread ({@code kioband}, {@code kthrotld}): BE/4 in the root cgroup. */
    Task createKernelThread(String name);

    /** The cgroup at {@code path} if a task has used it, else null. */
    Cgroup cgroup(String path);
}
