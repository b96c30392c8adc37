package org.iosched.api;

/**
 * A storage device below the request queue: it accepts up to {@link DeviceInfo#queueDepth()} commands
 * and completes each at a simulated time through {@link DeviceContext#complete(Request)}.
 *
 * <p>Requests arrive with {@link Op#READ}, {@link Op#WRITE} (possibly {@link RequestFlags#FUA}),
 * {@link Op#FLUSH} (empty cache flush) or {@link Op#DISCARD}. PREFLUSH sequencing is the block layer's
 * job: a device never sees {@link RequestFlags#PREFLUSH}.
 */
public interface BlockDevice {
    /** Facts the block layer and schedulers may read. */
    DeviceInfo info();

    /**
     * Whether the device would take {@code rq} now, given {@code inFlight} commands it already holds.
     * The default allows up to the queue depth. A device refuses, for instance, a non-queued command
     * (FLUSH on SATA NCQ) while queued commands run ({@code ata_std_qc_defer}); the block layer then
     * leaves the request at the head of the dispatch queue until a completion or {@link DeviceContext#ready()}.
     */
    default boolean canAccept(Request rq, int inFlight) {
        return inFlight < info().queueDepth();
    }

    /**
     * Linux 6.6's blk-mq: how many hardware (submission) queues the driver sets up on a machine of
     * {@code cpuCount} CPUs ({@code tag_set->nr_hw_queues}); the block layer spreads the CPUs over them. The
     * default is one queue, as SATA/AHCI and SCSI drivers have; NVMe has one per CPU up to the controller's count.
     * The 2.6.3x stack never asks.
     */
    default int hardwareQueues(int cpuCount) {
        return 1;
    }

    /**
     * Linux 6.6's blk-mq: driver tags per hardware queue ({@code tag_set->queue_depth}); by default
     * {@link DeviceInfo#queueDepth()}. With several hardware queues, {@link #canAccept} is asked with the requests
     * in flight on the request's own queue ({@link Request#hardwareQueue()}).
     */
    default int hardwareQueueDepth() {
        return info().queueDepth();
    }

    /**
     * Linux 6.6's blk-mq: the driver's dispatch budget ({@code get_budget}), 0 for none. SCSI and SATA have one per
     * LUN, {@code sdev->queue_depth} ({@code scsi_mq_get_budget}): a SATA disk without NCQ has a budget of 1 while
     * its host's tag set has 32 tags (AHCI's {@code can_queue}), so requests stay in the scheduler until the disk
     * takes one. NVMe has none (the default). The 2.6.3x stack never asks.
     */
    default int dispatchBudget() {
        return 0;
    }

    /** Start {@code rq}; the device must later complete it exactly once. */
    void submit(Request rq);

    /** Statistics the device keeps beyond the block layer's (cache hits, GC, ...), name to value. */
    default java.util.Map<String, Number> statistics() {
        return java.util.Map.of();
    }
}
