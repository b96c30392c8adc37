package org.iosched.simulator.engine;

import org.iosched.api.Timer;

/**
 * A reusable one-shot timer of the {@link EventQueue}: the only kind of event the engine knows. Arming
 * re-queues it (a pending firing is moved, not duplicated); cancelling removes it from the queue at once
 * (slot-tracked removal), so a cancelled timer costs nothing later.
 */
public final class SimTimer implements Timer {
    final EventQueue queue;
    final String owner;
    final Runnable callback;
    /** The hook the watchdog sees while the callback runs ({@link HookWatch#id}); NONE for the simulator's own timers. */
    final int hook;
    /** When it fires, while armed. */
    long time = -1;
    /** Its slot in the queue while armed, else -1. */
    int slot = -1;

    SimTimer(EventQueue queue, String owner, Runnable callback) {
        this.queue = queue;
        this.owner = owner;
        this.callback = callback;
        this.hook = owner == null ? HookWatch.NONE : queue.hooks().id(new HookWatch.Hook(owner, "timer"));
    }

    /**
     * Arms the timer. A time in the past fires at the current time, as the kernel runs an already expired
     * {@code timer_list} at the next opportunity.
     */
    @Override
    public void arm(long atNanos) {
        queue.schedule(this, Math.max(atNanos, queue.now()));
    }

    @Override
    public void cancel() {
        if (slot >= 0) {
            queue.remove(this);
        }
    }

    @Override
    public boolean isPending() {
        return slot >= 0;
    }

    @Override
    public long expiresAt() {
        return slot >= 0 ? time : -1;
    }

    /** The plugin that owns the callback ({@code scheduler cfq}), or null for the simulator's own timers. */
    public String owner() {
        return owner;
    }

    @Override
    public String toString() {
        return "timer[" + (owner == null ? "simulator" : owner) + (slot >= 0 ? " @" + time : " idle") + "]";
    }
}
