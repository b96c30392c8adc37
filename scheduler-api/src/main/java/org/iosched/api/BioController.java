package org.iosched.api;

/**
 * A bio controller: a layer between the OS model and the request queue that may hold bios and release them
 * later, such as dm-ioband (a device-mapper target) or the blkio throttling policy of 2.6.37. It sees every
 * bio before the request queue does and passes each one down exactly once with
 * {@link BioControllerContext#passDown(Bio)}, at once or later.
 */
public interface BioController {
    /** What {@link #submit} did with a bio. */
    enum Admission {
        /** Taken: passed down already, or held to be passed down later. */
        TAKEN,
        /**
         * Not taken: the submitting task must sleep (dm-ioband's per-group and per-device limits) and submit
         * the same bio again after {@link BioControllerContext#wake(Task)}.
         */
        SLEEP
    }

    /** A bio arrives from {@code bio.task()}. */
    Admission submit(Bio bio);

    /** A bio this controller passed down has completed (the place to re-kick held bios). */
    default void completed(Bio bio) {
    }

    /** Statistics to report, name to value (per-group dispatched bios, tokens, ...). */
    default java.util.Map<String, Number> statistics() {
        return java.util.Map.of();
    }
}
