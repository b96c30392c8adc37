package org.iosched.workload.fio;

/**
 * fio's own user-space CPU time per I/O ({@link org.iosched.api.FileIo#setUserNanos}): the work between two system
 * calls (picking the offset and block size, filling the {@code io_u}, accounting the previous completion) plus its
 * clock reads. The OS model runs it on the job's CPU as user time, before the call's entry, scaled by its CPU speed
 * like every other cost.
 *
 * <p>Features: {@code userNanos = io_user_ns + reads × gettime_ns}, where {@code reads} is the clock reads fio makes
 * per I/O with all time keeping on: {@code start_time} when the unit is filled, {@code issue_time} before the
 * engine's queue call, the completion time, and for asynchronous engines the time after {@code io_submit} returns
 * that ends slat (3 for sync engines, 4 for libaio, posixaio and io_uring). With {@code gtod_reduce} (or clat, slat
 * and bw measurement all disabled, fio's {@code gtod_reduce()} test) fio makes "about 0.4% of the gettimeofday(2)
 * calls" (fio HOWTO, {@code gtod_reduce}), so the clock part is 0.4% of that.
 *
 * <p>Sources (2009–2011 desktop CPU, the era of the 2.6.32–3.0 stack):
 * <ul>
 *   <li>{@code gettime_ns} = 62 ns: one {@code gettimeofday} through the vsyscall on a 2011 x86-64 machine
 *       ("the 62 nanoseconds gettimeofday takes", Stack Overflow question 6498972, June 2011). fio 1.5x, the fio
 *       of that era, read the clock with {@code gettimeofday} ({@code clocksource=gettimeofday}).</li>
 *   <li>{@code io_user_ns} = 1500 ns: an estimate. The nearest published figure is fio's slat with an
 *       {@code io_submit} that only queues the iocb and returns (Ankit Jain, "[RFC][PATCH] Make io_submit
 *       non-blocking", LKML 2012-07-24, ext4 on a ramdisk, libaio): 1.65 µs average for reads, 1.85 µs for writes.
 *       That covers fio's queueing work, two clock reads and the minimal call; we take 1.65 µs less the two clock
 *       reads (124 ns), rounded down to 1.5 µs, for all of fio's own work per I/O, assuming the offset pick before
 *       {@code start_time} (not in slat) costs about what the minimal call's kernel part (charged by the OS model,
 *       not here) does.</li>
 * </ul>
 *
 * <p>Limitations: the {@code disable_*} options on their own do not lower the figure (only the {@code gtod_reduce()}
 * test does); {@code verify}, buffer refills ({@code refill_buffers}) and checksums are not modelled, nor is the
 * cost of fio's other threads (the status and disk-util threads).
 *
 * @param ioUserNanos  {@code fio.io_user_ns}
 * @param gettimeNanos {@code fio.gettime_ns}
 */
record FioCpuCosts(long ioUserNanos, long gettimeNanos) {
    /** Default of {@code fio.io_user_ns} (see the class comment for the source). */
    static final long DEFAULT_IO_USER_NANOS = 1500;
    /** Default of {@code fio.gettime_ns} (see the class comment for the source). */
    static final long DEFAULT_GETTIME_NANOS = 62;
    /** The costs with their defaults. */
    static final FioCpuCosts DEFAULTS = new FioCpuCosts(DEFAULT_IO_USER_NANOS, DEFAULT_GETTIME_NANOS);

    /** fio's clock reads per I/O with all time keeping on. */
    static int clockReads(IoEngine engine) {
        return engine.async() ? 4 : 3;
    }

    /** fio's user CPU time per I/O for a job with options {@code o} (after fixup of the measurement options). */
    long userNanos(JobOptions o) {
        long clock = clockReads(o.ioengine) * gettimeNanos;
        // gtod_reduce: "about 0.4% of the gettimeofday(2) calls" (fio HOWTO)
        return ioUserNanos + (o.gtodReduce ? clock * 4 / 1000 : clock);
    }
}
