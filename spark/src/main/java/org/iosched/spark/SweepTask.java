package org.iosched.spark;

import java.io.Serializable;
import org.iosched.api.InvalidInputException;
import org.iosched.runner.scenario.RunOutcome;
import org.iosched.simulator.engine.PluginFailureException;

/**
 * What one Spark task sends back: the outcome of its simulation, or the user error or plugin failure it ended
 * with (reported as the local runner reports them, not task failures for Spark to retry).
 *
 * @param index       the run's place in the plan
 * @param outcome     the outcome, or null after an error
 * @param errorSource the error's file, or null
 * @param errorLine   the error's line
 * @param errorDetail the error's message without file and line, or null when the run succeeded
 * @param plugin      the plugin that threw ({@code scheduler deadline}), or null for a user error
 */
record SweepTask(int index, RunOutcome outcome, String errorSource, int errorLine, String errorDetail,
                 String plugin) implements Serializable {
    static SweepTask success(int index, RunOutcome outcome) {
        return new SweepTask(index, outcome, null, 0, null, null);
    }

    static SweepTask failure(int index, InvalidInputException e) {
        return new SweepTask(index, null, e.source(), e.line(), e.detail(), null);
    }

    /** A plugin threw: not retried, since the same run throws the same way on any node. */
    static SweepTask failure(int index, String rowLabel, long seed, PluginFailureException e) {
        String what = e.getMessage().startsWith(e.plugin() + " ") ? e.getMessage().substring(e.plugin().length() + 1)
                : e.getMessage();
        return new SweepTask(index, null, null, 0, what + " (row '" + rowLabel + "', seed " + seed + ")", e.plugin());
    }

    /** The error as the exception the local runner throws. */
    RuntimeException error() {
        return plugin != null ? new PluginFailureException(plugin, errorDetail, null)
                : new InvalidInputException(errorSource, errorLine, errorDetail);
    }
}
