package org.iosched.scheduler.mqdeadline;

import org.iosched.scheduler.support.RequestList;
import org.iosched.scheduler.support.SectorTree;

/**
 * {@code struct dd_per_prio}: one priority level's queues and statistics. The {@code dispatch} list holds at-head
 * inserts; each direction has a sort tree by start sector and a FIFO by arrival; {@code latest_pos} is the start
 * sector of the last request of that direction dispatched from this level; {@code io_stats_per_prio} counts
 * requests inserted, merged away, dispatched and completed.
 */
final class PerPriority {
    final RequestList<MqDeadlineRequest> dispatch = new RequestList<>();
    @SuppressWarnings("unchecked")
    final SectorTree<MqDeadlineRequest>[] sortList = new SectorTree[] {new SectorTree<>(), new SectorTree<>()};
    @SuppressWarnings("unchecked")
    final RequestList<MqDeadlineRequest>[] fifoList = new RequestList[] {new RequestList<>(), new RequestList<>()};
    final long[] latestPos = new long[2];
    long inserted;
    long merged;
    long dispatched;
    long completed;

    /** {@code dd_queued}: inserted and not yet completed (queued or in flight). */
    long queued() {
        return inserted - completed;
    }

    /** {@code dd_has_work_for_prio}. */
    boolean hasWork() {
        return !dispatch.isEmpty() || !fifoList[0].isEmpty() || !fifoList[1].isEmpty();
    }
}
