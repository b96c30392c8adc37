package org.iosched.simulator.blk;

import org.iosched.api.Bio;
import org.iosched.api.DeviceInfo;
import org.iosched.api.Op;
import org.iosched.simulator.engine.InvariantViolationException;

/**
 * The bios that entered the queue and those that ended ({@code bio_endio}), and the invariant between them: no
 * bio ends more often than bios were submitted, and at the end of a normal run every one has ended.
 */
public final class BioLedger {
    private long submitted;
    private long completed;

    /**
     * A bio enters {@code generic_make_request}.
     *
     * @throws IllegalArgumentException for a bio beyond the device or larger than {@code max_hw_sectors}, which
     *                                  {@code __generic_make_request} rejects
     */
    public void submitted(Bio bio, DeviceInfo info) {
        if (bio.op() == Op.FLUSH) {
            if (bio.sectors() != 0) {
                throw new IllegalArgumentException("an empty FLUSH bio carries no sectors: " + bio);
            }
        } else if (bio.endSector() > info.capacitySectors()) {
            throw new IllegalArgumentException("bio beyond the end of device " + info.name() + " ("
                    + info.capacitySectors() + " sectors): " + bio);
        } else if (bio.sectors() > info.maxHwSectors()) {
            throw new IllegalArgumentException("bio of " + bio.sectors() + " sectors is larger than max_hw_sectors "
                    + info.maxHwSectors() + " of " + info.name() + "; the block layer rejects it: " + bio);
        }
        submitted++;
    }

    /**
     * A bio ends; its {@code bi_end_io} runs.
     *
     * @param device    the device plugin, named if it ended once too often
     * @param scheduler the scheduler plugin, named with it
     * @param before    told before {@code bi_end_io} runs
     */
    public void end(Bio bio, long now, String device, String scheduler, BioCompletionListener before) {
        completed++;
        if (completed > submitted) {
            throw new InvariantViolationException("more bios completed (" + completed + ") than were submitted ("
                    + submitted + "): " + bio + " completed twice; " + device + " and " + scheduler
                    + " were involved");
        }
        before.bioCompleted(bio);
        bio.endIo().bioCompleted(bio, now);
    }

    public long submittedCount() {
        return submitted;
    }

    public long completedCount() {
        return completed;
    }

    /** Throws when bios or requests are left at the end of a run. */
    public void checkDrained(int liveRequests, String where) {
        if (completed != submitted || liveRequests != 0) {
            throw new InvariantViolationException((submitted - completed) + " bios never completed and "
                    + liveRequests + " requests were never freed: " + where);
        }
    }
}
