package org.iosched.workload.fio;

import java.util.random.RandomGenerator;
import org.iosched.api.FileIo;
import org.iosched.api.FileIoListener;
import org.iosched.api.Task;
import org.iosched.api.Timer;
import org.iosched.api.WorkloadContext;

/**
 * One running fio job (a {@code numjobs} clone): the job's life in fio's backend.c ({@code thread_main}: set-up,
 * {@code ramp_time}, {@code runtime}, the final fsync, exit) and its {@code do_io} loop as an event-driven state
 * machine in virtual time. Each turn picks a direction ({@link IoUnits#chooseDirection}: fsync every N writes,
 * the {@code rwmixread} cycle; then rate limiting), fills an I/O unit ({@link JobFiles#fill}: file service,
 * offsets, block size) and issues it: synchronous engines block on it; asynchronous ones queue it, submit batches
 * of {@code iodepth_batch_submit} and, when {@code iodepth} units are busy, reap at least
 * {@code iodepth_batch_complete_min} completions (down to {@code iodepth_low}; {@link IoUnits#reap}). After each
 * turn come the {@code rate_min} check and {@code thinktime} ({@link ThinkTime}: {@code thinktime_spin} spins on
 * the job's CPU first, then the rest is slept). Statistics are recorded as fio measures them (slat from filling
 * the unit to the end of the submit call, clat from there to the reap; no slat for sync engines), except during
 * {@code ramp_time}; disabled measurements ({@code gtod_reduce}, {@code disable_*}) are not logged. For the CPU
 * model every call carries fio's own user time ({@link FioCpuCosts}) and whether it is asynchronous, the task
 * gets the job's CPU set ({@link CpuAffinity}), and the first touches of the I/O buffers are reported as minor
 * faults. Allocates nothing per I/O: units are reused.
 */
final class FioJob implements FileIoListener {
    private enum Phase { NEW, RUNNING, DRAINING, END_FSYNC, DONE }

    /** What the job waits for before its loop goes on. */
    enum Wait { NONE, SLEEP, SPIN, SUBMIT, COMPLETIONS, QUIESCE, SYNC }

    private static final int FSYNC = IoUnits.FSYNC;
    private static final int FDATASYNC = IoUnits.FDATASYNC;

    final FioJobSpec spec;
    final JobOptions o;
    final int index;
    private final FioRun run;
    final WorkloadContext ctx;
    private Task task;
    private JobFiles files;
    private IoQueue queue;
    private final FileIo syncIo = new FileIo();
    private boolean syncBusy;
    private long syncIssueTime;

    private Phase phase = Phase.NEW;
    /** What the job waits for; {@link ThinkTime} sets the waits of its quiesce, spin and sleep. */
    Wait wait = Wait.NONE;
    private int waitMin;
    private boolean waitUntilLow;
    private int pendingDdir = -1;
    private int postDdir = -1;
    private boolean stepping;
    private boolean stepAgain;

    private long startTime;
    private long epoch;
    private boolean inRamp;
    private boolean started;
    private boolean terminate;
    private String error;
    private boolean endSyncing;
    private int endSyncFile;

    private RateLimiter rate;
    private IoUnits units;
    private ThinkTime thinkTime;
    private JobLogs logs;
    private Timer sleepTimer;
    private Timer rampTimer;
    private Timer runtimeTimer;
    private Timer logTimer;

    FioJob(FioJobSpec spec, FioRun run, WorkloadContext ctx) {
        this.spec = spec;
        this.o = spec.options();
        this.index = spec.index();
        this.run = run;
        this.ctx = ctx;
    }

    /** The fio error of the job ({@code err=} in the report), or null. */
    String error() {
        return error;
    }

    /** Whether the job has exited. */
    boolean done() {
        return phase == Phase.DONE;
    }

    /** Whether the job has been started. */
    boolean begun() {
        return phase != Phase.NEW;
    }

    /** The task the job runs as (set when it starts). */
    Task task() {
        return task;
    }

    /** Whether the job is inside its {@code ramp_time}: nothing is measured. */
    boolean inRamp() {
        return inRamp;
    }

