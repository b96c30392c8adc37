package org.iosched.scheduler.bfq;

import org.iosched.api.IoPriority;
import org.iosched.api.Request;
import org.iosched.api.Task;

/**
 * Queues and io contexts: a request's io context and queue at insertion ({@code bfq_init_rq}, with the io priority
 * and cgroup checks and the split of a shared queue), creating queues ({@code bfq_get_queue}, {@code bfq_init_bfqq},
 * the async queue slots of a group), and dropping the references processes and merges hold ({@code bfq_put_queue},
 * {@code bfq_release_process_ref}, {@code bfq_put_cooperator}, {@code bfq_exit_icq}).
 */
final class BfqQueues {
    private final BfqData bfqd;

    BfqQueues(BfqData bfqd) {
        this.bfqd = bfqd;
    }

    /** {@code bfq_exit_icq}: the task exited; its sync queue loses its process (and is expired if in service). */
    void exitIoContext(Task task) {
        BfqIoContext bic = bfqd.contexts.get(task);
        if (bic != null) {
            bic.exited = true;
            BfqQueue sync = bic.syncQueue;
            // bfq_exit_icq_bfqq -> bfq_exit_bfqq: an in-service queue without process is expired
            if (sync != null && sync == bfqd.inServiceQueue && sync.isEmpty()) {
                bfqd.budgets.bfqqExpire(sync, false, Bfq.BUDGET_TIMEOUT);
                bfqd.scheduleDispatch();
            }
            if (sync != null) {
                putCooperator(sync);
                releaseProcessRef(sync);
            }
            bic.stableMergeQueue = null;
            bfqd.contexts.remove(task);
        }
    }

    /** The io context of {@code task}, created on its first request ({@code icq} allocation). */
    private BfqIoContext ioContext(Task task) {
        BfqIoContext bic = bfqd.contexts.get(task);
        if (bic == null) {
            bic = new BfqIoContext(task);
            bfqd.contexts.put(task, bic);
        }
        return bic;
    }

    /** {@code bfq_set_next_ioprio_data}: the class, level and weight the queue takes at its next activation. */
    void setNextIoprioData(BfqQueue bfqq, BfqIoContext bic) {
        int ioprioClass = IoPriority.classValue(bic.ioprio);
        switch (ioprioClass) {
            case Bfq.IOPRIO_CLASS_RT -> {
                bfqq.newIoprio = IoPriority.level(bic.ioprio);
                bfqq.newIoprioClass = Bfq.IOPRIO_CLASS_RT;
            }
            case Bfq.IOPRIO_CLASS_IDLE -> {
                bfqq.newIoprioClass = Bfq.IOPRIO_CLASS_IDLE;
                bfqq.newIoprio = Bfq.IOPRIO_NR_LEVELS - 1;
            }
            default -> {
                bfqq.newIoprio = IoPriority.level(bic.ioprio);
                bfqq.newIoprioClass = Bfq.IOPRIO_CLASS_BE;
            }
        }
        if (bfqq.newIoprio >= Bfq.IOPRIO_NR_LEVELS) {
            bfqq.newIoprio = Bfq.IOPRIO_NR_LEVELS - 1;
        }
        bfqq.entity.newWeight = Bfq.ioprioToWeight(bfqq.newIoprio);
        if (bfqd.tracing()) {
            bfqd.log(bfqq, "new_ioprio " + bfqq.newIoprio + " new_weight " + bfqq.entity.newWeight);
        }
        bfqq.entity.prioChanged = true;
    }

