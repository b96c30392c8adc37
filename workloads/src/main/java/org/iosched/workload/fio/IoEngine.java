package org.iosched.workload.fio;

import java.util.Set;

/**
 * The fio I/O engines iosched models. Synchronous engines issue one blocking call at a time (fio reports
 * no submission latency for them); asynchronous ones keep up to {@code iodepth} I/Os in flight.
 */
enum IoEngine {
    /** {@code read}/{@code write} after {@code lseek}. */
    SYNC("sync", false, Set.of()),
    /** {@code pread}/{@code pwrite}: fio's default on Linux. */
    PSYNC("psync", false, Set.of()),
    /** {@code readv}/{@code writev}. */
    VSYNC("vsync", false, Set.of()),
    /** {@code preadv}/{@code pwritev}. */
    PVSYNC("pvsync", false, Set.of()),
    /** {@code preadv2}/{@code pwritev2}. */
    PVSYNC2("pvsync2", false, Set.of("hipri", "hipri_percentage", "uncached", "nowait")),
    /** Linux native AIO ({@code io_submit}/{@code io_getevents}). */
    LIBAIO("libaio", true, Set.of("userspace_reap", "cmdprio_percentage", "cmdprio_class", "cmdprio",
            "cmdprio_bssplit", "nowait")),
    /** POSIX AIO ({@code aio_read}/{@code aio_write}). */
    POSIXAIO("posixaio", true, Set.of()),
    /** io_uring: modelled as an asynchronous engine like libaio (the kernels modelled predate it). */
    IO_URING("io_uring", true, Set.of("hipri", "cmdprio_percentage", "cmdprio_class", "cmdprio",
            "cmdprio_bssplit", "fixedbufs", "registerfiles", "sqthread_poll", "sqthread_poll_cpu",
            "nonvectored", "uncached", "nowait", "force_async")),
    /** fio's testing engine: every I/O completes at once without reaching the device. */
    NULL("null", false, Set.of());

    /** fio engines that exist but iosched does not model. */
    static final Set<String> UNMODELLED = Set.of("mmap", "splice", "netsplice", "sg", "net", "cpuio", "rdma",
            "librpma_apm", "librpma_gpspm", "e4defrag", "falloc", "gfapi", "gfapi_async", "libhdfs", "ime_psync",
            "ime_psyncv", "ime_aio", "dev-dax", "filecreate", "filestat", "filedelete", "dircreate", "dirstat",
            "dirdelete", "external", "libpmem", "http", "nbd", "dfs", "nfs", "xnvme", "rbd", "rados", "solarisaio",
            "windowsaio", "io_uring_cmd", "libiscsi", "libblkio", "libzbc", "mtd", "exec", "libcufile", "ftruncate",
            "guasi", "binject", "syslet-rw");

    private final String fioName;
    private final boolean async;
    private final Set<String> engineOptions;

    IoEngine(String fioName, boolean async, Set<String> engineOptions) {
        this.fioName = fioName;
        this.async = async;
        this.engineOptions = engineOptions;
    }

    /** The engine's name as fio prints it. */
    String fioName() {
        return fioName;
    }

    /** Whether up to {@code iodepth} I/Os are kept in flight. */
    boolean async() {
        return async;
    }

    /** The engine-private options fio accepts for this engine. */
    Set<String> engineOptions() {
        return engineOptions;
    }

    /** The engine named {@code name}, or null. */
    static IoEngine parse(String name) {
        for (IoEngine e : values()) {
            if (e.fioName.equals(name)) {
                return e;
            }
        }
        return null;
    }

    /** The engine names iosched models, for error messages. */
    static String accepted() {
        return "sync, psync, vsync, pvsync, pvsync2, libaio, posixaio, io_uring, null";
    }
}
