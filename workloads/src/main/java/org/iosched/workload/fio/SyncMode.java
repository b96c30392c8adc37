package org.iosched.workload.fio;

/** fio's {@code sync} option: how files are opened for writing. */
enum SyncMode {
    /** Plain buffered or direct writes. */
    NONE,
    /** {@code O_SYNC}. */
    SYNC,
    /** {@code O_DSYNC}: passed to the OS model as {@code O_SYNC} (the API has one synchronous-write flag). */
    DSYNC
}
