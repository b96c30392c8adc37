package org.iosched.api;

import java.util.random.RandomGenerator;

/**
 * What every context handed to a plugin offers: the virtual clock, timers, seeded randomness and the block trace.
 * Schedulers ({@link SchedulerContext}, {@link MqSchedulerContext}), devices ({@link DeviceContext}), bio
 * controllers ({@link BioControllerContext}), rq-qos policies ({@link RqQosContext}) and workloads
 * ({@link WorkloadContext}) get a context that extends this one. Everything is single-threaded and in virtual time;
 * methods grow with defaults.
 */
public interface PluginContext {
    /** Current virtual time in nanoseconds ({@code ktime_get_ns}). */
    long now();

    /**
     * The kernel's {@code HZ} for this run: jiffy-based timers, intervals and expiries round with it. The default is
     * 250, the project's {@code HZ}.
     */
    default int hz() {
        return 250;
    }

    /**
     * A new reusable one-shot timer (a kernel {@code timer_list} or delayed work) that runs {@code callback} when it
     * fires. Create timers at start-up (or per command slot), not per request.
     */
    Timer newTimer(Runnable callback);

    /** This plugin's seeded random stream, derived from the run seed and the plugin's name. */
    RandomGenerator random();

    /** The block trace, for the plugin's messages ({@code blk_add_trace_msg}). */
    TraceSink trace();
}
