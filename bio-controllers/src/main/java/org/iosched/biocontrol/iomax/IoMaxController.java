package org.iosched.biocontrol.iomax;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.iosched.api.Bio;
import org.iosched.api.BioController;
import org.iosched.api.BioControllerContext;
import org.iosched.api.Op;
import org.iosched.api.Task;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;
import org.iosched.biocontrol.Jiffies;
import org.iosched.biocontrol.ThrottleStats;
import org.iosched.biocontrol.iomax.IoMaxGroup.QNode;
import org.iosched.biocontrol.iomax.IoMaxGroup.ServiceQueue;

/**
 * {@code io.max}: blk-throttle of Linux 6.6 on one device ({@code blk_throtl_bio}, the pending timers and the
 * dispatch work).
 *
 * <p><b>Features</b>
 * <ul>
 *   <li>Per cgroup and direction, {@code rbps}/{@code wbps} and {@code riops}/{@code wiops} combine: a bio goes when
 *       both allow it. Allowances accrue over 100 ms slices ({@code throtl_slice}), started, extended to whole slices
 *       and trimmed after each dispatch as in 6.6, with the iops rule waiting to the next slice boundary.</li>
 *   <li>Hierarchy: a bio must pass its group and every ancestor with rules ({@code has_rules}); it is charged at
 *       each level it passes, queued at the first level that refuses it, and climbs level by level as the pending
 *       timers dispatch it. The root cgroup is never limited, and bios of cgroups without rules in their branch
 *       pass untouched.</li>
 *   <li>Dispatch: each service queue's pending timer serves its child groups by {@code disptime}, up to
 *       {@code THROTL_GRP_QUANTUM} = 8 bios per group (6 reads, then 2 writes: 3:1) and {@code THROTL_QUANTUM} = 32
 *       per round; bios of several children queued in a parent are served round-robin (qnodes); a parent whose
 *       slice is over starts a new one with the child's credit. The timer is never armed more than 8 slices ahead.
 *       Bios leaving the top are re-issued from the {@code kthrotld} worker, reads first, then the queue is run.</li>
 *   <li>A limit written during the run ({@code V@MS} values) carries what the old limit owed or was owed into the
 *       new slices ({@code tg_update_carryover}) and restarts both slices ({@code tg_conf_updated}).</li>
 *   <li>{@code BIO_BPS_THROTTLED}: a bio that re-enters having been charged for bytes (a split remainder,
 *       {@link #resubmitSplit}) is charged and checked for iops only.</li>
 * </ul>
 *
 * <p><b>Limitations</b>
 * <ul>
 *   <li>The OS model builds no bio above {@code max_sectors}, so blk-mq splits none and the iops re-count of split
 *       pieces arises only through {@link #resubmitSplit}.</li>
 *   <li>HZ is 1000 and {@code CONFIG_BLK_DEV_THROTTLING_LOW} is off (6.6's default): 100 ms slices on every
 *       device, no {@code io.low}.</li>
 *   <li>An expired timer is run on the next jiffy (the timer wheel's next tick), with no timer slack.</li>
 * </ul>
 *
 * <p><b>Notes</b>: 6.6 block/blk-throttle.c ({@code __blk_throtl_bio}, {@code tg_may_dispatch},
 * {@code throtl_pending_timer_fn}, {@code throtl_select_dispatch}, {@code throtl_dispatch_tg},
 * {@code tg_dispatch_one_bio}, {@code blk_throtl_dispatch_work_fn}, {@code tg_set_limit}); Documentation/admin-guide/
 * cgroup-v2.rst "io.max". An empty FLUSH is a WRITE of 0 bytes: it counts against {@code wiops}.
 */
public final class IoMaxController implements BioController {
    /** {@code THROTL_GRP_QUANTUM}. */
    static final int THROTL_GRP_QUANTUM = 8;
    /** {@code THROTL_QUANTUM}. */
    static final int THROTL_QUANTUM = 32;
    private static final int READ = IoMaxGroup.READ;
    private static final int WRITE = IoMaxGroup.WRITE;

