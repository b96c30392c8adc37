package org.iosched.biocontrol.throttle;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iosched.api.Bio;
import org.iosched.api.BioController;
import org.iosched.api.BioControllerContext;
import org.iosched.api.Cgroup;
import org.iosched.api.Op;
import org.iosched.api.Task;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;
import org.iosched.biocontrol.Jiffies;
import org.iosched.biocontrol.ThrottleStats;

/**
 * The blkio throttling policy of Linux 2.6.37 on one request queue ({@code blk_throtl_bio} and the
 * dispatch work).
 *
 * <p><b>Features</b>
 * <ul>
 *   <li>Per cgroup and direction, {@code bps} and {@code iops} rules combine: a bio goes when both allow it.
 *       Allowances accrue over 100 ms slices ({@code throtl_slice}) that are started, extended to whole
 *       slices and trimmed as in 2.6.37.</li>
 *   <li>{@code blk_throtl_bio}: a bio within the rules goes down at once in the submitter's context;
 *       otherwise, or when bios of its direction already wait (FIFO), it is queued in its group.</li>
 *   <li>Groups with queued bios sit on a service tree ordered by dispatch time; a delayed work item,
 *       armed for the earliest, dispatches up to 32 bios a round ({@code throtl_quantum}), up to 8 per
 *       group ({@code throtl_grp_quantum}: 6 reads, then writes up to 8, as 2.6.37's arithmetic gives),
 *       and re-issues them from a kernel worker, whose io context the scheduler below then sees, then
 *       unplugs the queue ({@code blk_unplug}).</li>
 *   <li>{@code keep_io_context=1}: dispatched bios keep the issuer's io context, as from Linux 3.5 on, when
 *       {@code blk_throtl_bio} calls {@code bio_associate_current()} on a bio it delays.</li>
 * </ul>
 *
 * <p><b>Limitations</b>
 * <ul>
 *   <li>The worker is named {@code kthrotld}. In 2.6.37 the work ran on the {@code kblockd} workqueue
 *       ({@code kblockd_schedule_delayed_work}); the separate {@code kthrotld} workqueue came with commit
 *       450adcbe in early 2011. Either way a kernel worker's io context (BE/4, root cgroup) is charged.</li>
 *   <li>The group is the bio's cgroup ({@link Bio#cgroup()}), where 2.6.37 used the submitting task's
 *       cgroup; they differ only for bios re-issued by a controller above (dm-ioband's kioband).</li>
 *   <li>Rules are read when a cgroup's first bio creates its group; they do not change during a run.</li>
 * </ul>
 *
 * <p><b>Notes</b>: 2.6.37 block/blk-throttle.c ({@code tg_may_dispatch}, {@code tg_with_in_bps_limit},
 * {@code tg_with_in_iops_limit}, {@code throtl_trim_slice}, {@code tg_update_disptime},
 * {@code throtl_select_dispatch}, {@code throtl_dispatch}); Documentation/cgroups/blkio-controller.txt.
 * An empty FLUSH is a WRITE of 0 bytes: it counts against the write iops rule.
 */
public final class ThrottleController implements BioController {
    /** {@code throtl_grp_quantum}: bios one group dispatches per round. */
    static final int THROTL_GRP_QUANTUM = 8;
    /** {@code throtl_quantum}: bios dispatched per round from all groups. */
    static final int THROTL_QUANTUM = 32;
    private static final int READ = 0;
    private static final int WRITE = 1;

    private final BioControllerContext context;
    /** The block trace, fetched once: the hot path only asks it whether it is enabled. */
    private final TraceSink trace;
    private final ThrottleConfig config;
    private final Map<String, ThrottleGroup> groups = new HashMap<>();
    /** Groups in creation order, for statistics. */
    private final List<ThrottleGroup> groupList = new ArrayList<>();
    /** {@code tg_service_tree}: groups with queued bios by dispatch time; equal times in insertion order. */
    private final ArrayList<ThrottleGroup> serviceTree = new ArrayList<>();
    /** {@code td->nr_queued[]}. */
    private final int[] nrQueued = new int[2];
    /** {@code throtl_work}. */
    private final Timer work;
    /** The bios one dispatch round passes down ({@code bio_list_on_stack}); reused. */
    private final ArrayDeque<Bio> dispatchList = new ArrayDeque<>();
    private Task worker;

