package org.iosched.scheduler.bfq;

/**
 * {@code struct bfq_group}: one cgroup on this device. Its {@link #entity} competes in the parent's BE tree (the
 * root group has none); its {@link #schedData} holds its children; it owns the async queues of its tasks.
 */
final class BfqGroup {
    /** The cgroup path ({@code /} for the root group). */
    final String path;
    /** {@code my_entity}, null for the root group. */
    final BfqEntity entity;
    /** {@code sched_data}. */
    final SchedData schedData;
    /** {@code async_bfqq[0..1][level]}: RT and BE async queues per level. */
    final BfqQueue[][] asyncQueues = new BfqQueue[2][8];
    /** {@code async_idle_bfqq}. */
    BfqQueue asyncIdleQueue;
    /** {@code active_entities}: children on this group's active trees. */
    int activeEntities;
    /** {@code num_queues_with_pending_reqs}. */
    int queuesWithPendingRequests;
    /** {@code rq_pos_tree}: queues by the start sector of their next request (one queue per sector). */
    final java.util.TreeMap<Long, BfqQueue> posTree = new java.util.TreeMap<>();
    /** {@code last_bfqq_created} of this group's entity ({@code bfqd->last_bfqq_created} for the root group). */
    BfqQueue lastQueueCreated;

    BfqGroup(String path, int weight, BfqGroup parent, QueueLists lists, long nowJiffies) {
        this.path = path;
        this.schedData = new SchedData(this, lists, nowJiffies);
        if (parent == null) {
            this.entity = null;
        } else {
            BfqEntity e = new BfqEntity(this, schedData);
            e.weight = weight;
            e.origWeight = weight;
            e.newWeight = weight;
            e.classIndex = Bfq.BE;
            e.parent = parent.entity;
            e.schedData = parent.schedData;
            this.entity = e;
        }
    }
}
