package org.iosched.simulator.blk;

import org.iosched.api.Timer;
import org.iosched.simulator.cpu.Cpus;
import org.iosched.simulator.cpu.Workqueue;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.HookWatch;
import org.iosched.simulator.engine.PluginGuard;
import org.iosched.simulator.engine.SimTimer;

/**
 * A bio controller's timer as the kernel runs it: a delayed work item ({@code queue_delayed_work} on
 * {@code kthrotld} or {@code kioband}). The timer fires on the CPU that armed it and queues the work on that CPU's
 * worker thread; the controller's callback runs in the worker's step, once the worker has its CPU, so what it
 * passes down goes on in the worker's context with its CPU costs.
 *
 * <p>It keeps the {@link Timer} contract the controller sees: {@link #isPending()} holds from {@link #arm} until
 * the callback starts (a delayed work item is pending until its function runs), {@link #arm} re-arms and
 * {@link #cancel} cancels both the timer and a work item queued and not yet started.
 */
final class WorkerTimer implements Timer {
    private final EventQueue clock;
    private final Cpus cpus;
    private final Workqueue workers;
    private final SimTimer timer;
    private final Workqueue.Work work;
    private final int hook;
    private final String label;
    private final Runnable callback;
    private int armedOn;
    private long firedAt = -1;

    WorkerTimer(EventQueue clock, Cpus cpus, Workqueue workers, String label, Runnable callback) {
        this.clock = clock;
        this.cpus = cpus;
        this.workers = workers;
        this.label = label;
        this.callback = callback;
        this.hook = clock.hooks().id(new HookWatch.Hook(label, "timer"));
        this.timer = clock.newTimer(null, this::fired);
        this.work = workers.newWork(this::runCallback);
    }

    @Override
    public void arm(long atNanos) {
        workers.cancel(work);
        armedOn = cpus.currentCpu();
        timer.arm(atNanos);
    }

    @Override
    public void cancel() {
        timer.cancel();
        workers.cancel(work);
    }

    @Override
    public boolean isPending() {
        return timer.isPending() || work.pending();
    }

    @Override
    public long expiresAt() {
        if (timer.isPending()) {
            return timer.expiresAt();
        }
        return work.pending() ? firedAt : -1;
    }

    // delayed_work_timer_fn: on the CPU that armed it, the work goes to that CPU's worker
    private void fired() {
        firedAt = clock.now();
        int outer = cpus.enterInterrupt(armedOn);
        try {
            workers.runSoon(work);
        } finally {
            cpus.exitInterrupt(outer);
        }
    }

    private void runCallback() {
        HookWatch watch = clock.hooks();
        int interrupted = watch.enter(hook);
        try {
            callback.run();
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "timer", e);
        } finally {
            watch.exit(interrupted);
        }
    }
}
