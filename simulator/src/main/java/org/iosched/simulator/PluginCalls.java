package org.iosched.simulator;

import java.util.function.Supplier;
import org.iosched.simulator.engine.HookWatch;
import org.iosched.simulator.engine.PluginGuard;

/** A plugin's hook called while a run is wired or collected: watched and blamed as the run's own calls are. */
final class PluginCalls {
    private PluginCalls() {
    }

    /** Calls {@code call} as the hook {@code hook} of the plugin {@code label}, naming it in what it throws. */
    static <T> T guarded(HookWatch hooks, String label, String hook, Supplier<T> call) {
        int interrupted = hooks.enter(hooks.id(new HookWatch.Hook(label, hook)));
        try {
            return call.get();
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, hook, e);
        } finally {
            hooks.exit(interrupted);
        }
    }
}