    /**
     * @param context the bio layer's services
     * @param config  the rules
     */
    public ThrottleController(BioControllerContext context, ThrottleConfig config) {
        this.context = context;
        this.trace = context.trace();
        this.config = config;
        this.work = context.newTimer(this::dispatchWork);
    }

    @Override
    public Admission submit(Bio bio) {
        int rw = dataDir(bio);
        ThrottleGroup tg = groupOf(bio.cgroup());
        long jiffies = Jiffies.at(context.now());
        boolean updateDisptime = true;
        if (tg.nrQueued(rw) > 0) {
            // bios of this direction already wait: FIFO, and the dispatch time stands
            updateDisptime = false;
        } else if (tg.mayDispatch(bio, rw, jiffies, trace) == 0) {
            tg.charge(bio, rw);
            context.passDown(bio);
            return Admission.TAKEN;
        }
        if (trace.enabled()) {
            trace.message(tg.queueMessage(bio, rw));
        }
        tg.bios(rw).add(bio);
        tg.throttledBios[rw]++;
        nrQueued[rw]++;
        enqueue(tg);
        if (updateDisptime) {
            updateDisptime(tg, jiffies);
            scheduleNextDispatch(jiffies);
        }
        return Admission.TAKEN;
    }

    /** {@code blk_throtl_work} / {@code throtl_dispatch}: one dispatch round, then the next one armed. */
    private void dispatchWork() {
        if (totalQueued() == 0) {
            return;
        }
        long jiffies = Jiffies.at(context.now());
        if (trace.enabled()) {
            trace.message("throtl dispatch nr_queued=" + totalQueued() + " read=" + nrQueued[READ] + " write="
                    + nrQueued[WRITE]);
        }
        int nrDisp = selectDispatch(jiffies);
        if (nrDisp > 0 && trace.enabled()) {
            trace.message("throtl bios disp=" + nrDisp);
        }
        scheduleNextDispatch(jiffies);
        Task reissuer = config.keepIoContext() ? null : workerThread();
        Bio bio;
        while ((bio = dispatchList.poll()) != null) {
            if (reissuer != null) {
                bio.reissueFrom(reissuer);
            }
            context.passDown(bio);
        }
        if (nrDisp > 0) {
            // throtl_dispatch: blk_unplug(q) after a round, so the bios do not wait for the unplug timer
            context.unplug();
        }
    }

    /** {@code throtl_select_dispatch}: serve groups whose time has come, up to the round's quantum. */
    private int selectDispatch(long jiffies) {
        int nrDisp = 0;
        while (!serviceTree.isEmpty()) {
            ThrottleGroup tg = serviceTree.get(0);
            if (jiffies < tg.disptime) {
                break;
            }
            dequeue(tg);
            nrDisp += dispatchGroup(tg, jiffies);
            if (tg.nrQueued() > 0) {
                updateDisptime(tg, jiffies);
                enqueue(tg);
            }
            if (nrDisp >= THROTL_QUANTUM) {
                break;
            }
        }
        return nrDisp;
    }

    /** {@code throtl_dispatch_tg}: up to 6 reads, then writes. */
    private int dispatchGroup(ThrottleGroup tg, long jiffies) {
        int maxReads = THROTL_GRP_QUANTUM * 3 / 4;
        // 2.6.37 computes the write quota before counting reads, so it is the whole group quantum
        int maxWrites = THROTL_GRP_QUANTUM;
        int nrReads = dispatchDirection(tg, READ, maxReads, jiffies);
        int nrWrites = dispatchDirection(tg, WRITE, maxWrites, jiffies);
        return nrReads + nrWrites;
    }

