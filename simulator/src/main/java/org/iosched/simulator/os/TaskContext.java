package org.iosched.simulator.os;

import org.iosched.api.Bio;
import org.iosched.api.BioEndIo;
import org.iosched.api.Task;
import org.iosched.simulator.cpu.CpuAccount;
import org.iosched.simulator.cpu.Cpus;
import org.iosched.simulator.engine.SimTimer;

/**
 * A task as the OS model runs it: its program (a user task's system calls, or a kernel thread's loop), what it
 * is blocked on, and the state every task carries in the kernel (its writeback control, its
 * {@code bdp_ratelimits} count). A blocked task is woken by {@link #wake()}: it runs again in an event at the
 * current time and re-checks what it waited for, as a kernel wait loop does. A task sleeping for a request
 * ({@code get_request_wait}) runs again only when the request queue queued its bio.
 *
 * <p>A task runs only on a CPU ({@link Cpus}): each run is a step on the CPU {@link Cpus#pick} chooses, once that
 * CPU is free and the task's previous step is done; the step first reaps the completions ready for the task
 * (a blocking call's return after its sleep, or one {@code io_getevents} for every asynchronous completion) and
 * runs a pending spin, then the program.
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
    final CpuAccount cpu;
    private final SimTimer runTimer;
    private final Program program;
    final WritebackPass writeback;
    /** Sleeping in {@code get_request_wait}. */
    boolean sleepingForRequest;
    /** Own bios in flight (kernel threads). */
    int ownInFlight;
    /** Direct I/O was queued since the task last ran the queue. */
    boolean unplugOwed;
    /** {@code blkcg_schedule_throttle}: the sleep owed at the task's next return to user space. */
    private long returnDelayNanos;
    /** {@code bdp_ratelimits}: pages dirtied since the last {@code balance_dirty_pages}. */
    int ratelimitCount;
    /** 6.6: {@code nr_dirtied}, {@code nr_dirtied_pause} (32 pages at fork), {@code dirty_paused_when} (jiffies). */
    long nrDirtied;
    long nrDirtiedPause = DirtyThrottle.DIRTY_POLL_THRESH;
    long dirtyPausedWhen;

    // a user task's system calls, in order
    Syscall head;
    Syscall tail;
    int batchDepth;
    /** The io_submit batch whose entry was charged last. */
    long enteredBatch = -1;

    // calls whose I/O completed, waiting for the task to return from them or reap them
    private Syscall readyHead;
    private Syscall readyTail;

    // a user-space spin: its CPU time, and what runs once it is done
    private long spinNanos;
    private Runnable spinDone;
    private SimTimer spinTimer;

    TaskContext(Kernel kernel, Task task, Program program) {
        this.kernel = kernel;
        this.task = task;
        this.program = program;
        this.cpu = kernel.accounting.cpu(task);
        this.runTimer = kernel.clock.newTimer(null, this::run);
        this.writeback = new WritebackPass(this);
    }

    /** Make the task runnable: it runs after the current event (try_to_wake_up, charged to the waker). */
    void wake() {
        if (!runTimer.isPending() && kernel.cpus.current() != cpu) {
            kernel.cpus.charge(kernel.cpus.wakeup);
        }
        long at = kernel.cpus.wakeAt();
        if (!runTimer.isPending() || runTimer.expiresAt() > at) {
            runTimer.arm(at);
        }
    }

    /** Sleep until {@code at} ({@code schedule_timeout}); an earlier wake-up runs it sooner. */
    void sleepUntil(long at) {
        if (!runTimer.isPending() || runTimer.expiresAt() > at) {
            runTimer.arm(at);
        }
    }

    /** Run the next step at {@code at} (the work charged so far is done then). */
    void continueAt(long at) {
        runTimer.arm(at);
    }

    /** Run now if no other step is running (the workload's call into the kernel), else as soon as possible. */
    void runOrWake() {
        if (runTimer.isPending()) {
            // it runs already when its turn comes (its CPU, its previous call's entry): calls keep their order
            return;
        }
        if (kernel.cpus.inStep()) {
            wake();
        } else {
            run();
        }
    }

    /** Run the task as a step on its CPU, or wait for the CPU (it is not sleeping for a request). */
    void run() {
        Cpus cpus = kernel.cpus;
        cpus.stopWaiting(cpu);
        if (sleepingForRequest) {
            return;
        }
        long now = kernel.clock.now();
        if (cpus.inStep()) {
            if (cpus.current() == cpu) {
                program.run(this);
            } else {
                runTimer.arm(now);
            }
            return;
        }
        long stepEnd = cpu.workUntil();
        if (stepEnd > now) {
            // its last step is not done (interrupts that preempted it included)
            runTimer.arm(stepEnd);
            return;
        }
        int on = cpus.pick(cpu);
        long free = cpus.freeAt(on);
        if (free > now) {
            // every CPU the task may use is busy: it waits its turn, or for another of them to go idle first
            cpus.waitFor(cpu, on, runTimer);
            return;
        }
        runTimer.cancel();
        cpus.begin(on, cpu, stepEnd < now);
        try {
            reap();
            if (spinDone != null) {
                spin();
            }
            program.run(this);
            if (readyHead != null) {
                reap();
            }
            kernel.queue.stepEnded(task);
        } finally {
            cpus.end();
        }
    }

    /** The I/O of {@code call} completed: the task returns from it (or reaps it) in its next step. */
    void completionReady(Syscall call) {
        call.nextReady = null;
        if (readyTail == null) {
            readyHead = call;
        } else {
            readyTail.nextReady = call;
        }
        readyTail = call;
        wake();
    }

    // a blocking call returns after its wake-up; every asynchronous completion ready is reaped by one io_getevents
    private void reap() {
        Cpus cpus = kernel.cpus;
        boolean getevents = false;
        Syscall call = readyHead;
        readyHead = null;
        readyTail = null;
        while (call != null) {
            Syscall next = call.nextReady;
            call.nextReady = null;
            if (call.io.async()) {
                if (!getevents) {
                    getevents = true;
                    cpus.charge(cpus.syscall);
                }
                cpus.charge(cpus.aioReap);
            }
            call.owe(false, true);
            call = next;
        }
    }

    /** Spin in user space for {@code nanos}, then run {@code done} (fio's {@code thinktime_spin}). */
    void startSpin(long nanos, Runnable done) {
        if (spinDone != null) {
            throw new IllegalStateException("task " + task + " is spinning already");
        }
        spinNanos = Math.max(0, nanos);
        spinDone = done;
        runOrWake();
    }

    private void spin() {
        kernel.cpus.chargeUser(spinNanos);
        spinNanos = 0;
        if (spinTimer == null) {
            spinTimer = kernel.clock.newTimer(null, this::spinEnded);
        }
        spinTimer.arm(kernel.cpus.ready());
    }

    private void spinEnded() {
        Runnable done = spinDone;
        spinDone = null;
        done.run();
    }

    /**
     * {@code blkcg_schedule_throttle}: an rq-qos policy (io.latency, io.cost) charged {@code nanos} of delay to the
     * task; it sleeps them at its next return to user space, at most 250 ms at once
     * ({@code blkcg_maybe_throttle_blkg}'s cap).
     */
    void addReturnDelay(long nanos) {
        if (nanos > 0) {
            returnDelayNanos = Math.min(MAX_RETURN_DELAY_NANOS, returnDelayNanos + nanos);
        }
    }

    /** The delay owed at this return to user space, now paid. */
    long takeReturnDelay() {
        long delay = returnDelayNanos;
        returnDelayNanos = 0;
        return delay;
    }

    /** {@code blkcg_maybe_throttle_blkg}: at most 250 ms of sleep per return to user space. */
    static final long MAX_RETURN_DELAY_NANOS = 250_000_000L;

    /** Its bio was queued after a sleep for a request: the woken task continues when it gets its CPU. */
    void resumed() {
        sleepingForRequest = false;
        wake();
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
