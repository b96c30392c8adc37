package org.iosched.scheduler.bfq;

/**
 * {@code struct bfq_entity}: what B-WF2Q+ schedules, a queue ({@link #queue}) or a group ({@link #group}).
 *
 * <p>Virtual times are in units of {@code sectors << WFQ_SERVICE_SHIFT / weight} and compared wrap-safely, as
 * {@code bfq_gt} does.
 */
final class BfqEntity {
    /** {@code start}: virtual start time S. */
    long start;
    /** {@code finish}: virtual finish time F. */
    long finish;
    /** {@code service}: sectors received in the current service slot. */
    long service;
    /** {@code budget}: sectors the entity may receive in its slot. */
    long budget;
    /** {@code weight}: the weight in use ({@code orig_weight * wr_coeff} for queues). */
    int weight;
    /** {@code orig_weight}: the weight before raising. */
    int origWeight;
    /** {@code new_weight}: the weight to apply at the next update ({@code prio_changed}). */
    int newWeight;
    /** {@code prio_changed}: {@link #newWeight} or the class is to be applied. */
    boolean prioChanged;
    /** The class index in use: 0 RT, 1 BE, 2 IDLE ({@code ioprio_class - 1}). */
    int classIndex;
    /** {@code on_st_or_in_serv}: on a service tree or in service. */
    boolean onStOrInService;
    /** Which tree of {@link #tree} holds it: {@link #NO_TREE}, {@link #ACTIVE} or {@link #IDLE}. */
    int treeKind = NO_TREE;
    /** The service tree it was last put on ({@code entity->tree}'s owner), valid while {@link #treeKind} is set. */
    ServiceTree tree;
    /** {@code parent}: the group entity above, null at the root. */
    BfqEntity parent;
    /** {@code sched_data}: where it is scheduled (its parent group's). */
    SchedData schedData;
    /** {@code my_sched_data}: a group's own scheduling data, null for queues. */
    final SchedData mySchedData;
    /** {@code allocated}: requests of its subtree inserted and not yet freed. */
    int allocated;
    /** {@code in_groups_with_pending_reqs} (queues only). */
    boolean inGroupsWithPendingRequests;
    /** The queue it is, or null. */
    final BfqQueue queue;
    /** The group it is, or null. */
    final BfqGroup group;

    static final int NO_TREE = 0;
    static final int ACTIVE = 1;
    static final int IDLE = 2;

    BfqEntity(BfqQueue queue) {
        this.queue = queue;
        this.group = null;
        this.mySchedData = null;
    }

    BfqEntity(BfqGroup group, SchedData mySchedData) {
        this.queue = null;
        this.group = group;
        this.mySchedData = mySchedData;
    }

    /** {@code bfq_entity_service_tree}: the tree of its class in its scheduling data. */
    ServiceTree serviceTree() {
        return schedData.trees[classIndex];
    }

    /** The weight-raising coefficient of a queue; 1 for groups. */
    int wrCoeff() {
        return queue == null ? 1 : queue.wrCoeff;
    }

    @Override
    public String toString() {
        return (queue != null ? queue.name() : "group " + group.path) + " S=" + start + " F=" + finish + " w=" + weight
                + " budget=" + budget + " service=" + service;
    }
}