    private final BioControllerContext context;
    private final TraceSink trace;
    /** {@code td->service_queue}: the top, whose queued bios the dispatch work re-issues. */
    private final ServiceQueue top;
    private final IoMaxGroup root;
    private final Map<String, IoMaxGroup> groups = new HashMap<>();
    /** Groups in creation order (ancestors first), for statistics and {@code tg_conf_updated}'s walk. */
    private final List<IoMaxGroup> groupList = new ArrayList<>();
    /** {@code td->nr_queued[]}. */
    private final int[] nrQueued = new int[2];
    /** {@code td->dispatch_work}. */
    private final Timer dispatchWork;
    private final ArrayDeque<Bio> dispatchList = new ArrayDeque<>();
    /** Bios carrying {@code BIO_BPS_THROTTLED} while this controller holds them (only re-entered split pieces). */
    private final Set<Bio> bpsThrottled = Collections.newSetFromMap(new IdentityHashMap<>());
    private Task worker;

    /**
     * @param context the bio layer's services
     * @param config  the {@code io.max} writes
     */
    public IoMaxController(BioControllerContext context, IoMaxConfig config) {
        this.context = context;
        this.trace = context.trace();
        this.dispatchWork = context.newTimer(this::dispatchWorkFn);
        IoMaxGroup.TimerFactory timers = sq -> context.newTimer(() -> pendingTimerFn(sq));
        this.top = new ServiceQueue(null, null, timers);
        this.root = new IoMaxGroup("/", null, top, timers);
        groups.put("/", root);
        groupList.add(root);
        root.updateHasRules();
        for (IoMaxConfig.Change change : config.changes()) {
            if (change.atNanos() == 0) {
                IoMaxGroup tg = groupOf(change.cgroupPath());
                limits(tg, change.tunable())[direction(change.tunable())] = change.value();
            } else {
                Timer t = context.newTimer(() -> setLimit(change.cgroupPath(), change.tunable(), change.value()));
                t.arm(change.atNanos());
            }
        }
        for (IoMaxGroup tg : groupList) {
            tg.updateHasRules();
        }
    }

    @Override
    public Admission submit(Bio bio) {
        throttle(bio, false);
        return Admission.TAKEN;
    }

    /**
     * A split remainder re-entering {@code submit_bio_noacct} with {@code BIO_BPS_THROTTLED}: its bytes were charged
     * with the whole bio, so only the iops rules see it ({@code blk_should_throtl}: "iops limit is always counted").
     */
    public void resubmitSplit(Bio bio) {
        throttle(bio, true);
    }

    /** {@code blk_throtl_bio} / {@code __blk_throtl_bio}. */
    private void throttle(Bio bio, boolean alreadyBps) {
        int rw = dataDir(bio);
        IoMaxGroup tg = groupOf(bio.cgroup().path());
        if (!tg.hasRulesIops[rw] && !(tg.hasRulesBps[rw] && !alreadyBps)) {
            context.passDown(bio);
            return;
        }
        long jiffies = Jiffies.at(context.now());
        ServiceQueue sq = tg.sq;
        QNode qn = null;
        while (true) {
            if (sq.nrQueued[rw] > 0) {
                break;
            }
            if (tg.mayDispatch(bio, rw, alreadyBps, jiffies, trace) != 0) {
                break;
            }
            tg.charge(bio, rw, alreadyBps);
            tg.trimSlice(rw, jiffies, trace);
            qn = tg.qnodeOnParent[rw];
            sq = sq.parent;
            tg = sq.owner;
            if (tg == null) {
                context.passDown(bio);
                return;
            }
        }
        if (trace.enabled()) {
            trace.message(tg.queueMessage(bio, rw));
        }
        if (alreadyBps) {
            bpsThrottled.add(bio);
        }
        nrQueued[rw]++;
        tg.throttledBios[rw]++;
        addBioTg(bio, qn, tg);
        if (tg.wasEmpty) {
            updateDisptime(tg, jiffies);
            scheduleNextDispatch(tg.sq.parent, true, jiffies);
        }
    }

