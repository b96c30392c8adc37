package org.iosched.scheduler.cfq;

/**
 * Where busy queues and groups sit: {@code cfq_service_tree_add} (the rb_key arithmetic), the round-robin
 * membership ({@code cfq_add_cfqq_rr}, {@code cfq_del_cfqq_rr}, {@code cfq_resort_rr_list}), the group tree
 * ({@code cfq_group_notify_queue_add/del}, {@code cfq_group_served}) and the prio trees with the close
 * cooperator search ({@code cfq_prio_tree_add}, {@code cfqq_close}, {@code cfq_close_cooperator}).
 */
final class CfqServiceTrees {
    private final CfqData cfqd;

    CfqServiceTrees(CfqData cfqd) {
        this.cfqd = cfqd;
    }

    /** {@code CFQ_IDLE_DELAY}: HZ/5 jiffies. */
    long idleDelay() {
        return cfqd.clock.hz() / 5;
    }

    /**
     * {@code cfq_slice_offset}: (nr_cfqq - 1) * (prio_slice(sync, 0) - prio_slice(q)). Signed in effect: a queue
     * newly busy in an empty group is not counted yet, so its offset is negative.
     */
    long sliceOffset(CfqQueue cfqq) {
        return (long) (cfqq.cfqg.nrCfqq - 1) * (cfqd.slices.prioSlice(true, 0) - cfqd.slices.prioSlice(cfqq));
    }

    /** {@code cfq_service_tree_add}: (re)insert the queue with a new rb_key, front for a preempting queue. */
    void serviceTreeAdd(CfqQueue cfqq, boolean addFront) {
        ServiceTree st = cfqq.cfqg.serviceTree(cfqq.prio(), cfqq.type());
        long now = cfqd.now();
        long rbKey;
        if (cfqq.classIdle()) {
            CfqQueue last = st.last();
            rbKey = idleDelay() + (last != null && last != cfqq ? last.rbKey : now);
        } else if (!addFront) {
            // a negative resid (slice overrun) puts the queue further back
            rbKey = sliceOffset(cfqq) + now - cfqq.sliceResid;
            cfqq.sliceResid = 0;
        } else {
            CfqQueue first = st.first();
            rbKey = -cfqd.clock.hz() + (first != null ? first.rbKey : now);
        }

        boolean newCfqq = true;
        if (cfqq.serviceTree != null) {
            newCfqq = false;
            if (rbKey == cfqq.rbKey && cfqq.serviceTree == st) {
                return;
            }
            cfqq.serviceTree.erase(cfqq);
        }
        cfqq.rbKey = rbKey;
        cfqq.rbSeq = ++cfqd.rbSeq;
        st.insert(cfqq);
        if (addFront || !newCfqq) {
            return;
        }
        groupNotifyQueueAdd(cfqq.cfqg);
    }

    /** {@code cfq_prio_tree_add}: index the queue by the sector of its next request (not for the idle class). */
    void prioTreeAdd(CfqQueue cfqq) {
        prioTreeRemove(cfqq);
        if (cfqq.classIdle() || cfqq.nextRq == null) {
            return;
        }
        PrioTree root = cfqd.prioTrees[cfqq.orgIoprio];
        // Simplified: the key is next_rq's sector now; the kernel's tree reads the live next_rq on lookups
        cfqq.pSector = cfqq.nextRq.pos();
        // a queue whose next request starts at the same sector as another's stays out, as in the kernel
        if (root.add(cfqq)) {
            cfqq.pRoot = root;
        }
    }

    /** Take the queue out of its prio tree, if in one. */
    void prioTreeRemove(CfqQueue cfqq) {
        if (cfqq.pRoot != null) {
            cfqq.pRoot.erase(cfqq);
            cfqq.pRoot = null;
        }
    }

    /** {@code cfq_resort_rr_list}: new rb_key and prio tree position, for a queue on the round robin. */
    void resortRrList(CfqQueue cfqq) {
        if (cfqq.onRr) {
            serviceTreeAdd(cfqq, false);
            prioTreeAdd(cfqq);
        }
    }

    /** {@code cfq_add_cfqq_rr}: the queue became busy. */
    void addCfqqRr(CfqQueue cfqq) {
        if (cfqd.tracing()) {
            cfqd.log(cfqq, "add_to_rr");
        }
        cfqq.onRr = true;
        cfqd.busyQueues++;
        if (cfqq.sync) {
            cfqd.busySyncQueues++;
        }
        resortRrList(cfqq);
    }

    /** {@code cfq_del_cfqq_rr}: the queue is no longer busy (called on expiry of an empty queue). */
    void delCfqqRr(CfqQueue cfqq) {
        if (cfqd.tracing()) {
            cfqd.log(cfqq, "del_from_rr");
        }
        cfqq.onRr = false;
        if (cfqq.serviceTree != null) {
            cfqq.serviceTree.erase(cfqq);
        }
        prioTreeRemove(cfqq);
        groupNotifyQueueDel(cfqq.cfqg);
        cfqd.busyQueues--;
        if (cfqq.sync) {
            cfqd.busySyncQueues--;
        }
    }

