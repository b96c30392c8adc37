package org.iosched.api;

/**
 * What the block layer hands to a {@link BlockDevice}: besides the clock, timers, randomness and trace of every
 * {@link PluginContext}, completion and readiness.
 */
public interface DeviceContext extends PluginContext {
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
}
