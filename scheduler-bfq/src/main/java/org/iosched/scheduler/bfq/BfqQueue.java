package org.iosched.scheduler.bfq;

/** {@code struct bfq_queue}: one process's sync I/O, or the async I/O of one priority in one group. */
final class BfqQueue {
    final BfqEntity entity = new BfqEntity(this);
    /** The owner's pid; -1 for a queue shared by merged processes (named {@code bfqSHARED-}). */
    int pid;
    final boolean sync;
    final BfqGroup group;
    /** {@code bic}: the owning io context, null for shared (async) queues. */
    BfqIoContext ioContext;

    // requests
    /** {@code sort_list}: queued requests by start sector (equal sectors in arrival order). */
    BfqRequest[] sortList = new BfqRequest[8];
    int sortSize;
    /** {@code fifo}. */
    BfqRequest fifoHead;
    BfqRequest fifoTail;
    BfqRequest nextRq;
    final int[] queued = new int[2];
    int metaPending;
    int dispatched;

    // budget
    long maxBudget;
    /** {@code budget_timeout} in jiffies; also when the queue last emptied. */
    long budgetTimeout;

    // priority
    int ioprioClass;
    int ioprio;
    int newIoprioClass;
    int newIoprio;

    // statistics
    long ttimeLastEndRequest;
    long ttimeTotal;
    long ttimeSamples;
    long ttimeMean;
    int seekHistory;
    long lastRequestPos;
    long ioStartTime;
    long totIdleTime;

    // weight raising (jiffies)
    int wrCoeff = 1;
    long wrCurMaxTime;
    long lastWrStartFinish;
    long wrStartAtSwitchToSrt;
    long softRtNextStart;
    long lastIdleBacklogged;
    long serviceFromBacklogged;
    long serviceFromWr;
    long firstIoTime;
    long creationTime;
    long splitTime;

    // injection
    int injectLimit;
    long lastServiceTimeNs;
    long decreaseTimeJiffies;

    // waker detection (bfq_check_waker)
    /** {@code waker_bfqq}: the queue whose completions this one's process waits for. */
    BfqQueue wakerQueue;
    BfqQueue tentativeWaker;
    int numWakerDetections;
    long wakerDetectionStarted;
    /** {@code woken_list}: the queues this one wakes, the last added first. */
    final java.util.ArrayList<BfqQueue> wokenList = new java.util.ArrayList<>(0);
    /** The queue whose {@code woken_list} holds this one ({@code woken_list_node}), null if none. */
    BfqQueue inWokenListOf;
    // queue merging
    /** {@code new_bfqq}: the queue a merge is scheduled into. */
    BfqQueue newQueue;
    /** {@code BFQQF_coop}, {@code BFQQF_split_coop}. */
    boolean coop;
    boolean splitCoop;
    /** {@code bfqq_process_refs}: the io contexts using the queue, or about to (a scheduled merge's). */
    int procRefs;
    /** In its group's position tree ({@code pos_root}), under {@link #posKey}. */
    boolean inPosTree;
    long posKey;

    /** {@code bfq_put_queue} ran: no process and no request uses the queue any longer. */
    boolean freed;

    // flags (BFQQF_*)
    boolean justCreated;
    boolean busy;
    boolean waitRequest;
    boolean nonBlockingWaitRq;
    boolean fifoExpire;
    boolean hasShortTtime;
    boolean ioBound;
    boolean inLargeBurst;
    boolean inBurstList;
    boolean softRtUpdate;

    /** Links of {@link QueueLists}. */
    BfqQueue listPrev;
    BfqQueue listNext;
    int onList;

    /** Weight counted in the weights tree ({@code weight_counter}), 0 if not counted. */
    int countedWeight;

    BfqQueue(int pid, boolean sync, BfqGroup group) {
        this.pid = pid;
        this.sync = sync;
        this.group = group;
    }

    /**
     * {@code waker} (null for none) becomes this queue's waker: the queue leaves the woken list it was in and joins
     * the head of {@code waker}'s ({@code hlist_add_head} on {@code woken_list}); a tentative waker is dropped.
     */
    void setWaker(BfqQueue waker) {
        wakerQueue = waker;
        tentativeWaker = null;
        leaveWokenList();
        if (waker != null) {
            waker.wokenList.add(0, this);
            inWokenListOf = waker;
        }
    }

    /** Out of the woken list holding it, if any ({@code hlist_del_init} of {@code woken_list_node}). */
    void leaveWokenList() {
        if (inWokenListOf != null) {
            inWokenListOf.wokenList.remove(this);
            inWokenListOf = null;
        }
    }

