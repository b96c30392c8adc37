package org.iosched.scheduler.deadline;

import java.util.Objects;
import org.iosched.api.Bio;
import org.iosched.api.IoScheduler;
import org.iosched.api.Jiffies;
import org.iosched.api.JiffiesCache;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.SchedulerContext;
import org.iosched.api.TraceSink;
import org.iosched.scheduler.support.FreeNodes;
import org.iosched.scheduler.support.RequestList;
import org.iosched.scheduler.support.SectorTree;

/**
 * The deadline I/O scheduler of Linux 2.6.32-3.0 ({@code block/deadline-iosched.c}, Jens Axboe).
 *
 * <h2>Features</h2>
 * <ul>
 *   <li>Per data direction (READ or WRITE by {@code rq_data_dir}, not sync/async) a sector-sorted tree and a
 *       FIFO; each request gets {@code fifo_time = jiffies + fifo_expire[dir]} ({@code deadline_add_request}).</li>
 *   <li>Batches: up to {@code fifo_batch} requests in one ascending sweep of one direction, continued from
 *       {@code next_rq}, the sector successor of the last request dispatched ({@code deadline_dispatch_requests},
 *       {@code deadline_move_request}). A sweep ends early when no higher sector is queued; there is no
 *       wrap-around.</li>
 *   <li>Direction choice at a batch start: reads first, unless writes are queued and reads already started
 *       {@code writes_starved} batches while they waited (post-increment compare {@code starved++ >=
 *       writes_starved}); a write batch resets {@code starved}.</li>
 *   <li>Expiry is checked only when a batch starts, and only for the chosen direction's FIFO head
 *       ({@code deadline_check_fifo}, {@code time_after}): an expired head, or a missing {@code next_rq},
 *       starts the batch at the FIFO head; otherwise the sweep goes on from {@code next_rq}.</li>
 *   <li>Merging: a front-merge candidate is looked up in the sort tree only when {@code front_merges=1}
 *       ({@code deadline_merge}); a front-merged request is re-sorted ({@code deadline_merged_request});
 *       when two requests coalesce, the survivor takes the earlier deadline and that one's FIFO slot and the
 *       other leaves ({@code deadline_merged_requests}); former/latter requests come from the tree
 *       ({@code elv_rb_former_request}, {@code elv_rb_latter_request}). Back merges are the block layer's.</li>
 *   <li>One request per {@link #dispatch} call, appended with {@code elv_dispatch_add_tail}; {@code force} is
 *       ignored, as the kernel ignores it.</li>
 *   <li>Aliases: a request added (or re-sorted after a front merge) at the start sector of a queued request
 *       of its direction sends that request to the dispatch queue at once, as 2.6.32-3.0's
 *       {@code deadline_add_rq_rb} does (3.1 keeps aliases in the tree). Like any dispatch it sets
 *       {@code next_rq} to the alias's successor, so the batch continues from there (in the alias's
 *       direction), without counting against {@code fifo_batch}.</li>
 *   <li>Block-trace messages (when the trace is read): batch start, direction switch, expired FIFO head.</li>
 * </ul>
 *
 * <h2>Limitations</h2>
 * <ul>
 * *   <li>Tunables are fixed for a run; out-of-range values are rejected where the kernel's sysfs store
 *       clamps them, and a negative {@code writes_starved} (which the kernel takes) is rejected.</li>
 *   <li>{@code last_sector} is not kept: the kernel writes it but never decides anything with it.</li>
 * </ul>
 *
 * <h2>Notes</h2>
 * <ul>
 *   <li>Time: the expiries are kept in jiffies ({@code msecs_to_jiffies} of the millisecond tunable with
 *       {@link SchedulerContext#hz()}, rounded up). A request added during jiffy {@code j} gets the deadline
 *       jiffy {@code j + expire}, stored in {@link Request#fifoTime()} as the first nanosecond of that jiffy;
 *       it counts as expired once {@code jiffies > j + expire}, i.e. from the start of the next jiffy. So a
 *       request becomes eligible between {@code expire} and {@code expire + 1} jiffies after it was added.</li>
 *   <li>Guarantee, on a device serving one request at a time in {@code S}, with {@code b = max(fifo_batch, 1)}
 *       and {@code writes_starved >= 1}: if {@code a} older requests of its direction are still queued when
 *       a request expires, it is dispatched at most {@code 2 b (a + 1) S} later if it is a read (the batch in
 *       progress, then at most one write batch before every read batch, each read batch start taking the
 *       oldest expired read) and at most {@code (writes_starved + 1) b (a + 1) S} later if it is a write.
 *       Expiry is soft: {@code a} can be large for writes under a deep queue. With {@code writes_starved=0}
 *       reads wait for every write. {@code DeadlineBoundsPropertyTest} checks this.</li>
 *   <li>Cost: add, merge hooks and removal are O(log n) in the requests queued in that direction; a dispatch
 *       is O(log n) worst case and O(1) amortised along a sweep. One node per queued request, recycled
 *       through a free list, so the steady state allocates nothing and memory follows the requests queued.</li>
 * </ul>
 */
