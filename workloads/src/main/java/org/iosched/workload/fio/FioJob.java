package org.iosched.workload.fio;

import java.util.random.RandomGenerator;
import org.iosched.api.FileIo;
import org.iosched.api.FileIoListener;
import org.iosched.api.Task;
import org.iosched.api.Timer;
import org.iosched.api.WorkloadContext;

/**
 * One running fio job (a {@code numjobs} clone): fio's {@code do_io} loop (backend.c) as an event-driven
 * state machine in virtual time. Each turn picks a direction ({@code get_rw_ddir}: fsync every N writes,
 * the {@code rwmixread} cycle, rate limiting), fills an I/O unit (file service, offsets, block size) and
 * issues it: synchronous engines block on it; asynchronous ones queue it, submit batches of
 * {@code iodepth_batch_submit} and, when {@code iodepth} units are busy, reap at least
 * {@code iodepth_batch_complete_min} completions (down to {@code iodepth_low}). After each turn come the
 * {@code rate_min} check and {@code thinktime} ({@code thinktime_spin} spins on the job's CPU first, then the
 * rest is slept). Statistics are recorded as fio measures them (slat from filling the unit to the end of the
 * submit call, clat from there to the reap; no slat for sync engines), except during {@code ramp_time};
 * disabled measurements ({@code gtod_reduce}, {@code disable_*}) are not logged. For the CPU model every call
 * carries fio's own user time ({@link FioCpuCosts}) and whether it is asynchronous, the task gets the job's
 * CPU set ({@link CpuAffinity}), and the first touches of the I/O buffers are reported as minor faults.
 * Allocates nothing per I/O: units are reused.
 */
final class FioJob implements FileIoListener {
    private enum Phase { NEW, RUNNING, DRAINING, END_FSYNC, DONE }

    private enum Wait { NONE, SLEEP, SPIN, SUBMIT, COMPLETIONS, QUIESCE, SYNC }

    private static final int FSYNC = 3;
    private static final int FDATASYNC = 4;

    final FioJobSpec spec;
    final JobOptions o;
    final int index;
    private final FioRun run;
    private final WorkloadContext ctx;
    private Task task;
    private JobFiles files;
    private IoQueue queue;
    private final FileIo syncIo = new FileIo();
    private boolean syncBusy;
    private long syncIssueTime;

    private Phase phase = Phase.NEW;
    private Wait wait = Wait.NONE;
    private int waitMin;
    private boolean waitUntilLow;
    private long sleepAfterQuiesce = -1;
    /** {@code thinktime_spin} before the sleep that follows the quiesce, µs (0: none). */
    private long spinAfterQuiesce;
    /** What is left of {@code thinktime} to sleep once the spin is done, µs. */
    private long sleepAfterSpin;
    private final Runnable spinDone = this::spinDone;
    private int sleepDdir = -1;
    private int pendingDdir = -1;
    private int postDdir = -1;
    private boolean stepping;
    private boolean stepAgain;

    private final long[] ioIssues = new long[Ddir.COUNT];
    private final long[] issueBytes = new long[Ddir.COUNT];
    private final long[] ioBlocks = new long[Ddir.COUNT];
    private final long[] bytesDone = new long[Ddir.COUNT];
    private int rwmixDdir;
    private long rwmixIssues;
    private boolean lastWasSync;
    private int lastWriteFile;

    private long startTime;
    private long epoch;
    private boolean inRamp;
    private boolean started;
    private boolean terminate;
    private String error;
    private boolean endSyncing;
    private int endSyncFile;

    private RandomGenerator rwmixRandom;
    /** {@code td->prio_state}: cmdprio's per-I/O draw; null without cmdprio. */
    private RandomGenerator cmdprioRandom;
    /** {@code td->ioprio}: the job-wide priority (prio/prioclass), 0 when neither is set. */
    private int jobIoprio;
    private RateLimiter rate;
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
        rwmixRandom = random(stream + "rwmix", 1);
        jobIoprio = o.isSet("prio") || o.isSet("prioclass")
                ? task.ioprioClass().kernelValue() << 13 | task.ioprioLevel() : 0;
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
        for (int d = 0; d < Ddir.COUNT; d++) {
            ioIssues[d] = 0;
            ioBlocks[d] = 0;
        }
        rwmixIssues = 0;
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

    /** {@code exitall}: another job stops this one. */
    void terminate() {
        if (phase == Phase.DONE || phase == Phase.NEW) {
            return;
        }
        terminate = true;
        if (wait == Wait.SLEEP) {
            sleepTimer.cancel();
            wait = Wait.NONE;
            sleepAfterQuiesce = -1;
            spinAfterQuiesce = 0;
        }
        step();
    }