    /** {@code throtl_add_bio_tg}: queue a bio in {@code tg} (in {@code qn}: a child's, or the group's own). */
    private void addBioTg(Bio bio, QNode qn, IoMaxGroup tg) {
        int rw = dataDir(bio);
        ServiceQueue sq = tg.sq;
        if (qn == null) {
            qn = tg.qnodeOnSelf[rw];
        }
        if (sq.nrQueued[rw] == 0) {
            tg.wasEmpty = true;
        }
        ServiceQueue.add(bio, qn, sq.queued[rw]);
        sq.nrQueued[rw]++;
        if (!tg.pending) {
            tg.pending = true;
            tg.sq.parent.addPending(tg);
        }
    }

    /** {@code tg_update_disptime}: now plus the shorter wait of the two directions' first bios. */
    private void updateDisptime(IoMaxGroup tg, long jiffies) {
        long readWait = Long.MAX_VALUE;
        long writeWait = Long.MAX_VALUE;
        Bio bio = ServiceQueue.peek(tg.sq.queued[READ]);
        if (bio != null) {
            readWait = tg.mayDispatch(bio, READ, bpsThrottled.contains(bio), jiffies, trace);
        }
        bio = ServiceQueue.peek(tg.sq.queued[WRITE]);
        if (bio != null) {
            writeWait = tg.mayDispatch(bio, WRITE, bpsThrottled.contains(bio), jiffies, trace);
        }
        long minWait = Math.min(readWait, writeWait);
        ServiceQueue parent = tg.sq.parent;
        parent.pendingTree.remove(tg);
        tg.disptime = minWait == Long.MAX_VALUE ? Long.MAX_VALUE : jiffies + minWait;
        parent.addPending(tg);
        tg.wasEmpty = false;
    }

    /**
     * {@code throtl_schedule_next_dispatch}: true when nothing is pending or the pending timer was armed for the
     * first group (always when {@code force}); false when that group's time has come (dispatch on).
     */
    private boolean scheduleNextDispatch(ServiceQueue sq, boolean force, long jiffies) {
        if (sq.pendingTree.isEmpty()) {
            return true;
        }
        long first = sq.pendingTree.get(0).disptime;
        if (force || first > jiffies) {
            schedulePendingTimer(sq, first, jiffies);
            return true;
        }
        return false;
    }

    /** {@code throtl_schedule_pending_timer}: at most {@code 8 * throtl_slice} ahead. */
    private void schedulePendingTimer(ServiceQueue sq, long expires, long jiffies) {
        long maxExpire = jiffies + 8 * IoMaxGroup.THROTL_SLICE;
        long at = Math.min(expires, maxExpire);
        // mod_timer with an expiry already reached runs at the next tick
        sq.pendingTimer.arm(Jiffies.toNanos(Math.max(at, jiffies + 1)));
        if (trace.enabled()) {
            trace.message("throtl " + label(sq) + " schedule timer. delay=" + (at - jiffies) + " jiffies=" + jiffies);
        }
    }

    /** {@code throtl_pending_timer_fn}: dispatch this level's due groups, then propagate upwards or issue. */
    private void pendingTimerFn(ServiceQueue start) {
        long jiffies = Jiffies.at(context.now());
        ServiceQueue sq = start;
        while (true) {
            IoMaxGroup tg = sq.owner;
            ServiceQueue parentSq = sq.parent;
            boolean dispatched = false;
            while (true) {
                if (trace.enabled()) {
                    trace.message("throtl " + label(sq) + " dispatch nr_queued=" + (sq.nrQueued[READ]
                            + sq.nrQueued[WRITE]) + " read=" + sq.nrQueued[READ] + " write=" + sq.nrQueued[WRITE]);
                }
                int ret = selectDispatch(sq, jiffies);
                if (ret > 0) {
                    if (trace.enabled()) {
                        trace.message("throtl " + label(sq) + " bios disp=" + ret);
                    }
                    dispatched = true;
                }
                if (scheduleNextDispatch(sq, ret == 0, jiffies)) {
                    break;
                }
                // this dispatch window is still open: repeat
            }
            if (!dispatched) {
                return;
            }
            if (parentSq != null) {
                if (tg.wasEmpty) {
                    updateDisptime(tg, jiffies);
                    if (!scheduleNextDispatch(parentSq, false, jiffies)) {
                        // the parent's window is already open: dispatch there now
                        sq = parentSq;
                        continue;
                    }
                }
                return;
            }
            // the top: the worker issues the bios
            if (!dispatchWork.isPending()) {
                dispatchWork.arm(context.now());
            }
            return;
        }
    }

