package org.iosched.runner;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.iosched.simulator.engine.HookWatch;

/**
 * Notices a plugin hook that does not return: a scheduler (or device, or workload timer) looping inside one call.
 * It looks at each running simulation's {@link HookWatch} from its own daemon thread; a hook seen running with
 * no other call entered for longer than the limit of wall-clock time is reported in one line, and the process
 * ends (a thread looping in foreign code cannot be stopped). The wall clock is read here, outside the
 * simulations, which never see it. The limit is far above any honest hook call, which takes microseconds.
 *
 * <p>Limitations: it sees what the simulator's guards record (scheduler and device hooks, plugins' timers, the
 * plugins' create and start calls); a bio controller or a workload's completion callback that loops is not named.
 */
public final class Watchdog {
    /** The default limit of one hook call, in wall-clock seconds ({@code --watchdog}). */
    public static final int DEFAULT_SECONDS = 30;

    private record Sample(long calls, HookWatch.Hook hook, long since) {
    }

    private final long limitNanos;
    private final LongSupplier wallNanos;
    private final Consumer<String> onHang;
    private final Map<HookWatch, Sample> watched = new ConcurrentHashMap<>();
    private Thread thread;

    /**
     * @param limitSeconds the longest one hook call may run, in wall-clock seconds (at least 1)
     * @param wallNanos    the wall clock ({@link System#nanoTime()}; tests give their own)
     * @param onHang       told the one-line message when a hook ran too long (the runner prints it and halts)
     */
    public Watchdog(long limitSeconds, LongSupplier wallNanos, Consumer<String> onHang) {
        if (limitSeconds < 1) {
            throw new IllegalArgumentException("limitSeconds must be at least 1, not " + limitSeconds);
        }
        // a limit beyond what nanoseconds hold is no limit
        this.limitNanos = limitSeconds > Long.MAX_VALUE / 1_000_000_000L ? Long.MAX_VALUE
                : limitSeconds * 1_000_000_000L;
        this.wallNanos = wallNanos;
        this.onHang = onHang;
    }

    /** Watch a simulation about to run. */
    public void watch(HookWatch hooks) {
        watched.put(hooks, new Sample(-1, null, wallNanos.getAsLong()));
    }

    /** Stop watching a simulation that ended. */
    public void unwatch(HookWatch hooks) {
        watched.remove(hooks);
    }

    /**
     * One look at every watched simulation.
     *
     * @return the message for a hook that has run longer than the limit, or null
     */
    public String check() {
        long now = wallNanos.getAsLong();
        for (Map.Entry<HookWatch, Sample> entry : watched.entrySet()) {
            HookWatch hooks = entry.getKey();
            Sample last = entry.getValue();
            long calls = hooks.calls();
            HookWatch.Hook hook = hooks.current();
            if (hook == null || calls != last.calls() || hook != last.hook()) {
                // between hooks, or another call since the last look: a new sample starts now
                watched.replace(hooks, last, new Sample(calls, hook, now));
            } else if (now - last.since() >= limitNanos) {
                return "iosched: " + hook.plugin() + " has been inside its " + hook.hook() + " hook for more than "
                        + limitNanos / 1_000_000_000L + " s of wall-clock time (--watchdog); a plugin that does not "
                        + "return cannot be stopped, so iosched ends here";
            }
        }
        return null;
    }

    /** Start the watching thread (a daemon): it looks four times per limit, at least once a second. */
    public synchronized void start() {
        if (thread != null) {
            return;
        }
        long periodMillis = Math.max(1, Math.min(1000, limitNanos / 4_000_000L));
        thread = new Thread(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    Thread.sleep(periodMillis);
                    String hang = check();
                    if (hang != null) {
                        onHang.accept(hang);
                        return;
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "iosched-watchdog");
        thread.setDaemon(true);
        thread.start();
    }

    /** Stop the watching thread. */
    public synchronized void stop() {
        if (thread != null) {
            thread.interrupt();
            thread = null;
        }
    }
}