    /** When the measured phase began: the start, or the end of {@code ramp_time}. */
    long epoch() {
        return epoch;
    }

    /** Whether {@code exitall} stopped the job. */
    boolean terminating() {
        return terminate;
    }

    /** fio's {@code fork}: create the task, open the files and start issuing. */
    void start() {
        startTime = ctx.now();
        epoch = startTime;
        task = ctx.createTask(JobFiles.taskSpec(o).withCpusAllowed(
                CpuAffinity.forJob(o, spec.threadNumber(), ctx.cpuCount())));
        if (o.rampTime == 0 && o.bufferFaults > 0) {
            // fio touches its I/O buffers when it sets the job up; a ramp_time resets the rusage counters (minf)
            ctx.recordFaults(index, o.bufferFaults, 0);
        }
        files = JobFiles.open(spec, ctx, task, this::random);
        String stream = "fio/" + index + "/" + o.name + "/";
        RandomGenerator rwmixRandom = random(stream + "rwmix", 1);
        int jobIoprio = o.isSet("prio") || o.isSet("prioclass")
                ? task.ioprioClass().kernelValue() << 13 | task.ioprioLevel() : 0;
        RandomGenerator cmdprioRandom = null;
        if (Cmdprio.enabled(o)) {
            Cmdprio.check(o, ctx.kernelVersion());
            cmdprioRandom = random(stream + "cmdprio", 40);
        }
        RandomGenerator[] poisson = new RandomGenerator[Ddir.COUNT];
        for (int d = 0; d < Ddir.COUNT; d++) {
            poisson[d] = random(stream + "poisson" + d, 30 + d);
        }
        rate = new RateLimiter(o, poisson);
        int slots = o.ioengine.async() ? o.iodepth : 1;
        queue = new IoQueue(slots);
        JobLogs l = new JobLogs(o, spec.logFiles(), ctx, task.ioprioClass().kernelValue() << 13 | task.ioprioLevel());
        logs = l.any() ? l : null;
        sleepTimer = ctx.newTimer(this::wake);
        runtimeTimer = ctx.newTimer(this::runtimeOver);
        if (logs != null && logs.averagingMillis() > 0) {
            logTimer = ctx.newTimer(this::logWindow);
        }
        units = new IoUnits(this, files, queue, rate, logs, rwmixRandom, cmdprioRandom, jobIoprio);
        thinkTime = new ThinkTime(this, units, queue, rate, sleepTimer, runtimeTimer);
        phase = Phase.RUNNING;
        if (o.rampTime > 0) {
            inRamp = true;
            rampTimer = ctx.newTimer(() -> {
                beginMeasuring();
                step();
            });
            rampTimer.arm(startTime + o.rampTime * 1000);
        } else {
            beginMeasuring();
        }
        step();
    }

    private RandomGenerator random(String name, long purpose) {
        long seed = o.randRepeat && !o.isSet("randseed") ? -1
                : (BlockPicker.mix(o.randSeed * 0x9e370001L + spec.threadNumber() * 131L + purpose) >>> 1);
        return ctx.random(name, seed);
    }

    /** fio's {@code reset_all_stats} at the end of the ramp: the measured phase starts now. */
    private void beginMeasuring() {
        long now = ctx.now();
        inRamp = false;
        epoch = now;
        startTime = now;
        rate.reset();
        units.resetStats();
        if (!started) {
            started = true;
            ctx.jobStarted(index, task);
        }
        if (o.runtime > 0 && phase == Phase.RUNNING) {
            runtimeTimer.arm(epoch + o.runtime * 1000);
        }
        if (logs != null) {
            logs.start(0);
            if (logTimer != null) {
                logTimer.arm(epoch + logs.averagingMillis() * 1_000_000L);
            }
        }
    }

    /** {@code exitall} ({@code fio_terminate_threads}): another job stops this one. */
    void terminate() {
        if (phase == Phase.DONE || phase == Phase.NEW) {
            return;
        }
        terminate = true;
        if (wait == Wait.SLEEP) {
            sleepTimer.cancel();
            wait = Wait.NONE;
            thinkTime.cancel();
        }
        step();
    }

