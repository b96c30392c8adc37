package org.iosched.runner.report;

import org.iosched.simulator.result.JobResult;

/** What the reports read from a job's fio options. */
final class JobOptions {
    private JobOptions() {
    }

    /**
     * fio's {@code latency_depth}: the job's {@code iodepth} (default 1), which fio prints on the
     * "latency" line and as JSON {@code latency_depth}.
     */
    static long iodepth(JobResult job) {
        String value = job.job().options().get("iodepth");
        if (value == null) {
            return 1;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return 1;
        }
    }
}