    private void runtimeOver() {
        if (wait == Wait.SLEEP) {
            sleepTimer.cancel();
            wait = Wait.NONE;
        }
        step();
    }

    private void wake() {
        if (wait == Wait.SLEEP) {
            wait = Wait.NONE;
            step();
        }
    }

    private void logWindow() {
        long now = ctx.now();
        logs.window((now - epoch) / 1_000_000L);
        if (phase == Phase.RUNNING || phase == Phase.DRAINING) {
            logTimer.arm(now + logs.averagingMillis() * 1_000_000L);
        }
    }

    // ---- the loop ------------------------------------------------------------------------------------

    /** Run the loop until the job must wait; re-entrant calls (completions inside a submit) are folded in. */
    private void step() {
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
                        sleepAfterQuiesce = -1;
                        continue;
                    }
                    phase = Phase.END_FSYNC;
                    endSyncing = error == null && o.rw.writes() && !lastWasSync && (o.endFsync || o.fsyncOnClose);
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

    /** Whether the current wait is over; reaps completions on the way. */
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
                reap(Math.max(waitMin, o.iodepthBatchCompleteMax));
                if (waitUntilLow && queue.inFlight() > 0 && queue.busy() > o.iodepthLow) {
                    return false;
                }
                wait = Wait.NONE;
                return true;
            }
            case QUIESCE -> {
                if (queue.pendingSubmits() > 0 || queue.inFlight() > 0) {
                    reap(Integer.MAX_VALUE);
                    return false;
                }
                reap(Integer.MAX_VALUE);
                wait = Wait.NONE;
                if (sleepAfterQuiesce >= 0) {
                    long us = sleepAfterQuiesce;
                    long spin = spinAfterQuiesce;
                    sleepAfterQuiesce = -1;
                    spinAfterQuiesce = 0;
                    return !think(spin, us);
                }
                return true;
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
        if (terminate || runtimeExceeded(now) || limitReached()) {
            phase = Phase.DRAINING;
            return;
        }
        int d;
        if (pendingDdir >= 0) {
            d = pendingDdir;
            pendingDdir = -1;
        } else {
            d = chooseDirection();
            if (d < FSYNC && rate.active()) {
                int chosen = rate.direction(d, (now - epoch) / 1000);
                long us = rate.sleepMicros();
                if (us > 0) {
                    pendingDdir = chosen;
                    sleepDdir = -1;
                    quiesceThenSleep(us);
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
                sleepAfterQuiesce = -1;
                return;
            }
            postDdir = d;
            issueSync(d, lastWriteFile);
            return;
        }
        IoUnit u = queue.peekFree();
        if (!files.fill(u, d, now)) {
            if (!files.newPass(relevantIssued())) {
                phase = Phase.DRAINING;
            }
            return;
        }
        queue.take();
        issue(u, now);
    }

    private boolean runtimeExceeded(long now) {
        return !inRamp && o.runtime > 0 && now - epoch >= o.runtime * 1000;
    }

    /** fio's {@code io_issue_bytes_exceeded} and {@code exceeds_number_ios}. */
    private boolean limitReached() {
        if (o.numberIos > 0) {
            long ios = ioBlocks[0] + ioBlocks[1] + ioBlocks[2] + busyUnits();
            if (ios >= o.numberIos * o.loops) {
                return true;
            }
        }
        if (o.timeBased) {
            return false;
        }
        return relevantIssued() >= files.limitBytes();
    }

    private long relevantIssued() {
        if (o.rw.mixed()) {
            return issueBytes[0] + issueBytes[1];
        }
        if (o.rw.writes()) {
            return issueBytes[1];
        }
        return o.rw.reads() ? issueBytes[0] : issueBytes[2];
    }

    /** fio's {@code get_rw_ddir} without the rate part. */
    private int chooseDirection() {
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

    private void issue(IoUnit u, long now) {
        int d = u.ddir;
        ioIssues[d]++;
        issueBytes[d] += u.length;
        rate.issued(d, u.length);
        FileState f = files.file(u.file);
        if (d == 1) {
            f.written = true;
            lastWriteFile = u.file;
        }
        u.io.prepare(Ddir.of(d).kind(), task, f.handle, u.offset, u.length, o.direct, this);
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
        postDdir = d;
        if (o.ioengine == IoEngine.NULL) {
            u.submitTime = now;
            u.completeTime = now;
            account(u, now, -1, 0, 0);
            release(u);
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

    /** {@code io_submit} of the queued units; the job blocks until the call returns. */
    private void commitBatch() {
        queue.commit(ctx);
        if (queue.pendingSubmits() > 0 && wait == Wait.NONE) {
            wait = Wait.SUBMIT;
        }
    }

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

    private void syncDone(long now) {
        syncBusy = false;
        if (syncIo.error() != null) {
            if (error == null) {
                failed("io_u error on file " + syncIo.file().path() + ": " + syncIo.error() + ": sync");
            }
            return;
        }
        lastWasSync = true;
        if (!inRamp && o.stats) {
            ctx.recordSync(index, now - syncIssueTime);
        }
    }

    /** The rate_min check and thinktime after an I/O ({@code do_io}, after the reap). */
    private void afterIo(int d) {
        if (bytesDone[0] + bytesDone[1] + bytesDone[2] == 0 && o.ioengine != IoEngine.NULL) {
            return;
        }
        long now = ctx.now();
        if (!inRamp && rate.active()) {
            long sinceStart = (now - startTime) / 1_000_000L;
            for (int dd = 0; dd < Ddir.COUNT; dd++) {
                if (bytesDone[dd] > 0 && !rate.checkMinRate(dd, o.name, sinceStart, now / 1_000_000L,
                        bytesDone[dd], ioBlocks[dd])) {
                    failed(rate.failure());
                    return;
                }
            }
        }
        if (d < FSYNC && o.thinktime > 0) {
            long b = o.thinktimeBlocksIssue ? ioIssues[0] + ioIssues[1] + ioIssues[2]
                    : ioBlocks[0] + ioBlocks[1] + ioBlocks[2];
            if (b % o.thinktimeBlocks == 0) {
                sleepDdir = d;
                quiesceThenThink(o.thinktimeSpin, o.thinktime);
            }
        }
    }

    /** The job failed as fio's {@code td_verror} would make it: it stops issuing and drains. */
    private void failed(String message) {
        error = message;
        if (ctx.trace().enabled()) {
            ctx.trace().message("fio: " + message);
        }
        run.jobFailed(this, message);
        phase = Phase.DRAINING;
    }

    private void quiesceThenSleep(long micros) {
        quiesceThenThink(0, micros);
    }

    /** fio's {@code handle_thinktime}: quiesce, spin {@code spinMicros}, then sleep the rest of {@code micros}. */
    private void quiesceThenThink(long spinMicros, long micros) {
        if (busyUnits() > 0) {
            commitBatch();
            sleepAfterQuiesce = micros;
            spinAfterQuiesce = spinMicros;
            wait = Wait.QUIESCE;
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
        wait = Wait.SPIN;
        ctx.spin(task, spinMicros * 1000, spinDone);
        return true;
    }

    private void spinDone() {
        if (wait != Wait.SPIN) {
            return;
        }
        wait = Wait.NONE;
        long rest = sleepAfterSpin;
        sleepAfterSpin = 0;
        if (!terminate && !runtimeExceeded(ctx.now())) {
            sleep(rest);
        }
        step();
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
        if (o.runtime > 0 && !inRamp && runtimeTimer.isPending() && until > runtimeTimer.expiresAt()) {
            until = Math.max(ctx.now(), runtimeTimer.expiresAt());
        }
        sleepTimer.arm(until);
        wait = Wait.SLEEP;
        return true;
    }

    private int busyUnits() {
        return queue.busy();
    }

    /** Reap up to {@code max} completed units, oldest first. */
    private void reap(int max) {
        long now = ctx.now();
        for (int i = 0; i < max; i++) {
            IoUnit u = queue.pollReaped();
            if (u == null) {
                return;
            }
            String err = u.io.error();
            if (err != null) {
                release(u);
                if (error == null) {
                    // fio's io_u_log_error then td_verror: the job stops at the first I/O error
                    failed("io_u error on file " + files.file(u.file).handle.path() + ": " + err + ": "
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
            release(u);
        }
    }

    private void account(IoUnit u, long now, long slat, long clat, long lat) {
        int d = u.ddir;
        ioBlocks[d]++;
        bytesDone[d] += u.length;
        lastWasSync = false;
        if (inRamp) {
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
            logs.io(d, u.length, u.offset, slat, clat, lat, (now - epoch) / 1_000_000L);
        }
    }

    private void release(IoUnit u) {
        queue.release(u);
    }

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