public final class DeadlineScheduler implements IoScheduler {
    /** Index of the read direction ({@code READ} in the kernel). */
    static final int READ = 0;
    /** Index of the write direction ({@code WRITE}). */
    static final int WRITE = 1;
    private static final int NONE = -1;
    private static final long NSEC_PER_MSEC = 1_000_000L;

    private final SchedulerContext context;
    private final Jiffies jiffies;
    /** {@link #jiffies}' readings of now, remembered for the tick. */
    private final JiffiesCache jiffiesNow;
    /** {@code fifo_expire[dir]} in jiffies. */
    private final long[] fifoExpire = new long[2];
    private final int writesStarved;
    private final boolean frontMerges;
    private final int fifoBatch;

    /** {@code sort_list[dir]}. */
    @SuppressWarnings("unchecked")
    private final SectorTree<DeadlineRequest>[] sortList = new SectorTree[] {new SectorTree<>(), new SectorTree<>()};
    /** {@code fifo_list[dir]}. */
    @SuppressWarnings("unchecked")
    private final RequestList<DeadlineRequest>[] fifoList = new RequestList[] {new RequestList<>(), new RequestList<>()};
    /** {@code next_rq[dir]}: where the current sweep goes on; only the direction last dispatched has one. */
    private final DeadlineRequest[] nextRq = new DeadlineRequest[2];
    /** {@code batching}: requests dispatched in the current batch. */
    private int batching;
    /** {@code starved}: read batches started while writes waited, since the last write batch. */
    private int starved;
    /** Direction of the current batch, for trace messages only. */
    private int batchDir = NONE;
    /** Recycled nodes. */
    private final FreeNodes<DeadlineRequest> freeNodes = new FreeNodes<>();

    /**
     * {@code deadline_init_queue}.
     *
     * @param context  the request queue's services
     * @param tunables the knobs; the expiries are converted to jiffies with {@link SchedulerContext#hz()} here
     */
    public DeadlineScheduler(SchedulerContext context, DeadlineTunables tunables) {
        this.context = Objects.requireNonNull(context, "context");
        Objects.requireNonNull(tunables, "tunables");
        this.jiffies = new Jiffies(context.hz());
        this.jiffiesNow = new JiffiesCache(jiffies);
        this.fifoExpire[READ] = jiffies.fromMillis(tunables.readExpireMs());
        this.fifoExpire[WRITE] = jiffies.fromMillis(tunables.writeExpireMs());
        this.writesStarved = tunables.writesStarved();
        this.frontMerges = tunables.frontMerges();
        this.fifoBatch = tunables.fifoBatch();
    }

