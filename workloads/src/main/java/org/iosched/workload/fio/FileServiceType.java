package org.iosched.workload.fio;

/** fio's {@code file_service_type}: how a job with several files picks the file for the next I/O. */
enum FileServiceType {
    /** Round robin over the files, {@code N} I/Os each ({@code roundrobin:N}). */
    ROUNDROBIN,
    /** Finish one file before moving to the next. */
    SEQUENTIAL,
    /** A uniformly random file, {@code N} I/Os each ({@code random:N}). */
    RANDOM
}
