/**
 * The {@code replay} workload: fio iologs (v2, v3), blkparse text and blktrace binary records replayed against
 * the device, one task per recorded pid or file, open loop (recorded times) or closed loop (recorded order).
 *
 * <p>Limitations: reads and writes are replayed as direct I/O at device offsets (a blkparse trace's
 * sync/async distinction, PREFLUSH, FUA, META and readahead flags are not reproduced; an empty flush is
 * replayed as an fsync of the device); closed loop drops the recorded think time between a task's I/Os.
 *
 * <p>Follows fio's iolog.c ({@code read_iolog2}) and blkparse's record format
 * ({@link TraceReader}, {@link TraceFormat}); {@link ReplayTask} and {@link ReplayStream} are one replaying task
 * and its records. Public: the provider and the workload; the rest is internal.
 */
package org.iosched.workload.replay;
