package org.iosched.scheduler.bfq;

import java.util.function.LongSupplier;
import org.iosched.api.Jiffies;
import org.iosched.api.JiffiesCache;

/**
 * B-WF2Q+ as Linux 6.6's {@code bfq-wf2q.c} has it: timestamps from service and weight, eligibility against each
 * service tree's virtual time, the active and idle trees, back-shifting, forgetting idle entities, the class
 * priority RT &gt; BE &gt; IDLE with the idle-class starvation guard, and the hierarchy of groups.
 *
 * <h2>Features</h2>
 * <ul>
 *   <li>{@code F = S + (service << 22) / weight}; eligible iff {@code S <= V}; the eligible entity with the
 *       smallest F is served ({@code bfq_first_active_entity}); V grows by {@code served << 22 / wsum} at every
 *       dispatch and jumps to the smallest start when nothing is eligible.</li>
 *   <li>Activation from the idle tree cannot restart before the old finish; a queue that expired with
 *       budget left and comes back in time is back-shifted ({@code non_blocking_wait_rq}).</li>
 *   <li>Deactivation keeps entities whose finish is still ahead of V on the idle tree (their weight stays in
 *       {@code wsum}); at most one idle entity is forgotten per service update.</li>
 *   <li>{@code next_in_service} caching, group budgets from their next child, walking up while a level
 *       changes, the idle class served once after {@code BFQ_CL_IDLE_TIMEOUT} (HZ/5) without it.</li>
 *   <li>The queue-level functions at the end of {@code bfq-wf2q.c}: service and time charging
 *       ({@code bfq_bfqq_served}, {@code bfq_bfqq_charge_time}), the busy set ({@code bfq_add_bfqq_busy},
 *       {@code bfq_del_bfqq_busy}, {@code bfq_requeue_bfqq}) with the groups that have pending requests, and
 *       {@code next_queue_may_preempt}.</li>
 * </ul>
 *
 * <h2>Limitations</h2>
 * <ul>
 *   <li>Trees are ordered arrays (see {@link ServiceTree}); the order and the chosen entity are the kernel's.</li>
 * </ul>
 */
final class Wf2q {
    /** Callbacks into the scheduler for what {@code __bfq_entity_update_weight_prio} changes besides timestamps. */
    interface WeightListener {
        /** A queue's weight changes from {@code oldWeight} ({@code bfq_weights_tree_remove/add}). */
        void queueWeightChanged(BfqQueue queue, int oldWeight);
    }

    /** The scheduler whose busy queues this keeps; null for the tree algorithm alone. */
    private final BfqData bfqd;
    private final Jiffies jiffies;
    /** {@link #jiffies}' readings of now, remembered for the tick. */
    private final JiffiesCache jiffiesNow;
    private final LongSupplier clock;
    private final WeightListener listener;
    private final long classIdleTimeout;

    /** The tree algorithm alone, without a scheduler's busy queues (the {@code bfqq}-level functions need one). */
    Wf2q(Jiffies jiffies, LongSupplier clock, WeightListener listener) {
        this(null, jiffies, clock, listener);
    }

    /** The B-WF2Q+ of {@code bfqd}'s queues, reading the clock and telling {@code listener} of weight changes. */
    Wf2q(BfqData bfqd, Jiffies jiffies, LongSupplier clock, WeightListener listener) {
        this.bfqd = bfqd;
        this.jiffies = jiffies;
        this.jiffiesNow = new JiffiesCache(jiffies);
        this.clock = clock;
        this.listener = listener;
        this.classIdleTimeout = Math.max(1, jiffies.hz() / Bfq.CL_IDLE_TIMEOUT_DIVISOR);
    }

    private long nowJiffies() {
        return jiffiesNow.at(clock.getAsLong());
    }

    /** {@code bfq_calc_finish}. */
    static void calcFinish(BfqEntity entity, long service) {
        entity.finish = entity.start + ServiceTree.delta(service, entity.weight);
    }

    // ------------------------------------------------------------ idle tree

