package org.iosched.simulator.blk;

import org.iosched.api.Request;

/** Told of every request the device completed (data requests and flush steps), before its bios end. */
@FunctionalInterface
public interface RequestCompletionListener {
    /** The device completed {@code rq}. */
    void requestCompleted(Request rq);
}