    /** {@code bfqq_request_allocated} (+1) and {@code bfqq_request_freed} (-1): the queue's and its groups'. */
    void addAllocated(int delta) {
        for (BfqEntity e = entity; e != null; e = e.parent) {
            e.allocated += delta;
        }
    }

    /** {@code bfq_bfqq_name}: {@code bfq<pid><S|A>}. */
    String name() {
        return pid != -1 ? "bfq" + pid + (sync ? 'S' : 'A') : "bfqSHARED-" + (sync ? 'S' : 'A');
    }

    boolean isEmpty() {
        return sortSize == 0;
    }

    /** {@code bfq_bfqq_budget_left}. */
    long budgetLeft() {
        return entity.budget - entity.service;
    }

    /** {@code BFQQ_SEEKY}. */
    boolean seeky() {
        return Integer.bitCount(seekHistory) > 19;
    }

    /** {@code BFQQ_TOTALLY_SEEKY}. */
    boolean totallySeeky() {
        return seekHistory == -1;
    }

    boolean classIdle() {
        return ioprioClass == Bfq.IOPRIO_CLASS_IDLE;
    }

    /**
     * {@code bfqq_process_refs} &gt; 0: whether a process still uses the queue (or is about to, by a scheduled
     * merge). Simplification: async queues count none (the kernel counts the io contexts pointing to them, which
     * only matters to the stable merge of a process's async queue, see {@code setupCooperator}).
     */
    boolean hasProcessRefs() {
        return sync && procRefs > 0;
    }

    // ------------------------------------------------------------ sort list

    private int insertionPoint(long sector) {
        int low = 0;
        int high = sortSize;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (sortList[mid].rq.sector() > sector) {
                high = mid;
            } else {
                low = mid + 1;
            }
        }
        return low;
    }

    int indexOf(BfqRequest node) {
        int at = insertionPoint(node.rq.sector()) - 1;
        for (int i = at; i >= 0 && sortList[i].rq.sector() == node.rq.sector(); i--) {
            if (sortList[i] == node) {
                return i;
            }
        }
        for (int i = 0; i < sortSize; i++) {
            if (sortList[i] == node) {
                return i;
            }
        }
        return -1;
    }

    /** {@code elv_rb_add}. */
    void sortAdd(BfqRequest node) {
        if (sortSize == sortList.length) {
            sortList = java.util.Arrays.copyOf(sortList, sortSize * 2);
        }
        int at = insertionPoint(node.rq.sector());
        System.arraycopy(sortList, at, sortList, at + 1, sortSize - at);
        sortList[at] = node;
        sortSize++;
        node.inSortList = true;
    }

    /** {@code elv_rb_del}. */
    void sortRemove(BfqRequest node) {
        int at = indexOf(node);
        System.arraycopy(sortList, at + 1, sortList, at, sortSize - at - 1);
        sortList[--sortSize] = null;
        node.inSortList = false;
    }

    /** {@code elv_rb_find}: a queued request starting at {@code sector}, or null. */
    BfqRequest sortFind(long sector) {
        int at = insertionPoint(sector) - 1;
        BfqRequest found = null;
        for (int i = at; i >= 0 && sortList[i].rq.sector() == sector; i--) {
            found = sortList[i];
        }
        return found;
    }

    // ------------------------------------------------------------ FIFO

    void fifoAddTail(BfqRequest node) {
        node.fifoPrev = fifoTail;
        node.fifoNext = null;
        if (fifoTail == null) {
            fifoHead = node;
        } else {
            fifoTail.fifoNext = node;
        }
        fifoTail = node;
        node.inFifo = true;
    }

    void fifoRemove(BfqRequest node) {
        if (node.fifoPrev == null) {
            fifoHead = node.fifoNext;
        } else {
            node.fifoPrev.fifoNext = node.fifoNext;
        }
        if (node.fifoNext == null) {
            fifoTail = node.fifoPrev;
        } else {
            node.fifoNext.fifoPrev = node.fifoPrev;
        }
        node.fifoPrev = null;
        node.fifoNext = null;
        node.inFifo = false;
    }

    /** {@code list_replace_init(&next->queuelist, &rq->queuelist)} after {@code rq} left the list. */
    void fifoReplace(BfqRequest old, BfqRequest replacement) {
        replacement.fifoPrev = old.fifoPrev;
        replacement.fifoNext = old.fifoNext;
        if (old.fifoPrev == null) {
            fifoHead = replacement;
        } else {
            old.fifoPrev.fifoNext = replacement;
        }
        if (old.fifoNext == null) {
            fifoTail = replacement;
        } else {
            old.fifoNext.fifoPrev = replacement;
        }
        old.fifoPrev = null;
        old.fifoNext = null;
        old.inFifo = false;
        replacement.inFifo = true;
    }

    @Override
    public String toString() {
        return name();
    }
}
