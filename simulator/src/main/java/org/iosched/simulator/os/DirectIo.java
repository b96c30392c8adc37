package org.iosched.simulator.os;

import org.iosched.api.Bio;
import org.iosched.api.BioEndIo;
import org.iosched.api.FileIo;
import org.iosched.api.Op;
import org.iosched.api.Task;
import org.iosched.simulator.engine.SimTimer;

/**
 * One file operation in flight in the direct-I/O model: the bios still to build (split every
 * {@code max_sectors} from the start of the I/O, as {@code bio_add_page} fills dio bios), the bios
 * outstanding, and the notifications owed to the workload. Both notifications ({@code submitted}, then
 * {@code completed}) are delivered by one timer at the current time, after the running event, in that
 * order. Recycled.
 */
final class DirectIo implements BioEndIo {
    private final DirectIoOsModel os;
    final SimTimer notifyTimer;

    FileIo io;
    Op op;
    int flags;
    long nextSector;
    long endSector;
    /** An empty FLUSH bio is still to be issued (fsync). */
    boolean flushPending;
    int biosIssued;
    int biosDone;
    boolean allIssued;
    boolean submitOwed;
    boolean completeOwed;
    boolean completed;
    DirectIo nextInTask;
    DirectIo nextFree;

    DirectIo(DirectIoOsModel os, SimTimer notifyTimer) {
        this.os = os;
        this.notifyTimer = notifyTimer;
    }

    void init(FileIo fileIo, Op bioOp, int bioFlags, long firstSector, long sectors, boolean flush) {
        this.io = fileIo;
        this.op = bioOp;
        this.flags = bioFlags;
        this.nextSector = firstSector;
        this.endSector = firstSector + sectors;
        this.flushPending = flush;
        this.biosIssued = 0;
        this.biosDone = 0;
        this.allIssued = false;
        this.submitOwed = false;
        this.completeOwed = false;
        this.completed = false;
        this.nextInTask = null;
    }

    boolean hasMoreBios() {
        return flushPending || nextSector < endSector;
    }

    Bio nextBio(int maxSectors) {
        Task task = io.task();
        biosIssued++;
        if (flushPending) {
            flushPending = false;
            return new Bio(Op.FLUSH, flags, 0, 0, task, this);
        }
        int sectors = (int) Math.min(maxSectors, endSector - nextSector);
        Bio bio = new Bio(op, flags, nextSector, sectors, task, this);
        nextSector += sectors;
        return bio;
    }

    @Override
    public void bioCompleted(Bio bio, long completedAt) {
        biosDone++;
        os.bioDone(this);
    }

    void owe(boolean submit, boolean complete) {
        if (submit) {
            submitOwed = true;
        }
        if (complete) {
            completeOwed = true;
        }
        if (!notifyTimer.isPending()) {
            notifyTimer.arm(os.now());
        }
    }
}