    /** {@code throtl_select_dispatch}: serve due groups by disptime, up to {@code THROTL_QUANTUM}. */
    private int selectDispatch(ServiceQueue parentSq, long jiffies) {
        int nrDisp = 0;
        while (!parentSq.pendingTree.isEmpty()) {
            IoMaxGroup tg = parentSq.pendingTree.get(0);
            if (jiffies < tg.disptime) {
                break;
            }
            nrDisp += dispatchTg(tg, jiffies);
            if (tg.sq.nrQueued[READ] > 0 || tg.sq.nrQueued[WRITE] > 0) {
                updateDisptime(tg, jiffies);
            } else {
                parentSq.pendingTree.remove(0);
                tg.pending = false;
            }
            if (nrDisp >= THROTL_QUANTUM) {
                break;
            }
        }
        return nrDisp;
    }

    /** {@code throtl_dispatch_tg}: up to 6 reads, then up to 2 writes, each while the limits allow. */
    private int dispatchTg(IoMaxGroup tg, long jiffies) {
        int maxReads = THROTL_GRP_QUANTUM * 3 / 4;
        int maxWrites = THROTL_GRP_QUANTUM - maxReads;
        return dispatchDirection(tg, READ, maxReads, jiffies) + dispatchDirection(tg, WRITE, maxWrites, jiffies);
    }

    private int dispatchDirection(IoMaxGroup tg, int rw, int max, long jiffies) {
        int n = 0;
        Bio bio;
        while ((bio = ServiceQueue.peek(tg.sq.queued[rw])) != null
                && tg.mayDispatch(bio, rw, bpsThrottled.contains(bio), jiffies, trace) == 0) {
            dispatchOneBio(tg, rw, jiffies);
            if (++n >= max) {
                break;
            }
        }
        return n;
    }

    /** {@code tg_dispatch_one_bio}: charge, then up to the parent group's queue, or to the top. */
    private void dispatchOneBio(IoMaxGroup tg, int rw, long jiffies) {
        Bio bio = ServiceQueue.pop(tg.sq.queued[rw]);
        tg.sq.nrQueued[rw]--;
        tg.charge(bio, rw, bpsThrottled.contains(bio));
        ServiceQueue parentSq = tg.sq.parent;
        IoMaxGroup parentTg = parentSq.owner;
        if (parentTg != null) {
            addBioTg(bio, tg.qnodeOnParent[rw], parentTg);
            if (parentTg.sliceUsed(rw, jiffies)) {
                parentTg.startNewSliceWithCredit(rw, tg.sliceStart(rw), jiffies, trace);
            }
        } else {
            // BIO_BPS_THROTTLED: it has passed every level
            bpsThrottled.remove(bio);
            ServiceQueue.add(bio, tg.qnodeOnParent[rw], parentSq.queued[rw]);
            nrQueued[rw]--;
        }
        tg.trimSlice(rw, jiffies, trace);
    }

    /** {@code blk_throtl_dispatch_work_fn}: re-issue the top's bios, reads then writes, under one plug. */
    private void dispatchWorkFn() {
        for (int rw = READ; rw <= WRITE; rw++) {
            Bio bio;
            while ((bio = ServiceQueue.pop(top.queued[rw])) != null) {
                dispatchList.add(bio);
            }
        }
        if (dispatchList.isEmpty()) {
            return;
        }
        Task reissuer = workerThread();
        Bio bio;
        while ((bio = dispatchList.poll()) != null) {
            bio.reissueFrom(reissuer);
            context.passDown(bio);
        }
        context.unplug();
    }

