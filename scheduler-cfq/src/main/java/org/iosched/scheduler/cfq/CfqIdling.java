package org.iosched.scheduler.cfq;

import org.iosched.api.RequestFlags;

/**
 * Anticipation: think time and seek history ({@code cfq_update_io_thinktime}, {@code cfq_update_io_seektime}),
 * the idle window ({@code cfq_update_idle_window}), {@code cfq_should_idle}, arming the idle timer on completion
 * ({@code cfq_arm_slice_timer}), the timer's decisions ({@code cfq_idle_slice_timer}), {@code wait_busy}
 * ({@code cfq_should_wait_busy}) and queue depth detection ({@code cfq_update_hw_tag}).
 */
final class CfqIdling {
    private final CfqData cfqd;

    CfqIdling(CfqData cfqd) {
        this.cfqd = cfqd;
    }

    /** {@code cfq_update_io_thinktime}: decaying average of the gap since the task's last completion. */
    void updateThinkTime(CfqIoContext cic) {
        long elapsed = cfqd.now() - cic.lastEndRequest;
        long ttime = Math.min(elapsed, 2 * cfqd.tunables.sliceIdle());
        cic.ttimeSamples = (7 * cic.ttimeSamples + 256) / 8;
        cic.ttimeTotal = (7 * cic.ttimeTotal + 256 * ttime) / 8;
        cic.ttimeMean = (cic.ttimeTotal + 128) / cic.ttimeSamples;
    }

    /**
     * {@code cfq_update_io_seektime}: shift a bit into the history, 1 for a seek of more than 800 sectors on a
     * rotational device, or for a request under 64 sectors on a non-rotational one.
     */
    void updateSeekTime(CfqQueue cfqq, CfqRq crq) {
        long sdist = 0;
        if (cfqq.lastRequestPos != 0) {
            sdist = Math.abs(crq.pos() - cfqq.lastRequestPos);
        }
        boolean seek = cfqd.nonrot ? crq.rq.sectors() < CfqTunables.CFQQ_SECT_THR_NONROT
                : sdist > CfqTunables.CFQQ_SEEK_THR;
        cfqq.seekHistory = (cfqq.seekHistory << 1) | (seek ? 1 : 0);
    }

    /**
     * {@code cfq_update_idle_window}: a sync queue idles unless its next request is REQ_NOIDLE (2.6.37+), its
     * task exited, idling is off, it is seeky and not deep, or it thinks longer than slice_idle.
     */
    void updateIdleWindow(CfqQueue cfqq, CfqIoContext cic) {
        if (!cfqq.sync || cfqq.classIdle()) {
            return;
        }
        boolean oldIdle = cfqq.idleWindow;
        boolean enableIdle = oldIdle;
        if (cfqq.queued[0] + cfqq.queued[1] >= 4) {
            cfqq.deep = true;
        }
        if (cfqd.tunables.noidleOnReqNoidle() && cfqq.nextRq != null
                && cfqq.nextRq.rq.hasFlag(RequestFlags.NOIDLE)) {
            enableIdle = false;
        } else if (cic.exited || cfqd.tunables.sliceIdle() == 0 || (!cfqq.deep && cfqq.seeky())) {
            enableIdle = false;
        } else if (cic.thinkTimeValid()) {
            enableIdle = cic.ttimeMean <= cfqd.tunables.sliceIdle();
        }
        if (oldIdle != enableIdle) {
            if (cfqd.tracing()) {
                cfqd.log(cfqq, "idle=" + (enableIdle ? 1 : 0));
            }
            cfqq.idleWindow = enableIdle;
        }
    }

    /**
     * {@code cfq_should_idle}: idle for a queue with the idle window (unless the device is a tagged SSD), or for
     * the last sync queue of its service tree (the active queue counts itself).
     */
    boolean shouldIdle(CfqQueue cfqq) {
        if (cfqd.tunables.sliceIdle() == 0 || cfqq.prio() == WorkloadPrio.IDLE) {
            return false;
        }
        if (cfqq.idleWindow && !(cfqd.nonrot && cfqd.hwTag != 0)) {
            return true;
        }
        ServiceTree st = cfqq.serviceTree;
        if (st != null && st.count() == 1 && cfqq.sync) {
            return true;
        }
        if (cfqd.tracing()) {
            cfqd.log(cfqq, "Not idling. st->count:" + (st == null ? 0 : st.count()));
        }
        return false;
    }

