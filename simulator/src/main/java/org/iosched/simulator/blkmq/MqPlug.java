package org.iosched.simulator.blkmq;

import java.util.ArrayList;
import java.util.List;
import org.iosched.api.Request;
import org.iosched.api.Task;

/**
 * A task's on-stack plug of Linux 6.6 ({@code struct blk_plug}): the requests it queued since the plug was last
 * flushed, in submission order (the kernel keeps a LIFO list and reverses it at flush; the order the queue sees
 * is the same).
 */
final class MqPlug {
    /** {@code BLK_MAX_REQUEST_COUNT}. */
    static final int MAX_REQUEST_COUNT = 32;
    /** {@code BLK_PLUG_FLUSH_SIZE}: 128 KiB. */
    static final long FLUSH_SIZE_BYTES = 128 * 1024;

    final Task task;
    List<Request> requests = new ArrayList<>();
    private List<Request> spare = new ArrayList<>();
    /** {@code plug->multiple_queues}: requests for more than one queue (never in a one-device run). */
    boolean multipleQueues;
    /** {@code plug->has_elevator}. */
    boolean hasElevator;
    /** On the queue's list of plugs to flush at the end of the instant. */
    boolean listed;
    /**
     * Requests went in while the task was woken from a sleep for a tag or in rq-qos, outside its own step: the
     * task's step flushes them (from {@code schedule} when it sleeps again, else at the step's end, its
     * {@code blk_finish_plug}), not the end of the waker's instant.
     */
    boolean ownerAway;

    MqPlug(Task task) {
        this.task = task;
    }

    int count() {
        return requests.size();
    }

    /** {@code blk_plug_max_rq_count}: 32, or 64 with requests for several queues. */
    int maxCount() {
        return multipleQueues ? 2 * MAX_REQUEST_COUNT : MAX_REQUEST_COUNT;
    }

    /** The requests to flush; the plug starts a new list (the taken one comes back with {@link #giveBack}). */
    List<Request> takeRequests() {
        List<Request> taken = requests;
        requests = spare != null ? spare : new ArrayList<>();
        spare = null;
        return taken;
    }

    /** A list {@link #takeRequests} handed out, done with. */
    void giveBack(List<Request> list) {
        list.clear();
        if (spare == null) {
            spare = list;
        }
    }

    Request last() {
        return requests.isEmpty() ? null : requests.get(requests.size() - 1);
    }
}
