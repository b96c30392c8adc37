package org.iosched.runner.report;

import java.util.List;

/**
 * The one place that says how iosched's fio-format reports differ from fio's: what the simulator does not
 * measure and what replaces it. Printed in the normal output's header and as {@code iosched.report_notes} in
 * JSON; the model limits of docs/output.md say the same.
 */
public final class ReportNotes {
    /** Every note, one line each. */
    public static final List<String> ALL = List.of(
            "dates are simulated time since the Unix epoch (UTC), not wall-clock time",
            "bw and iops samples are one per bwavgtime/iopsavgtime window of virtual time, each taken on time (normal-2011: one bw sample per job)",
            "not simulated, printed as 0: IO depths, submit, complete",
            "lat (nsec/usec/msec) distribution is counted from the clat histogram's bins");

    private ReportNotes() {
    }
}
