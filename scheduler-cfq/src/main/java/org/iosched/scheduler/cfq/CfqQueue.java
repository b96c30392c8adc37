package org.iosched.scheduler.cfq;

import org.iosched.api.IoPrioClass;

/**
 * {@code struct cfq_queue}: one process's sync queue, or a shared async queue of one (class, level). Holds the
 * requests in sector order ({@code sort_list}) and in arrival order ({@code fifo}), the queue's place in its
 * service tree and prio tree, its time slice and its flags.
 *
 * <p>This class keeps the queue's own data structures consistent; the policy around them lives in the
 * {@code Cfq*} components.
 */
final class CfqQueue {
    final CfqData cfqd;
    /** Whether this is a sync queue ({@code CFQ_CFQQ_FLAG_sync}). */
    final boolean sync;
    /** The pid shown in traces ({@code cfq%d}). */
    int pid;
    /** {@code ref}: one per process link, one per allocated request, one for an async slot. */
    int ref;

    // service tree membership (cfq_rb_root)
    long rbKey;
    /** Insertion order among equal keys: the kernel puts an equal key to the right. */
    long rbSeq;
    /** {@code service_tree}, or null when off every tree ({@code RB_EMPTY_NODE(&cfqq->rb_node)}). */
    ServiceTree serviceTree;

    // prio tree membership (p_node)
    /** The sector of {@code next_rq} when the queue entered {@link #pRoot}. */
    long pSector;
    /** {@code p_root}: the prio tree holding this queue, or null. */
    PrioTree pRoot;
    CfqQueue pLeft;
    CfqQueue pRight;
    CfqQueue pParent;
    boolean pRed;

    /** {@code sort_list}. */
    final SortList sortList = new SortList();
    /** {@code next_rq}. */
    CfqRq nextRq;
    /** {@code queued[sync]}. */
    final int[] queued = new int[2];
    /** {@code allocated[rw]} (index 1 = write). */
    final int[] allocated = new int[2];
    private CfqRq fifoHead;
    private CfqRq fifoTail;

    /** {@code dispatch_start}, jiffies. */
    long dispatchStart;
    /** {@code allocated_slice}, jiffies. */
    long allocatedSlice;
    /** {@code slice_dispatch}. */
    int sliceDispatch;
    /** {@code slice_start}, jiffies; 0 until the first completion of the activation. */
    long sliceStart;
    /** {@code slice_end}, jiffies. */
    long sliceEnd;
    /** {@code slice_resid}, jiffies, signed. */
    long sliceResid;
    /** {@code meta_pending}. */
    int metaPending;
    /** {@code dispatched}: requests on the dispatch list or in the driver. */
    int dispatched;

    int ioprio;
    int orgIoprio;
    IoPrioClass ioprioClass = IoPrioClass.BE;
    IoPrioClass orgIoprioClass = IoPrioClass.BE;

    /** {@code seek_history}: one bit per request, 1 = seeky. */
    int seekHistory;
    /** {@code last_request_pos}: end sector of the last queued request, 0 = none. */
    long lastRequestPos;

    /** {@code new_cfqq}: the queue this one will merge into. */
    CfqQueue newCfqq;
    /** {@code cfqg}. */
    CfqGroup cfqg;
    /** {@code nr_sectors} dispatched in this activation. */
    long nrSectors;

    // enum cfqq_state_flags
    boolean onRr;
    boolean waitRequest;
    boolean mustDispatch;
    boolean mustAllocSlice;
    boolean fifoExpire;
    boolean idleWindow;
    boolean prioChanged;
    boolean sliceNew;
    boolean coop;
    boolean splitCoop;
    boolean deep;
    boolean waitBusy;

    /** {@code cfq_init_cfqq}. */
    CfqQueue(CfqData cfqd, int pid, boolean sync) {
        this.cfqd = cfqd;
        this.pid = pid;
        this.sync = sync;
        this.prioChanged = true;
        // cfq_init_cfqq marks idle_window for sync queues; cfq_init_prio_data clears it for the idle class
        this.idleWindow = sync;
    }

    /** {@code cfq_class_idle}. */
    boolean classIdle() {
        return ioprioClass == IoPrioClass.IDLE;
    }

    /** {@code cfq_class_rt}. */
    boolean classRt() {
        return ioprioClass == IoPrioClass.RT;
    }

    /** {@code cfqq_prio}. */
    WorkloadPrio prio() {
        return classIdle() ? WorkloadPrio.IDLE : classRt() ? WorkloadPrio.RT : WorkloadPrio.BE;
    }

    /** {@code cfqq_type}: evaluated afresh, so the queue changes trees when its idle window changes. */
    WorkloadType type() {
        if (!sync) {
            return WorkloadType.ASYNC;
        }
        return idleWindow ? WorkloadType.SYNC : WorkloadType.SYNC_NOIDLE;
    }

    /** {@code CFQQ_SEEKY}: more than 4 of the last 32 requests were seeky. */
    boolean seeky() {
        return Integer.bitCount(seekHistory) > 32 / 8;
    }

    /** {@code RB_EMPTY_ROOT(&cfqq->sort_list)}. */
    boolean isEmpty() {
        return sortList.isEmpty();
    }

    /** {@code cfqq_process_refs}: references held by processes, not by requests. */
    int processRefs() {
        return ref - allocated[0] - allocated[1];
    }

    /** {@code cfq_slice_used}: false until the slice has started (first completion). */
    boolean sliceUsed(long now) {
        return !sliceNew && now >= sliceEnd;
    }

    // ----- FIFO (rq->queuelist on cfqq->fifo)

    /** {@code list_add_tail(&rq->queuelist, &cfqq->fifo)}. */
    void fifoAddTail(CfqRq crq) {
        crq.fifoNext = null;
        crq.fifoPrev = fifoTail;
        if (fifoTail == null) {
            fifoHead = crq;
        } else {
            fifoTail.fifoNext = crq;
        }
        fifoTail = crq;
    }

    /** {@code list_move(&rq->queuelist, &next->queuelist)}: put {@code crq} right after {@code where}. */
    void fifoMoveAfter(CfqRq crq, CfqRq where) {
        fifoRemove(crq);
        crq.fifoPrev = where;
        crq.fifoNext = where.fifoNext;
        if (where.fifoNext == null) {
            fifoTail = crq;
        } else {
            where.fifoNext.fifoPrev = crq;
        }
        where.fifoNext = crq;
    }

    /** {@code list_del_init(&rq->queuelist)}. */
    void fifoRemove(CfqRq crq) {
        if (crq.fifoPrev == null) {
            fifoHead = crq.fifoNext;
        } else {
            crq.fifoPrev.fifoNext = crq.fifoNext;
        }
        if (crq.fifoNext == null) {
            fifoTail = crq.fifoPrev;
        } else {
            crq.fifoNext.fifoPrev = crq.fifoPrev;
        }
        crq.fifoPrev = null;
        crq.fifoNext = null;
    }

    /** The oldest request, or null. */
    CfqRq fifoFirst() {
        return fifoHead;
    }

    /** The sort-tree successor of {@code crq} ({@code rb_next}), or null. */
    CfqRq sortNext(CfqRq crq) {
        return sortList.higher(crq);
    }

    /** The sort-tree predecessor of {@code crq} ({@code rb_prev}), or null. */
    CfqRq sortPrev(CfqRq crq) {
        return sortList.lower(crq);
    }

    /** The first request of the sort tree ({@code rb_first}), or null. */
    CfqRq sortFirst() {
        return sortList.first();
    }
}
