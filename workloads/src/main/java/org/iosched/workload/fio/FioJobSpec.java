package org.iosched.workload.fio;

import java.util.List;

/**
 * One fio job after {@code numjobs} cloning: what {@link FioJob} runs and what the report shows.
 *
 * @param index        0-based job index ({@code thread_number - 1})
 * @param name         the job's name ({@code name=} or the section name)
 * @param section      the section name (used in generated file names)
 * @param jobNumber    fio's {@code job_add_num}: 0 for the first clone, then {@code numjobs-1} down to 1
 * @param groupId      reporting group ({@code g=N})
 * @param options      the clone's options
 * @param files        file or device paths, in order
 * @param summary      fio's one-line description
 * @param logFiles     log file names, in the order fio creates them
 * @param source       the job file
 * @param line         the section header's line
 */
record FioJobSpec(int index, String name, String section, int jobNumber, int groupId, JobOptions options,
                  List<String> files, String summary, List<String> logFiles, String source, int line) {
    /** Copies the lists. */
    FioJobSpec {
        files = List.copyOf(files);
        logFiles = List.copyOf(logFiles);
    }

    /** fio's {@code thread_number}: 1-based, used in log file names. */
    int threadNumber() {
        return index + 1;
    }

    /** fio's {@code subjob_number} (used by {@code offset_increment}). */
    int subjobNumber() {
        return jobNumber;
    }
}
