package org.iosched.api;

/**
 * A reusable one-shot timer in virtual time, like a kernel {@code timer_list}: create it once, then
 * {@link #arm} ({@code mod_timer}) and {@link #cancel} ({@code del_timer}) as often as needed without
 * allocating. The callback runs on the simulation's single thread at the armed time; timers armed for
 * the same instant run in the order they were armed.
 */
public interface Timer {
    /** Arm (or re-arm) the timer to fire at absolute virtual time {@code atNanos}; at most one firing is pending. */
    void arm(long atNanos);

    /** Cancel a pending firing; no effect when none is pending. */
    void cancel();

    /** Whether a firing is pending ({@code timer_pending}). */
    boolean isPending();

    /** The time of the pending firing, or -1 when none is pending. */
    long expiresAt();
}
