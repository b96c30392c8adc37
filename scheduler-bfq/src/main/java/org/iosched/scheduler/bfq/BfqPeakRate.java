package org.iosched.scheduler.bfq;

import org.iosched.api.Request;

/**
 * Peak rate estimation and hardware-tag detection: the device's rate sampled at every dispatch from a queue
 * ({@code bfq_update_peak_rate}, {@code bfq_update_rate_reset}, {@code bfq_reset_rate_computation}), from which
 * {@code max_budget} is auto-tuned ({@code update_thr_responsiveness_params}, {@code bfq_calc_max_budget}) and the
 * raising duration derived; whether the device queues requests ({@code bfq_update_hw_tag}, at every completion).
 */
final class BfqPeakRate {
    private final BfqData bfqd;

    BfqPeakRate(BfqData bfqd) {
        this.bfqd = bfqd;
    }

    /** {@code bfq_reset_rate_computation}: a new observation interval starting with {@code node} (or none). */
    private void resetRateComputation(BfqRequest node) {
        if (node != null) {
            bfqd.lastDispatch = bfqd.now();
            bfqd.firstDispatch = bfqd.lastDispatch;
            bfqd.peakRateSamples = 1;
            bfqd.sequentialSamples = 0;
            bfqd.totSectorsDispatched = node.rq.sectors();
            bfqd.lastRqMaxSize = node.rq.sectors();
        } else {
            bfqd.peakRateSamples = 0;
        }
        if (bfqd.tracing()) {
            bfqd.log("reset_rate_computation at end, sample " + bfqd.peakRateSamples + "/" + bfqd.sequentialSamples
                    + " tot_sects " + bfqd.totSectorsDispatched);
        }
    }

    /** {@code bfq_update_rate_reset}: fold the interval's rate into the peak rate if it is reliable, then reset. */
    void updateRateReset(BfqRequest node) {
        if (bfqd.peakRateSamples >= Bfq.RATE_MIN_SAMPLES && bfqd.deltaFromFirst >= Bfq.RATE_MIN_INTERVAL) {
            bfqd.deltaFromFirst = Math.max(bfqd.deltaFromFirst, bfqd.lastCompletion - bfqd.firstDispatch);
            long deltaUs = Math.max(1, bfqd.deltaFromFirst / 1000);
            long rate = (bfqd.totSectorsDispatched << Bfq.RATE_SHIFT) / deltaUs;
            if (!((bfqd.sequentialSamples < (3 * bfqd.peakRateSamples) >> 2 && rate <= bfqd.peakRate)
                    || rate > 20L << Bfq.RATE_SHIFT)) {
                long weight = (9L * bfqd.sequentialSamples) / bfqd.peakRateSamples;
                weight = Math.min(8, weight * bfqd.deltaFromFirst / Bfq.RATE_REF_INTERVAL);
                long divisor = 10 - weight;
                bfqd.peakRate = bfqd.peakRate * (divisor - 1) / divisor;
                bfqd.peakRate += rate / divisor;
                bfqd.peakRate = Math.max(1, bfqd.peakRate);
                updateThrResponsivenessParams();
            }
        }
        resetRateComputation(node);
    }

    /** {@code update_thr_responsiveness_params} with {@code bfq_calc_max_budget}. */
    private void updateThrResponsivenessParams() {
        if (bfqd.userMaxBudget == 0) {
            bfqd.maxBudget = bfqd.peakRate * 1000 * bfqd.jiffies.toMillis(bfqd.timeout) >> Bfq.RATE_SHIFT;
            if (bfqd.tracing()) {
                bfqd.log("new max_budget = " + bfqd.maxBudget);
            }
        }
    }

    /** {@code bfq_update_peak_rate}, at every dispatch from a queue. */
    void updatePeakRate(BfqRequest node) {
        long nowNs = bfqd.now();
        Request rq = node.rq;
        if (bfqd.peakRateSamples == 0) {
            if (bfqd.tracing()) {
                bfqd.log("update_peak_rate: goto reset, samples " + bfqd.peakRateSamples);
            }
            resetRateComputation(node);
        } else if (nowNs - bfqd.lastDispatch > 100 * Bfq.NSEC_PER_MSEC && bfqd.totRqInDriver == 0) {
            updateRateReset(node);
        } else {
            bfqd.peakRateSamples++;
            if ((bfqd.totRqInDriver > 0 || nowNs - bfqd.lastCompletion < Bfq.MIN_TT)
                    && !bfqd.idling.rqSeeky(bfqd.lastPosition, rq)) {
                bfqd.sequentialSamples++;
            }
            bfqd.totSectorsDispatched += rq.sectors();
            if (bfqd.peakRateSamples % 32 != 0) {
                bfqd.lastRqMaxSize = Math.max(rq.sectors(), bfqd.lastRqMaxSize);
            } else {
                bfqd.lastRqMaxSize = rq.sectors();
            }
            bfqd.deltaFromFirst = nowNs - bfqd.firstDispatch;
            if (bfqd.deltaFromFirst >= Bfq.RATE_REF_INTERVAL) {
                updateRateReset(node);
            }
        }
        bfqd.lastPosition = rq.sector() + rq.sectors();
        if (node.queue == bfqd.inServiceQueue) {
            bfqd.inServLastPos = bfqd.lastPosition;
        }
        bfqd.lastDispatch = nowNs;
    }

    /** {@code bfq_update_hw_tag}: after 32 samples with enough requests around, whether the device queues. */
    void updateHwTag() {
        BfqQueue bfqq = bfqd.inServiceQueue;
        bfqd.maxRqInDriver = Math.max(bfqd.maxRqInDriver, bfqd.totRqInDriver);
        if (bfqd.hwTag == 1) {
            return;
        }
        if (bfqd.totRqInDriver + bfqd.queued <= Bfq.HW_QUEUE_THRESHOLD) {
            return;
        }
        if (bfqq != null && bfqq.hasShortTtime
                && bfqq.dispatched + bfqq.queued[0] + bfqq.queued[1] < Bfq.HW_QUEUE_THRESHOLD
                && bfqd.totRqInDriver < Bfq.HW_QUEUE_THRESHOLD) {
            return;
        }
        if (bfqd.hwTagSamples++ < Bfq.HW_QUEUE_SAMPLES) {
            return;
        }
        bfqd.hwTag = bfqd.maxRqInDriver > Bfq.HW_QUEUE_THRESHOLD ? 1 : 0;
        bfqd.maxRqInDriver = 0;
        bfqd.hwTagSamples = 0;
        bfqd.nonrotWithQueueing = bfqd.nonrot && bfqd.hwTag == 1;
    }
}
