/**
 * Linux 6.6's multi-queue block layer (blk-mq) for one device, one class per section of the kernel's files.
 *
 * <p>The entry point is {@link org.iosched.simulator.blkmq.MqRequestQueue} (the queue, {@code blk_mq_submit_bio}
 * and what the run and the OS model call); {@link org.iosched.simulator.blkmq.NoneSchedulerProvider} registers
 * {@code none}. Everything else is internal to the package:
 * <table>
 *   <caption>kernel file to class</caption>
 *   <tr><th>kernel</th><th>class</th></tr>
 *   <tr><td>block/blk-mq.c: the queue, {@code blk_mq_submit_bio}</td><td>{@code MqRequestQueue}</td></tr>
 *   <tr><td>block/blk-mq.c: insert, direct issue, {@code blk_mq_dispatch_rq_list}, {@code blk_mq_start_request}
 *       </td><td>{@code MqIssue}</td></tr>
 *   <tr><td>block/blk-mq.c: completion, {@code blk_mq_end_request}, {@code blk_mq_free_request}, requeue
 *       </td><td>{@code MqCompletion}</td></tr>
 *   <tr><td>block/blk-mq.c, blk-core.c: plugging ({@code blk_add_rq_to_plug}, {@code blk_mq_flush_plug_list},
 *       {@code struct blk_plug})</td><td>{@code MqPlugs}, {@code MqPlug}</td></tr>
 *   <tr><td>block/blk-mq.h: {@code struct blk_mq_hw_ctx}, {@code rq_flags}</td><td>{@code Hctx}, {@code MqRq}
 *       </td></tr>
 *   <tr><td>block/blk-mq-sched.c: hardware-queue runs, scheduler dispatch, restart</td><td>{@code MqSched}
 *       </td></tr>
 *   <tr><td>block/blk-mq-sched.c, elevator.c: what a scheduler is handed</td><td>{@code MqSchedContext},
 *       {@code GuardedMqScheduler}</td></tr>
 *   <tr><td>block/blk-mq-tag.c, {@code __blk_mq_alloc_requests}</td><td>{@code MqTags}</td></tr>
 *   <tr><td>lib/sbitmap.c</td><td>{@code Sbitmap}</td></tr>
 *   <tr><td>block/blk-merge.c, elevator.c's merges</td><td>{@code MqMerge} (with
 *       {@link org.iosched.simulator.blk.MergeHash})</td></tr>
 *   <tr><td>block/blk-flush.c</td><td>{@code MqFlush}</td></tr>
 *   <tr><td>drivers/scsi/scsi_lib.c: the dispatch budget</td><td>{@code ScsiBudget}</td></tr>
 *   <tr><td>block/blk-rq-qos.c</td><td>{@code RqQosChain}, {@code RqQosWait}</td></tr>
 *   <tr><td>block/blk-wbt.c</td><td>{@code Wbt}</td></tr>
 *   <tr><td>{@code none} (no elevator)</td><td>{@code NoneSchedulerProvider}</td></tr>
 * </table>
 *
 * <p>The collaborators are package-private final classes holding the {@code MqRequestQueue} whose state they
 * share; the per-request path calls them directly, without interfaces.
 */
package org.iosched.simulator.blkmq;