    /** {@code bfq_init_bfqq}. */
    private void initBfqq(BfqQueue bfqq, BfqIoContext bic) {
        long nowNs = bfqd.now();
        long nowJ = bfqd.nowJiffies();
        if (bic != null) {
            setNextIoprioData(bfqq, bic);
        }
        if (bfqq.sync) {
            // bfq_class_idle() reads ioprio_class, still 0 here: every new sync queue starts with a short think time
            bfqq.hasShortTtime = true;
            bfqq.justCreated = true;
        }
        bfqq.ttimeLastEndRequest = nowNs + 1;
        bfqq.creationTime = nowJ;
        bfqq.ioStartTime = nowNs;
        bfqq.ioBound = true;
        bfqq.maxBudget = 2L * bfqd.budgets.maxBudgetNow() / 3;
        bfqq.budgetTimeout = BfqData.MINUS_INFINITY;
        bfqq.wrCoeff = 1;
        bfqq.lastWrStartFinish = nowJ;
        bfqq.wrStartAtSwitchToSrt = BfqData.MINUS_INFINITY;
        bfqq.splitTime = BfqData.MINUS_INFINITY;
        bfqq.softRtNextStart = nowJ;
        bfqq.seekHistory = 1;
        bfqq.decreaseTimeJiffies = nowJ;
    }

    /** {@code bfq_init_entity}. */
    private static void initEntity(BfqEntity entity, BfqGroup group) {
        BfqQueue bfqq = entity.queue;
        entity.weight = entity.newWeight;
        entity.origWeight = entity.newWeight;
        bfqq.ioprio = bfqq.newIoprio;
        bfqq.ioprioClass = bfqq.newIoprioClass;
        entity.classIndex = bfqq.ioprioClass - 1;
        entity.parent = group.entity;
        entity.schedData = group.schedData;
    }

    /**
     * {@code bfq_get_queue}: the async queue of the group and priority, or a new queue; a new sync queue may be
     * stably merged at once ({@code respawn} false) unless it replaces one split off a shared queue.
     */
    BfqQueue getQueue(BfqIoContext bic, boolean sync, boolean respawn) {
        BfqGroup group = bic.group;
        int ioprioClass = IoPriority.classValue(bic.ioprio);
        int level = IoPriority.level(bic.ioprio);
        if (!sync) {
            BfqQueue async = asyncSlot(group, ioprioClass, level);
            if (async != null) {
                return async;
            }
        }
        BfqQueue bfqq = new BfqQueue(bic.task.pid(), sync, group);
        initBfqq(bfqq, bic);
        initEntity(bfqq.entity, group);
        if (bfqd.tracing()) {
            bfqd.log(bfqq, "allocated");
        }
        if (!sync) {
            if (ioprioClass == Bfq.IOPRIO_CLASS_IDLE) {
                group.asyncIdleQueue = bfqq;
            } else {
                group.asyncQueues[ioprioClass == Bfq.IOPRIO_CLASS_RT ? 0 : 1][level] = bfqq;
            }
            return bfqq;
        }
        bfqq.procRefs = 1;
        bfqq.ioContext = bic;
        bic.syncQueue = bfqq;
        return respawn ? bfqq : bfqd.merge.doOrSchedStableMerge(bfqq, bic);
    }

    /** {@code bfq_async_queue_prio}. */
    private static BfqQueue asyncSlot(BfqGroup group, int ioprioClass, int level) {
        return switch (ioprioClass) {
            case Bfq.IOPRIO_CLASS_RT -> group.asyncQueues[0][level];
            case Bfq.IOPRIO_CLASS_IDLE -> group.asyncIdleQueue;
            case Bfq.IOPRIO_CLASS_BE -> group.asyncQueues[1][level];
            default -> group.asyncQueues[1][Bfq.DEFAULT_QUEUE_IOPRIO];
        };
    }

