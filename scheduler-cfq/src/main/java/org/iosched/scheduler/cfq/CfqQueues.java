package org.iosched.scheduler.cfq;

import org.iosched.api.Cgroup;
import org.iosched.api.IoPrioClass;
import org.iosched.api.MayQueue;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;

/**
 * Which queue a request belongs to, and queue lifetimes: io contexts ({@code cfq_get_io_context} with the
 * ioprio and cgroup change checks), groups ({@code cfq_get_cfqg}), queues ({@code cfq_get_queue},
 * {@code cfq_find_alloc_queue}, {@code cfq_init_prio_data}; async queues shared per class and level, in the
 * root group as 3.0 does or per group as 4.x does), {@code cfq_set_request}/{@code cfq_put_request},
 * {@code cfq_may_queue}, reference counting ({@code cfq_put_queue}), cooperating queue merge and split, and
 * task exit.
 */
final class CfqQueues {
    private static final int ASYNC = 0;
    private static final int SYNC = 1;

    private final CfqData cfqd;

    CfqQueues(CfqData cfqd) {
        this.cfqd = cfqd;
    }

    /** {@code cfq_get_io_context}: this device's context of {@code task}, created on first use. */
    CfqIoContext ioContext(Task task) {
        CfqIoContext cic = CfqIoContext.lookup(cfqd, task);
        if (cic == null) {
            cic = new CfqIoContext(cfqd, task, cfqd.now());
            if (task.schedulerData() instanceof CfqIoContext head) {
                cic.next = head;
            }
            task.setSchedulerData(cic);
        }
        if (cic.seenClass != task.ioprioClass() || cic.seenLevel != task.ioprioLevel()) {
            changedIoprio(cic);
        }
        if (cic.seenCgroup != task.cgroup()) {
            changedCgroup(cic, task.cgroup());
        }
        return cic;
    }

    /** {@code changed_ioprio}: a new async queue for the new priority; the sync queue re-reads it on insert. */
    private void changedIoprio(CfqIoContext cic) {
        cic.seenClass = cic.task.ioprioClass();
        cic.seenLevel = cic.task.ioprioLevel();
        CfqQueue async = cic.cfqq[ASYNC];
        if (async != null) {
            cic.cfqq[ASYNC] = getQueue(false, cic, cfqd.rootGroup);
            putQueue(async);
        }
        CfqQueue sync = cic.cfqq[SYNC];
        if (sync != null) {
            sync.prioChanged = true;
        }
    }

    /**
     * {@code changed_cgroup}: a task moved to another cgroup drops its sync queue (a new one is made in the new
     * group); a {@code blkio.weight} write reaches the group as a pending weight.
     */
    private void changedCgroup(CfqIoContext cic, Cgroup cgroup) {
        Cgroup old = cic.seenCgroup;
        cic.seenCgroup = cgroup;
        cic.group = groupFor(cgroup);
        if (old == null || old.path().equals(cgroup.path())) {
            return;
        }
        CfqQueue sync = cic.cfqq[SYNC];
        if (sync != null) {
            if (cfqd.tracing()) {
                cfqd.log(sync, "changed cgroup");
            }
            cic.cfqq[SYNC] = null;
            putQueue(sync);
        }
    }

    /**
     * {@code cfq_get_cfqg}: the group of a cgroup, created on first use. The root group starts at twice the
     * default weight ({@code cfq_init_queue}); a root {@code blkio.weight} other than the default counts as a
     * user's write and replaces it.
     */
    CfqGroup groupFor(Cgroup cgroup) {
        if (!cfqd.tunables.groupScheduling()) {
            // !CONFIG_CFQ_GROUP_IOSCHED: cfq_get_cfqg returns the root group for every cgroup
            return cfqd.rootGroup;
        }
        CfqGroup cfqg;
        if (cgroup.isRoot()) {
            cfqg = cfqd.rootGroup;
        } else {
            cfqg = cfqd.groups.get(cgroup.path());
            if (cfqg == null) {
                cfqg = new CfqGroup(cgroup.path(), cgroup.weight());
                cfqg.seenCgroupWeight = cgroup.weight();
                cfqd.groups.put(cgroup.path(), cfqg);
            }
        }
        if (cfqg.seenCgroupWeight != cgroup.weight()) {
            // cfq_update_blkio_group_weight: applied when the group is next off the tree
            cfqg.seenCgroupWeight = cgroup.weight();
            cfqg.newWeight = cgroup.weight();
            cfqg.needsUpdate = true;
        }
        return cfqg;
    }

