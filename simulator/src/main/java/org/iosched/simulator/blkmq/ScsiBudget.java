package org.iosched.simulator.blkmq;

/**
 * The driver's dispatch budget as blk-mq asks for it ({@code blk_mq_get_dispatch_budget},
 * {@code blk_mq_put_dispatch_budget}), here SCSI's (drivers/scsi/scsi_lib.c: {@code scsi_mq_get_budget},
 * {@code scsi_mq_put_budget}, {@code scsi_device_unbusy}): the LUN's {@code queue_depth} budgets (1 for a SATA disk
 * without NCQ behind AHCI's 32 tags), taken before a request is pulled from the scheduler or a software queue and
 * given back when it was not issued or at its completion, which runs the queues again after a refusal
 * ({@code sdev->restarts}); and the device-blocked rule: after the device refused a command (a non-queued FLUSH
 * while NCQ commands run) nothing new is issued until its commands drain. Without a budget (NVMe) every request
 * gets one.
 *
 * <p>Limitations: SCSI counts {@code device_blocked} down over up to 3 attempts where the queue here runs at once
 * when the device drained.
 */
final class ScsiBudget {
    /** The LUN's dispatch budget ({@code sdev->queue_depth}), 0 without one (NVMe). */
    int depth;
    /** Budgets held: requests the driver holds, and pulled ones not yet issued ({@code sdev->budget_map}). */
    int held;
    /** {@code sdev->restarts}: a budget was refused; the next completion runs the queues. */
    boolean restart;

    /**
     * {@code scsi_mq_get_budget}: refused while the device is blocked with commands outstanding
     * ({@code device_blocked}) and when the LUN's {@code queue_depth} budgets are all held
     * ({@code scsi_dev_queue_ready}); a refusal counts in {@code sdev->restarts}, so that the next completion runs
     * the queues. The caller takes the budget with {@link #take}; {@link #put} or the request's completion gives it
     * back.
     */
    boolean get(Hctx h) {
        if (h.deviceBlocked && h.inFlight > 0) {
            return false;
        }
        if (depth > 0 && held >= depth) {
            restart = true;
            return false;
        }
        return true;
    }

    /** A budget {@link #get} granted is held. */
    void take() {
        if (depth > 0) {
            held++;
        }
    }

    /** {@code scsi_mq_put_budget}: a pulled request that was not issued, or a completed one, gives its budget back. */
    void put() {
        if (depth > 0) {
            held--;
        }
    }
}
