package org.iosched.simulator.noop;

import java.util.Objects;
import org.iosched.api.IoScheduler;
import org.iosched.api.Request;
import org.iosched.api.SchedulerContext;

/**
 * The noop I/O scheduler ({@code block/noop-iosched.c}, 2.6.32-3.0): one FIFO of requests.
 *
 * <p>Features:
 * <ul>
 *   <li>{@code noop_add_request}: requests join the tail of the FIFO.</li>
 *   <li>{@code noop_dispatch}: each call moves the FIFO head to the dispatch queue with
 *       {@code elv_dispatch_sort}, so the dispatch queue still sorts within the current sweep.</li>
 *   <li>Merging only through the block layer's generic paths (last-merge cache and back-merge hash):
 *       noop has no front-merge lookup. Its former/latter requests are its FIFO neighbours
 *       ({@code noop_former_request}/{@code noop_latter_request}), so request coalescing happens
 *       only between FIFO neighbours that also touch on disk.</li>
 *   <li>{@code noop_merged_requests}: the absorbed request leaves the FIFO.</li>
 * </ul>
 *
 * <p>Limitations: none beyond the kernel's; noop has no tunables.
 *
 * <p>Notes: FIFO nodes are recycled, so a running noop allocates nothing per request.
 */
public final class NoopScheduler implements IoScheduler {
    private final SchedulerContext context;
    private Node head;
    private Node tail;
    private Node free;
    private int queued;

    private static final class Node {
        Request rq;
        Node prev;
        Node next;
    }

    /** @param context the queue's services */
    public NoopScheduler(SchedulerContext context) {
        this.context = Objects.requireNonNull(context, "context");
    }

    @Override
    public void add(Request rq) {
        Node node = free;
        if (node != null) {
            free = node.next;
        } else {
            node = new Node();
        }
        node.rq = rq;
        node.prev = tail;
        node.next = null;
        if (tail == null) {
            head = node;
        } else {
            tail.next = node;
        }
        tail = node;
        rq.setSchedulerData(node);
        queued++;
    }

    @Override
    public int dispatch(boolean force) {
        Node node = head;
        if (node == null) {
            return 0;
        }
        Request rq = node.rq;
        unlink(node);
        context.dispatchSort(rq);
        return 1;
    }

    @Override
    public boolean hasQueued() {
        return head != null;
    }

    @Override
    public void requestsMerged(Request rq, Request next) {
        unlink(node(next));
    }

    @Override
    public Request formerRequest(Request rq) {
        Node node = node(rq);
        return node.prev == null ? null : node.prev.rq;
    }

    @Override
    public Request latterRequest(Request rq) {
        Node node = node(rq);
        return node.next == null ? null : node.next.rq;
    }

    /** Requests in the FIFO. */
    public int queued() {
        return queued;
    }

    private static Node node(Request rq) {
        Object data = rq.schedulerData();
        if (!(data instanceof Node node) || node.rq != rq) {
            throw new IllegalStateException("noop does not hold " + rq);
        }
        return node;
    }

    private void unlink(Node node) {
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
        node.rq.setSchedulerData(null);
        node.rq = null;
        node.prev = null;
        node.next = free;
        free = node;
        queued--;
    }
}