    /** The job's {@code runtime} is over ({@code runtime_exceeded}): a sleep ends and the loop drains. */
    private void runtimeOver() {
        if (wait == Wait.SLEEP) {
            sleepTimer.cancel();
            wait = Wait.NONE;
        }
        step();
    }

    /** The end of a thinktime's or the rate's sleep. */
    private void wake() {
        if (wait == Wait.SLEEP) {
            wait = Wait.NONE;
            step();
        }
    }

    /** The end of a log averaging window ({@code log_avg_msec}): fio's {@code add_*_samples}. */
    private void logWindow() {
        long now = ctx.now();
        logs.window((now - epoch) / 1_000_000L);
        if (phase == Phase.RUNNING || phase == Phase.DRAINING) {
            logTimer.arm(now + logs.averagingMillis() * 1_000_000L);
        }
    }

    // ---- the loop ------------------------------------------------------------------------------------

    /** Run the loop until the job must wait; re-entrant calls (completions inside a submit) are folded in. */
    void step() {
        if (stepping) {
            stepAgain = true;
            return;
        }
        stepping = true;
        try {
            do {
                stepAgain = false;
                advance();
            } while (stepAgain);
        } finally {
            stepping = false;
        }
    }

    /**
     * fio's {@code do_io} loop and what follows it in {@code thread_main}: turns while the job runs, then the
     * drain of the units in flight, the {@code end_fsync} of each file, and the exit.
     */
    private void advance() {
        while (true) {
            if (!waitSatisfied()) {
                return;
            }
            switch (phase) {
                case RUNNING -> iterate();
                case DRAINING -> {
                    commitBatch();
                    if (queue.pendingSubmits() > 0 || queue.inFlight() > 0 || queue.reapable() > 0) {
                        wait = Wait.QUIESCE;
                        thinkTime.noSleepAfterQuiesce();
                        continue;
                    }
                    phase = Phase.END_FSYNC;
                    endSyncing = error == null && o.rw.writes() && !units.lastWasSync
                            && (o.endFsync || o.fsyncOnClose);
                    endSyncFile = 0;
                }
                case END_FSYNC -> {
                    if (endSyncing && endSyncFile < files.count()) {
                        issueSync(FSYNC, endSyncFile++);
                    } else {
                        finish();
                        return;
                    }
                }
                default -> {
                    return;
                }
            }
        }
    }

    /**
     * Whether the current wait is over; reaps completions on the way ({@code wait_for_completions},
     * {@code io_u_quiesce}).
     */
    private boolean waitSatisfied() {
        switch (wait) {
            case NONE -> {
                return true;
            }
            case SLEEP, SPIN -> {
                return false;
            }
            case SUBMIT -> {
                if (queue.pendingSubmits() > 0) {
                    return false;
                }
                wait = Wait.NONE;
                return true;
            }
            case SYNC -> {
                if (syncBusy) {
                    return false;
                }
                wait = Wait.NONE;
                return true;
            }
            case COMPLETIONS -> {
                if (queue.pendingSubmits() > 0) {
                    return false;
                }
                if (queue.reapable() < waitMin && queue.inFlight() > 0) {
                    return false;
                }
                units.reap(Math.max(waitMin, o.iodepthBatchCompleteMax));
                if (waitUntilLow && queue.inFlight() > 0 && queue.busy() > o.iodepthLow) {
                    return false;
                }
                wait = Wait.NONE;
                return true;
            }
            case QUIESCE -> {
                if (queue.pendingSubmits() > 0 || queue.inFlight() > 0) {
                    units.reap(Integer.MAX_VALUE);
                    return false;
                }
                units.reap(Integer.MAX_VALUE);
                wait = Wait.NONE;
                return thinkTime.quiesced();
            }
            default -> throw new IllegalStateException(wait.name());
        }
    }

