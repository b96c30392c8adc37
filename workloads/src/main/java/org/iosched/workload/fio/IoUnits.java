package org.iosched.workload.fio;

import java.util.random.RandomGenerator;
import org.iosched.api.WorkloadContext;

/**
 * What fio's io_u.c does with one job's I/O units around the engine: the direction of the next unit
 * ({@code get_rw_ddir}: fsync every N writes, the {@code rwmixread} cycle), a filled unit made ready for the
 * engine (the counters {@code td_io_queue} keeps, the job's or cmdprio's priority), and the reap
 * ({@code io_u_queued_complete}: {@code ios_completed}, {@code account_io_completion}) with slat, clat and lat as
 * fio measures them. Filling the unit (file, offset, length: {@code get_io_u}) is {@link JobFiles}'s; the units
 * and their queues are {@link IoQueue}'s. Allocates nothing per I/O.
 */
final class IoUnits {
    /** {@code DDIR_SYNC}: the direction of an fsync. */
    static final int FSYNC = 3;
    /** {@code DDIR_DATASYNC}: the direction of an fdatasync. */
    static final int FDATASYNC = 4;

    private final FioJob job;
    private final JobOptions o;
    private final WorkloadContext ctx;
    private final int index;
    private final JobFiles files;
    private final IoQueue queue;
    private final RateLimiter rate;
    private final JobLogs logs;

    /** {@code td->io_issues}: units issued per direction. */
    final long[] ioIssues = new long[Ddir.COUNT];
    /** {@code td->io_issue_bytes}: bytes issued per direction. */
    final long[] issueBytes = new long[Ddir.COUNT];
    /** {@code td->io_blocks}: units completed per direction. */
    final long[] ioBlocks = new long[Ddir.COUNT];
    /** {@code td->bytes_done}: bytes completed per direction. */
    final long[] bytesDone = new long[Ddir.COUNT];
    private int rwmixDdir;
    private long rwmixIssues;
    /** {@code td->last_was_sync}: the last unit done was an fsync or fdatasync. */
    boolean lastWasSync;
    /** The file of the last write, which an fsync every N writes syncs. */
    int lastWriteFile;

    private final RandomGenerator rwmixRandom;
    /** {@code td->prio_state}: cmdprio's per-I/O draw; null without cmdprio. */
    private final RandomGenerator cmdprioRandom;
    /** {@code td->ioprio}: the job-wide priority (prio/prioclass), 0 when neither is set. */
    private final int jobIoprio;

    IoUnits(FioJob job, JobFiles files, IoQueue queue, RateLimiter rate, JobLogs logs, RandomGenerator rwmixRandom,
            RandomGenerator cmdprioRandom, int jobIoprio) {
        this.job = job;
        this.o = job.o;
        this.ctx = job.ctx;
        this.index = job.index;
        this.files = files;
        this.queue = queue;
        this.rate = rate;
        this.logs = logs;
        this.rwmixRandom = rwmixRandom;
        this.cmdprioRandom = cmdprioRandom;
        this.jobIoprio = jobIoprio;
    }

    /** fio's {@code reset_all_stats} for the units: issue and completion counts start again. */
    void resetStats() {
        for (int d = 0; d < Ddir.COUNT; d++) {
            ioIssues[d] = 0;
            ioBlocks[d] = 0;
        }
        rwmixIssues = 0;
    }

    /** Units completed in every direction. */
    long blocksDone() {
        return ioBlocks[0] + ioBlocks[1] + ioBlocks[2];
    }

    /** Units issued in every direction. */
    long issued() {
        return ioIssues[0] + ioIssues[1] + ioIssues[2];
    }

    /** fio's {@code io_issue_bytes_exceeded} and {@code exceeds_number_ios}. */
    boolean limitReached() {
        if (o.numberIos > 0) {
            long ios = ioBlocks[0] + ioBlocks[1] + ioBlocks[2] + queue.busy();
            if (ios >= o.numberIos * o.loops) {
                return true;
            }
        }
        if (o.timeBased) {
            return false;
        }
        return relevantIssued() >= files.limitBytes();
    }

    /** The bytes issued in the directions the job's {@code rw} counts towards its size. */
    long relevantIssued() {
        if (o.rw.mixed()) {
            return issueBytes[0] + issueBytes[1];
        }
        if (o.rw.writes()) {
            return issueBytes[1];
        }
        return o.rw.reads() ? issueBytes[0] : issueBytes[2];
    }

