package org.iosched.simulator.os;

import org.iosched.api.Bio;
import org.iosched.api.BioEndIo;
import org.iosched.api.Task;
import org.iosched.simulator.engine.SimTimer;

/**
 * A task as the OS model runs it: its program (a user task's system calls, or a kernel thread's loop), what it
 * is blocked on, and the state every task carries in the kernel (its writeback control, its
 * {@code bdp_ratelimits} count). A blocked task is woken by {@link #wake()}: it runs again in an event at the
 * current time and re-checks what it waited for, as a kernel wait loop does. A task sleeping for a request
 * ({@code get_request_wait}) runs again only when the request queue queued its bio.
 *
 * <p>It is also the completion of the bios a kernel thread waits for itself (journal blocks, the commit
 * block): each completion wakes it.
 */
final class TaskContext implements BioEndIo {
    /** What a task does when it runs. */
    interface Program {
        /** Run until the task blocks or has nothing to do. */
        void run(TaskContext task);
    }

    final Kernel kernel;
    final Task task;
    private final SimTimer runTimer;
    private final Program program;
    final WritebackPass writeback;
    /** Sleeping in {@code get_request_wait}. */
    boolean sleepingForRequest;
    /** Own bios in flight (kernel threads). */
    int ownInFlight;
    /** Direct I/O was queued since the task last ran the queue. */
    boolean unplugOwed;
    /** {@code bdp_ratelimits}: pages dirtied since the last {@code balance_dirty_pages}. */
    int ratelimitCount;

    // a user task's system calls, in order
    Syscall head;
    Syscall tail;
    int batchDepth;

    TaskContext(Kernel kernel, Task task, Program program) {
        this.kernel = kernel;
        this.task = task;
        this.program = program;
        this.runTimer = kernel.clock.newTimer(null, this::run);
        this.writeback = new WritebackPass(this);
    }

    /** Make the task runnable: it runs after the current event. */
    void wake() {
        long now = kernel.clock.now();
        if (!runTimer.isPending() || runTimer.expiresAt() > now) {
            runTimer.arm(now);
        }
    }

    /** Sleep until {@code at} ({@code schedule_timeout}); an earlier wake-up runs it sooner. */
    void sleepUntil(long at) {
        if (!runTimer.isPending() || runTimer.expiresAt() > at) {
            runTimer.arm(at);
        }
    }

    /** Run the task now (it is not sleeping for a request). */
    void run() {
        if (sleepingForRequest) {
            return;
        }
        program.run(this);
    }

    /** Its bio was queued after a sleep for a request: continue at once, as the woken task does. */
    void resumed() {
        sleepingForRequest = false;
        run();
    }

    /**
     * {@code submit_bio} from this task, through the bio layer.
     *
     * @return false when the task now sleeps, for a request or in a bio controller (the bio goes on when it
     *         wakes)
     */
    boolean submit(Bio bio) {
        kernel.accounting.bioSubmitted(bio);
        if (!kernel.bioLayer.submit(bio)) {
            sleepingForRequest = true;
            return false;
        }
        return true;
    }

    /** Submit a bio whose completion this task waits for itself. */
    boolean submitOwn(Bio bio) {
        ownInFlight++;
        return submit(bio);
    }

    /** The task is about to wait for I/O: run the queue ({@code sync_page}, {@code blk_run_address_space}). */
    void unplug() {
        kernel.queue.unplug(task);
    }

    @Override
    public void bioCompleted(Bio bio, long completedAt) {
        ownInFlight--;
        wake();
    }

    @Override
    public String toString() {
        return task.toString();
    }
}
