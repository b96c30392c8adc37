package org.iosched.scheduler.bfq;

import java.util.HashMap;
import java.util.Map;
import org.iosched.api.Cgroup;

/**
 * {@code bfq-cgroup.c}: one {@link BfqGroup} per cgroup that sends I/O to the device, created on first use with its
 * ancestors, each an entity of weight {@code io.bfq.weight} (the {@code bfq.weight} tunable, default 100) in its
 * parent group's BE tree.
 *
 * <p>Simplified: a group lives as long as the run (the kernel frees it with its blkg).
 */
final class BfqGroups {
    private final BfqData bfqd;
    /** {@code io.bfq.weight} per cgroup path, from the tunables. */
    private final Map<String, Integer> weights;
    /** The groups by cgroup path, the root group's included. */
    private final Map<String, BfqGroup> groups = new HashMap<>();

    BfqGroups(BfqData bfqd, Map<String, Integer> weights) {
        this.bfqd = bfqd;
        this.weights = weights;
    }

    /** {@code bfq_init_root_group}: file the root group under the root cgroup's path. */
    void addRoot(BfqGroup root) {
        groups.put(Cgroup.ROOT.path(), root);
    }

    /**
     * {@code bfq_bio_bfqg} / {@code bfq_find_set_group}: the group of a cgroup, created on first use with the
     * groups of its ancestors, each a child of its parent cgroup's group ({@code bfq_group_set_parent}).
     */
    BfqGroup group(Cgroup cgroup) {
        if (cgroup == null || cgroup.isRoot()) {
            return bfqd.rootGroup;
        }
        return group(cgroup.path());
    }

    private BfqGroup group(String path) {
        if (path.isEmpty() || path.equals(Cgroup.ROOT.path())) {
            return bfqd.rootGroup;
        }
        BfqGroup group = groups.get(path);
        if (group == null) {
            int slash = path.lastIndexOf('/');
            BfqGroup parent = group(slash <= 0 ? Cgroup.ROOT.path() : path.substring(0, slash));
            int weight = weights.getOrDefault(path, Bfq.GROUP_WEIGHT_DEFAULT);
            group = new BfqGroup(path, weight, parent, bfqd.lists, bfqd.nowJiffies());
            groups.put(path, group);
        }
        return group;
    }

    /** The group of a cgroup path if it exists (no kernel counterpart: a lookup for tests). */
    BfqGroup existing(String path) {
        return groups.get(path);
    }
}
