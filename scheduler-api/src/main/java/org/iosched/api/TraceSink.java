package org.iosched.api;

/**
 * Where a plugin writes messages into the block trace ({@code blk_add_trace_msg}); they show as
 * {@code m   N <message>} lines in blkparse output. Build the message only when {@link #enabled()}.
 */
public interface TraceSink {
    /** Whether anyone reads the trace; when false, skip building messages. */
    boolean enabled();

    /** Write one message line, timestamped with the current virtual time. */
    void message(String message);
}