    /**
     * {@code tg_set_limit}: write one key of a cgroup's {@code io.max} now. What queued bios were owed or owing goes
     * into the carry-over, then {@code tg_conf_updated}: rules of the group and its descendants updated, both slices
     * restarted (keeping the carry-over), and a pending group re-timed.
     *
     * @param value the limit, {@link IoMaxConfig#MAX} for none
     */
    public void setLimit(String cgroupPath, String tunable, long value) {
        long jiffies = Jiffies.at(context.now());
        IoMaxGroup tg = groupOf(cgroupPath);
        tg.updateCarryover(jiffies, trace);
        limits(tg, tunable)[direction(tunable)] = value;
        for (IoMaxGroup g : groupList) {
            if (g == tg || isDescendant(g, tg)) {
                g.updateHasRules();
            }
        }
        if (trace.enabled()) {
            trace.message("throtl " + tg.path + " limit change rbps=" + IoMaxGroup.unsigned(tg.bpsLimit(READ), false)
                    + " wbps=" + IoMaxGroup.unsigned(tg.bpsLimit(WRITE), false) + " riops="
                    + IoMaxGroup.unsigned(tg.iopsLimit(READ), true) + " wiops="
                    + IoMaxGroup.unsigned(tg.iopsLimit(WRITE), true));
        }
        tg.startNewSlice(READ, false, jiffies, trace);
        tg.startNewSlice(WRITE, false, jiffies, trace);
        if (tg.pending) {
            updateDisptime(tg, jiffies);
            scheduleNextDispatch(tg.sq.parent, true, jiffies);
        }
    }

    private static boolean isDescendant(IoMaxGroup g, IoMaxGroup ancestor) {
        for (IoMaxGroup p = g.parent; p != null; p = p.parent) {
            if (p == ancestor) {
                return true;
            }
        }
        return false;
    }

    private static long[] limits(IoMaxGroup tg, String tunable) {
        return tunable.endsWith("iops") ? tg.iops : tg.bps;
    }

    private static int direction(String tunable) {
        return tunable.startsWith("r") ? READ : WRITE;
    }

    /** {@code bio_data_dir}: writes, discards and flushes are WRITE. */
    private static int dataDir(Bio bio) {
        return bio.op() == Op.READ ? READ : WRITE;
    }

    /** The group of a cgroup path, created with its ancestors at first use ({@code blkg_lookup_create}). */
    private IoMaxGroup groupOf(String path) {
        IoMaxGroup tg = groups.get(path);
        if (tg == null) {
            int slash = path.lastIndexOf('/');
            IoMaxGroup parent = groupOf(slash == 0 ? "/" : path.substring(0, slash));
            tg = new IoMaxGroup(path, parent, parent.sq, sq -> context.newTimer(() -> pendingTimerFn(sq)));
            tg.updateHasRules();
            groups.put(path, tg);
            groupList.add(tg);
        }
        return tg;
    }

    private static String label(ServiceQueue sq) {
        return sq.owner == null ? "td" : sq.owner.path;
    }

    private Task workerThread() {
        if (worker == null) {
            worker = context.kernelThread("kthrotld");
        }
        return worker;
    }

    /** The group of {@code path}, for tests. */
    IoMaxGroup group(String path) {
        return groups.get(path);
    }

    /**
     * Per cgroup path (the cgroups bios were charged to, and their ancestors): bios and bytes dispatched and bios
     * throttled per direction, and bios queued now.
     */
    @Override
    public Map<String, Number> statistics() {
        Map<String, Number> stats = new LinkedHashMap<>();
        for (IoMaxGroup tg : groupList) {
            if (tg.isRoot()) {
                continue;
            }
            ThrottleStats.put(stats, tg.path, tg.dispatchedBios, tg.dispatchedBytes, tg.throttledBios,
                    tg.sq.nrQueued[READ] + tg.sq.nrQueued[WRITE]);
        }
        return stats;
    }
}
