package org.iosched.workload.fio;

import org.iosched.api.Timer;
import org.iosched.api.WorkloadContext;

/**
 * A job's pauses between I/Os: fio's {@code handle_thinktime} (backend.c: every {@code thinktime_blocks} units,
 * quiesce, spin {@code thinktime_spin} on the job's CPU, then sleep the rest of {@code thinktime}) and the sleeps
 * the rate limit asks for ({@code rate_ddir}'s wait before an I/O, through the same quiesce-then-sleep). A sleep
 * ends at the job's runtime at the latest; with {@code rate_ignore_thinktime} the time thought is credited to
 * the rate. The job waits in {@link FioJob.Wait#QUIESCE}, {@link FioJob.Wait#SPIN} and
 * {@link FioJob.Wait#SLEEP} meanwhile.
 */
final class ThinkTime {
    private final FioJob job;
    private final JobOptions o;
    private final WorkloadContext ctx;
    private final IoUnits units;
    private final IoQueue queue;
    private final RateLimiter rate;
    private final Timer sleepTimer;
    private final Timer runtimeTimer;

    /** What to sleep once the queue is quiesced, µs (-1: nothing). */
    private long sleepAfterQuiesce = -1;
    /** {@code thinktime_spin} before the sleep that follows the quiesce, µs (0: none). */
    private long spinAfterQuiesce;
    /** What is left of {@code thinktime} to sleep once the spin is done, µs. */
    private long sleepAfterSpin;
    private final Runnable spinDone = this::spinDone;
    /** The direction whose rate a thinktime is credited to ({@code rate_ignore_thinktime}); -1 for a rate sleep. */
    private int sleepDdir = -1;

    ThinkTime(FioJob job, IoUnits units, IoQueue queue, RateLimiter rate, Timer sleepTimer, Timer runtimeTimer) {
        this.job = job;
        this.o = job.o;
        this.ctx = job.ctx;
        this.units = units;
        this.queue = queue;
        this.rate = rate;
        this.sleepTimer = sleepTimer;
        this.runtimeTimer = runtimeTimer;
    }

    /** fio's {@code handle_thinktime} after a unit of direction {@code d}: every {@code thinktime_blocks} units. */
    void handle(int d) {
        if (d < IoUnits.FSYNC && o.thinktime > 0) {
            long b = o.thinktimeBlocksIssue ? units.issued() : units.blocksDone();
            if (b % o.thinktimeBlocks == 0) {
                sleepDdir = d;
                quiesceThenThink(o.thinktimeSpin, o.thinktime);
            }
        }
    }

    /** The rate limit's wait before the next I/O ({@code rate_ddir}): quiesce, then sleep {@code micros}. */
    void rateSleep(long micros) {
        sleepDdir = -1;
        quiesceThenSleep(micros);
    }

    /** A quiesce for another reason (an fsync, the end of the job): nothing to sleep after it. */
    void noSleepAfterQuiesce() {
        sleepAfterQuiesce = -1;
    }

    /** {@code exitall} cut a sleep short: neither the spin nor the sleep after a quiesce is due any more. */
    void cancel() {
        sleepAfterQuiesce = -1;
        spinAfterQuiesce = 0;
    }

    /** The queue is quiesced: think if a thinktime was waiting for it; returns whether the job may go on. */
    boolean quiesced() {
        if (sleepAfterQuiesce >= 0) {
            long us = sleepAfterQuiesce;
            long spin = spinAfterQuiesce;
            sleepAfterQuiesce = -1;
            spinAfterQuiesce = 0;
            return !think(spin, us);
        }
        return true;
    }

    private void quiesceThenSleep(long micros) {
        quiesceThenThink(0, micros);
    }

    /** fio's {@code handle_thinktime}: quiesce, spin {@code spinMicros}, then sleep the rest of {@code micros}. */
    private void quiesceThenThink(long spinMicros, long micros) {
        if (queue.busy() > 0) {
            job.commitBatch();
            sleepAfterQuiesce = micros;
            spinAfterQuiesce = spinMicros;
            job.wait = FioJob.Wait.QUIESCE;
            return;
        }
        think(spinMicros, micros);
    }

    /**
     * Spin {@code spinMicros} of user CPU time ({@code thinktime_spin}, at most {@code micros} after fixup), then
     * sleep what is left of {@code micros}; returns whether the job now waits.
     */
    private boolean think(long spinMicros, long micros) {
        if (spinMicros <= 0) {
            return sleep(micros);
        }
        if (sleepDdir >= 0 && o.rateIgnoreThinktime) {
            // fio credits the whole thinktime (spin and sleep) to the rate
            rate.creditThinktime(sleepDdir, micros);
        }
        sleepDdir = -1;
        sleepAfterSpin = micros - spinMicros;
        job.wait = FioJob.Wait.SPIN;
        ctx.spin(job.task(), spinMicros * 1000, spinDone);
        return true;
    }

    private void spinDone() {
        if (job.wait != FioJob.Wait.SPIN) {
            return;
        }
        job.wait = FioJob.Wait.NONE;
        long rest = sleepAfterSpin;
        sleepAfterSpin = 0;
        if (!job.terminating() && !job.runtimeExceeded(ctx.now())) {
            sleep(rest);
        }
        job.step();
    }

    /** Sleep {@code micros}; returns whether the job is now sleeping. */
    private boolean sleep(long micros) {
        if (micros <= 0) {
            return false;
        }
        if (sleepDdir >= 0 && o.rateIgnoreThinktime) {
            rate.creditThinktime(sleepDdir, micros);
        }
        sleepDdir = -1;
        long until = ctx.now() + micros * 1000;
        if (o.runtime > 0 && !job.inRamp() && runtimeTimer.isPending() && until > runtimeTimer.expiresAt()) {
            until = Math.max(ctx.now(), runtimeTimer.expiresAt());
        }
        sleepTimer.arm(until);
        job.wait = FioJob.Wait.SLEEP;
        return true;
    }
}
