package org.iosched.scheduler.mqdeadline;

/**
 * A request list of one priority level ({@code queuelist} links): a direction's {@code fifo_list} in arrival
 * order, oldest (earliest {@code fifo_time}) first, or the {@code dispatch} list of at-head inserts. Intrusive and doubly linked through {@link MqDeadlineRequest}, so every operation is O(1) and
 * allocates nothing.
 */
final class FifoList {
    private MqDeadlineRequest head;
    private MqDeadlineRequest tail;
    private int size;

    /** {@code list_add_tail}. */
    void addTail(MqDeadlineRequest node) {
        node.fifoNext = null;
        node.fifoPrev = tail;
        if (tail == null) {
            head = node;
        } else {
            tail.fifoNext = node;
        }
        tail = node;
        node.inList = true;
        node.list = this;
        size++;
    }

    /** {@code list_add}: at the head. */
    void addHead(MqDeadlineRequest node) {
        node.fifoPrev = null;
        node.fifoNext = head;
        if (head == null) {
            tail = node;
        } else {
            head.fifoPrev = node;
        }
        head = node;
        node.inList = true;
        node.list = this;
        size++;
    }

    /** {@code list_del_init}. */
    void remove(MqDeadlineRequest node) {
        if (node.fifoPrev == null) {
            head = node.fifoNext;
        } else {
            node.fifoPrev.fifoNext = node.fifoNext;
        }
        if (node.fifoNext == null) {
            tail = node.fifoPrev;
        } else {
            node.fifoNext.fifoPrev = node.fifoPrev;
        }
        node.fifoPrev = null;
        node.fifoNext = null;
        node.inList = false;
        node.list = null;
        size--;
    }

    /**
     * {@code list_move(&node->queuelist, &anchor->queuelist)}: take {@code node} off its list and put it right after
     * {@code anchor}, which is on this list.
     */
    void moveAfter(MqDeadlineRequest node, MqDeadlineRequest anchor) {
        if (node == anchor) {
            return;
        }
        if (node.inList) {
            node.list.remove(node);
        }
        node.fifoPrev = anchor;
        node.fifoNext = anchor.fifoNext;
        if (anchor.fifoNext == null) {
            tail = node;
        } else {
            anchor.fifoNext.fifoPrev = node;
        }
        anchor.fifoNext = node;
        node.inList = true;
        node.list = this;
        size++;
    }

    /** The oldest request, or null ({@code rq_entry_fifo(fifo_list.next)}). */
    MqDeadlineRequest first() {
        return head;
    }

    /** Whether no request is queued in this direction. */
    boolean isEmpty() {
        return head == null;
    }

    /** Queued requests in this direction. */
    int size() {
        return size;
    }
}
