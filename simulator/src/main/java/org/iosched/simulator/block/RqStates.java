package org.iosched.simulator.block;

import org.iosched.api.Request;

/**
 * The block layer's private request states ({@link RqState}): bound to a {@link Request} through
 * {@link Request#blockLayerData()}, recycled when the request is freed, and counted, so that the queue knows how
 * many requests are live (from the pool or the flush machinery).
 */
final class RqStates {
    private RqState free;
    private int live;

    /** The block layer state of {@code rq}, or null when it is not a live request. */
    static RqState of(Request rq) {
        Object data = rq.blockLayerData();
        if (data instanceof RqState rs && rs.rq == rq) {
            return rs;
        }
        return null;
    }

    /** Bind a (recycled) state to a new request. */
    RqState bind(Request rq) {
        RqState rs = free;
        if (rs != null) {
            free = rs.next;
            rs.next = null;
        } else {
            rs = new RqState();
        }
        rs.rq = rq;
        rq.setBlockLayerData(rs);
        live++;
        return rs;
    }

    /** The request is freed: unbind and recycle its state. */
    void recycle(RqState rs) {
        rs.rq.setBlockLayerData(null);
        rs.reset();
        rs.next = free;
        free = rs;
        live--;
    }

    /** Live requests. */
    int live() {
        return live;
    }
}
