package org.iosched.simulator.blk;

import org.iosched.api.Bio;

/** Told when a bio completes, before its {@code bi_end_io} runs (the bio controllers' end_io path). */
@FunctionalInterface
public interface BioCompletionListener {
    /** {@code bio} completed. */
    void bioCompleted(Bio bio);
}
