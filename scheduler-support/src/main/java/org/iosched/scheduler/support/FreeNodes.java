package org.iosched.scheduler.support;

/**
 * A scheduler's recycled per-request nodes, linked through their list link, so that the steady state allocates
 * nothing and memory follows the requests queued. The kernel needs none: it embeds the links in
 * {@code struct request}.
 *
 * @param <N> the scheduler's node type
 */
public final class FreeNodes<N extends RequestNode<N>> {
    private N head;

    /** The node freed last, or null when none is free (the caller then allocates one). */
    public N poll() {
        N node = head;
        if (node != null) {
            head = node.next;
            node.next = null;
        }
        return node;
    }

    /**
     * Frees {@code node}: its request forgets it ({@link org.iosched.api.Request#setSchedulerData} null), the node
     * forgets its request and every link, and it waits here for reuse. The node must have left its tree and list
     * already; they are not touched.
     */
    public void recycle(N node) {
        node.release();
        node.next = head;
        head = node;
    }
}
