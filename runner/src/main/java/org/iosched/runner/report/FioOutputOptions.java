package org.iosched.runner.report;

import org.iosched.api.InvalidInputException;
import org.iosched.api.JobDescriptor;

/**
 * The fio options that change only the report ({@code description}, {@code percentile_list},
 * {@code unified_rw_reporting}, {@code kb_base}, ...), checked before a run: a value fio rejects is an
 * error then rather than after the simulation, when the reports read it.
 */
public final class FioOutputOptions {
    private FioOutputOptions() {
    }

    /**
     * Checks {@code job}'s output options as fio's option parser would.
     *
     * @throws InvalidInputException naming the job, the option and what fio accepts
     */
    public static void check(JobDescriptor job) {
        ReportOptions.of(job);
    }
}