    /** {@code cfq_group_notify_queue_add}: a group that becomes busy goes to the end of the group tree. */
    void groupNotifyQueueAdd(CfqGroup cfqg) {
        cfqg.nrCfqq++;
        if (cfqg.onTree) {
            return;
        }
        GroupServiceTree st = cfqd.grpServiceTree;
        CfqGroup last = st.last();
        // the unscaled CFQ_IDLE_DELAY only puts it "at the very end", as the kernel does
        cfqg.vdisktime = last != null ? last.vdisktime + idleDelay() : st.minVdisktime;
        st.add(cfqg);
    }

    /** {@code cfq_group_notify_queue_del}: a group without busy queues leaves the tree and forgets its workload. */
    void groupNotifyQueueDel(CfqGroup cfqg) {
        cfqg.nrCfqq--;
        if (cfqg.nrCfqq > 0) {
            return;
        }
        if (cfqd.tracing()) {
            cfqd.log(cfqg, "del_from_rr group");
        }
        cfqd.grpServiceTree.del(cfqg);
        cfqg.savedWorkloadSlice = 0;
    }

    /** {@code cfq_cfqq_slice_usage}: time used, from activation if the slice never started. */
    long sliceUsage(CfqQueue cfqq, long now) {
        if (cfqq.sliceStart == 0 || cfqq.sliceStart == now) {
            // expired before or at its first completion: charge the seek time since activation
            return Math.max(now - cfqq.dispatchStart, 1);
        }
        return Math.min(now - cfqq.sliceStart, cfqq.allocatedSlice);
    }

    /** {@code cfq_group_served}: charge the group for its queue's slice and save its workload state. */
    void groupServed(CfqGroup cfqg, CfqQueue cfqq) {
        long now = cfqd.now();
        int nrSync = cfqg.nrCfqq - cfqg.busyAsyncQueues() - cfqg.serviceTreeIdle.count();
        long used = sliceUsage(cfqq, now);
        long charge = used;
        boolean iops = cfqd.iopsMode();
        if (iops) {
            charge = cfqq.sliceDispatch;
        } else if (!cfqq.sync && nrSync == 0) {
            // an async-only group pays the whole allocated slice (0 if nothing completed yet)
            charge = cfqq.allocatedSlice;
        }
        GroupServiceTree st = cfqd.grpServiceTree;
        st.del(cfqg);
        cfqg.vdisktime += CfqSlices.scaleCharge(charge, cfqg);
        st.add(cfqg);

        if (cfqd.workloadExpires > now) {
            cfqg.savedWorkloadSlice = cfqd.workloadExpires - now;
            cfqg.savedWorkload = cfqd.servingType;
            cfqg.savedServingPrio = cfqd.servingPrio;
        } else {
            cfqg.savedWorkloadSlice = 0;
        }
        if (cfqd.tracing()) {
            cfqd.log(cfqg, "served: vt=" + cfqg.vdisktime + " min_vt=" + st.minVdisktime);
            cfqd.log(cfqq, "sl_used=" + used + " disp=" + cfqq.sliceDispatch + " charge=" + charge
                    + " iops=" + (iops ? 1 : 0) + " sect=" + cfqq.nrSectors);
        }
    }

    /** {@code cfq_rq_close}: within {@code CFQQ_CLOSE_THR} sectors of the last position handed to the driver. */
    boolean rqClose(long sector) {
        return Math.abs(sector - cfqd.lastPosition) <= CfqTunables.CFQQ_CLOSE_THR;
    }

    /**
     * {@code cfqq_close}: a busy queue of the same original io priority whose next request starts at the last
     * position; else the queue where that search stopped in the prio tree (the parent of the missing leaf), if
     * close; else its neighbour on the last position's side, if close. The parent wins even when the neighbour
     * is nearer: which queue is the parent depends on the tree's shape ({@link PrioTree}).
     */
    CfqQueue cfqqClose(CfqQueue cur) {
        PrioTree root = cfqd.prioTrees[cur.orgIoprio];
        if (root.isEmpty()) {
            return null;
        }
        long sector = cfqd.lastPosition;
        CfqQueue found = root.lookup(sector);
        if (found != null) {
            return found;
        }
        CfqQueue parent = root.lastParent();
        if (rqClose(parent.nextRq.pos())) {
            return parent;
        }
        CfqQueue other = parent.nextRq.pos() < sector ? PrioTree.next(parent) : PrioTree.previous(parent);
        return other != null && rqClose(other.nextRq.pos()) ? other : null;
    }

    /** {@code cfq_close_cooperator}: a sync, non-seeky queue of the same group and RT-ness working nearby. */
    CfqQueue closeCooperator(CfqQueue cur) {
        if (cur.classIdle() || !cur.sync || cur.seeky()) {
            return null;
        }
        // don't search the prio tree if it's the only queue in the group
        if (cur.cfqg.nrCfqq == 1) {
            return null;
        }
        CfqQueue cfqq = cfqqClose(cur);
        if (cfqq == null || cfqq.cfqg != cur.cfqg || !cfqq.sync || cfqq.seeky()) {
            return null;
        }
        if (cfqq.classRt() != cur.classRt()) {
            return null;
        }
        return cfqq;
    }
}
