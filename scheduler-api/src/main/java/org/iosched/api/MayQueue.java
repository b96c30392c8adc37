package org.iosched.api;

/** The answer of {@link IoScheduler#mayQueue}: {@code ELV_MQUEUE_MAY}, {@code _NO}, {@code _MUST}. */
public enum MayQueue {
    /** Allocate if the pool has room (the usual answer). */
    MAY,
    /** Do not allocate now. */
    NO,
    /** Allocate even if the queue is marked full (CFQ for a queue waiting for a request). */
    MUST
}
