package org.iosched.scheduler.mqdeadline;

import java.util.List;
import org.iosched.api.Bio;
import org.iosched.api.HardwareQueue;
import org.iosched.api.IoPriority;
import org.iosched.api.Jiffies;
import org.iosched.api.JiffiesCache;
import org.iosched.api.MqScheduler;
import org.iosched.api.MqSchedulerContext;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.iosched.scheduler.support.FreeNodes;
import org.iosched.scheduler.support.RequestList;
import org.iosched.scheduler.support.SectorTree;

/**
 * mq-deadline as Linux 6.6 has it ({@code block/mq-deadline.c}): one scheduler per request queue, shared by every
 * hardware queue ({@code QUEUE_FLAG_SQ_SCHED}), with three priority levels, each sorting reads and writes apart.
 *
 * <h2>Features</h2>
 * <ul>
 *   <li>Priority levels RT, BE and IDLE from the class of {@code rq->ioprio} (NONE counts as BE; the level within
 *       a class is ignored). Each level has a {@code dispatch} list for {@code INSERT_AT_HEAD} inserts, and per
 *       direction ({@code rq_data_dir}: writes and discards are WRITE) a sort tree by start sector and a FIFO whose
 *       requests expire {@code read_expire}/{@code write_expire} after insertion, in jiffies.</li>
 *   <li>Dispatch, one request per call: first a BE or IDLE request that has waited more than
 *       {@code prio_aging_expire}, when at least two levels have I/O queued or in flight; else the levels in order,
 *       a lower one only while no higher one has anything queued or in flight ({@code dd_queued}). Within a level:
 *       the dispatch list; else continue the batch (the first request of {@code last_dir} at or above that
 *       direction's {@code latest_pos}) while fewer than {@code fifo_batch} were dispatched; else a new batch:
 *       reads unless writes wait and {@code writes_starved} read batches already started, the direction's
 *       FIFO head if it expired or nothing lies above {@code latest_pos}, else the next request in sector order.
 *       {@code last_dir}, {@code batching} and {@code starved} are shared by the three levels.</li>
 *   <li>{@code limit_depth}: writes and async requests get the shallow depth {@code async_depth} (bits per sbitmap
 *       word), 3/4 of a word as {@code depth_updated} computes it; reads are not limited.</li>
 *   <li>Merges: {@code bio_merge} through the generic helper, a front-merge lookup ({@code front_merges}) in the
 *       bio's level and direction, re-sorting after a front merge, coalesced requests keeping the earlier FIFO
 *       time and position, insert merges, the merge hash and {@code last_merge}.</li>
 *   <li>Statistics per level (inserted, merged, dispatched, completed) as the kernel keeps them; completion
 *       ({@code finish_request}) counts what the aging and priority rules read.</li>
 * </ul>
 *
 * <h2>Limitations</h2>
 * <ul>
 *   <li>Zoned block devices (zone write locking, per-zone FIFO order) are not modelled: the simulator has none.</li>
 *   <li>Of requests starting at one sector (6.6's {@code elv_rb_add} keeps them all), the front-merge lookup takes
 *       the oldest; the kernel's rbtree descent takes whichever it meets first.</li>
 * </ul>
 */
public final class MqDeadlineScheduler implements MqScheduler {
    /** {@code DD_READ}. */
    static final int READ = 0;
    /** {@code DD_WRITE}. */
    static final int WRITE = 1;
    /** {@code DD_RT_PRIO}. */
    static final int RT = 0;
    /** {@code DD_BE_PRIO}. */
    static final int BE = 1;
    /** {@code DD_IDLE_PRIO}. */
    static final int IDLE = 2;
    /** {@code DD_PRIO_MAX}. */
    static final int PRIO_MAX = IDLE;

    /** {@code ioprio_class_to_prio}: NONE → BE, RT → RT, BE → BE, IDLE → IDLE. */
    private static final int[] CLASS_TO_PRIO = {BE, RT, BE, IDLE};

    private final MqSchedulerContext context;
    private final Jiffies jiffies;
    /** {@link #jiffies}' readings of now, remembered for the tick. */
    private final JiffiesCache jiffiesNow;
    private final PerPriority[] perPrio = {new PerPriority(), new PerPriority(), new PerPriority()};
    /** {@code fifo_expire[]} in jiffies. */
    private final long[] fifoExpire = new long[2];
    private final int fifoBatch;
    private final int writesStarved;
    private final boolean frontMerges;
    private final long prioAgingExpire;
    private final int asyncDepthSetting;
    private int asyncDepth;
    /** Direction of the current batch; WRITE at start, as {@code dd_init_sched} sets it. */
    private int lastDir = WRITE;
    private int batching;
    private int starved;
    private final FreeNodes<MqDeadlineRequest> freeNodes = new FreeNodes<>();

