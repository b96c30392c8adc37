package org.iosched.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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
 * @param options        the job's options as written (after inheritance from {@code [global]}), for the output
 *                       stage to look up
 * @param logFiles       log files the job asked for ({@code write_bw_log} and friends), may be empty
 * @param jobOptions     fio's "job options": the options of the job's own section only, {@code name=value} in
 *                       the order fio parsed them, repeats kept (fio's {@code opt_list})
 * @param globalOptions  fio's "global options": the options of the job file's {@code [global]} sections,
 *                       {@code name=value} in the order fio parsed them; the same for every job of a file
 */
public record JobDescriptor(int index, String name, int groupId, boolean groupReporting, String summary,
                            Map<String, String> options, List<String> logFiles, List<String> jobOptions,
                            List<String> globalOptions) {
    /** Copies the collections. */
    public JobDescriptor {
        options = Map.copyOf(options);
        logFiles = List.copyOf(logFiles);
        jobOptions = List.copyOf(jobOptions);
        globalOptions = List.copyOf(globalOptions);
    }

    /**
     * A job whose options all count as its own (a workload without fio's {@code [global]}): "job options" are
     * {@code options} in name order, and there are no global options.
     */
    public JobDescriptor(int index, String name, int groupId, boolean groupReporting, String summary,
                         Map<String, String> options, List<String> logFiles) {
        this(index, name, groupId, groupReporting, summary, options, logFiles, byName(options), List.of());
    }

    private static List<String> byName(Map<String, String> options) {
        List<String> pairs = new ArrayList<>();
        for (Map.Entry<String, String> option : new TreeMap<>(options).entrySet()) {
            pairs.add(option.getKey() + "=" + option.getValue());
        }
        return pairs;
    }
}
