package org.iosched.api;

/** {@code bio->bi_end_io}: called once when a bio completes. */
@FunctionalInterface
public interface BioEndIo {
    /**
     * @param bio        the bio that completed
     * @param completedAt virtual time of completion, in nanoseconds
     */
    void bioCompleted(Bio bio, long completedAt);
}