    /** {@code bfq_forget_entity}. */
    private static void forgetEntity(ServiceTree st, BfqEntity entity) {
        entity.onStOrInService = false;
        st.wsum -= entity.weight;
    }

    /** {@code bfq_put_idle_entity}. */
    private static void putIdleEntity(ServiceTree st, BfqEntity entity) {
        st.idleExtract(entity);
        forgetEntity(st, entity);
    }

    /** {@code bfq_forget_idle}. */
    static void forgetIdle(ServiceTree st) {
        BfqEntity firstIdle = st.firstIdle();
        BfqEntity lastIdle = st.lastIdle();
        if (st.activeEmpty() && lastIdle != null && !ServiceTree.gt(lastIdle.finish, st.vtime)) {
            // forget the whole idle tree, by raising V to the largest finish
            st.vtime = lastIdle.finish;
        }
        if (firstIdle != null && !ServiceTree.gt(firstIdle.finish, st.vtime)) {
            putIdleEntity(st, firstIdle);
        }
    }

    // ------------------------------------------------------------ service

    /**
     * The tree part of {@code bfq_bfqq_served}: {@code served} sectors to the queue and every ancestor; each level's
     * V advances by {@code served << 22 / wsum}.
     */
    static void served(BfqEntity entity, long served) {
        for (BfqEntity e = entity; e != null; e = e.parent) {
            ServiceTree st = e.serviceTree();
            e.service += served;
            st.vtime += ServiceTree.delta(served, st.wsum);
            forgetIdle(st);
        }
    }

    // ------------------------------------------------------------ weight and class

    /** {@code __bfq_entity_update_weight_prio}: apply a pending weight or class change; returns the entity's tree. */
    ServiceTree updateWeightPrio(ServiceTree oldSt, BfqEntity entity, boolean updateClassToo) {
        if (!entity.prioChanged) {
            return oldSt;
        }
        BfqQueue queue = entity.queue;
        entity.prioChanged = false;
        oldSt.wsum -= entity.weight;
        if (queue != null) {
            queue.ioprio = queue.newIoprio;
            if (updateClassToo) {
                queue.ioprioClass = queue.newIoprioClass;
                entity.classIndex = queue.ioprioClass - 1;
            }
        }
        int weight = Math.max(Bfq.MIN_WEIGHT, Math.min(Bfq.MAX_WEIGHT, entity.newWeight));
        entity.newWeight = weight;
        entity.origWeight = weight;
        int previous = entity.weight;
        entity.weight = entity.origWeight * entity.wrCoeff();
        if (queue != null && previous != entity.weight) {
            listener.queueWeightChanged(queue, previous);
        }
        ServiceTree newSt = entity.serviceTree();
        newSt.wsum += entity.weight;
        if (newSt != oldSt) {
            entity.start = newSt.vtime;
        }
        return newSt;
    }

    // ------------------------------------------------------------ activation, requeue

    /** {@code bfq_update_fin_time_enqueue}. */
    private void updateFinTimeEnqueue(BfqEntity entity, ServiceTree st, boolean backshifted) {
        st = updateWeightPrio(st, entity, true);
        calcFinish(entity, entity.budget);
        if (backshifted && ServiceTree.gt(st.vtime, entity.finish)) {
            long delta = st.vtime - entity.finish;
            if (entity.queue != null) {
                delta /= entity.queue.wrCoeff;
            }
            entity.start += delta;
            entity.finish += delta;
        }
        st.activeInsert(entity);
    }

