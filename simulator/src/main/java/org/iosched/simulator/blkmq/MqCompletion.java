package org.iosched.simulator.blkmq;

import java.util.ArrayDeque;
import org.iosched.api.Bio;
import org.iosched.api.MqScheduler;
import org.iosched.api.Request;
import org.iosched.simulator.blk.AsyncDispatchGap;
import org.iosched.simulator.blk.DiskAccounting;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.InvariantViolationException;
import org.iosched.simulator.engine.SimTimer;
import org.iosched.simulator.trace.BlockTrace;

/**
 * Completion, freeing and requeue of a blk-mq queue's requests (block/blk-mq.c).
 *
 * <p>Completion ({@code blk_mq_complete_request}, {@code blk_mq_end_request}): the bios end, then
 * {@code completed_request}, {@code finish_request}, the driver tag and the scheduler tag are put (each may wake
 * sleeping allocators), then {@code blk_mq_sched_restart}. The completion runs on the CPU the hardware queue's
 * interrupt is bound to (its first CPU; CPU 0 with one queue); {@code rq_affinity} 1 keeps it there, every CPU
 * sharing one cache. A flush request or a flush sequence's data step goes to {@link MqFlush} instead.
 *
 * <p>Requeue by the device ({@code blk_mq_requeue_request}): driver tag put, {@code requeue_request}, then kblockd's
 * requeue work ({@code blk_mq_requeue_work}) inserts it at the head; the flush machinery's requests pass through the
 * same work.
 */
final class MqCompletion {
    private final MqRequestQueue q;
    private final EventQueue clock;
    private final BlockTrace trace;
    private final DiskAccounting disk;
    private final AsyncDispatchGap asyncGap;
    /** {@code q->requeue_list}; the flush machinery's flush requests go on {@code q->flush_list}. */
    private final ArrayDeque<Request> requeueList = new ArrayDeque<>();
    private final ArrayDeque<Request> flushList = new ArrayDeque<>();
    private final SimTimer requeueWork;
    /** Requests the device completed (flush requests included). */
    long requestsCompleted;

    MqCompletion(MqRequestQueue q) {
        this.q = q;
        this.clock = q.clock;
        this.trace = q.trace;
        this.disk = q.disk;
        this.asyncGap = q.asyncGap;
        this.requeueWork = clock.newTimer(null, this::requeueWorkFired);
    }

    /** {@code blk_mq_complete_request}: the device completed {@code rq}; its interrupt is raised. */
    void complete(Request rq) {
        MqRq rs = MqRq.of(rq);
        if (rs == null || rs.where != MqRq.DRIVER || rs.completing) {
            throw new InvariantViolationException(q.device.label() + " completed " + rq + " which it does not hold"
                    + " (it is " + (rs == null ? "not a live request: completed twice?"
                    : rs.completing ? "completed already, its interrupt pending" : MqRq.describe(rs.where)) + ")");
        }
        rs.completing = true;
        // the interrupt's work is serialized on its CPU; what the completion does happens when that work is done
        q.interrupts.raise(rs, completionCpu((Hctx) rq.hardwareQueue(), rq));
    }

    /** The completion interrupt's work ({@code blk_mq_complete_request}'s {@code mq_ops->complete}) on {@code cpu}. */
    void completionWork(MqRq rs, int cpu) {
        Request rq = rs.rq;
        rs.completing = false;
        Hctx h = (Hctx) rq.hardwareQueue();
        h.inFlight--;
        ScsiBudget budget = q.budget;
        budget.put(); // scsi_device_unbusy, before the request ends
        rs.where = MqRq.ALLOCATED;
        requestsCompleted++;
        boolean unblocked = h.deviceBlocked && h.inFlight == 0;
        int outer = q.cpus.enterInterrupt(cpu);
        try {
            trace.requestDone('C', rq);
            q.completionListener.requestCompleted(rq);
            if (rs.flushRequest) {
                q.flush.flushDone(rs);
            } else if (rs.flushSeq) {
                q.flush.dataDone(rs);
            } else {
                endRequest(rs);
            }
            if (unblocked) {
                // the blocked device drained: SCSI runs the queue again (scsi_run_queue_async)
                q.sched.runHwQueue(h, true);
            }
            if (budget.restart) {
                // scsi_run_queue_async: a budget was refused since the last completion (sdev->restarts)
                budget.restart = false;
                q.sched.runHwQueues(true);
            }
        } finally {
            q.cpus.exitInterrupt(outer);
        }
    }

    /**
     * The CPU a completion runs on: the hardware queue's interrupt CPU (its first CPU; CPU 0 with a single
     * queue), or the submitter's with {@code rq_affinity=2}; with one shared cache {@code rq_affinity=1} sends no IPI.
     */
    int completionCpu(Hctx h, Request rq) {
        if (q.rqAffinity == 2 && rq.cpu() >= 0) {
            return rq.cpu();
        }
        return q.hctxs.length == 1 ? 0 : h.cpus[0];
    }

