package org.iosched.simulator.block;

import org.iosched.api.Bio;
import org.iosched.simulator.engine.SimTimer;

/**
 * A task sleeping in {@code get_request_wait} for a request of its kind, holding the bio it was
 * submitting. Woken FIFO, one at a time, as requests are freed; the wake-up runs as an event at the
 * time of the free (the task runs after the freeing context). Recycled.
 */
final class Waiter {
    Bio bio;
    boolean sync;
    /** Whether the bio takes the flush path once it has its request. */
    boolean flushPath;
    SimTimer wakeTimer;
    Waiter next;
}
