package org.iosched.scheduler.deadline;

/**
 * One direction's {@code fifo_list}: queued requests in arrival order, oldest (earliest {@code fifo_time})
 * first. Intrusive and doubly linked through {@link DeadlineRequest}, so every operation is O(1) and
 * allocates nothing.
 */
final class FifoList {
    private DeadlineRequest head;
    private DeadlineRequest tail;
    private int size;

    /** {@code list_add_tail}. */
    void addTail(DeadlineRequest node) {
        node.fifoNext = null;
        node.fifoPrev = tail;
        if (tail == null) {
            head = node;
        } else {
            tail.fifoNext = node;
        }
        tail = node;
        size++;
    }

    /** {@code list_del_init}. */
    void remove(DeadlineRequest node) {
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
        size--;
    }

    /** {@code list_move(&node->queuelist, &anchor->queuelist)}: take {@code node} out and put it right after {@code anchor}. */
    void moveAfter(DeadlineRequest node, DeadlineRequest anchor) {
        if (node == anchor) {
            return;
        }
        remove(node);
        node.fifoPrev = anchor;
        node.fifoNext = anchor.fifoNext;
        if (anchor.fifoNext == null) {
            tail = node;
        } else {
            anchor.fifoNext.fifoPrev = node;
        }
        anchor.fifoNext = node;
        size++;
    }

    /** The oldest request, or null ({@code rq_entry_fifo(fifo_list.next)}). */
    DeadlineRequest first() {
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
