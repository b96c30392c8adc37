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

    private ExitCodes() {
    }
}
