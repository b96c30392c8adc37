package org.iosched.runner;

import java.io.PrintWriter;
import java.util.List;
import org.iosched.api.JobDescriptor;
import org.iosched.simulator.RunMonitor;
import org.iosched.simulator.engine.HookWatch;

/**
 * What watches the simulations of one command from outside them: a stop on a signal (SIGINT, SIGTERM), the
 * {@link Watchdog} and the {@link Progress} line. Each simulation gets its own {@link RunMonitor} from
 * {@link #monitor}; none of them changes what a simulation computes, only whether it goes on.
 */
public final class RunControl {
    private final Watchdog watchdog;
    private final Progress progress;
    private final PrintWriter err;
    private volatile int signal;

    /**
     * @param watchdog the watchdog, or null for none
     * @param progress the progress line, or null for none
     * @param err      where a signal's message goes
     */
    public RunControl(Watchdog watchdog, Progress progress, PrintWriter err) {
        this.watchdog = watchdog;
        this.progress = progress;
        this.err = err;
    }

    /** A control that never stops a run and shows nothing (the Java API, tests). */
    public static RunControl none() {
        return new RunControl(null, null, null);
    }

    /** How many simulations the command runs in all, for the progress line. */
    public void planned(int runs) {
        if (progress != null) {
            progress.planned(runs);
        }
    }

    /**
     * A signal arrived (the first one): every simulation stops at its next poll and reports what ran. Says so on
     * stderr, as fio's "fio: terminating on signal 2" (fio prints it on stdout, which here holds only the report).
     */
    public void interrupt(int number) {
        if (signal != 0) {
            return;
        }
        signal = number;
        if (err != null) {
            clearProgress();
            err.println("iosched: terminating on signal " + number);
            err.flush();
        }
    }

    /** The signal that interrupted the runs, or 0. */
    public int signal() {
        return signal;
    }

    /** Whether a signal interrupted the runs. */
    public boolean interrupted() {
        return signal != 0;
    }

    /** Erase the progress line (before the report). */
    public void clearProgress() {
        if (progress != null) {
            progress.clear();
        }
    }

    /** Stop the watchdog and erase the progress line: the command is done running. */
    public void finish() {
        if (watchdog != null) {
            watchdog.stop();
        }
        clearProgress();
    }

    /** A monitor for one simulation, named {@code label} on the progress line, running {@code jobs}. */
    public RunMonitor monitor(String label, List<JobDescriptor> jobs) {
        return new RunMonitor() {
            private Progress.Slot slot;

            @Override
            public void started(HookWatch hooks) {
                if (watchdog != null) {
                    watchdog.watch(hooks);
                }
                if (progress != null) {
                    slot = progress.started(label, jobs);
                }
            }

            @Override
            public boolean poll(long nowNanos, long bytesDone) {
                if (signal != 0) {
                    return true;
                }
                if (slot != null) {
                    slot.update(nowNanos, bytesDone);
                }
                return false;
            }

            @Override
            public void ended(HookWatch hooks) {
                if (watchdog != null) {
                    watchdog.unwatch(hooks);
                }
                if (progress != null && slot != null) {
                    progress.ended(slot);
                }
            }
        };
    }
}