    /** {@code __bfq_activate_entity}. */
    private void activateEntity(BfqEntity entity, boolean nonBlockingWaitRq) {
        ServiceTree st = entity.serviceTree();
        boolean backshifted = false;
        long minVstart;
        if (nonBlockingWaitRq && ServiceTree.gt(st.vtime, entity.finish)) {
            backshifted = true;
            minVstart = entity.finish;
        } else {
            minVstart = st.vtime;
        }
        if (entity.treeKind == BfqEntity.IDLE && entity.tree == st) {
            st.idleExtract(entity);
            entity.start = ServiceTree.gt(minVstart, entity.finish) ? minVstart : entity.finish;
        } else {
            if (entity.treeKind == BfqEntity.IDLE) {
                // the class changed while idle: leave the old tree first
                entity.tree.idleExtract(entity);
                entity.tree.wsum -= entity.weight;
                entity.onStOrInService = false;
            }
            entity.start = minVstart;
            st.wsum += entity.weight;
            entity.onStOrInService = true;
        }
        updateFinTimeEnqueue(entity, st, backshifted);
    }

    /** {@code __bfq_requeue_entity}. */
    private void requeueEntity(BfqEntity entity) {
        SchedData sd = entity.schedData;
        ServiceTree st = entity.serviceTree();
        if (entity == sd.inServiceEntity) {
            calcFinish(entity, entity.service);
            entity.start = entity.finish;
            if (entity.treeKind == BfqEntity.ACTIVE) {
                entity.tree.activeExtract(entity);
            }
        } else {
            entity.tree.activeExtract(entity);
        }
        updateFinTimeEnqueue(entity, st, false);
    }

    /** {@code __bfq_activate_requeue_entity}. */
    private void activateRequeueEntity(BfqEntity entity, boolean nonBlockingWaitRq) {
        SchedData sd = entity.schedData;
        if (sd.inServiceEntity == entity || entity.treeKind == BfqEntity.ACTIVE) {
            requeueEntity(entity);
        } else {
            activateEntity(entity, nonBlockingWaitRq);
        }
    }

    /** {@code bfq_activate_requeue_entity}: at each level, then up while the level's next entity changes. */
    void activateRequeue(BfqEntity entity, boolean nonBlockingWaitRq, boolean requeue, boolean expiration) {
        for (BfqEntity e = entity; e != null; e = e.parent) {
            activateRequeueEntity(e, nonBlockingWaitRq);
            if (!updateNextInService(e.schedData, e, expiration) && !requeue) {
                break;
            }
        }
    }

    // ------------------------------------------------------------ deactivation

    /** {@code __bfq_deactivate_entity}; false if the entity was on no tree and not in service. */
    private boolean deactivateEntity(BfqEntity entity, boolean insIntoIdleTree) {
        SchedData sd = entity.schedData;
        boolean inService = entity == sd.inServiceEntity;
        if (!entity.onStOrInService) {
            return false;
        }
        ServiceTree st = entity.treeKind != BfqEntity.NO_TREE ? entity.tree : entity.serviceTree();
        calcFinish(entity, entity.service);
        if (inService) {
            sd.inServiceEntity = null;
        } else {
            entity.service = 0;
        }
        if (entity.treeKind == BfqEntity.ACTIVE) {
            st.activeExtract(entity);
        } else if (!inService && entity.treeKind == BfqEntity.IDLE) {
            st.idleExtract(entity);
        }
        if (!insIntoIdleTree || !ServiceTree.gt(entity.finish, st.vtime)) {
            forgetEntity(st, entity);
        } else {
            st.idleInsert(entity);
        }
        return true;
    }

    /** {@code bfq_deactivate_entity}: deactivate up while levels empty, then requeue the remaining ancestors. */
    void deactivate(BfqEntity entity, boolean insIntoIdleTree, boolean expiration) {
        BfqEntity e = entity;
        BfqEntity parent = null;
        for (; e != null; e = parent) {
            parent = e.parent;
            SchedData sd = e.schedData;
            if (!deactivateEntity(e, insIntoIdleTree)) {
                return;
            }
            if (sd.nextInService == e) {
                updateNextInService(sd, null, expiration);
            }
            if (sd.nextInService != null || sd.inServiceEntity != null) {
                break;
            }
            insIntoIdleTree = true;
        }
        for (e = parent; e != null; e = e.parent) {
            requeueEntity(e);
            if (!updateNextInService(e.schedData, e, expiration) && !expiration) {
                break;
            }
        }
    }

