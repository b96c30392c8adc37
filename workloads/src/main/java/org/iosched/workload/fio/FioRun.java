package org.iosched.workload.fio;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.iosched.api.Timer;
import org.iosched.api.WorkloadContext;

/**
 * Starts and stops the jobs of a job file in fio's order (backend.c {@code run_threads}): jobs start in
 * file order once their {@code startdelay} (counted from the start of the run) has passed; a
 * {@code stonewall} job waits until every started job has exited and holds back the jobs after it; a
 * {@code wait_for} job waits until every job of that name has exited. When a job exits with
 * {@code exitall}, {@code exit_what} decides which others stop ({@code fio_terminate_threads}). When all
 * jobs have exited, the workload is finished.
 */
final class FioRun {
    private final WorkloadContext ctx;
    private final List<FioJob> jobs = new ArrayList<>();
    private final long[] startDelay;
    private final boolean[] cancelled;
    private final List<String> runtimeNotices;
    private Timer delayTimer;
    private long genesis;
    private int exited;
    private boolean dispatching;
    private boolean dispatchAgain;
    private boolean finished;

    FioRun(List<FioJobSpec> specs, WorkloadContext ctx, List<String> runtimeNotices) {
        this.ctx = ctx;
        this.runtimeNotices = runtimeNotices;
        for (FioJobSpec s : specs) {
            jobs.add(new FioJob(s, this, ctx));
        }
        startDelay = new long[specs.size()];
        cancelled = new boolean[specs.size()];
        for (FioJobSpec s : specs) {
            JobOptions o = s.options();
            long delay = o.startDelay;
            if (o.startDelayHigh > o.startDelay) {
                long seed = o.randRepeat && !o.isSet("randseed") ? -1
                        : BlockPicker.mix(o.randSeed + s.threadNumber()) >>> 1;
                RandomGenerator r = ctx.random("fio/" + s.index() + "/" + o.name + "/startdelay", seed);
                delay = o.startDelay + r.nextLong(o.startDelayHigh - o.startDelay + 1);
            }
            startDelay[s.index()] = delay * 1000;
        }
    }

    void start() {
        genesis = ctx.now();
        delayTimer = ctx.newTimer(this::dispatch);
        dispatch();
    }

    /** fio's {@code run_threads} pass: start every job that may start now. */
    private void dispatch() {
        if (dispatching) {
            dispatchAgain = true;
            return;
        }
        dispatching = true;
        try {
            do {
                dispatchAgain = false;
                dispatchOnce();
            } while (dispatchAgain);
        } finally {
            dispatching = false;
        }
        if (exited == jobs.size() && !finished) {
            finished = true;
            delayTimer.cancel();
            ctx.finish();
        }
    }

    private void dispatchOnce() {
        long now = ctx.now();
        long nextDelay = Long.MAX_VALUE;
        for (FioJob job : jobs) {
            if (job.begun() || cancelled[job.index]) {
                continue;
            }
            long due = genesis + startDelay[job.index];
            if (due > now) {
                nextDelay = Math.min(nextDelay, due);
                continue;
            }
            if (job.o.stonewall && anyRunning()) {
                break;
            }
            if (waiteeRunning(job)) {
                continue;
            }
            job.start();
        }
        if (nextDelay != Long.MAX_VALUE) {
            delayTimer.arm(nextDelay);
        } else {
            delayTimer.cancel();
        }
    }

    private boolean anyRunning() {
        for (FioJob j : jobs) {
            if (j.begun() && !j.done()) {
                return true;
            }
        }
        return false;
    }

    private boolean waiteeRunning(FioJob job) {
        if (job.o.waitFor == null) {
            return false;
        }
        for (FioJob j : jobs) {
            if (j.o.name.equals(job.o.waitFor) && !j.done() && !cancelled[j.index]) {
                return true;
            }
        }
        return false;
    }

    /** A job failed ({@code rate_min}): with {@code exitall} or {@code exitall_on_error} others stop now. */
    void jobFailed(FioJob job, String message) {
        runtimeNotices.add(job.o.name + " (job " + (job.index + 1) + "): fio: " + message
                + " (err=5, the job stopped, as fio stops it)");
        if (job.o.exitall || job.o.exitallOnError) {
            terminate(job);
        }
    }

    /** A job exited. */
    void jobExited(FioJob job) {
        exited++;
        if (job.o.exitall || (job.o.exitallOnError && job.error() != null)) {
            terminate(job);
        }
        dispatch();
    }

    /** fio's {@code fio_terminate_threads(groupid, exit_what)}. */
    private void terminate(FioJob cause) {
        for (FioJob j : jobs) {
            if (j == cause || j.done() || cancelled[j.index]) {
                continue;
            }
            boolean hit = switch (cause.o.exitWhat) {
                case GROUP -> j.spec.groupId() == cause.spec.groupId();
                case STONEWALL -> j.begun();
                case ALL -> true;
            };
            if (!hit) {
                continue;
            }
            if (j.begun()) {
                j.terminate();
            } else {
                // never got a chance to start: fio counts it done without running it
                cancelled[j.index] = true;
                exited++;
                ctx.jobStarted(j.index);
                ctx.jobFinished(j.index);
            }
        }
    }
}
