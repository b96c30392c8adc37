package org.iosched.runner.report;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.iosched.simulator.result.JobResult;
import org.iosched.simulator.result.SimulationResult;

/**
 * Report notes about output options a job set whose effect the report cannot show as fio would, one line
 * each, in job order, once per option and value of a job name (numjobs clones share theirs). Printed after
 * {@link ReportNotes} in the normal output's header and in JSON's {@code iosched.report_notes}.
 */
final class OptionNotices {
    /** Which fio the report reads like. */
    enum Layout {
        /** fio 3.x ({@code normal}, {@code json}, {@code json+}). */
        FIO3,
        /** fio 1.5x ({@code normal-2011}). */
        FIO_2011
    }

    /** Output options fio 1.5x did not have (they came with fio 2.x and 3.x). */
    private static final List<String> NOT_IN_FIO_15X = List.of("lat_percentiles", "slat_percentiles",
            "significant_figures", "unified_rw_reporting", "unit_base", "iopsavgtime", "block_error_percentiles");

    private OptionNotices() {
    }

    /** The notes for {@code result}'s jobs. */
    static List<String> of(SimulationResult result, Layout layout) {
        Set<String> notes = new LinkedHashSet<>();
        for (JobResult job : result.jobs()) {
            ReportOptions options = ReportOptions.of(job.job());
            String who = " (job '" + job.job().name() + "'): ";
            if (layout == Layout.FIO_2011) {
                for (Map.Entry<String, String> written : options.written().entrySet()) {
                    if (NOT_IN_FIO_15X.contains(written.getKey())) {
                        notes.add(written.getKey() + "=" + written.getValue() + who
                                + "fio 1.5x had no such option; the normal-2011 layout does not show it");
                    }
                }
            }
            if (layout == Layout.FIO_2011 && options.percentileList() != null && !options.clatPercentilesWritten()) {
                notes.add("percentile_list=" + options.written().get("percentile_list") + who
                        + "fio 1.58 printed percentiles only with clat_percentiles=1; the normal-2011 layout"
                        + " prints none");
            }
            // fio 3.x's layouts show the samples per bwavgtime/iopsavgtime window; the 1.5x one a job's average
            if (options.bwAvgTime() != null && layout == Layout.FIO_2011) {
                notes.add("bwavgtime=" + options.bwAvgTime() + who + "accepted, but the normal-2011 layout's bw"
                        + " statistics hold one sample per job over its whole runtime, not one per "
                        + options.bwAvgTime() + " ms window");
            }
            if (options.blockErrorPercentiles() && layout == Layout.FIO3) {
                notes.add("block_error_percentiles=1" + who + "accepted, but no block lifetime percentiles are"
                        + " printed: the simulator keeps no per-block trim state");
            }
        }
        return List.copyOf(notes);
    }
}
