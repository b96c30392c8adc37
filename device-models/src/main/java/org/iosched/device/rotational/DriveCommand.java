package org.iosched.device.rotational;

import org.iosched.api.Request;

/** A command the drive holds: one per command slot, reused (no allocation per request). */
final class DriveCommand {
    final int slot;
    Request rq;
    long arrival;
    /** When the controller overhead is over and the mechanism may start on it. */
    long readyAt;
    /** The sectors it needs from or to the medium. */
    long mediaFrom;
    long mediaTo;
    boolean write;

    DriveCommand(int slot) {
        this.slot = slot;
    }
}
