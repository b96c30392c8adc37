package org.iosched.workload.fio;

/** fio's {@code exit_what}: which jobs {@code exitall} stops when a job finishes ({@code fio_terminate_threads}). */
enum ExitWhat {
    /** The jobs of the finishing job's reporting group, started or not. */
    GROUP,
    /** Every job that has started; jobs after the next stonewall still run. */
    STONEWALL,
    /** Every job, started or not. */
    ALL
}
