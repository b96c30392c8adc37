package org.iosched.simulator.blk;

import org.iosched.api.Bio;

/**
 * The OS model's side of {@code get_request_wait}: a task that slept for a request has it now, and its
 * bio was queued. The task continues from where it stopped (its later submissions waited too).
 */
@FunctionalInterface
public interface SleepListener {
    /** The task of {@code bio} woke, got its request and queued {@code bio}. */
    void resumed(Bio bio);
}
