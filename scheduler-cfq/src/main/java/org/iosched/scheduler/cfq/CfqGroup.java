package org.iosched.scheduler.cfq;

/**
 * {@code struct cfq_group}: one blkio cgroup on one device (flat, as in 3.0). Its place on the group service
 * tree ({@code vdisktime}, {@code weight}), its per-class, per-type service trees of busy queues and the
 * workload state saved when it is expired.
 */
final class CfqGroup {
    /** The cgroup path ({@code blkg_path}), {@code "/"} for the root group. */
    final String path;

    /** {@code vdisktime}: disk time used, in jiffies << {@code CFQ_SERVICE_SHIFT}, scaled by 500/weight. */
    long vdisktime;
    /** Insertion order among equal vdisktimes on the group tree. */
    long seq;
    /** Whether the group is on the group service tree ({@code !RB_EMPTY_NODE(&cfqg->rb_node)}). */
    boolean onTree;
    int weight;
    int newWeight;
    boolean needsUpdate;
    /** The cgroup weight this group was last told about, to notice a {@code blkio.weight} write. */
    int seenCgroupWeight;

    /** {@code nr_cfqq}: busy queues of this group. */
    int nrCfqq;
    /** {@code busy_queues_avg[]}, by {@link WorkloadPrio} ordinal. */
    final long[] busyQueuesAvg = new long[3];
    /** {@code service_trees[2][3]}, by {@link WorkloadPrio} (BE, RT) and {@link WorkloadType}. */
    final ServiceTree[][] serviceTrees = new ServiceTree[2][3];
    /** {@code service_tree_idle}. */
    final ServiceTree serviceTreeIdle = new ServiceTree(WorkloadPrio.IDLE, WorkloadType.SYNC_NOIDLE);

    /** {@code saved_workload_slice}, jiffies (0 = none). */
    long savedWorkloadSlice;
    WorkloadType savedWorkload = WorkloadType.ASYNC;
    WorkloadPrio savedServingPrio = WorkloadPrio.BE;
    /** {@code dispatched}: requests of this group on the dispatch list or in the driver. */
    int dispatched;

    /** 4.x async queues of this group ({@code async_cfqq[2][8]}, {@code async_idle_cfqq}); unused in 3.0 mode. */
    final CfqQueue[][] asyncCfqq = new CfqQueue[2][CfqTunables.PRIO_LEVELS];
    CfqQueue asyncIdleCfqq;

    CfqGroup(String path, int weight) {
        this.path = path;
        this.weight = weight;
        for (WorkloadPrio prio : new WorkloadPrio[] {WorkloadPrio.BE, WorkloadPrio.RT}) {
            for (WorkloadType type : WorkloadType.values()) {
                serviceTrees[prio.ordinal()][type.ordinal()] = new ServiceTree(prio, type);
            }
        }
    }

    /** {@code service_tree_for}. */
    ServiceTree serviceTree(WorkloadPrio prio, WorkloadType type) {
        if (prio == WorkloadPrio.IDLE) {
            return serviceTreeIdle;
        }
        return serviceTrees[prio.ordinal()][type.ordinal()];
    }

    /** {@code cfq_group_busy_queues_wl}: busy queues of one class in this group. */
    int busyQueues(WorkloadPrio prio) {
        if (prio == WorkloadPrio.IDLE) {
            return serviceTreeIdle.count();
        }
        ServiceTree[] trees = serviceTrees[prio.ordinal()];
        return trees[0].count() + trees[1].count() + trees[2].count();
    }

    /** {@code cfqg_busy_async_queues}. */
    int busyAsyncQueues() {
        return serviceTrees[WorkloadPrio.RT.ordinal()][WorkloadType.ASYNC.ordinal()].count()
                + serviceTrees[WorkloadPrio.BE.ordinal()][WorkloadType.ASYNC.ordinal()].count();
    }

    /** {@code cfq_update_group_weight}: a pending weight applies only while the group is off the tree. */
    void updateWeight() {
        if (needsUpdate) {
            weight = newWeight;
            needsUpdate = false;
        }
    }

    @Override
    public String toString() {
        return "cfqg " + path + " w=" + weight + " vt=" + vdisktime;
    }
}