    /**
     * {@code deadline_add_request}: into the sort tree (an alias already queued at its sector goes to the
     * dispatch queue first), and to the FIFO tail with its deadline.
     */
    @Override
    public void add(Request rq) {
        if (rq.schedulerData() != null) {
            throw new IllegalStateException("deadline: " + rq + " is already queued");
        }
        int dir = direction(rq);
        DeadlineRequest node = obtainNode();
        node.bind(rq, dir);
        addToSortList(node, rq.sector());
        rq.setFifoTime(jiffies.startOf(jiffiesNow.at(context.now()) + fifoExpire[dir]));
        fifoList[dir].addTail(node);
    }

    /**
     * {@code deadline_merge}: with {@code front_merges=1}, the queued request of the bio's direction that
     * starts where the bio ends, if it may take the bio ({@code elv_rq_merge_ok}'s request-side checks).
     */
    @Override
    public Request findFrontMerge(Bio bio) {
        if (!frontMerges) {
            return null;
        }
        int dir = bio.op() == Op.READ ? READ : WRITE;
        DeadlineRequest node = sortList[dir].find(bio.endSector());
        if (node == null || !mergeable(node.rq(), bio)) {
            return null;
        }
        return node.rq();
    }

    /** {@code deadline_merged_request}: a front merge moved the start sector, so re-sort the request. */
    @Override
    public void merged(Request rq, boolean front) {
        if (!front) {
            return;
        }
        DeadlineRequest node = nodeOf(rq);
        sortList[node.dir].remove(node);
        addToSortList(node, rq.sector());
    }

    /**
     * {@code deadline_merged_requests}: {@code next} was absorbed into {@code rq}. If {@code next} expires
     * first, {@code rq} takes its deadline and its FIFO slot ({@code list_move}); then {@code next} leaves.
     */
    @Override
    public void requestsMerged(Request rq, Request next) {
        DeadlineRequest survivor = nodeOf(rq);
        DeadlineRequest absorbed = nodeOf(next);
        if (survivor.dir != absorbed.dir) {
            throw new IllegalStateException("deadline: cannot merge " + next + " into " + rq + " across directions");
        }
        if (next.fifoTime() < rq.fifoTime()) {
            fifoList[survivor.dir].moveAfter(survivor, absorbed);
            rq.setFifoTime(next.fifoTime());
        }
        removeRequest(absorbed);
    }

    /** {@code elv_rb_former_request}. */
    @Override
    public Request formerRequest(Request rq) {
        return SectorTree.formerRequest(nodeOf(rq));
    }

    /** {@code elv_rb_latter_request}. */
    @Override
    public Request latterRequest(Request rq) {
        return SectorTree.latterRequest(nodeOf(rq));
    }

    /**
     * {@code deadline_dispatch_requests}: go on with the current batch while it has a {@code next_rq} and
     * fewer than {@code fifo_batch} requests; otherwise choose a direction and start a new batch.
     *
     * @param force ignored, as in the kernel: deadline never holds requests back
     * @return 1 if a request was moved to the dispatch queue, 0 if nothing is queued
     */
    @Override
    public int dispatch(boolean force) {
        // batches are reads XOR writes: at most one next_rq is set
        DeadlineRequest node = nextRq[WRITE] != null ? nextRq[WRITE] : nextRq[READ];
        if (node == null || batching >= fifoBatch) {
            int dir = chooseDirection();
            if (dir == NONE) {
                return 0;
            }
            DeadlineRequest head = fifoList[dir].first();
            boolean expired = jiffiesNow.at(context.now()) > jiffies.at(head.rq().fifoTime());
            node = expired || nextRq[dir] == null ? head : nextRq[dir];
            TraceSink trace = context.trace();
            if (trace.enabled()) {
                traceBatchStart(trace, dir, node, expired);
            }
            batchDir = dir;
            batching = 0;
        }
        batching++;
        moveRequest(node);
        return 1;
    }

    /** Whether any request is queued. */
    @Override
    public boolean hasQueued() {
        return !fifoList[READ].isEmpty() || !fifoList[WRITE].isEmpty();
    }