    /** {@code bfq_init_rq}: the io context and queue of a request being inserted. */
    BfqQueue initRq(BfqRequest node) {
        Request rq = node.rq;
        if (node.queue != null) {
            return node.queue;
        }
        Task task = rq.task();
        if (task == null) {
            return null;
        }
        BfqIoContext bic = ioContext(task);
        // bfq_check_ioprio_change
        int ioprio = IoPriority.of(task);
        if (bic.ioprio != ioprio) {
            bic.ioprio = ioprio;
            bic.asyncQueue = null;
            if (bic.syncQueue != null) {
                setNextIoprioData(bic.syncQueue, bic);
            }
        }
        // bfq_bic_update_cgroup; simplified: new queues in the new group, the old ones drain
        BfqGroup group = bfqd.groups.group(rq.cgroup() != null ? rq.cgroup() : task.cgroup());
        if (bic.group != group) {
            bic.group = group;
            bic.asyncQueue = null;
            if (bic.syncQueue != null) {
                BfqQueue old = bic.syncQueue;
                old.ioContext = null;
                bic.syncQueue = null;
                releaseProcessRef(old);
            }
        }
        boolean sync = rq.isSync();
        BfqQueue bfqq = sync ? bic.syncQueue : bic.asyncQueue;
        boolean split = false;
        boolean alreadyExisting = false;
        if (bfqq == null) {
            bfqq = getQueue(bic, sync, false);
            if (!sync) {
                bic.asyncQueue = bfqq;
            }
        } else if (sync && bfqq.coop && bfqq.splitCoop && !bic.stablyMerged) {
            // the shared queue turned seeky: break it apart
            BfqQueue old = bfqq;
            if (bfqq.inLargeBurst) {
                bic.savedInLargeBurst = true;
            }
            bfqq = bfqd.merge.splitBfqq(bic, bfqq);
            split = true;
            if (bfqq == null) {
                bfqq = respawnSplitQueue(bic, old);
            } else {
                alreadyExisting = true;
            }
        }
        bfqq.addAllocated(1);
        bic.requests++;
        node.ioContext = bic;
        node.queue = bfqq;
        if (bfqq.sync && bfqq.procRefs == 1) {
            bfqq.ioContext = bic;
            if (split) {
                bfqd.merge.resumeState(bfqq, bic, alreadyExisting);
            }
        }
        if (bfqq.justCreated && (bfqd.burstSize > 0 || bfqd.totBusyQueues() == 0)) {
            bfqd.wr.handleBurst(bfqq);
        }
        return bfqq;
    }

    /**
     * {@code bfq_get_bfqq_handle_split} for a split: a fresh sync queue for the process, back in the burst list if it
     * was in it, with the shared queue's waker.
     */
    private BfqQueue respawnSplitQueue(BfqIoContext bic, BfqQueue old) {
        BfqQueue bfqq = getQueue(bic, true, true);
        if ((bic.wasInBurstList && bfqd.largeBurst) || bic.savedInLargeBurst) {
            bfqq.inLargeBurst = true;
        } else {
            bfqq.inLargeBurst = false;
            if (bic.wasInBurstList) {
                bfqd.burstList.add(0, bfqq);
                bfqq.inBurstList = true;
            }
        }
        bfqq.splitTime = bfqd.nowJiffies();
        bfqq.setWaker(old.wakerQueue);
        return bfqq;
    }

    /**
     * {@code bfq_put_queue} of a sync queue whose process exited once no request holds it: it leaves its waker's
     * woken list, the queues it woke lose their waker, and it is no longer the last to complete.
     */
    void putQueueIfUnused(BfqQueue bfqq) {
        if (bfqq.freed || !bfqq.sync || bfqq.hasProcessRefs() || bfqq.entity.allocated > 0) {
            return;
        }
        bfqq.freed = true;
        bfqq.leaveWokenList();
        for (BfqQueue woken : bfqq.wokenList) {
            woken.wakerQueue = null;
            woken.inWokenListOf = null;
        }
        bfqq.wokenList.clear();
        if (bfqd.lastCompletedRqQueue == bfqq) {
            bfqd.lastCompletedRqQueue = null;
        }
    }

    /** {@code bfq_release_process_ref}: an empty queue no process uses leaves the busy queues (unless in service). */
    void releaseProcessRef(BfqQueue bfqq) {
        if (bfqq.busy && bfqq.isEmpty() && bfqq != bfqd.inServiceQueue) {
            bfqd.wf2q.delBfqqBusy(bfqq, false);
        }
        BfqQueueMerge.reassignLastBfqq(bfqq, null);
        bfqq.procRefs--;
        putQueueIfUnused(bfqq);
    }

    /** {@code bfq_put_cooperator}: drop the reference a scheduled merge took on each queue of the chain. */
    void putCooperator(BfqQueue bfqq) {
        for (BfqQueue q = bfqq.newQueue; q != null; q = q.newQueue) {
            q.procRefs--;
            putQueueIfUnused(q);
        }
    }
}
