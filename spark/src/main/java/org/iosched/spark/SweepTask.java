package org.iosched.spark;

import java.io.Serializable;
import org.iosched.api.InvalidInputException;
import org.iosched.runner.scenario.RunOutcome;

/**
 * What one Spark task sends back: the outcome of its simulation, or the user error it ended with (a run that
 * rejects its input is the user's mistake, reported as the local runner reports it, not a task failure to
 * retry).
 *
 * @param index       the run's place in the plan
 * @param outcome     the outcome, or null after an error
 * @param errorSource the error's file, or null
 * @param errorLine   the error's line
 * @param errorDetail the error's message without file and line, or null when the run succeeded
 */
record SweepTask(int index, RunOutcome outcome, String errorSource, int errorLine, String errorDetail)
        implements Serializable {
    static SweepTask success(int index, RunOutcome outcome) {
        return new SweepTask(index, outcome, null, 0, null);
    }

    static SweepTask failure(int index, InvalidInputException e) {
        return new SweepTask(index, null, e.source(), e.line(), e.detail());
    }

    /** The error as the exception the local runner throws. */
    InvalidInputException error() {
        return new InvalidInputException(errorSource, errorLine, errorDetail);
    }
}
