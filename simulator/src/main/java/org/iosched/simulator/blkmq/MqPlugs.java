package org.iosched.simulator.blkmq;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.InvariantViolationException;
import org.iosched.simulator.engine.SimTimer;
import org.iosched.simulator.trace.BlockTrace;

/**
 * Per-task plugging of a blk-mq queue ({@code blk_add_rq_to_plug} and {@code blk_mq_flush_plug_list} of
 * block/blk-mq.c, {@code blk_finish_plug} of blk-core.c), over each task's {@link MqPlug}: the plug is flushed
 * before a request is added when it holds 32 requests or its last one is at least 128 KiB, when the task waits
 * ({@link #unplug}), and when it sleeps for a tag or in rq-qos (then {@code from_schedule}: the run goes to
 * kblockd). Flushing hands each software queue's requests to the scheduler's {@code insert_requests} in submission
 * order and runs the hardware queue; without a scheduler they are issued directly ({@code blk_mq_plug_issue_direct})
 * until the driver refuses one.
 *
 * <p>Limitations: the plug of a task that never waits is flushed by an event at the end of the instant (as the 3.0
 * model's per-task plugging).
 */
final class MqPlugs {
    private final MqRequestQueue q;
    private final EventQueue clock;
    private final BlockTrace trace;
    private final IdentityHashMap<Task, MqPlug> plugs = new IdentityHashMap<>();
    /** Plugs holding requests that the end-of-instant flush will flush, in the order they started. */
    private final List<MqPlug> plugsToFlush = new ArrayList<>();
    private final SimTimer flushTimer;
    // reused lists: the flush allocates nothing per request
    private final List<Request> scratch = new ArrayList<>();
    private final List<Request> batch = new ArrayList<>();
    /** The OS model calls {@link MqRequestQueue#stepEnded} after each task step. */
    boolean tasksRunInSteps;
    /** A woken waiter's request is being allocated (outside the task's step). */
    boolean wokenAllocation;

    MqPlugs(MqRequestQueue q) {
        this.q = q;
        this.clock = q.clock;
        this.trace = q.trace;
        this.flushTimer = clock.newTimer(null, this::flushAtEndOfInstant);
    }

    /** The task's plug, or null. */
    MqPlug of(Task task) {
        return plugs.get(task);
    }

    /** The task exits: its plug goes; it must be empty. */
    void taskExit(Task task) {
        MqPlug plug = plugs.remove(task);
        if (plug != null && plug.count() > 0) {
            throw new InvariantViolationException("task " + task + " exited with " + plug.count()
                    + " requests on its plug");
        }
    }

    /** Requests on plugs. */
    int plugged() {
        int plugged = 0;
        for (MqPlug plug : plugs.values()) {
            plugged += plug.count();
        }
        return plugged;
    }

    /** {@code blk_add_rq_to_plug}. */
    void add(Request rq) {
        Task task = rq.task();
        MqPlug plug = plugs.get(task);
        if (plug == null) {
            plug = new MqPlug(task);
            plugs.put(task, plug);
        }
        if (plug.count() == 0) {
            trace.plug();
        } else if (plug.count() >= plug.maxCount() || plug.last().bytes() >= MqPlug.FLUSH_SIZE_BYTES) {
            flush(plug, false);
            trace.plug();
        }
        if (rq.internalTag() >= 0) {
            plug.hasElevator = true;
        }
        MqRq.of(rq).where = MqRq.PLUGGED;
        plug.requests.add(rq);
        if (wokenAllocation) {
            // the woken task is not running yet: it flushes its plug in its step (stepEnded), or when it sleeps
            plug.ownerAway = true;
            return;
        }
        plug.ownerAway = false;
        listForFlush(plug);
    }

    // the plug is flushed at the end of the current instant: blk_finish_plug for submissions outside a task's step
    // (a test's, a timer's); a task's step flushes its own at its end (stepEnded), before this
    private void listForFlush(MqPlug plug) {
        if (!plug.listed) {
            plug.listed = true;
            plugsToFlush.add(plug);
        }
        if (!flushTimer.isPending()) {
            flushTimer.arm(clock.now());
        }
    }

    /**
     * {@code blk_finish_plug} at the end of the task's step, in its own context: the flush's CPU work is the task's,
     * and what it issues reaches the device once the step's work is done.
     */
    void stepEnded(Task task) {
        MqPlug plug = plugs.get(task);
        if (plug != null && plug.count() > 0) {
            // flush clears ownerAway; an empty plug never has it set
            unplug(task);
        }
    }

    /** {@code blk_finish_plug} (or {@code blk_flush_plug}) of the task, in its context. */
    void unplug(Task current) {
        Task previous = trace.swapCurrent(current);
        try {
            flush(current, false);
        } finally {
            trace.swapCurrent(previous);
        }
    }

    /** {@code blk_flush_plug} of the task's plug, if it has one. */
    void flush(Task task, boolean fromSchedule) {
        MqPlug plug = plugs.get(task);
        if (plug != null) {
            flush(plug, fromSchedule);
        }
    }

    private void flushAtEndOfInstant() {
        for (int i = 0; i < plugsToFlush.size(); i++) {
            MqPlug plug = plugsToFlush.get(i);
            plug.listed = false;
            if (plug.count() > 0 && !plug.ownerAway) {
                Task previous = trace.swapCurrent(plug.task);
                try {
                    flush(plug, false);
                } finally {
                    trace.swapCurrent(previous);
                }
            }
        }
        plugsToFlush.clear();
    }

    /** {@code blk_mq_flush_plug_list}. */
    private void flush(MqPlug plug, boolean fromSchedule) {
        plug.ownerAway = false;
        int count = plug.count();
        if (count == 0) {
            return;
        }
        // blktrace: U for an explicit flush, UT for one from schedule()
        trace.unplug(fromSchedule, count);
        List<Request> list = plug.takeRequests();
        boolean hadElevator = plug.hasElevator;
        plug.hasElevator = false;
        MqIssue issue = q.issue;
        int start = 0;
        if (!plug.multipleQueues && !hadElevator && !fromSchedule) {
            // blk_mq_plug_issue_direct: issue one by one until the driver refuses
            for (; start < list.size(); start++) {
                Request rq = list.get(start);
                Hctx h = (Hctx) rq.hardwareQueue();
                if (!issue.issueDirectly(h, rq, start == list.size() - 1, true)) {
                    start++;
                    break;
                }
            }
        }
        // blk_mq_dispatch_plug_list: per (hctx, ctx), in submission order
        while (start < list.size()) {
            Request first = list.get(start);
            scratch.clear();
            for (int i = start; i < list.size(); i++) {
                Request rq = list.get(i);
                if (rq != null && rq.hardwareQueue() == first.hardwareQueue() && rq.cpu() == first.cpu()) {
                    scratch.add(rq);
                    list.set(i, null);
                }
            }
            while (start < list.size() && list.get(start) == null) {
                start++;
            }
            Hctx h = (Hctx) first.hardwareQueue();
            batch.clear();
            batch.addAll(scratch);
            if (q.scheduler != null) {
                issue.insertIntoScheduler(h, batch, 0);
                q.sched.runHwQueue(h, fromSchedule);
            } else {
                issue.insertRequestsNone(h, batch, fromSchedule);
            }
        }
        plug.giveBack(list);
    }
}