    /** One turn of fio's {@code do_io} loop. */
    private void iterate() {
        long now = ctx.now();
        if (postDdir >= 0) {
            int d = postDdir;
            postDdir = -1;
            afterIo(d);
            if (wait != Wait.NONE || phase != Phase.RUNNING) {
                return;
            }
        }
        if (terminate || runtimeExceeded(now) || units.limitReached()) {
            phase = Phase.DRAINING;
            return;
        }
        int d;
        if (pendingDdir >= 0) {
            d = pendingDdir;
            pendingDdir = -1;
        } else {
            d = units.chooseDirection();
            if (d < FSYNC && rate.active()) {
                int chosen = rate.direction(d, (now - epoch) / 1000);
                long us = rate.sleepMicros();
                if (us > 0) {
                    pendingDdir = chosen;
                    thinkTime.rateSleep(us);
                    return;
                }
                d = chosen;
            }
        }
        if (d >= FSYNC) {
            if (busyUnits() > 0) {
                commitBatch();
                pendingDdir = d;
                wait = Wait.QUIESCE;
                thinkTime.noSleepAfterQuiesce();
                return;
            }
            postDdir = d;
            issueSync(d, units.lastWriteFile);
            return;
        }
        IoUnit u = queue.peekFree();
        if (!files.fill(u, d, now)) {
            if (!files.newPass(units.relevantIssued())) {
                phase = Phase.DRAINING;
            }
            return;
        }
        queue.take();
        issue(u, now);
    }

    /** Whether the job's {@code runtime} is over at {@code now}. */
    boolean runtimeExceeded(long now) {
        return !inRamp && o.runtime > 0 && now - epoch >= o.runtime * 1000;
    }

    /**
     * fio's {@code td_io_queue} and what {@code do_io} does after it: the unit goes to the engine (a synchronous
     * one blocks on it; an asynchronous one queues it and commits in batches of {@code iodepth_batch_submit}),
     * and with {@code iodepth} units busy the job waits for {@code iodepth_batch_complete_min} completions.
     */
    private void issue(IoUnit u, long now) {
        int d = u.ddir;
        units.prepare(u);
        postDdir = d;
        if (o.ioengine == IoEngine.NULL) {
            u.submitTime = now;
            u.completeTime = now;
            units.account(u, now, -1, 0, 0);
            queue.release(u);
            return;
        }
        if (!o.ioengine.async()) {
            queue.inFlightSync(u);
            wait = Wait.COMPLETIONS;
            waitMin = 1;
            waitUntilLow = false;
            ctx.submit(u.io);
            return;
        }
        queue.queue(u);
        if (queue.queued() >= o.iodepthBatch) {
            commitBatch();
        }
        if (busyUnits() >= o.iodepth) {
            commitBatch();
            int min = Math.min(o.iodepthBatchCompleteMin, busyUnits());
            wait = Wait.COMPLETIONS;
            waitMin = Math.max(1, min);
            waitUntilLow = true;
        } else if (o.iodepthBatchCompleteMin == 0 && o.iodepthBatchCompleteMax == 0) {
            // fio's io_in_polling: wait_for_completions after every unit, its min_evts forced to 1 and
            // td_io_getevents' max raised to it: commit, wait for one completion, reap one (fio 3.33 runs such a
            // job at queue depth 1, whatever the HOWTO says of not waiting)
            commitBatch();
            wait = Wait.COMPLETIONS;
            waitMin = 1;
            waitUntilLow = false;
        }
    }

    /** {@code td_io_commit}: {@code io_submit} of the queued units; the job blocks until the call returns. */
    void commitBatch() {
        queue.commit(ctx);
        if (queue.pendingSubmits() > 0 && wait == Wait.NONE) {
            wait = Wait.SUBMIT;
        }
    }

