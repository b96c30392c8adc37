package org.iosched.simulator.os;

import org.iosched.api.Bio;
import org.iosched.api.BioEndIo;
import org.iosched.api.FileIo;
import org.iosched.api.Op;
import org.iosched.simulator.engine.SimTimer;

/**
 * One system call in flight: a {@link FileIo} and where its kernel path has got to. The fields are those of
 * every path (direct I/O, buffered read, buffered write, fsync), reused from call to call. The workload's
 * notifications ({@code submitted}, then {@code completed}) are delivered by one timer, each once the CPU work
 * charged before it is done (the call's return on its task's CPU; at the current time outside a step), in that
 * order. Recycled.
 */
final class Syscall implements BioEndIo {
    /** Which kernel path runs the call. */
    enum Path { FAILED, DIRECT, READ, WRITE, FSYNC }

    private final Kernel kernel;
    final SimTimer notifyTimer;

    FileIo io;
    Path path;
    OpenFile file;
    Inode inode;
    int phase;

    // direct I/O: the bios to build, and those outstanding
    Op op;
    int flags;
    long nextOffset;
    long endOffset;
    int biosIssued;
    int biosDone;
    boolean allIssued;

    // buffered I/O: the byte range and the page being worked on
    long pos;
    long end;
    int page;
    /** Readahead window being submitted: next page to put in a bio, and the window's end. */
    int raNext;
    int raEnd;
    /** Synchronous readahead was tried for the current page (if it is still missing, it is read alone). */
    boolean syncReadaheadTried;
    /** The async readahead met an up-to-date marker page: unplug once its window is submitted. */
    boolean unplugAfterReadahead;

    // balance_dirty_pages
    long writeChunk;
    long pagesWritten;
    long pauseJiffies;
    int throttleState;
    long wakeAt;
    /** 6.6 balance_dirty_pages across its pause: the loop's jiffy, the next nr_dirtied_pause, task_ratelimit, wb_dirty. */
    long bdpNow;
    long bdpNextPause;
    long bdpTaskRatelimit;
    long bdpWbDirty;

    // fsync
    boolean datasync;
    int fromPage;
    int toPage;
    long waitSeq;
    boolean sawBusy;
    long tid;
    boolean needsBarrier;

    boolean submitOwed;
    boolean completeOwed;
    boolean completed;
    long submitAt;
    long completeAt;
    /** The system call's entry was charged (user time before it, entry, the copy of a write). */
    boolean entered;
    /** The io_submit batch the call belongs to (one entry for the batch). */
    long batch;
    Syscall nextInTask;
    Syscall nextReady;
    Syscall nextFree;
    /** The task that made the call (null for a call that failed before it was queued). */
    TaskContext owner;

    Syscall(Kernel kernel, SimTimer notifyTimer) {
        this.kernel = kernel;
        this.notifyTimer = notifyTimer;
    }

    void init(FileIo fileIo, Path kind, OpenFile openFile) {
        this.io = fileIo;
        this.path = kind;
        this.file = openFile;
        this.inode = openFile == null ? null : openFile.inode;
        this.phase = 0;
        this.owner = null;
        this.biosIssued = 0;
        this.biosDone = 0;
        this.allIssued = false;
        this.submitOwed = false;
        this.completeOwed = false;
        this.completed = false;
        this.entered = false;
        this.nextInTask = null;
        this.nextReady = null;
        this.pagesWritten = 0;
        this.writeChunk = 0;
        this.pauseJiffies = 1;
        this.throttleState = 0;
        this.sawBusy = false;
    }

    /** Whether every bio it issued itself has completed. */
    boolean ownBiosDone() {
        return biosDone == biosIssued;
    }

    @Override
    public void bioCompleted(Bio bio, long completedAt) {
        biosDone++;
        kernel.syscallBioDone(this);
    }

    /**
     * Owe the workload its notifications; they go out in an event once the CPU work charged so far is done (the
     * current time outside a task's step).
     */
    void owe(boolean submit, boolean complete) {
        long at = kernel.cpus.ready();
        // the task returns to user space from its step: a blocking call when it completes, io_submit and
        // io_getevents for asynchronous ones; blkcg_maybe_throttle_current sleeps there first
        if (owner != null && (complete || io.async()) && kernel.cpus.current() == owner.cpu) {
            at += owner.takeReturnDelay();
        }
        if (submit) {
            submitOwed = true;
            submitAt = at;
        }
        if (complete) {
            completeOwed = true;
            completeAt = at;
        }
        long next = submitOwed ? submitAt : completeAt;
        if (!notifyTimer.isPending() || notifyTimer.expiresAt() > next) {
            notifyTimer.arm(next);
        }
    }

    @Override
    public String toString() {
        return path + " " + io;
    }
}
