package org.iosched.runner;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.simulator.engine.HookWatch;
import org.junit.jupiter.api.Test;

class WatchdogTest {
    private long wall;
    private final Watchdog watchdog = new Watchdog(30, () -> wall, message -> { });
    private final HookWatch hooks = new HookWatch();
    private final HookWatch.Hook dispatch = new HookWatch.Hook("scheduler spin", "dispatch");

    @Test
    void aHookThatRunsLongerThanTheLimitIsNamed() {
        watchdog.watch(hooks);
        hooks.enter(hooks.id(dispatch));
        assertThat(watchdog.check()).isNull();
        wall += 29_999_999_999L;
        assertThat(watchdog.check()).isNull();
        wall += 1;

        assertThat(watchdog.check()).isEqualTo("iosched: scheduler spin has been inside its dispatch hook for more "
                + "than 30 s of wall-clock time (--watchdog); a plugin that does not return cannot be stopped, so "
                + "iosched ends here");
    }

    @Test
    void callsThatKeepReturningAreNotAHangHoweverLongTheRun() {
        watchdog.watch(hooks);
        for (int i = 0; i < 100; i++) {
            int interrupted = hooks.enter(hooks.id(dispatch));
            wall += 1_000_000_000L;
            assertThat(watchdog.check()).isNull();
            hooks.exit(interrupted);
        }
        assertThat(hooks.current()).isNull();
    }

    @Test
    void theSimulatorsOwnCodeIsNeverBlamedNorARunNoLongerWatched() {
        watchdog.watch(hooks);
        int interrupted = hooks.enter(hooks.id(dispatch));
        hooks.exit(interrupted);
        watchdog.check();
        wall += 100_000_000_000L;
        assertThat(watchdog.check()).isNull();

        hooks.enter(hooks.id(dispatch));
        watchdog.check();
        watchdog.unwatch(hooks);
        wall += 100_000_000_000L;
        assertThat(watchdog.check()).isNull();
    }

    @Test
    void aHookThatCallsAnotherIsNamedWhenItLoopsAfterTheInnerOneReturned() {
        watchdog.watch(hooks);
        HookWatch.Hook timer = new HookWatch.Hook("scheduler spin", "timer");
        hooks.enter(hooks.id(timer));
        int outer = hooks.enter(hooks.id(dispatch));
        hooks.exit(outer);
        watchdog.check();
        wall += 30_000_000_000L;

        assertThat(watchdog.check()).contains("inside its timer hook");
    }

    @Test
    void aLimitBeyondWhatNanosecondsHoldIsNoLimit() {
        Watchdog forever = new Watchdog(Long.MAX_VALUE, () -> wall, message -> { });
        forever.watch(hooks);
        hooks.enter(hooks.id(dispatch));
        forever.check();
        wall += Long.MAX_VALUE / 2;

        assertThat(forever.check()).isNull();
    }
}
