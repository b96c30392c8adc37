package org.iosched.simulator;

import org.iosched.simulator.engine.HookWatch;

/**
 * Watches one run from outside the simulation: a progress display, a stop on a signal, a watchdog. It is told
 * the run's {@link HookWatch} before anything runs, and is polled on the simulation's thread between events
 * (about every {@link org.iosched.simulator.engine.EventQueue#POLL_INTERVAL} events). It may read the wall
 * clock; it must not change the simulation, whose results are the same with or without it (unless it stops the
 * run).
 */
public interface RunMonitor {
    /** The run is about to start; {@code hooks} tells which plugin hook runs at any moment. */
    default void started(HookWatch hooks) {
    }

    /**
     * Between events.
     *
     * @param nowNanos  virtual time
     * @param bytesDone bytes the jobs have read, written and trimmed so far
     * @return true to stop the run now: it ends at {@code nowNanos}, results are collected with the jobs cut
     *         short and the notice "interrupted at ... s"
     */
    boolean poll(long nowNanos, long bytesDone);

    /** The run ended, normally or not (called from a {@code finally}). */
    default void ended(HookWatch hooks) {
    }
}