    // ------------------------------------------------------------ lookup

    /** {@code bfq_update_parent_budget}: the group's budget is its next child's; true if it shrank. */
    private static boolean updateParentBudget(BfqEntity nextInService) {
        BfqEntity groupEntity = nextInService.schedData.group.entity;
        if (groupEntity == null) {
            return false;
        }
        boolean shrank = groupEntity.budget > nextInService.budget;
        groupEntity.budget = nextInService.budget;
        return shrank;
    }

    /** {@code bfq_update_next_in_service}; returns whether the parent level may need an update. */
    boolean updateNextInService(SchedData sd, BfqEntity newEntity, boolean expiration) {
        BfqEntity next = sd.nextInService;
        boolean changeWithoutLookup = false;
        if (newEntity != null && newEntity != sd.nextInService) {
            changeWithoutLookup = true;
            if (next != null) {
                ServiceTree st = sd.trees[newEntity.classIndex];
                changeWithoutLookup = newEntity.classIndex == next.classIndex
                        && !ServiceTree.gt(newEntity.start, st.vtime)
                        && ServiceTree.gt(next.finish, newEntity.finish);
            }
            if (changeWithoutLookup) {
                next = newEntity;
            }
        }
        if (!changeWithoutLookup) {
            next = lookupNextEntity(sd, expiration);
        }
        boolean parentMayChange = false;
        if (next != null) {
            boolean budgetTriggersChange = updateParentBudget(next);
            parentMayChange = sd.nextInService == null || budgetTriggersChange;
        }
        sd.nextInService = next;
        return parentMayChange;
    }

    /** {@code __bfq_lookup_next_entity}. */
    private static BfqEntity lookupNextEntity(ServiceTree st, boolean inService) {
        if (st.activeEmpty()) {
            return null;
        }
        long newVtime = st.vtimeJump();
        if (!inService) {
            st.vtime = newVtime;
            forgetIdle(st);
        }
        return st.firstActiveEntity(newVtime);
    }

    /** {@code bfq_lookup_next_entity}: RT, BE, IDLE in order, the idle class first after 200 ms without it. */
    BfqEntity lookupNextEntity(SchedData sd, boolean expiration) {
        int classIndex = 0;
        long now = nowJiffies();
        if (sd.classIdleLastService + classIdleTimeout < now) {
            if (!sd.trees[Bfq.IDLE].activeEmpty()) {
                classIndex = Bfq.IDLE;
            }
            sd.classIdleLastService = now;
        }
        BfqEntity entity = null;
        for (; classIndex < SchedData.CLASSES; classIndex++) {
            entity = lookupNextEntity(sd.trees[classIndex], sd.inServiceEntity != null && !expiration);
            if (entity != null) {
                break;
            }
        }
        return entity;
    }

    /** {@code bfq_no_longer_next_in_service}: a queue, or a group with a single active child. */
    private static boolean noLongerNextInService(BfqEntity entity) {
        return entity.group == null || entity.group.activeEntities == 1;
    }

    /** {@code bfq_get_next_queue}: descend along {@code next_in_service}, setting each level in service. */
    BfqQueue getNextQueue(SchedData root) {
        BfqEntity entity = null;
        for (SchedData sd = root; sd != null; sd = entity.mySchedData) {
            entity = sd.nextInService;
            if (entity == null) {
                return null;
            }
            sd.inServiceEntity = entity;
            if (noLongerNextInService(entity) && entity.treeKind == BfqEntity.ACTIVE) {
                entity.tree.activeExtract(entity);
            }
        }
        BfqQueue queue = entity.queue;
        for (BfqEntity e = entity; e != null; e = e.parent) {
            if (!updateNextInService(e.schedData, null, false)) {
                break;
            }
        }
        return queue;
    }

    /** {@code __bfq_bfqd_reset_in_service}'s walk: no level has this queue's branch in service any more. */
    void resetInService(BfqEntity entity) {
        for (BfqEntity e = entity; e != null; e = e.parent) {
            SchedData sd = e.schedData;
            sd.inServiceEntity = null;
            if (sd.nextInService == e) {
                updateNextInService(sd, null, false);
            }
        }
    }

