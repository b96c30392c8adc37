package org.iosched.simulator.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Which plugin hook a run is inside, for a watchdog on another thread: each guarded call writes the hook it
 * enters and counts the call; its return puts back the hook it interrupted. A watchdog that sees the same count
 * and a hook for longer than its limit has found a hook that does not return.
 *
 * <p>Cheap on the hot path: two plain-cost (opaque) field writes per call, no allocation, no lock; the
 * simulation never reads it, so it changes nothing in a run. Opaque access only promises that the other thread
 * sees the writes eventually, which is all a watchdog with a limit of seconds needs.
 */
public final class HookWatch {
    private static final VarHandle CALLS;
    private static final VarHandle CURRENT;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            CALLS = lookup.findVarHandle(HookWatch.class, "calls", long.class);
            CURRENT = lookup.findVarHandle(HookWatch.class, "current", Hook.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private long calls;
    private Hook current;

    /**
     * One hook of one plugin, made once when the plugin is wired (a guard holds one per hook).
     *
     * @param plugin the plugin's kind and name ({@code scheduler cfq})
     * @param hook   the method called ({@code dispatch}), or {@code timer} for a callback the plugin armed
     */
    public record Hook(String plugin, String hook) {
    }

    /**
     * A call of {@code hook} begins.
     *
     * @return the hook it interrupts (null outside any), to hand back to {@link #exit}
     */
    public Hook enter(Hook hook) {
        Hook interrupted = current;
        CALLS.setOpaque(this, calls + 1);
        CURRENT.setOpaque(this, hook);
        return interrupted;
    }

    /** The call begun by {@link #enter} returned (or threw): {@code interrupted} runs again. */
    public void exit(Hook interrupted) {
        CURRENT.setOpaque(this, interrupted);
    }

    /** Calls entered so far; read from any thread. */
    public long calls() {
        return (long) CALLS.getOpaque(this);
    }

    /** The hook running now, or null when the simulator's own code runs; read from any thread. */
    public Hook current() {
        return (Hook) CURRENT.getOpaque(this);
    }
}