    MqDeadlineScheduler(MqSchedulerContext context, MqDeadlineTunables tunables) {
        this.context = context;
        this.jiffies = new Jiffies(context.hz());
        this.jiffiesNow = new JiffiesCache(jiffies);
        this.fifoExpire[READ] = jiffies.fromMillis(tunables.readExpireMs());
        this.fifoExpire[WRITE] = jiffies.fromMillis(tunables.writeExpireMs());
        this.fifoBatch = tunables.fifoBatch();
        this.writesStarved = tunables.writesStarved();
        this.frontMerges = tunables.frontMerges();
        this.prioAgingExpire = jiffies.fromMillis(tunables.prioAgingExpireMs());
        this.asyncDepthSetting = tunables.asyncDepth();
    }

    // ---------------------------------------------------------------- depth

    @Override
    public void initHardwareQueue(HardwareQueue hctx) {
        depthUpdated(hctx);
        if (asyncDepthSetting != MqDeadlineTunables.ASYNC_DEPTH_COMPUTED) {
            // simplified: a set value acts as a sysfs write right after attach, until nr_requests changes
            asyncDepth = asyncDepthSetting;
        }
    }

    /**
     * {@code dd_depth_updated}: 3/4 of a scheduler tag word, at least 1. Checked for 6.6.0: the word-based rule came
     * with d47f9717e5cf ("use correct way to throttling write requests", for-6.6/block, in v6.6); its revert to
     * {@code max(1, 3 * nr_requests / 4)} (256aab46e316, v6.9) reached only later 6.6.y stable releases.
     */
    @Override
    public void depthUpdated(HardwareQueue hctx) {
        asyncDepth = Math.max(1, 3 * (1 << hctx.schedulerTagShift()) / 4);
        hctx.setMinShallowDepth(asyncDepth);
    }

    /** {@code dd_limit_depth}: reads (always sync) are not throttled; writes and async requests are. */
    @Override
    public int limitDepth(Op op, int flags, Task task, HardwareQueue hctx) {
        boolean write = op.isWrite();
        if (!write && RequestFlags.isSync(op, flags)) {
            return 0;
        }
        return asyncDepth;
    }

    /** The shallow depth writes and async requests get now ({@code dd->async_depth}). */
    int asyncDepth() {
        return asyncDepth;
    }

    // ---------------------------------------------------------------- per-request state

    private static int prioOf(int ioprio) {
        return CLASS_TO_PRIO[IoPriority.classValue(ioprio) & 3];
    }

    private static int dirOf(Op op) {
        return op.isWrite() ? WRITE : READ;
    }

    private MqDeadlineRequest node(Request rq) {
        return (MqDeadlineRequest) rq.schedulerData();
    }

    private MqDeadlineRequest bind(Request rq) {
        MqDeadlineRequest node = freeNodes.poll();
        if (node == null) {
            node = new MqDeadlineRequest();
        }
        node.bind(rq, dirOf(rq.op()), prioOf(rq.ioPriority()));
        return node;
    }

    /** {@code dd_prepare_request}: not inserted yet ({@code rq->elv.priv[0] = NULL}). */
    @Override
    public void prepareRequest(Request rq) {
        MqDeadlineRequest node = node(rq);
        if (node == null) {
            bind(rq);
        } else {
            node.inserted = false;
        }
    }

    /** {@code dd_finish_request}: a request that was inserted counts as completed in its level. */
    @Override
    public void finishRequest(Request rq) {
        MqDeadlineRequest node = node(rq);
        if (node == null) {
            return;
        }
        if (node.inserted) {
            perPrio[node.prio].completed++;
        }
        freeNodes.recycle(node);
    }

    // ---------------------------------------------------------------- insertion

    /** {@code rq_mergeable}. */
    private static boolean mergeable(Request rq) {
        return rq.op() != Op.FLUSH
                && (rq.flags() & (RequestFlags.NOMERGE | RequestFlags.PREFLUSH | RequestFlags.FUA)) == 0;
    }

    @Override
    public void insertRequests(HardwareQueue hctx, List<Request> requests, int flags) {
        for (int i = 0; i < requests.size(); i++) {
            insert(requests.get(i), flags);
        }
    }