    /** {@code blk_mq_end_request}: the bios end, then the scheduler's hooks, the tags and the restart. */
    void endRequest(MqRq rs) {
        Request rq = rs.rq;
        long now = clock.now();
        endBios(rq);
        if (rs.useSched) {
            q.scheduler.completedRequest(rq, now);
        }
        if (rs.accounted) {
            disk.completed(now, rq, rs.allocTime);
            rs.accounted = false;
        }
        freeRequest(rs);
    }

    // blk_update_request: every bio of the request ends
    private void endBios(Request rq) {
        Bio bio = rq.firstBio();
        while (bio != null) {
            Bio next = bio.next();
            bio.setNext(null);
            endBio(bio);
            bio = next;
        }
    }

    // bio_endio with rq_qos_done_bio
    private void endBio(Bio bio) {
        if (q.qos.size() > 0) {
            q.qos.doneBio(bio);
        }
        endBioUntracked(bio);
    }

    /** {@code bio_endio} of a bio no rq-qos hook saw (neither {@code BIO_QOS_THROTTLED} nor {@code BIO_QOS_MERGED}). */
    void endBioUntracked(Bio bio) {
        q.bios.end(bio, clock.now(), q.device.label(), q.schedulerLabel, q.bioCompletionListener);
    }

    /** {@code blk_mq_free_request}: {@code finish_request}, {@code rq_qos_done}, driver tag, scheduler tag, restart. */
    void freeRequest(MqRq rs) {
        Request rq = rs.rq;
        if (rs.useSched) {
            rs.useSched = false;
            q.scheduler.finishRequest(rq);
        }
        RqQosWait qosWait = q.qosWait;
        boolean outer = qosWait.deferWakes;
        qosWait.deferWakes = true;
        if (q.qos.size() > 0) {
            q.qos.done(rq);
        }
        rs.where = MqRq.FREED;
        q.live--;
        Hctx h = (Hctx) rq.hardwareQueue();
        int cpu = q.cpus.currentCpu();
        q.tags.putDriverTag(rq, cpu);
        if (rs.schedTags) {
            rs.schedTags = false;
            q.tags.putSchedTag(rq, cpu);
        }
        qosWait.deferWakes = outer;
        if (!outer) {
            qosWait.armDeferredWakes();
        }
        q.sched.schedRestart(h);
    }

    /** {@code blk_mq_free_request} of a request merged into another ({@code attempt_merge}'s {@code next}). */
    void freeMergedAway(Request next) {
        MqRq rs = MqRq.of(next);
        if (!next.isSync() && rs.where == MqRq.SCHEDULER) {
            asyncGap.removed(clock.now());
        }
        if (rs.accounted) {
            disk.mergedAway(clock.now());
            rs.accounted = false;
        }
        freeRequest(rs);
    }

    /** {@code blk_mq_requeue_request}: the device gives a request back; it is inserted again at the head. */
    void requeue(Request rq) {
        MqRq rs = MqRq.of(rq);
        if (rs == null || rs.where != MqRq.DRIVER) {
            throw new InvariantViolationException(q.device.label() + " requeued " + rq + " which it does not hold");
        }
        Hctx h = (Hctx) rq.hardwareQueue();
        h.inFlight--;
        q.budget.put();
        trace.requestDone('R', rq);
        q.tags.releaseDriverTag(rq);
        if (q.qos.size() > 0) {
            q.qos.requeue(rq);
        }
        if (rs.useSched) {
            q.scheduler.requeueRequest(rq);
        }
        addToRequeueList(rq, false);
    }

    /** {@code blk_mq_add_to_requeue_list} with {@code blk_mq_kick_requeue_list}. */
    void addToRequeueList(Request rq, boolean atHead) {
        MqRq.of(rq).where = MqRq.REQUEUE;
        if (atHead) {
            requeueList.addFirst(rq);
        } else {
            requeueList.addLast(rq);
        }
        kickRequeue();
    }

    /** A flush request on {@code q->flush_list}, for the requeue work. */
    void addToFlushList(Request rq) {
        MqRq.of(rq).where = MqRq.REQUEUE;
        flushList.addLast(rq);
        kickRequeue();
    }

    private void kickRequeue() {
        if (!requeueWork.isPending()) {
            requeueWork.arm(clock.now());
        }
    }

    // blk_mq_requeue_work: requeued and flush-data requests at the head, then flush requests, then run all
    private void requeueWorkFired() {
        MqIssue issue = q.issue;
        while (!requeueList.isEmpty()) {
            issue.insertRequest(requeueList.pollFirst(), MqScheduler.INSERT_AT_HEAD);
        }
        while (!flushList.isEmpty()) {
            issue.insertRequest(flushList.pollFirst(), 0);
        }
        q.sched.runHwQueues(false);
    }
}
