package org.iosched.scheduler.bfq;

import org.iosched.api.Task;

/** {@code struct bfq_io_cq}: one task's io context on this device. */
final class BfqIoContext {
    final Task task;
    /** {@code bic->bfqq[0]}: the async queue (shared). */
    BfqQueue asyncQueue;
    /** {@code bic->bfqq[1]}: the sync queue. */
    BfqQueue syncQueue;
    /** {@code bic->ioprio}: class and level last seen (the kernel's io_context ioprio). */
    int ioprio = -1;
    /** The group of the task's cgroup last seen. */
    BfqGroup group;
    /** {@code bic->requests}: this task's requests inserted and not freed. */
    int requests;
    /** Whether the task exited ({@code ioc->active_ref == 0}). */
    boolean exited;
    /** {@code stable_merge_bfqq}: a delayed stable merge scheduled at the sync queue's creation. */
    BfqQueue stableMergeQueue;
    /** {@code stably_merged}: the process's sync queue was stably merged (never split). */
    boolean stablyMerged;

    // state saved at a merge, restored at a split (bfq_bfqq_save_state, bfq_bfqq_resume_state)
    long savedLastServTimeNs;
    int savedInjectLimit;
    long savedDecreaseTimeJif;
    int savedWeight;
    long savedTtimeLastEndRequest;
    long savedTtimeTotal;
    long savedTtimeSamples;
    long savedTtimeMean;
    boolean savedHasShortTtime;
    boolean savedIoBound;
    long savedIoStartTime;
    long savedTotIdleTime;
    boolean savedInLargeBurst;
    boolean wasInBurstList;
    int savedWrCoeff;
    long savedWrStartAtSwitchToSrt;
    long savedServiceFromWr;
    long savedLastWrStartFinish;
    long savedWrCurMaxTime;

    BfqIoContext(Task task) {
        this.task = task;
    }
}