    /** {@code dd_insert_request}. */
    private void insert(Request rq, int flags) {
        MqDeadlineRequest node = node(rq);
        if (node == null) {
            node = bind(rq);
        }
        // simplified: no zoned devices, so no zone write lock to release (blk_req_zone_write_unlock)
        // the level and direction as the kernel reads them here (dd_rq_ioclass, rq_data_dir)
        node.prio = prioOf(rq.ioPriority());
        node.dir = dirOf(rq.op());
        PerPriority pp = perPrio[node.prio];
        if (!node.inserted) {
            pp.inserted++;
            node.inserted = true;
        }
        if (context.tryInsertMerge(rq)) {
            return;
        }
        long now = jiffiesNow.at(context.now());
        if ((flags & INSERT_AT_HEAD) != 0) {
            pp.dispatch.addHead(node);
            node.fifoTime = now;
        } else {
            addToTree(pp, node);
            if (mergeable(rq)) {
                context.hashAdd(rq);
                if (context.lastMerge() == null) {
                    context.setLastMerge(rq);
                }
            }
            node.fifoTime = now + fifoExpire[node.dir];
            pp.fifoList[node.dir].addTail(node);
        }
    }

    /** {@code deadline_add_rq_rb}: a plain {@code elv_rb_add}, aliases and all. */
    private static void addToTree(PerPriority pp, MqDeadlineRequest node) {
        pp.sortList[node.dir].add(node, node.rq().sector());
    }

    /** {@code deadline_del_rq_rb}, for a request that is in its tree. */
    private static void removeFromTree(PerPriority pp, MqDeadlineRequest node) {
        if (node.inSortTree()) {
            pp.sortList[node.dir].remove(node);
        }
    }

    /** {@code deadline_remove_request}: off its list, its tree, the hash and {@code last_merge}. */
    private void remove(PerPriority pp, MqDeadlineRequest node) {
        RequestList.removeFromList(node);
        removeFromTree(pp, node);
        context.hashRemove(node.rq());
        if (context.lastMerge() == node.rq()) {
            context.setLastMerge(null);
        }
    }

    // ---------------------------------------------------------------- merging

    /** {@code dd_bio_merge}: the generic merge ({@code blk_mq_sched_try_merge}). */
    @Override
    public boolean bioMerge(Bio bio) {
        return context.tryMerge(bio);
    }

    /** {@code dd_request_merge}: a request of the bio's level and direction starting where the bio ends. */
    @Override
    public Request requestMerge(Bio bio) {
        if (!frontMerges) {
            return null;
        }
        PerPriority pp = perPrio[prioOf(bio.ioPriority())];
        // simplified: of aliases the oldest (elv_rb_find returns the first its descent meets)
        MqDeadlineRequest found = pp.sortList[dirOf(bio.op())].find(bio.endSector());
        return found == null ? null : found.rq();
    }

    /** {@code dd_request_merged}: a front merge moved the request's start, so re-sort it. */
    @Override
    public void requestMerged(Request rq, boolean front) {
        MqDeadlineRequest node = node(rq);
        if (front && node != null && node.inSortTree()) {
            PerPriority pp = perPrio[node.prio];
            removeFromTree(pp, node);
            addToTree(pp, node);
        }
    }

    /**
     * {@code dd_merged_requests}: {@code next} was coalesced into {@code rq}; if both are on lists and {@code next}
     * expires first, {@code rq} takes its FIFO place and time; then {@code next} is forgotten.
     */
    @Override
    public void requestsMerged(Request rq, Request next) {
        MqDeadlineRequest survivor = node(rq);
        MqDeadlineRequest gone = node(next);
        PerPriority pp = perPrio[gone.prio];
        pp.merged++;
        if (survivor.onList() && gone.onList() && gone.fifoTime < survivor.fifoTime) {
            gone.list().moveAfter(survivor, gone);
            survivor.fifoTime = gone.fifoTime;
        }
        remove(pp, gone);
    }

    /** {@code elv_rb_former_request}. */
    @Override
    public Request formerRequest(Request rq) {
        MqDeadlineRequest node = node(rq);
        if (node == null || !node.inSortTree()) {
            return null;
        }
        return SectorTree.formerRequest(node);
    }

    /** {@code elv_rb_latter_request}. */
    @Override
    public Request nextRequest(Request rq) {
        MqDeadlineRequest node = node(rq);
        if (node == null || !node.inSortTree()) {
            return null;
        }
        return SectorTree.latterRequest(node);
    }

