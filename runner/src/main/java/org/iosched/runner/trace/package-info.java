/**
 * The block trace's files and tools: what {@code --trace FILE} writes (blkparse text, blktrace binary records and
 * btt's input: {@link org.iosched.runner.trace.TraceOutput}) and btt's summary of a trace
 * ({@link org.iosched.runner.trace.BttSummary}, {@code --trace-summary}). The simulator records the trace; this
 * package only writes and summarises it.
 *
 * <p>The lowest layer of the runner with {@code report}: it uses no other runner package.
 */
package org.iosched.runner.trace;
