package org.iosched.simulator.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Which plugin hook a run is inside, for a watchdog on another thread: each guarded call writes the hook it
 * enters and counts the call; its return puts back the hook it interrupted. A watchdog that sees the same count
 * and a hook for longer than its limit has found a hook that does not return.
 *
 * <p>Cheap on the hot path: two plain-cost (opaque) writes of primitives per call, no allocation, no lock, no
 * reference stored (a reference stored into a long-lived object pays the collector's write barrier, a fence
 * when the two sit in different regions); the simulation never reads it, so it changes nothing in a run. A
 * hook is known by a number that {@link #id} gives it when the plugin is wired. Opaque access only promises
 * that the other thread sees the writes eventually, which is all a watchdog with a limit of seconds needs.
 */
public final class HookWatch {
    private static final VarHandle CALLS;
    private static final VarHandle CURRENT;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            CALLS = lookup.findVarHandle(HookWatch.class, "calls", long.class);
            CURRENT = lookup.findVarHandle(HookWatch.class, "current", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** No hook: the simulator's own code runs. */
    public static final int NONE = -1;

    private long calls;
    private int current = NONE;
    /** The hooks by number, replaced whole when one is added, so that the watchdog's thread reads a full array. */
    private volatile Hook[] hooks = new Hook[0];
    /** The numbers by hook, used on the simulation's thread only (where the plugins are wired). */
    private final Map<Hook, Integer> ids = new HashMap<>();

    /**
     * One hook of one plugin, made once when the plugin is wired (a guard holds one per hook).
     *
     * @param plugin the plugin's kind and name ({@code scheduler cfq})
     * @param hook   the method called ({@code dispatch}), or {@code timer} for a callback the plugin armed
     */
    public record Hook(String plugin, String hook) {
    }

    /**
     * The number of {@code hook}, the same for equal hooks: given on the simulation's thread when a plugin is
     * wired (a guard keeps one per hook), not per call.
     */
    public int id(Hook hook) {
        Integer id = ids.get(hook);
        if (id != null) {
            return id;
        }
        Hook[] grown = Arrays.copyOf(hooks, hooks.length + 1);
        int n = grown.length - 1;
        grown[n] = hook;
        hooks = grown;
        ids.put(hook, n);
        return n;
    }

    /**
     * A call of the hook numbered {@code hook} ({@link #id}) begins.
     *
     * @return the hook it interrupts ({@link #NONE} outside any), to hand back to {@link #exit}
     */
    public int enter(int hook) {
        int interrupted = current;
        CALLS.setOpaque(this, calls + 1);
        CURRENT.setOpaque(this, hook);
        return interrupted;
    }

    /** The call begun by {@link #enter} returned (or threw): {@code interrupted} runs again. */
    public void exit(int interrupted) {
        CURRENT.setOpaque(this, interrupted);
    }

    /** Calls entered so far; read from any thread. */
    public long calls() {
        return (long) CALLS.getOpaque(this);
    }

    /** The hook running now, or null when the simulator's own code runs; read from any thread. */
    public Hook current() {
        int id = (int) CURRENT.getOpaque(this);
        Hook[] known = hooks;
        return id >= 0 && id < known.length ? known[id] : null;
    }
}
