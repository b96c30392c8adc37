package org.iosched.scheduler.support;

/**
 * A list of requests linked through {@code rq->queuelist}: a scheduler's {@code fifo_list} in arrival order, oldest
 * (earliest {@code fifo_time}) first, as the kernel's {@code rq_fifo_*} helpers and {@code rq_entry_fifo} use it, or
 * another list of queued requests (mq-deadline's {@code dispatch} list). Intrusive and doubly linked through
 * {@link RequestNode}, so every operation is O(1) and allocates nothing; a node is on one list at most, and knows
 * which.
 *
 * @param <N> the scheduler's node type
 */
public final class RequestList<N extends RequestNode<N>> {
    private N head;
    private N tail;
    private int size;

    /** {@code list_add_tail}: {@code node}, on no list, goes to the tail. */
    public void addTail(N node) {
        node.next = null;
        node.prev = tail;
        if (tail == null) {
            head = node;
        } else {
            tail.next = node;
        }
        tail = node;
        node.list = this;
        size++;
    }

    /** {@code list_add}: {@code node}, on no list, goes to the head. */
    public void addHead(N node) {
        node.prev = null;
        node.next = head;
        if (head == null) {
            tail = node;
        } else {
            head.prev = node;
        }
        head = node;
        node.list = this;
        size++;
    }

    /** {@code list_del_init} ({@code rq_fifo_clear}): {@code node}, which is on this list, leaves it. */
    public void remove(N node) {
        if (node.prev == null) {
            head = node.next;
        } else {
            node.prev.next = node.next;
        }
        if (node.next == null) {
            tail = node.prev;
        } else {
            node.next.prev = node.prev;
        }
        node.prev = null;
        node.next = null;
        node.list = null;
        size--;
    }

    /** {@code list_del_init}: {@code node} leaves whichever list holds it; nothing when it is on none. */
    public static <N extends RequestNode<N>> void removeFromList(N node) {
        if (node.list != null) {
            node.list.remove(node);
        }
    }

    /**
     * {@code list_move(&node->queuelist, &anchor->queuelist)}: {@code node} leaves its list, if any, and goes right
     * after {@code anchor}, which is on this list. Nothing when they are the same node.
     */
    public void moveAfter(N node, N anchor) {
        if (node == anchor) {
            return;
        }
        removeFromList(node);
        node.prev = anchor;
        node.next = anchor.next;
        if (anchor.next == null) {
            tail = node;
        } else {
            anchor.next.prev = node;
        }
        anchor.next = node;
        node.list = this;
        size++;
    }

    /** {@code rq_entry_fifo(list.next)}: the head (the oldest of a FIFO), or null. */
    public N first() {
        return head;
    }

    /** Whether the list is empty ({@code list_empty}). */
    public boolean isEmpty() {
        return head == null;
    }

    /** Requests on the list. */
    public int size() {
        return size;
    }
}
