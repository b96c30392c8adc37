package org.iosched.api;

import java.util.Map;

/**
 * A request-based QoS policy of Linux 6.6's blk-mq ({@code struct rq_qos_ops}, block/blk-rq-qos.h): writeback
 * throttling ({@code blk-wbt}), {@code io.latency} ({@code blk-iolatency}) and {@code io.cost} ({@code blk-iocost}).
 * The queue calls every policy of its chain, in {@link RqQosProvider#order()}, at the kernel's points:
 * <pre>
 *   blk_mq_submit_bio:  throttle(bio)  (may hold the bio: the task sleeps)  -> merge(rq, bio) or track(rq, bio)
 *   bio merged or dropped after throttle, before a request took it: cleanup(bio)
 *   blk_mq_start_request: issue(rq)       blk_mq_requeue_request: requeue(rq)
 *   __blk_mq_end_request: done(rq)        bio_endio of a bio that passed throttle: doneBio(bio)
 * </pre>
 * Single-threaded, in virtual time. Every hook has a default so that the SPI can grow.
 */
public interface RqQosPolicy {
    /** What {@link #throttle} did with a bio. */
    enum Throttle {
        /** Go on: the bio continues down the submission path (to the next policy). */
        PROCEED,
        /**
         * Held: the submitting task sleeps in {@code submit_bio} ({@code rq_qos_wait}, iocost's wait queue) until the
         * policy calls {@link RqQosContext#resume(Bio)}; the waker has done the admission for the waiter (as
         * {@code rq_qos_wake_function}'s {@code acquire_inflight_cb}), so throttle is not asked again.
         */
        WAIT
    }

    /** {@code rq_qos_throttle}: a bio before it gets a request (after the plug merge failed). */
    default Throttle throttle(Bio bio) {
        return Throttle.PROCEED;
    }

    /** {@code rq_qos_track}: the request {@code bio} just started. */
    default void track(Request rq, Bio bio) {
    }

    /** {@code rq_qos_merge}: {@code bio}, which passed throttle, was merged into {@code rq}. */
    default void merge(Request rq, Bio bio) {
    }

    /** {@code rq_qos_cleanup}: {@code bio} passed throttle but ends without a request of its own. */
    default void cleanup(Bio bio) {
    }

    /** {@code rq_qos_issue}: the request goes to the driver ({@code blk_mq_start_request}). */
    default void issue(Request rq) {
    }

    /** {@code rq_qos_requeue}: the driver gave the request back. */
    default void requeue(Request rq) {
    }

    /** {@code rq_qos_done}: the request completed, before its tags are freed. */
    default void done(Request rq) {
    }

    /** {@code rq_qos_done_bio}: a bio that went through {@link #throttle} ended. */
    default void doneBio(Bio bio) {
    }

    /** {@code rq_qos_queue_depth_changed}: the device's queue depth changed. */
    default void queueDepthChanged() {
    }

    /** Statistics to report, name to value (per-cgroup vrate, wait times, ...). */
    default Map<String, Number> statistics() {
        return Map.of();
    }
}
