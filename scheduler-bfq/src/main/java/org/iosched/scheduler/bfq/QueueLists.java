package org.iosched.scheduler.bfq;

/**
 * {@code bfqd->active_list} and {@code bfqd->idle_list}: the queues on an active or idle service tree, most recently
 * inserted first ({@code list_add}); injection scans the active list in this order.
 */
final class QueueLists {
    static final int NONE = 0;
    static final int ACTIVE = 1;
    static final int IDLE = 2;

    BfqQueue activeHead;
    BfqQueue idleHead;

    void add(BfqQueue queue, int list) {
        remove(queue);
        queue.listPrev = null;
        if (list == ACTIVE) {
            queue.listNext = activeHead;
            if (activeHead != null) {
                activeHead.listPrev = queue;
            }
            activeHead = queue;
        } else {
            queue.listNext = idleHead;
            if (idleHead != null) {
                idleHead.listPrev = queue;
            }
            idleHead = queue;
        }
        queue.onList = list;
    }

    void remove(BfqQueue queue) {
        if (queue.onList == NONE) {
            return;
        }
        if (queue.listPrev != null) {
            queue.listPrev.listNext = queue.listNext;
        } else if (queue.onList == ACTIVE) {
            activeHead = queue.listNext;
        } else {
            idleHead = queue.listNext;
        }
        if (queue.listNext != null) {
            queue.listNext.listPrev = queue.listPrev;
        }
        queue.listPrev = null;
        queue.listNext = null;
        queue.onList = NONE;
    }
}