    /** {@code cfq_async_queue_prio}: the async slot for a class and level (3.0: per device; 4.x: per group). */
    private CfqQueue asyncSlot(CfqGroup cfqg, IoPrioClass ioprioClass, int level) {
        boolean perGroup = cfqd.tunables.asyncQueuesPerGroup();
        if (ioprioClass == IoPrioClass.IDLE) {
            return perGroup ? cfqg.asyncIdleCfqq : cfqd.asyncIdleCfqq;
        }
        int index = ioprioClass == IoPrioClass.RT ? 0 : 1;
        return perGroup ? cfqg.asyncCfqq[index][level] : cfqd.asyncCfqq[index][level];
    }

    private void setAsyncSlot(CfqGroup cfqg, IoPrioClass ioprioClass, int level, CfqQueue cfqq) {
        boolean perGroup = cfqd.tunables.asyncQueuesPerGroup();
        if (ioprioClass == IoPrioClass.IDLE) {
            if (perGroup) {
                cfqg.asyncIdleCfqq = cfqq;
            } else {
                cfqd.asyncIdleCfqq = cfqq;
            }
            return;
        }
        int index = ioprioClass == IoPrioClass.RT ? 0 : 1;
        if (perGroup) {
            cfqg.asyncCfqq[index][level] = cfqq;
        } else {
            cfqd.asyncCfqq[index][level] = cfqq;
        }
    }

    /**
     * {@code cfq_get_queue}: the shared async queue of the task's class and level (pinned in its slot), or a
     * new sync queue of the task in {@code syncGroup}; takes a reference for the caller.
     */
    private CfqQueue getQueue(boolean sync, CfqIoContext cic, CfqGroup asyncGroup) {
        Task task = cic.task;
        CfqQueue cfqq = null;
        // Simplified: the task's class and level always index the async slot (the kernel uses BE/4 for a task
        // that never set an io priority, whatever its nice value)
        if (!sync) {
            cfqq = asyncSlot(asyncGroup, task.ioprioClass(), task.ioprioLevel());
        }
        if (cfqq == null) {
            cfqq = new CfqQueue(cfqd, task.pid(), sync);
            initPrioData(cfqq, task);
            // cfq_link_cfqq_cfqg: 3.0 maps every async queue to the root group; a sync queue goes to the group of
            // the task's cgroup (cfq_get_cfqg reads current's cgroup, not a bio controller's re-charge)
            cfqq.cfqg = sync ? cic.group : asyncGroup;
            if (cfqd.tracing()) {
                cfqd.log(cfqq, "alloced");
            }
            if (!sync) {
                cfqq.ref++;
                setAsyncSlot(asyncGroup, task.ioprioClass(), task.ioprioLevel(), cfqq);
            }
        }
        cfqq.ref++;
        return cfqq;
    }

    /** {@code cfq_init_prio_data}: class and level from the task, when they changed (idle class: level 7, no idling). */
    void initPrioData(CfqQueue cfqq, Task task) {
        if (!cfqq.prioChanged) {
            return;
        }
        cfqq.ioprioClass = task.ioprioClass();
        cfqq.ioprio = task.ioprioLevel();
        if (cfqq.ioprioClass == IoPrioClass.IDLE) {
            cfqq.ioprio = CfqTunables.PRIO_LEVELS - 1;
            cfqq.idleWindow = false;
        }
        cfqq.orgIoprio = cfqq.ioprio;
        cfqq.orgIoprioClass = cfqq.ioprioClass;
        cfqq.prioChanged = false;
    }

