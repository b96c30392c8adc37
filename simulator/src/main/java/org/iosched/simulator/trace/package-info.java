/**
 * The block trace (kernel/trace/blktrace.c, blkparse): {@link org.iosched.simulator.trace.BlockTrace} writes every
 * step of a request's life as blkparse's text and/or blktrace's binary records, with the schedulers' messages and
 * blkparse's closing summary.
 *
 * <p>Internal: {@code BlktraceWriter} ({@code struct blk_io_trace} records), {@code TraceCounters} (the summary's
 * per-CPU and per-process counts).
 */
package org.iosched.simulator.trace;
