package org.iosched.runner.report;

import java.util.Map;
import java.util.TreeMap;
import org.iosched.simulator.JobResult;

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

    /**
     * The job's options for JSON "job options", in name order: {@code JobDescriptor} keeps them in a map
     * whose iteration order changes between JVM runs, and reports must be byte-identical.
     */
    static Map<String, String> sorted(JobResult job) {
        return new TreeMap<>(job.job().options());
    }
}
