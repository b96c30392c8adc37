package org.iosched.biocontrol;

import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.Task;

/**
 * A task that keeps {@code depth} bios of {@code sectors} outstanding (direct I/O with an iodepth), each
 * one after the last, until {@link #stop}; a controller may put it to sleep while it submits.
 */
public final class GreedyReader {
    private final FakeBioLayer layer;
    private final Task task;
    private final Op op;
    private final int flags;
    private final int depth;
    private final int sectors;
    private long nextSector;
    private int inFlight;
    private boolean stopped;
    private long submittedBios;
    private long completedBios;
    private long completedSectors;

    /**
     * @param layer     the bio layer
     * @param task      the submitting task
     * @param op        READ or WRITE
     * @param flags     request flags of every bio
     * @param depth     bios kept outstanding
     * @param sectors   sectors per bio
     * @param firstSector where the sequential stream starts
     */
    public GreedyReader(FakeBioLayer layer, Task task, Op op, int flags, int depth, int sectors, long firstSector) {
        this.layer = layer;
        this.task = task;
        this.op = op;
        this.flags = flags;
        this.depth = depth;
        this.sectors = sectors;
        this.nextSector = firstSector;
    }

    /** A sync reader of {@code sectors}-sector bios keeping {@code depth} outstanding. */
    public static GreedyReader reader(FakeBioLayer layer, Task task, int depth, int sectors) {
        return new GreedyReader(layer, task, Op.READ, 0, depth, sectors, (long) task.pid() << 24);
    }

    /** Starts submitting at the current virtual time. */
    public GreedyReader start() {
        layer.at(layer.now(), this::fill);
        return this;
    }

    /** Submits no more bios. */
    public void stop() {
        stopped = true;
    }

    private void fill() {
        while (!stopped && inFlight < depth && !layer.isSleeping(task)) {
            Bio bio = new Bio(op, flags, nextSector, sectors, task, this::done);
            nextSector += sectors;
            inFlight++;
            submittedBios++;
            if (layer.submit(bio, this::fill) == org.iosched.api.BioController.Admission.SLEEP) {
                return;
            }
        }
    }

    private void done(Bio bio, long completedAt) {
        inFlight--;
        completedBios++;
        completedSectors += bio.sectors();
        fill();
    }

    /** The task. */
    public Task task() {
        return task;
    }

    /** Bios created. */
    public long submittedBios() {
        return submittedBios;
    }

    /** Bios completed. */
    public long completedBios() {
        return completedBios;
    }

    /** Sectors completed. */
    public long completedSectors() {
        return completedSectors;
    }

    /** Bios submitted and not completed. */
    public int inFlight() {
        return inFlight;
    }
}