    // ------------------------------------------------------------ queues: service, busy set

    /** {@code bfq_bfqq_served}: {@code served} sectors of service to the queue and its ancestors. */
    void bfqqServed(BfqQueue bfqq, long served) {
        if (bfqq.serviceFromBacklogged == 0) {
            bfqq.firstIoTime = bfqd.nowJiffies();
        }
        if (bfqq.wrCoeff > 1) {
            bfqq.serviceFromWr += served;
        }
        bfqq.serviceFromBacklogged += served;
        served(bfqq.entity, served);
    }

    /** {@code bfq_bfqq_charge_time}: charge a slow queue as if it had used the device at peak rate. */
    void chargeTime(BfqQueue bfqq, long timeMs) {
        BfqEntity entity = bfqq.entity;
        long bounded = Math.min(timeMs, bfqd.defaultTimeoutMs);
        long forTime = bfqd.maxBudget * bounded / bfqd.defaultTimeoutMs;
        long total = Math.max(forTime, entity.service);
        if (total > entity.budget) {
            entity.budget = total;
        }
        bfqqServed(bfqq, Math.max(0, total - entity.service));
    }

    /** {@code next_queue_may_preempt}: the root level's next entity is not the one in service. */
    boolean nextQueueMayPreempt() {
        SchedData sd = bfqd.rootGroup.schedData;
        return sd.nextInService != sd.inServiceEntity;
    }

    /** {@code bfq_requeue_bfqq}. */
    void requeueBfqq(BfqQueue bfqq, boolean expiration) {
        activateRequeue(bfqq.entity, false, bfqq == bfqd.inServiceQueue, expiration);
    }

    /** {@code bfq_add_bfqq_in_groups_with_pending_reqs}. */
    void addInGroupsWithPendingReqs(BfqQueue bfqq) {
        if (!bfqq.entity.inGroupsWithPendingRequests) {
            bfqq.entity.inGroupsWithPendingRequests = true;
            if (bfqq.group.queuesWithPendingRequests++ == 0) {
                bfqd.numGroupsWithPendingReqs++;
            }
        }
    }

    /** {@code bfq_del_bfqq_in_groups_with_pending_reqs}. */
    void delInGroupsWithPendingReqs(BfqQueue bfqq) {
        if (bfqq.entity.inGroupsWithPendingRequests) {
            bfqq.entity.inGroupsWithPendingRequests = false;
            if (--bfqq.group.queuesWithPendingRequests == 0) {
                bfqd.numGroupsWithPendingReqs--;
            }
        }
    }

    /** {@code bfq_add_bfqq_busy} with {@code bfq_activate_bfqq}. */
    void addBfqqBusy(BfqQueue bfqq) {
        activateRequeue(bfqq.entity, bfqq.nonBlockingWaitRq, false, false);
        bfqq.busy = true;
        bfqd.busyQueues[bfqq.ioprioClass - 1]++;
        if (bfqq.dispatched == 0) {
            addInGroupsWithPendingReqs(bfqq);
            if (bfqq.wrCoeff == 1) {
                bfqd.idling.weightsTreeAdd(bfqq);
            }
        }
        if (bfqq.wrCoeff > 1) {
            bfqd.wrBusyQueues++;
        }
    }

    /** {@code bfq_del_bfqq_busy} with {@code bfq_deactivate_bfqq}. */
    void delBfqqBusy(BfqQueue bfqq, boolean expiration) {
        bfqq.busy = false;
        bfqd.busyQueues[bfqq.ioprioClass - 1]--;
        if (bfqq.wrCoeff > 1) {
            bfqd.wrBusyQueues--;
        }
        deactivate(bfqq.entity, true, expiration);
        if (bfqq.dispatched == 0) {
            delInGroupsWithPendingReqs(bfqq);
            bfqd.idling.weightsTreeRemove(bfqq);
        }
    }
}
