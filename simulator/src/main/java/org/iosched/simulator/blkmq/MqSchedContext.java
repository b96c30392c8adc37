package org.iosched.simulator.blkmq;

import java.util.Iterator;
import java.util.List;
import java.util.ListIterator;
import java.util.random.RandomGenerator;
import org.iosched.api.Bio;
import org.iosched.api.DeviceInfo;
import org.iosched.api.HardwareQueue;
import org.iosched.api.MqSchedulerContext;
import org.iosched.api.Request;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.InvariantViolationException;

/**
 * What a blk-mq scheduler of a queue is handed ({@link MqSchedulerContext}): the clock, the queue's geometry, the
 * queue runs of blk-mq-sched.c and the merge helpers elevator.c and blk-merge.c export to schedulers
 * ({@code blk_mq_sched_try_merge}, {@code blk_mq_sched_try_insert_merge}, {@code blk_bio_list_merge},
 * {@code elv_rqhash_*}, {@code q->last_merge}).
 */
final class MqSchedContext implements MqSchedulerContext {
    private final MqRequestQueue q;
    private final EventQueue clock;
    private final Hctx[] hctxs;

    MqSchedContext(MqRequestQueue q) {
        this.q = q;
        this.clock = q.clock;
        this.hctxs = q.hctxs;
    }

    @Override
    public long now() {
        return clock.now();
    }

    @Override
    public int hz() {
        return q.kernelClock.hz();
    }

    @Override
    public Timer newTimer(Runnable callback) {
        return clock.newTimer(q.schedulerLabel, callback);
    }

    @Override
    public DeviceInfo device() {
        return q.info;
    }

    @Override
    public int cpuCount() {
        return q.cpuCount;
    }

    @Override
    public int currentCpu() {
        return q.cpus.currentCpu();
    }

    @Override
    public int hardwareQueueCount() {
        return hctxs.length;
    }

    @Override
    public HardwareQueue hardwareQueue(int index) {
        return hctxs[index];
    }

    @Override
    public int nrRequests() {
        return q.nrRequests;
    }

    /** {@code blk_mq_run_hw_queue}. */
    @Override
    public void runHardwareQueue(HardwareQueue hctx, boolean async) {
        q.sched.runHwQueue(own(hctx), async);
    }

    /** {@code blk_mq_run_hw_queues}. */
    @Override
    public void runHardwareQueues(boolean async) {
        q.sched.runHwQueues(async);
    }

    private Hctx own(HardwareQueue hctx) {
        for (Hctx h : hctxs) {
            if (h == hctx) {
                return h;
            }
        }
        throw new InvariantViolationException(q.schedulerLabel + " passed a hardware queue of another queue: "
                + hctx);
    }

    /** {@code blk_mq_sched_try_merge}. */
    @Override
    public boolean tryMerge(Bio bio) {
        return q.merge.schedTryMerge(bio);
    }

    /** {@code blk_mq_sched_try_insert_merge}. */
    @Override
    public boolean tryInsertMerge(Request rq) {
        return q.merge.attemptInsertMerge(rq);
    }

    /** {@code blk_bio_list_merge} over {@code requests}, from the tail. */
    @Override
    public boolean bioListMerge(List<Request> requests, Bio bio) {
        ListIterator<Request> it = requests.listIterator(requests.size());
        Iterator<Request> fromTail = new Iterator<>() {
            @Override
            public boolean hasNext() {
                return it.hasPrevious();
            }

            @Override
            public Request next() {
                return it.previous();
            }
        };
        return q.merge.bioListMerge(bio, fromTail);
    }

    /** {@code elv_rqhash_add}. */
    @Override
    public void hashAdd(Request rq) {
        q.merge.hashAdd(rq);
    }

    /** {@code elv_rqhash_del}. */
    @Override
    public void hashRemove(Request rq) {
        q.merge.hashRemove(rq);
    }

    @Override
    public Request lastMerge() {
        return q.merge.lastMerge;
    }

    @Override
    public void setLastMerge(Request rq) {
        q.merge.lastMerge = rq;
    }

    @Override
    public RandomGenerator random() {
        if (q.schedulerRandom == null) {
            throw new IllegalStateException("no random stream for " + q.schedulerLabel);
        }
        return q.schedulerRandom;
    }

    @Override
    public TraceSink trace() {
        return q.trace;
    }
}