    /** fio's {@code get_rw_ddir} without the rate part. */
    int chooseDirection() {
        if (!lastWasSync && o.rw.writes() && ioIssues[1] > 0) {
            if (o.fsyncBlocks > 0 && ioIssues[1] % o.fsyncBlocks == 0) {
                return FSYNC;
            }
            if (o.fdatasyncBlocks > 0 && ioIssues[1] % o.fdatasyncBlocks == 0) {
                return FDATASYNC;
            }
        }
        if (o.rw.mixed()) {
            if (ioIssues[rwmixDdir] >= rwmixIssues) {
                int d = 1 + (int) (100 * rwmixRandom.nextDouble()) <= o.rwmix[0] ? 0 : 1;
                if (d != rwmixDdir) {
                    rwmixIssues = ioIssues[rwmixDdir] * o.rwmix[rwmixDdir ^ 1] / 100;
                }
                rwmixDdir = d;
            }
            return rwmixDdir;
        }
        if (o.rw.reads()) {
            return 0;
        }
        return o.rw.writes() ? 1 : 2;
    }

    /**
     * A filled unit made ready for the engine: counted as issued ({@code td_io_queue}), its file call prepared
     * for the job's task, and its priority set ({@code io_u->ioprio}: the job's, or cmdprio's draw).
     */
    void prepare(IoUnit u) {
        int d = u.ddir;
        ioIssues[d]++;
        issueBytes[d] += u.length;
        rate.issued(d, u.length);
        FileState f = files.file(u.file);
        if (d == 1) {
            f.written = true;
            lastWriteFile = u.file;
        }
        u.io.prepare(Ddir.of(d).kind(), job.task(), f.handle, u.offset, u.length, o.direct, job);
        u.io.setAttachment(u);
        u.io.setSyncWrite(d == 1 && o.sync != SyncMode.NONE);
        u.io.setUserNanos(o.userNanos);
        u.io.setAsync(o.ioengine.async());
        u.ioprio = jobIoprio;
        if (cmdprioRandom != null) {
            int prio = Cmdprio.choose(o, d, u.length, cmdprioRandom);
            if (prio >= 0) {
                u.ioprio = prio;
                u.io.setIoPriority(prio);
            }
        }
    }

    /**
     * fio's {@code io_u_queued_complete}: reap up to {@code max} completed units, oldest first, each accounted
     * ({@code ios_completed}) and put back on the free list; the first I/O error fails the job.
     */
    void reap(int max) {
        long now = ctx.now();
        for (int i = 0; i < max; i++) {
            IoUnit u = queue.pollReaped();
            if (u == null) {
                return;
            }
            String err = u.io.error();
            if (err != null) {
                queue.release(u);
                if (job.error() == null) {
                    // fio's io_u_log_error then td_verror: the job stops at the first I/O error
                    job.failed("io_u error on file " + files.file(u.file).handle.path() + ": " + err + ": "
                            + Ddir.of(u.ddir).name().toLowerCase(java.util.Locale.ROOT) + " offset=" + u.offset
                            + ", buflen=" + u.length);
                }
                continue;
            }
            // fio measures slat for asynchronous engines only; with slat and lat both disabled nothing needs it
            long slat = o.ioengine.async() && !(o.disableSlat && o.disableLat) ? u.submitTime - u.prepTime : -1;
            long clat;
            long lat;
            if (o.ioengine.async()) {
                clat = now - u.submitTime;
                lat = slat >= 0 ? slat + clat : clat;
            } else {
                // fio's sync engines: clat from issue_time (the call's entry, after fio's own work for the unit),
                // lat from the unit's start
                long entered = u.io.enterTime();
                clat = u.completeTime - (entered >= u.prepTime ? entered : u.prepTime);
                lat = u.completeTime - u.prepTime;
            }
            account(u, now, slat, clat, lat);
            queue.release(u);
        }
    }

    /**
     * fio's {@code account_io_completion}: the unit's bytes and latencies into the job's statistics and logs
     * (not during {@code ramp_time}); {@code slat} is -1 where fio has none.
     */
    void account(IoUnit u, long now, long slat, long clat, long lat) {
        int d = u.ddir;
        ioBlocks[d]++;
        bytesDone[d] += u.length;
        lastWasSync = false;
        if (job.inRamp()) {
            return;
        }
        if (o.stats) {
            if (cmdprioRandom != null) {
                ctx.recordIo(index, Ddir.of(d).kind(), u.length, slat, clat, lat, u.ioprio);
            } else {
                ctx.recordIo(index, Ddir.of(d).kind(), u.length, slat, clat, lat);
            }
        }
        if (logs != null) {
            logs.io(d, u.length, u.offset, slat, clat, lat, (now - job.epoch()) / 1_000_000L);
        }
    }
}