    /** An fsync or fdatasync unit ({@code DDIR_SYNC}, {@code DDIR_DATASYNC}: {@code do_io_u_sync}) of {@code file}. */
    private void issueSync(int d, int file) {
        syncIo.prepare(d == FDATASYNC ? FileIo.Kind.FDATASYNC : FileIo.Kind.FSYNC, task, files.file(file).handle, 0, 0,
                o.direct, this);
        // fio's sync unit goes through the same get_io_u/queue path; libaio and io_uring issue it as a blocking
        // fsync once the queue is empty
        syncIo.setUserNanos(o.userNanos);
        syncIo.setAsync(false);
        syncIssueTime = ctx.now();
        syncBusy = true;
        wait = Wait.SYNC;
        if (o.ioengine == IoEngine.NULL) {
            syncDone(syncIssueTime);
            return;
        }
        ctx.submit(syncIo);
    }

    /** The fsync or fdatasync is done: its latency is fio's {@code sync} statistics; an error fails the job. */
    private void syncDone(long now) {
        syncBusy = false;
        if (syncIo.error() != null) {
            if (error == null) {
                failed("io_u error on file " + syncIo.file().path() + ": " + syncIo.error() + ": sync");
            }
            return;
        }
        units.lastWasSync = true;
        if (!inRamp && o.stats) {
            ctx.recordSync(index, now - syncIssueTime);
        }
    }

    /**
     * The end of a turn of fio's {@code do_io}, after the reap: the {@code rate_min} check ({@code check_min_rate})
     * and {@code handle_thinktime}.
     */
    private void afterIo(int d) {
        if (units.bytesDone[0] + units.bytesDone[1] + units.bytesDone[2] == 0 && o.ioengine != IoEngine.NULL) {
            return;
        }
        long now = ctx.now();
        if (!inRamp && rate.active()) {
            long sinceStart = (now - startTime) / 1_000_000L;
            for (int dd = 0; dd < Ddir.COUNT; dd++) {
                if (units.bytesDone[dd] > 0 && !rate.checkMinRate(dd, o.name, sinceStart, now / 1_000_000L,
                        units.bytesDone[dd], units.ioBlocks[dd])) {
                    failed(rate.failure());
                    return;
                }
            }
        }
        thinkTime.handle(d);
    }

    /** The job failed as fio's {@code td_verror} would make it: it stops issuing and drains. */
    void failed(String message) {
        error = message;
        if (ctx.trace().enabled()) {
            ctx.trace().message("fio: " + message);
        }
        run.jobFailed(this, message);
        phase = Phase.DRAINING;
    }

    private int busyUnits() {
        return queue.busy();
    }

    /** An asynchronous engine's submit call returned for the unit of {@code io}: its slat ends. */
    @Override
    public void submitted(FileIo io) {
        if (io == syncIo || !o.ioengine.async()) {
            return;
        }
        IoUnit u = (IoUnit) io.attachment();
        if (queue.submitted(u, ctx.now())) {
            if (wait == Wait.SUBMIT || wait == Wait.COMPLETIONS || wait == Wait.QUIESCE) {
                step();
            }
        }
    }

    /** The unit of {@code io} completed: it waits to be reaped ({@code io_u} event of {@code td_io_getevents}). */
    @Override
    public void completed(FileIo io) {
        long now = ctx.now();
        if (io == syncIo) {
            syncDone(now);
            step();
            return;
        }
        IoUnit u = (IoUnit) io.attachment();
        if (o.ioengine.async()) {
            queue.submitted(u, now);
        }
        if (!o.ioengine.async()) {
            u.submitTime = now;
        }
        u.completeTime = now;
        queue.completed(u);
        step();
    }

    /** The job exits ({@code thread_main}'s end): timers stop, the last log window is written, the task exits. */
    private void finish() {
        phase = Phase.DONE;
        long now = ctx.now();
        sleepTimer.cancel();
        runtimeTimer.cancel();
        if (rampTimer != null) {
            rampTimer.cancel();
        }
        if (logTimer != null) {
            logTimer.cancel();
        }
        if (logs != null && !inRamp) {
            logs.window((now - epoch) / 1_000_000L);
        }
        if (!started) {
            started = true;
            ctx.jobStarted(index, task);
        }
        ctx.jobFinished(index);
        ctx.exitTask(task);
        run.jobExited(this);
    }
}