    /** The group async requests of this request go to: root in 3.0, the bio's cgroup in 4.x. */
    private CfqGroup asyncGroup(Cgroup requestCgroup) {
        return cfqd.tunables.asyncQueuesPerGroup() ? groupFor(requestCgroup) : cfqd.rootGroup;
    }

    /**
     * {@code cfq_set_request}: bind a newly allocated request to its queue (creating it, splitting a shared
     * queue that turned seeky, or carrying out a scheduled cooperator merge), count it as allocated.
     */
    void setRequest(Request rq) {
        CfqIoContext cic = ioContext(rq.task());
        boolean sync = rq.isSync();
        CfqQueue cfqq;
        if (!sync && cfqd.tunables.asyncQueuesPerGroup()) {
            // 4.x: async queues per group; the slot's pin keeps the queue, the request adds its own reference
            CfqGroup group = asyncGroup(rq.cgroup());
            cfqq = getQueue(false, cic, group);
            cfqq.ref--;
        } else {
            while (true) {
                cfqq = cic.cfqq[sync ? SYNC : ASYNC];
                if (cfqq == null) {
                    cfqq = getQueue(sync, cic, cfqd.rootGroup);
                    cic.cfqq[sync ? SYNC : ASYNC] = cfqq;
                    break;
                }
                if (cfqq.coop && cfqq.splitCoop) {
                    if (cfqd.tracing()) {
                        cfqd.log(cfqq, "breaking apart cfqq");
                    }
                    cfqq = splitCfqq(cic, cfqq);
                    if (cfqq == null) {
                        continue;
                    }
                }
                if (cfqq.newCfqq != null) {
                    cfqq = mergeCfqqs(cic, cfqq);
                }
                break;
            }
        }
        cfqq.allocated[rq.isWrite() ? 1 : 0]++;
        cfqq.ref++;
        rq.setSchedulerData(new CfqRq(rq, cic, cfqq));
    }

    /** {@code cfq_put_request}: the request is freed; drop its allocation and reference. */
    void putRequest(Request rq) {
        CfqRq crq = CfqRq.of(rq);
        if (crq == null) {
            return;
        }
        crq.cfqq.allocated[rq.isWrite() ? 1 : 0]--;
        rq.setSchedulerData(null);
        putQueue(crq.cfqq);
    }

    /**
     * {@code cfq_may_queue}: a queue idling for its next request may allocate one past the congestion limit
     * ({@code ELV_MQUEUE_MUST}), once per slice.
     */
    MayQueue mayQueue(Task task, Op op, int flags) {
        CfqIoContext cic = CfqIoContext.lookup(cfqd, task);
        if (cic == null) {
            return MayQueue.MAY;
        }
        boolean sync = RequestFlags.isSync(op, flags);
        CfqQueue cfqq = sync || !cfqd.tunables.asyncQueuesPerGroup() ? cic.cfqq[sync ? SYNC : ASYNC]
                : asyncSlot(asyncGroup(task.cgroup()), task.ioprioClass(), task.ioprioLevel());
        if (cfqq == null) {
            return MayQueue.MAY;
        }
        initPrioData(cfqq, task);
        // cfq_prio_boost: file-system exclusive holds (has_fs_excl) are not modelled, so the queue is unboosted
        cfqq.ioprioClass = cfqq.orgIoprioClass;
        cfqq.ioprio = cfqq.orgIoprio;
        if (cfqq.waitRequest && !cfqq.mustAllocSlice) {
            cfqq.mustAllocSlice = true;
            return MayQueue.MUST;
        }
        return MayQueue.MAY;
    }

