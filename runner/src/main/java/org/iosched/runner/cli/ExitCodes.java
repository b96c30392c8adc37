package org.iosched.runner.cli;

/** The runner's exit codes. */
public final class ExitCodes {
    /** Success. */
    public static final int OK = 0;
    /** A bug in iosched: an unexpected exception. */
    public static final int INTERNAL_ERROR = 1;
    /** A user error: bad job file, option, tunable or value. */
    public static final int USER_ERROR = 2;
    /** A plugin (scheduler, device, workload) failed during a run. */
    public static final int PLUGIN_FAILURE = 3;
    /**
     * A signal (SIGINT, SIGTERM) stopped the runs; the report of what ran was printed (128 + SIGINT, the shell's
     * code for Ctrl-C; fio 3.33 exits 128).
     */
    public static final int INTERRUPTED = 130;

    private ExitCodes() {
    }
}
