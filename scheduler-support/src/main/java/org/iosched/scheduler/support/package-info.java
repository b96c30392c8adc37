/**
 * The helpers the kernel's elevator core exports to I/O schedulers, for the built-in schedulers and third-party
 * ones alike (this module depends on {@code scheduler-api} only).
 *
 * <ul>
 *   <li>{@link org.iosched.scheduler.support.SectorTree}: {@code block/elevator.c}'s RB-tree support functions
 *       ({@code elv_rb_add} as 3.0 and as 6.6 have it, {@code elv_rb_del}, {@code elv_rb_find},
 *       {@code elv_rb_former_request}, {@code elv_rb_latter_request}) over a red-black tree by start sector.</li>
 *   <li>{@link org.iosched.scheduler.support.RequestList}: {@code rq->queuelist} lists, the request FIFO of
 *       {@code rq_fifo_clear}/{@code rq_entry_fifo} ({@code include/linux/elevator.h}) and other lists of queued
 *       requests.</li>
 *   <li>{@link org.iosched.scheduler.support.RequestNode}: the links {@code struct request} embeds for them, as a
 *       base of a scheduler's per-request node; {@link org.iosched.scheduler.support.FreeNodes} recycles those
 *       nodes.</li>
 * </ul>
 *
 * The links of a node are internal: only the tree and the list move them. Single-threaded, like every scheduler
 * hook.
 */
package org.iosched.scheduler.support;