    private int dispatchDirection(ThrottleGroup tg, int rw, int max, long jiffies) {
        int n = 0;
        Bio bio;
        while ((bio = tg.bios(rw).peek()) != null && tg.mayDispatch(bio, rw, jiffies, trace) == 0) {
            // tg_dispatch_one_bio
            tg.bios(rw).poll();
            nrQueued[rw]--;
            tg.charge(bio, rw);
            dispatchList.add(bio);
            tg.trimSlice(rw, jiffies, trace);
            if (++n >= max) {
                break;
            }
        }
        return n;
    }

    /** {@code tg_update_disptime}: the earlier of the two directions' waits. */
    private void updateDisptime(ThrottleGroup tg, long jiffies) {
        long readWait = Long.MAX_VALUE;
        long writeWait = Long.MAX_VALUE;
        Bio bio = tg.bios(READ).peek();
        if (bio != null) {
            readWait = tg.mayDispatch(bio, READ, jiffies, trace);
        }
        bio = tg.bios(WRITE).peek();
        if (bio != null) {
            writeWait = tg.mayDispatch(bio, WRITE, jiffies, trace);
        }
        long disptime = jiffies + Math.min(readWait, writeWait);
        // 2.6.37 keeps the old time when a group already on the tree would get an earlier one
        if (tg.onRr && disptime < tg.disptime) {
            return;
        }
        dequeue(tg);
        tg.disptime = disptime;
        enqueue(tg);
    }

    /** {@code throtl_schedule_next_dispatch}: arm the work for the earliest group. */
    private void scheduleNextDispatch(long jiffies) {
        if (totalQueued() == 0) {
            return;
        }
        long min = serviceTree.get(0).disptime;
        scheduleDelayedWork(min <= jiffies ? 0 : min - jiffies, jiffies);
    }

    /** {@code throtl_schedule_delayed_work}: cancel a pending run and queue a new one. */
    private void scheduleDelayedWork(long delay, long jiffies) {
        if (totalQueued() > 0) {
            work.cancel();
            work.arm(Jiffies.workDue(context.now(), delay));
                if (trace.enabled()) {
                trace.message("throtl schedule work. delay=" + delay + " jiffies=" + jiffies);
            }
        }
    }

    private void enqueue(ThrottleGroup tg) {
        if (tg.onRr) {
            return;
        }
        int i = serviceTree.size();
        // rb-tree insertion: an equal key goes to the right of those already there
        while (i > 0 && serviceTree.get(i - 1).disptime > tg.disptime) {
            i--;
        }
        serviceTree.add(i, tg);
        tg.onRr = true;
    }

    private void dequeue(ThrottleGroup tg) {
        if (tg.onRr) {
            serviceTree.remove(tg);
            tg.onRr = false;
        }
    }

    private int totalQueued() {
        return nrQueued[READ] + nrQueued[WRITE];
    }

    /** {@code bio_data_dir}: writes, discards and flushes are WRITE. */
    private static int dataDir(Bio bio) {
        return bio.op() == Op.READ ? READ : WRITE;
    }

    /** {@code throtl_find_alloc_tg}: the group of a cgroup, created with its rules at first use. */
    private ThrottleGroup groupOf(Cgroup cgroup) {
        ThrottleGroup tg = groups.get(cgroup.path());
        if (tg == null) {
            tg = new ThrottleGroup(cgroup.path(), config.limitsOf(cgroup.path()));
            groups.put(cgroup.path(), tg);
            groupList.add(tg);
        }
        return tg;
    }

    private Task workerThread() {
        if (worker == null) {
            worker = context.kernelThread("kthrotld");
        }
        return worker;
    }

    /**
     * Per cgroup path: bios and bytes dispatched and bios throttled (queued at least once) per direction,
     * and bios queued now.
     */
    @Override
    public Map<String, Number> statistics() {
        Map<String, Number> stats = new LinkedHashMap<>();
        for (ThrottleGroup tg : groupList) {
            ThrottleStats.put(stats, tg.cgroupPath, tg.dispatchedBios, tg.dispatchedBytes, tg.throttledBios,
                    tg.nrQueued());
        }
        return stats;
    }
}
