package org.iosched.api;

import java.util.List;
import java.util.Map;

/**
 * A job of a workload, declared before the run so that results can be reported the way fio reports
 * them.
 *
 * @param index          0-based index, the key workloads use in {@link WorkloadContext#recordIo}
 * @param name           job name ({@code [name]} in the job file)
 * @param groupId        fio's reporting group ({@code g=N})
 * @param groupReporting whether fio's {@code group_reporting} is set for it
 * @param summary        fio's one-line description, e.g.
 *                       {@code rw=randread, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=libaio, iodepth=32}
 * @param options        the job's options as written (after inheritance from {@code [global]}), for JSON output
 * @param logFiles       log files the job asked for ({@code write_bw_log} and friends), may be empty
 */
public record JobDescriptor(int index, String name, int groupId, boolean groupReporting, String summary,
                            Map<String, String> options, List<String> logFiles) {
    /** Copies the collections. */
    public JobDescriptor {
        options = Map.copyOf(options);
        logFiles = List.copyOf(logFiles);
    }
}
