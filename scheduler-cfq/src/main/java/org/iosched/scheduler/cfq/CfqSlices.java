package org.iosched.scheduler.cfq;

/**
 * Slice arithmetic of Linux 3.0, all in jiffies with the kernel's integer division: {@code cfq_prio_slice},
 * {@code cfq_group_slice}, {@code cfq_group_get_avg_queues}, {@code cfq_scaled_cfqq_slice} (the
 * {@code low_latency} scaling), {@code cfq_set_prio_slice}, {@code cfq_prio_to_maxrq} and the group charge
 * scaling {@code cfq_scale_slice}.
 */
final class CfqSlices {
    private final CfqData cfqd;

    CfqSlices(CfqData cfqd) {
        this.cfqd = cfqd;
    }

    /** {@code cfq_prio_slice}: base + base/5 * (4 - prio). */
    long prioSlice(boolean sync, int prio) {
        long base = cfqd.tunables.slice(sync);
        return base + (base / CfqTunables.CFQ_SLICE_SCALE * (4 - prio));
    }

    /** {@code cfq_prio_to_slice}. */
    long prioSlice(CfqQueue cfqq) {
        return prioSlice(cfqq.sync, cfqq.ioprio);
    }

    /** {@code cfq_group_slice}: the group's share of the target latency by weight. */
    long groupSlice(CfqGroup cfqg) {
        long totalWeight = cfqd.grpServiceTree.totalWeight;
        // a group off the tree counts as alone (the kernel only asks for groups on the tree)
        return cfqd.tunables.targetLatency() * cfqg.weight / (totalWeight > 0 ? totalWeight : cfqg.weight);
    }

    /** {@code cfq_group_get_avg_queues}: rises at once, decays slowly (3/4 of the max plus 1/4 of the min). */
    long groupAvgQueues(CfqGroup cfqg, boolean rt) {
        WorkloadPrio prio = rt ? WorkloadPrio.RT : WorkloadPrio.BE;
        long busy = cfqg.busyQueues(prio);
        long avg = cfqg.busyQueuesAvg[prio.ordinal()];
        long minQ = Math.min(avg, busy);
        long maxQ = Math.max(avg, busy);
        int divisor = CfqTunables.CFQ_HIST_DIVISOR;
        avg = ((divisor - 1) * maxQ + minQ + divisor / 2) / divisor;
        cfqg.busyQueuesAvg[prio.ordinal()] = avg;
        return avg;
    }

    /** {@code cfq_scaled_cfqq_slice}: with low_latency, fit all interested queues in the group's slice. */
    long scaledSlice(CfqQueue cfqq) {
        long slice = prioSlice(cfqq);
        if (cfqd.tunables.lowLatency()) {
            long iq = groupAvgQueues(cfqq.cfqg, cfqq.classRt());
            long syncSlice = cfqd.tunables.sliceSync();
            long expectLatency = syncSlice * iq;
            long groupSlice = groupSlice(cfqq.cfqg);
            if (expectLatency > groupSlice) {
                long baseLowSlice = 2 * cfqd.tunables.sliceIdle();
                long lowSlice = Math.min(slice, baseLowSlice * slice / syncSlice);
                slice = Math.max(slice * groupSlice / expectLatency, lowSlice);
            }
        }
        return slice;
    }

    /** {@code cfq_set_prio_slice}: the slice starts now (at the first completion of the activation). */
    void setPrioSlice(CfqQueue cfqq) {
        long slice = scaledSlice(cfqq);
        long now = cfqd.now();
        cfqq.sliceStart = now;
        cfqq.sliceEnd = now + slice;
        cfqq.allocatedSlice = slice;
        if (cfqd.tracing()) {
            cfqd.log(cfqq, "set_slice=" + slice);
        }
    }

    /** {@code cfq_prio_to_maxrq}: async dispatches allowed per slice, 2 * slice_async_rq * (8 - prio). */
    long prioToMaxRq(CfqQueue cfqq) {
        return 2 * cfqd.tunables.sliceAsyncRq() * (CfqTunables.PRIO_LEVELS - cfqq.ioprio);
    }

    /** {@code cfq_scale_slice}: charge in vdisktime units, (charge << 12) * 500 / weight. */
    static long scaleCharge(long charge, CfqGroup cfqg) {
        return (charge << CfqTunables.CFQ_SERVICE_SHIFT) * CfqTunables.BLKIO_WEIGHT_DEFAULT / cfqg.weight;
    }
}