    /** The direction of a new batch: reads unless writes have been starved long enough; NONE if empty. */
    private int chooseDirection() {
        boolean reads = !fifoList[READ].isEmpty();
        boolean writes = !fifoList[WRITE].isEmpty();
        if (reads && !(writes && starved++ >= writesStarved)) {
            return READ;
        }
        if (writes) {
            starved = 0;
            return WRITE;
        }
        return NONE;
    }

    /**
     * {@code deadline_add_rq_rb}: 3.0's {@code elv_rb_add} refuses a request already queued in the same direction
     * at the same start sector (an alias), so that one is dispatched at once, as {@code deadline_move_request} does
     * it: {@code next_rq} becomes the alias's successor, so the batch goes on from there. The batch count is not
     * charged. So the tree never holds two requests at one sector.
     */
    private void addToSortList(DeadlineRequest node, long sector) {
        SectorTree<DeadlineRequest> tree = sortList[node.dir];
        DeadlineRequest alias;
        while ((alias = tree.addUnlessAlias(node, sector)) != null) {
            TraceSink trace = context.trace();
            if (trace.enabled()) {
                trace.message("deadline " + name(alias.dir) + " alias " + alias.rq() + " at sector "
                        + alias.sortSector() + " dispatched at insertion");
            }
            // the batch goes on in the alias's direction (for trace messages)
            batchDir = alias.dir;
            moveRequest(alias);
        }
    }

    /** {@code deadline_move_request}: remember the sweep's successor, then hand the request to the queue. */
    private void moveRequest(DeadlineRequest node) {
        int dir = node.dir;
        Request rq = node.rq();
        nextRq[READ] = null;
        nextRq[WRITE] = null;
        nextRq[dir] = SectorTree.next(node);
        removeRequest(node);
        context.dispatchAddTail(rq);
    }

    /** {@code deadline_remove_request}: off the FIFO and the tree, moving {@code next_rq} past it. */
    private void removeRequest(DeadlineRequest node) {
        int dir = node.dir;
        fifoList[dir].remove(node);
        if (nextRq[dir] == node) {
            nextRq[dir] = SectorTree.next(node);
        }
        sortList[dir].remove(node);
        freeNodes.recycle(node);
    }

    private DeadlineRequest obtainNode() {
        DeadlineRequest node = freeNodes.poll();
        return node == null ? new DeadlineRequest() : node;
    }

    private static DeadlineRequest nodeOf(Request rq) {
        if (rq.schedulerData() instanceof DeadlineRequest node) {
            return node;
        }
        throw new IllegalStateException("deadline: " + rq + " is not queued in this scheduler");
    }

    private static int direction(Request rq) {
        return rq.isWrite() ? WRITE : READ;
    }

    /** {@code elv_rq_merge_ok} as far as the request goes: same operation (direction and discard), mergeable. */
    private static boolean mergeable(Request rq, Bio bio) {
        int noMerge = RequestFlags.NOMERGE | RequestFlags.FUA | RequestFlags.PREFLUSH;
        return rq.op() == bio.op() && (rq.flags() & noMerge) == 0;
    }

    private void traceBatchStart(TraceSink trace, int dir, DeadlineRequest first, boolean expired) {
        if (batchDir != NONE && batchDir != dir) {
            trace.message("deadline switch " + name(batchDir) + " -> " + name(dir) + " after a "
                    + batching + "-request " + name(batchDir) + " batch"
                    + (dir == WRITE && !fifoList[READ].isEmpty() ? ", writes starved" : ""));
        }
        if (expired) {
            trace.message("deadline " + name(dir) + " fifo expired: " + first.rq() + " is "
                    + (context.now() - first.rq().fifoTime()) / NSEC_PER_MSEC + " ms past its deadline");
        }
        trace.message("deadline " + name(dir) + " batch start at sector " + first.rq().sector() + ", "
                + fifoList[dir].size() + " queued, starved " + starved);
    }

    private static String name(int dir) {
        return dir == READ ? "READ" : "WRITE";
    }
}