    // ---------------------------------------------------------------- dispatch

    /** {@code dd_has_work}. */
    @Override
    public boolean hasWork(HardwareQueue hctx) {
        for (int prio = 0; prio <= PRIO_MAX; prio++) {
            if (perPrio[prio].hasWork()) {
                return true;
            }
        }
        return false;
    }

    /** {@code dd_dispatch_request}. */
    @Override
    public Request dispatchRequest(HardwareQueue hctx) {
        long now = jiffiesNow.at(context.now());
        Request rq = dispatchAged(now);
        if (rq != null) {
            return rq;
        }
        for (int prio = 0; prio <= PRIO_MAX; prio++) {
            rq = dispatch(perPrio[prio], now, now);
            if (rq != null || perPrio[prio].queued() > 0) {
                break;
            }
        }
        return rq;
    }

    /** {@code dd_dispatch_prio_aged_requests}. */
    private Request dispatchAged(long now) {
        int levels = 0;
        for (int prio = 0; prio <= PRIO_MAX; prio++) {
            if (perPrio[prio].queued() > 0) {
                levels++;
            }
        }
        if (levels < 2) {
            return null;
        }
        for (int prio = BE; prio <= PRIO_MAX; prio++) {
            Request rq = dispatch(perPrio[prio], now, now - prioAgingExpire);
            if (rq != null) {
                return rq;
            }
        }
        return null;
    }

    /** {@code started_after}: the insertion time rebuilt from {@code fifo_time}, after {@code latestStart}. */
    private boolean startedAfter(MqDeadlineRequest node, long latestStart) {
        return node.fifoTime - fifoExpire[node.dir] > latestStart;
    }

    /** {@code deadline_next_request}: the first request of {@code dir} at or above {@code latest_pos}. */
    private static MqDeadlineRequest nextFromPos(PerPriority pp, int dir) {
        return pp.sortList[dir].ceiling(pp.latestPos[dir]);
    }

    /** {@code __dd_dispatch_request}. */
    private Request dispatch(PerPriority pp, long now, long latestStart) {
        MqDeadlineRequest node = pp.dispatch.first();
        if (node != null) {
            if (startedAfter(node, latestStart)) {
                return null;
            }
            pp.dispatch.remove(node);
            return done(node);
        }
        node = nextFromPos(pp, lastDir);
        if (node == null || batching >= fifoBatch) {
            int dir;
            if (!pp.fifoList[READ].isEmpty()) {
                if (!pp.fifoList[WRITE].isEmpty() && starved++ >= writesStarved) {
                    dir = WRITE;
                    starved = 0;
                } else {
                    dir = READ;
                }
            } else if (!pp.fifoList[WRITE].isEmpty()) {
                dir = WRITE;
                starved = 0;
            } else {
                return null;
            }
            MqDeadlineRequest next = nextFromPos(pp, dir);
            MqDeadlineRequest head = pp.fifoList[dir].first();
            // deadline_check_fifo: the oldest request of the direction expired
            node = now >= head.fifoTime || next == null ? head : next;
            lastDir = dir;
            batching = 0;
        }
        if (startedAfter(node, latestStart)) {
            return null;
        }
        batching++;
        remove(pp, node);
        return done(node);
    }

    /** The {@code done:} tail: {@code latest_pos} and {@code dispatched} of the request's level. */
    private Request done(MqDeadlineRequest node) {
        PerPriority pp = perPrio[node.prio];
        pp.latestPos[node.dir] = node.rq().sector();
        pp.dispatched++;
        return node.rq();
    }

    // ---------------------------------------------------------------- statistics, for tests

    /** {@code dd_queued} of level {@code prio} ({@link #RT}, {@link #BE}, {@link #IDLE}). */
    long queued(int prio) {
        return perPrio[prio].queued();
    }

    /** The statistics of level {@code prio}: inserted, merged, dispatched, completed. */
    long[] stats(int prio) {
        PerPriority pp = perPrio[prio];
        return new long[] {pp.inserted, pp.merged, pp.dispatched, pp.completed};
    }

    /** Requests the scheduler holds in level {@code prio}, on its lists. */
    int held(int prio) {
        PerPriority pp = perPrio[prio];
        return pp.dispatch.size() + pp.fifoList[READ].size() + pp.fifoList[WRITE].size();
    }

    /** {@code fifo_expire[dir]} in jiffies. */
    long fifoExpireJiffies(int dir) {
        return fifoExpire[dir];
    }
}
