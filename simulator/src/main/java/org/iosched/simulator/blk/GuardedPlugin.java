package org.iosched.simulator.blk;

import org.iosched.simulator.engine.HookWatch;
import org.iosched.simulator.engine.PluginGuard;

/**
 * The bookkeeping of a guard around a plugin (a device, a 3.0 elevator, a blk-mq scheduler): the plugin's label,
 * the ids of its hooks in the run's {@link HookWatch} (which hook runs now, for the runner's watchdog), and the
 * blame of what a hook threw ({@link PluginGuard}: the plugin named, a stack overflow included).
 *
 * <p>A subclass calls each hook of its delegate as
 * {@code int i = enter(id); try { ... } catch (RuntimeException | StackOverflowError e) { throw blame(name, e); }
 * finally { exit(i); }}: written out in each hook, with no lambda, so that a call allocates nothing.
 */
public abstract class GuardedPlugin {
    private final String label;
    private final HookWatch watch;

    /**
     * @param label the plugin's kind and name ({@code scheduler cfq}, {@code device hdd-7200})
     * @param watch the run's hook watch
     */
    protected GuardedPlugin(String label, HookWatch watch) {
        this.label = label;
        this.watch = watch;
    }

    /** The plugin's kind and name. */
    public final String label() {
        return label;
    }

    /** The watch's id of this plugin's hook {@code name}. */
    protected final int hook(String name) {
        return watch.id(new HookWatch.Hook(label, name));
    }

    /** The hook {@code id} starts; returns the hook it interrupts, for {@link #exit}. */
    protected final int enter(int id) {
        return watch.enter(id);
    }

    /** The hook ends; {@code interrupted} runs again. */
    protected final void exit(int interrupted) {
        watch.exit(interrupted);
    }

    /** What to throw for {@code e}, caught around the hook {@code name}. */
    protected final RuntimeException blame(String name, Throwable e) {
        return PluginGuard.blame(label, name, e);
    }
}
