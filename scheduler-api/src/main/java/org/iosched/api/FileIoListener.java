package org.iosched.api;

/** Callbacks of a {@link FileIo}, run on the simulation thread in virtual time. */
public interface FileIoListener {
    /**
     * The submitting call returned ({@code io_submit} for async engines; for a blocking call this comes
     * together with completion). {@link FileIo#submitTime()} is set. The default does nothing.
     */
    default void submitted(FileIo io) {
    }

    /** The I/O finished; {@link FileIo#completeTime()} is set. */
    void completed(FileIo io);
}