    /**
     * {@code cfq_arm_slice_timer}: after the active queue's last request completed, wait {@code slice_idle} for
     * its next one, or {@code group_idle} on the group's last queue; not if the think time would overrun the
     * slice, the task exited, or the device is a tagged SSD.
     */
    void armSliceTimer() {
        CfqQueue cfqq = cfqd.activeQueue;
        // an SSD with NCQ has no seek penalty: never idle
        if (cfqd.nonrot && cfqd.hwTag != 0) {
            return;
        }
        long groupIdle = 0;
        if (!shouldIdle(cfqq)) {
            if (cfqd.tunables.groupIdle() == 0) {
                return;
            }
            groupIdle = cfqd.tunables.groupIdle();
        }
        if (cfqq.dispatched > 0) {
            return;
        }
        CfqIoContext cic = cfqd.activeCic;
        if (cic == null || cic.exited) {
            return;
        }
        long now = cfqd.now();
        if (cic.thinkTimeValid() && cfqq.sliceEnd - now < cic.ttimeMean) {
            if (cfqd.tracing()) {
                cfqd.log(cfqq, "Not idling. think_time:" + cic.ttimeMean);
            }
            return;
        }
        if (groupIdle != 0 && cfqq.cfqg.nrCfqq > 1) {
            return;
        }
        cfqq.waitRequest = true;
        long sl = groupIdle != 0 ? groupIdle : cfqd.tunables.sliceIdle();
        cfqd.armIdleTimer(now + sl);
        if (cfqd.tracing()) {
            cfqd.log(cfqq, "arm_idle: " + sl + " group_idle: " + (groupIdle != 0 ? 1 : 0));
        }
    }

    /**
     * {@code cfq_idle_slice_timer}: the wait is over. Let a request that arrived through, expire a used slice,
     * or give up on an idle queue (clearing {@code deep}) and run the queue for someone else.
     */
    void idleSliceTimer() {
        if (cfqd.tracing()) {
            cfqd.log("idle timer fired");
        }
        boolean timedOut = true;
        CfqQueue cfqq = cfqd.activeQueue;
        if (cfqq != null) {
            timedOut = false;
            long now = cfqd.now();
            if (cfqq.mustDispatch) {
                cfqd.scheduleDispatch();
                return;
            }
            if (!cfqq.sliceUsed(now)) {
                if (cfqd.busyQueues == 0) {
                    return;
                }
                if (!cfqq.isEmpty()) {
                    cfqd.scheduleDispatch();
                    return;
                }
                // the queue depth flag is reset only when the idle did not succeed
                cfqq.deep = false;
            }
        }
        cfqd.selection.sliceExpired(timedOut);
        cfqd.scheduleDispatch();
    }

    /**
     * {@code cfq_should_wait_busy}: keep a group's only, empty queue active until its next request (so the group
     * keeps its place) when its slice is over or about to be.
     */
    boolean shouldWaitBusy(CfqQueue cfqq) {
        if (!cfqq.isEmpty() || cfqq.cfqg.nrCfqq > 1) {
            return false;
        }
        long now = cfqd.now();
        if (cfqq.sliceUsed(now)) {
            return true;
        }
        CfqIoContext cic = cfqd.activeCic;
        if (cic != null && cic.thinkTimeValid() && cfqq.sliceEnd - now < cic.ttimeMean) {
            return true;
        }
        // a think time under a jiffy reads as 0: wait if only one jiffy is left
        return cfqq.sliceEnd - now == 1;
    }

    /**
     * {@code cfq_update_hw_tag}: after 50 samples taken under load, decide whether the device queues commands
     * (a peak depth of at least {@code CFQ_HW_QUEUE_MIN} in the driver).
     */
    void updateHwTag() {
        CfqQueue cfqq = cfqd.activeQueue;
        if (cfqd.rqInDriver > cfqd.hwTagEstDepth) {
            cfqd.hwTagEstDepth = cfqd.rqInDriver;
        }
        if (cfqd.hwTag == 1) {
            return;
        }
        int min = CfqTunables.CFQ_HW_QUEUE_MIN;
        if (cfqd.rqQueued <= min && cfqd.rqInDriver <= min) {
            return;
        }
        // an idling queue with little I/O may not fill the device: don't conclude "no NCQ" from it
        if (cfqq != null && cfqq.idleWindow
                && cfqq.dispatched + cfqq.queued[0] + cfqq.queued[1] < min && cfqd.rqInDriver < min) {
            return;
        }
        if (cfqd.hwTagSamples++ < 50) {
            return;
        }
        cfqd.hwTag = cfqd.hwTagEstDepth >= min ? 1 : 0;
    }
}
