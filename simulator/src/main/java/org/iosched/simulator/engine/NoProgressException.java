package org.iosched.simulator.engine;

import org.iosched.api.InvalidInputException;

/**
 * The run stopped because virtual time no longer advances: more events ran at one instant than any run that
 * ends can hold ({@link EventQueue#DEFAULT_INSTANT_LIMIT}). It is a user error when a job keeps the clock
 * still (a time-based job served from the page cache, whose hits take no virtual time); the message names the
 * job. The engine throws it naming the instant and the owner of the event that crossed the bound; the run
 * rethrows it naming the job.
 */
public final class NoProgressException extends InvalidInputException {
    private static final long serialVersionUID = 1L;

    private final long instant;
    private final long events;
    private final String owner;

    /**
     * @param detail  what keeps running, and why
     * @param instant the virtual time that does not advance, in nanoseconds
     * @param events  events run at that instant
     * @param owner   the owner of the last event ({@code workload FioWorkload}), or null for the simulator's own
     */
    public NoProgressException(String detail, long instant, long events, String owner) {
        super(detail);
        this.instant = instant;
        this.events = events;
        this.owner = owner;
    }

    /** The virtual time that does not advance, in nanoseconds. */
    public long instant() {
        return instant;
    }

    /** Events run at that instant. */
    public long events() {
        return events;
    }

    /** The owner of the event that crossed the bound, or null for the simulator's own timers. */
    public String owner() {
        return owner;
    }
}
