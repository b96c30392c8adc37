package org.iosched.simulator.result;

import java.util.List;

/**
 * A job's CPU use as fio reports it ({@code cpu : usr=, sys=, ctx=, majf=, minf=}): the user and system time of
 * its process, over the time it ran; context switches; page faults. {@code group_reporting} sums every figure,
 * run times included, as fio's {@code sum_thread_stats} does, so the percentages are of the summed run time.
 *
 * @param userNanos       user CPU time
 * @param systemNanos     system CPU time
 * @param runtimeNanos    the run time the percentages are of
 * @param contextSwitches voluntary and involuntary context switches
 * @param majorFaults     major page faults
 * @param minorFaults     minor page faults
 */
public record CpuUsage(long userNanos, long systemNanos, long runtimeNanos, long contextSwitches, long majorFaults,
                       long minorFaults) {
    /** Nothing measured. */
    public static final CpuUsage NONE = new CpuUsage(0, 0, 0, 0, 0, 0);

    /** fio's {@code usr_cpu}: user time in percent of the run time (0 without a run time). */
    public double userPercent() {
        return runtimeNanos <= 0 ? 0 : userNanos * 100.0 / runtimeNanos;
    }

    /** fio's {@code sys_cpu}. */
    public double systemPercent() {
        return runtimeNanos <= 0 ? 0 : systemNanos * 100.0 / runtimeNanos;
    }

    /** The sum of several jobs' figures. */
    public static CpuUsage merge(List<CpuUsage> all) {
        long usr = 0;
        long sys = 0;
        long run = 0;
        long ctx = 0;
        long majf = 0;
        long minf = 0;
        for (CpuUsage c : all) {
            usr += c.userNanos;
            sys += c.systemNanos;
            run += c.runtimeNanos;
            ctx += c.contextSwitches;
            majf += c.majorFaults;
            minf += c.minorFaults;
        }
        return new CpuUsage(usr, sys, run, ctx, majf, minf);
    }
}