    /** The queue a bio of {@code task} would go to, without creating anything (merge lookups), or null. */
    CfqQueue existingQueue(Task task, Cgroup cgroup, boolean sync) {
        CfqIoContext cic = CfqIoContext.lookup(cfqd, task);
        if (cic == null) {
            return null;
        }
        if (!sync && cfqd.tunables.asyncQueuesPerGroup()) {
            return asyncSlot(asyncGroup(cgroup), task.ioprioClass(), task.ioprioLevel());
        }
        return cic.cfqq[sync ? SYNC : ASYNC];
    }

    /** {@code cfq_put_queue}: drop a reference; the last one expires the queue if it is active. */
    void putQueue(CfqQueue cfqq) {
        cfqq.ref--;
        if (cfqq.ref > 0) {
            return;
        }
        if (cfqd.tracing()) {
            cfqd.log(cfqq, "put_queue");
        }
        if (cfqd.activeQueue == cfqq) {
            cfqd.selection.sliceExpired(cfqq, false);
            cfqd.scheduleDispatch();
        }
    }

    /** {@code cfq_put_cooperator}: drop the references a scheduled merge took along the chain. */
    private void putCooperator(CfqQueue cfqq) {
        CfqQueue next = cfqq.newCfqq;
        while (next != null && next != cfqq) {
            CfqQueue after = next.newCfqq;
            putQueue(next);
            next = after;
        }
    }

    /** {@code cfq_exit_cfqq}. */
    private void exitCfqq(CfqQueue cfqq) {
        if (cfqd.activeQueue == cfqq) {
            cfqd.selection.sliceExpired(cfqq, false);
            cfqd.scheduleDispatch();
        }
        putCooperator(cfqq);
        putQueue(cfqq);
    }

    /** {@code cfq_exit_io_context}: the task exited; its queues lose their process references. */
    void taskExit(Task task) {
        CfqIoContext cic = CfqIoContext.lookup(cfqd, task);
        if (cic == null) {
            return;
        }
        cic.exited = true;
        for (int i = ASYNC; i <= SYNC; i++) {
            if (cic.cfqq[i] != null) {
                exitCfqq(cic.cfqq[i]);
                cic.cfqq[i] = null;
            }
        }
    }

    /** {@code cfq_setup_merge}: schedule merging two cooperating queues, towards the one with more processes. */
    void setupMerge(CfqQueue cfqq, CfqQueue newCfqq) {
        if (newCfqq.processRefs() == 0) {
            return;
        }
        CfqQueue next;
        while ((next = newCfqq.newCfqq) != null) {
            if (next == cfqq) {
                return;
            }
            newCfqq = next;
        }
        int processRefs = cfqq.processRefs();
        int newProcessRefs = newCfqq.processRefs();
        if (processRefs == 0 || newProcessRefs == 0) {
            return;
        }
        if (newProcessRefs >= processRefs) {
            cfqq.newCfqq = newCfqq;
            newCfqq.ref += processRefs;
        } else {
            newCfqq.newCfqq = cfqq;
            cfqq.ref += newProcessRefs;
        }
    }

    /** {@code cfq_merge_cfqqs}: the task's sync queue becomes the shared one. */
    private CfqQueue mergeCfqqs(CfqIoContext cic, CfqQueue cfqq) {
        if (cfqd.tracing()) {
            cfqd.log(cfqq, "merging with queue cfq" + cfqq.newCfqq.pid);
        }
        cic.cfqq[SYNC] = cfqq.newCfqq;
        cfqq.newCfqq.coop = true;
        putQueue(cfqq);
        return cic.cfqq[SYNC];
    }

    /** {@code split_cfqq}: the last process keeps the queue; others drop it and get a new one. */
    private CfqQueue splitCfqq(CfqIoContext cic, CfqQueue cfqq) {
        if (cfqq.processRefs() == 1) {
            cfqq.pid = cic.task.pid();
            cfqq.coop = false;
            cfqq.splitCoop = false;
            return cfqq;
        }
        cic.cfqq[SYNC] = null;
        putCooperator(cfqq);
        putQueue(cfqq);
        return null;
    }
}
