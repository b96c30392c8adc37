package org.iosched.api;

import java.util.random.RandomGenerator;

/** What the block layer hands to a {@link BlockDevice}: the clock, timers, completion and randomness. */
public interface DeviceContext {
    /** Current virtual time in nanoseconds. */
    long now();

    /** A new reusable one-shot timer. Create timers at start-up or per command slot, not per request. */
    Timer newTimer(Runnable callback);

    /**
     * The device finished {@code rq} now: the block layer completes its bios, frees the slot and may
     * dispatch more. Call exactly once per submitted request.
     */
    void complete(Request rq);

    /**
     * The device can take commands again after refusing one in {@link BlockDevice#canAccept}; the block
     * layer runs the queue. Completions imply this; call it only when the device became ready otherwise.
     */
    void ready();

    /** This device's seeded random stream. */
    RandomGenerator random();

    /** The block trace, for device messages. */
    TraceSink trace();
}
