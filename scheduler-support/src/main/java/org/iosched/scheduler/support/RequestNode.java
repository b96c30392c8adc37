package org.iosched.scheduler.support;

import org.iosched.api.Request;

/**
 * A scheduler's per-request node: the links the kernel embeds in {@code struct request} for an elevator, here hung
 * on {@link Request#schedulerData()} ({@code rq->elv.priv}). {@code rq->rb_node} puts the request in one
 * {@link SectorTree}, {@code rq->queuelist} on one {@link RequestList}, both at once.
 *
 * <p>A scheduler extends this class with its own per-request state ({@code class DeadlineRequest extends
 * RequestNode<DeadlineRequest>}); the links themselves belong to the tree and the list, which are the only code
 * that moves them, so inserting, removing and moving a request allocate nothing. Nodes are recycled through
 * {@link FreeNodes}.
 *
 * @param <N> the scheduler's node type itself
 */
public abstract class RequestNode<N extends RequestNode<N>> {
    /** The request, or null while the node is free. */
    Request rq;

    /**
     * The start sector the node is sorted by, frozen when it entered its tree: a front merge moves the request's
     * start before the scheduler re-sorts it, so the tree must not read the live value.
     */
    long sortSector;
    /** Whether the node is in a tree ({@code !RB_EMPTY_NODE(&rq->rb_node)}). */
    boolean inTree;
    N left;
    N right;
    N parent;
    boolean red;

    /** The list the node is on, or null ({@code list_empty(&rq->queuelist)}). */
    RequestList<N> list;
    N prev;
    /** List neighbour; also links {@link FreeNodes}. */
    N next;

    /** A free node; {@link #attach} binds it to a request. */
    protected RequestNode() {
    }

    /** Binds this free node to {@code request} both ways: the node's request, and the request's scheduler data. */
    protected final void attach(Request request) {
        this.rq = request;
        request.setSchedulerData(this);
    }

    /** The request, or null while the node is free. */
    public final Request rq() {
        return rq;
    }

    /** The start sector the node was sorted by when it entered its tree ({@code blk_rq_pos} then). */
    public final long sortSector() {
        return sortSector;
    }

    /** Whether the node is in a sector tree ({@code !RB_EMPTY_NODE(&rq->rb_node)}). */
    public final boolean inSortTree() {
        return inTree;
    }

    /** Whether the node is on a list ({@code !list_empty(&rq->queuelist)}). */
    public final boolean onList() {
        return list != null;
    }

    /** The list the node is on, or null. */
    public final RequestList<N> list() {
        return list;
    }

    /** Forgets the request (both ways) and every link, ready for the free list. */
    final void release() {
        if (rq != null) {
            rq.setSchedulerData(null);
        }
        rq = null;
        inTree = false;
        left = null;
        right = null;
        parent = null;
        red = false;
        list = null;
        prev = null;
        next = null;
    }
}
