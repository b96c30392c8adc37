package org.iosched.biocontrol.ioband;

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
import org.iosched.api.IoPrioClass;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;
import org.iosched.biocontrol.Jiffies;

/**
 * dm-ioband on one device: groups by blkio cgroup, token-based sharing by weight, and the {@code kioband}
 * worker that re-issues held bios.
 *
 * <p><b>Features</b>
 * <ul>
 *   <li>{@code ioband_map}: a bio whose group holds no bios of its direction, while fewer than
 *       {@code io_limit} bios of that direction are in flight, and whose group has tokens, goes down at once
 *       in the submitter's context; otherwise it is held in its group.</li>
 *   <li>{@code prevent_burst_bios}: a task sleeps ({@link Admission#SLEEP}) while its group holds
 *       {@code c_limit} bios of the bio's direction ({@code io_limit * w / sum(w) / 4}), and once that happened,
 *       until the group's held bios of that direction have all been released; a kernel thread sleeps only
 *       while the device holds {@code io_limit} bios of that direction.</li>
 *   <li>{@code ioband_conduct}: a delayed work item on the {@code kioband} workqueue picks the group with
 *       the highest {@code tokens * 100 / share + 1}, releases its bios until it runs out of tokens or room
 *       or yields, starts a new epoch when nothing can go, and calls {@code generic_make_request} from the
 *       worker, so the layers below see kioband's io context (the effect of seed 002).
 *       {@code ioband_end_io} re-kicks it on every completion while bios are held.</li>
 *   <li>Token and epoch accounting of the {@code weight} and {@code weight-iosize} policies
 *       ({@link WeightPolicy}).</li>
 *   <li>{@code keep_io_context=1}: held bios keep the issuer's io context, as Takahashi's "I/O context
 *       inheritance" patches (lkml 2008/4/22) would have made possible.</li>
 * </ul>
 *
 * <p><b>Limitations</b>
 * <ul>
 *   <li>A group is attached at its cgroup's first bio (as if {@code dmsetup message attach} ran then), which
 *       resets every group's tokens as {@code set_weight} does; the weight is read once, at attach.</li>
 *   <li>One ioband device per disk, no hierarchy, no {@code range-bw} policy, no {@code token} or
 *       {@code carryover} messages (their defaults are used), no suspend/resume.</li>
 *   <li>No urgent (page-reclaim) bios: the simulator's OS model does not reclaim pages.</li>
 * </ul>
 *
 * <p><b>Notes</b>: facts from haokexin/linux drivers/md/dm-ioband-ctl.c ({@code ioband_map},
 * {@code prevent_burst_bios}, {@code ioband_conduct}, {@code release_bios}, {@code choose_best_group},
 * {@code ioband_end_io}), dm-ioband-policy.c and Documentation/device-mapper/ioband.txt; paraphrased in
 * reference/schedulers-blocklayer.md §5.1.
 */
public final class IobandController implements BioController {
    private static final int ASYNC = 0;
    private static final int SYNC = 1;

    private final BioControllerContext context;
    /** The block trace, fetched once: the hot path only asks it whether it is enabled. */
    private final TraceSink trace;
    private final IobandConfig config;
    private final WeightPolicy policy;
    private final int ioThrottle;
    private final int ioLimit;

    /** {@code g_issued[]}: bios passed down and not yet completed. */
    private final int[] issued = new int[2];
    /** {@code g_blocked[]}: bios held in all groups. */
    private final int[] blocked = new int[2];
    /** {@code DEV_BIO_BLOCKED_*}: kernel threads sleep until the device holds fewer than io_limit. */
    private final boolean[] deviceBlocked = new boolean[2];
    /** {@code g_waitq[]}: kernel threads asleep on the device, async and sync. */
    private final ArrayDeque<Task> asyncDeviceWaiters = new ArrayDeque<>();
    private final ArrayDeque<Task> syncDeviceWaiters = new ArrayDeque<>();
    private long deviceSleeps;

    /** {@code g_groups}, in attach order; the default group first. */
    private final List<IobandGroup> groups = new ArrayList<>();
    private final Map<String, IobandGroup> groupsByPath = new HashMap<>();
    private final IobandGroup defaultGroup;

    /** {@code g_conductor}: the delayed work item. */
    private final Timer conductor;
    /** The bios one conductor run passes down (its {@code issue_list}); reused. */
    private final ArrayDeque<Bio> issueList = new ArrayDeque<>();
    /** Tasks to wake at the end of a conductor run; reused. */
    private final ArrayDeque<Task> wakeList = new ArrayDeque<>();
    private Task kioband;

    /**
     * @param context the bio layer's services
     * @param config  the table line and weights
     */
    public IobandController(BioControllerContext context, IobandConfig config) {
        this.context = context;
        this.trace = context.trace();
        this.config = config;
        this.ioThrottle = config.ioThrottle();
        this.ioLimit = config.effectiveIoLimit(context.nrRequests());
        this.policy = new WeightPolicy(config.policy(), ioLimit);
        this.conductor = context.newTimer(this::conduct);
        this.defaultGroup = new IobandGroup("/", config.weightOf(rootCgroup()));
        attach(defaultGroup);
    }

    /** The effective {@code io_limit}. */
    public int ioLimit() {
        return ioLimit;
    }

    @Override
    public Admission submit(Bio bio) {
        IobandGroup gp = groupOf(bio);
        int sync = bio.isSync() ? SYNC : ASYNC;
        Task task = bio.task();
        // prevent_burst_bios: kernel threads serve many groups, so only the device limit stops them
        if (task.isKernelThread()) {
            if (deviceShouldBlock(sync)) {
                deviceWaiters(sync).add(task);
                deviceSleeps++;
                traceSleep(task, "device", sync);
                return Admission.SLEEP;
            }
        } else if (groupShouldBlock(gp, sync)) {
            gp.waiters(sync).add(task);
            gp.sleeps++;
            traceSleep(task, gp.cgroupPath, sync);
            return Admission.SLEEP;
        }
        if (gp.blocked[sync] == 0 && issued[sync] < ioLimit) {
            if (policy.canSubmit(gp) > 0) {
                prepareToIssue(gp, bio, sync);
                gp.dispatchedBios++;
                gp.dispatchedSectors += bio.sectors();
                context.passDown(bio);
                return Admission.TAKEN;
            } else if (nrBlocked() == 0 && nrIssued() == 0) {
                // out of tokens on an idle device: nothing will complete to kick the conductor
                queueConductor(1);
            }
        }
        holdBio(gp, bio, sync);
        return Admission.TAKEN;
    }

    @Override
    public void completed(Bio bio) {
        // ioband_end_io
        issued[bio.isSync() ? SYNC : ASYNC]--;
        if (nrBlocked() > 0) {
            queueConductor(0);
        }
    }

    /** {@code ioband_conduct}: release bios of the best group, wake sleepers, start epochs. */
    private void conduct() {
        if (nrBlocked() > 0) {
            IobandGroup gp = chooseBestGroup();
            if (gp != null && releaseBios(gp) == Release.YIELD) {
                queueConductor(0);
            }
        }
        for (int sync = 0; sync < 2; sync++) {
            if (deviceBlocked[sync] && blocked[sync] < ioLimit) {
                deviceBlocked[sync] = false;
                drainInto(deviceWaiters(sync), wakeList);
            }
        }
        if (nrBlocked() > 0 && issued[SYNC] < ioLimit && issued[ASYNC] < ioLimit && issueList.isEmpty()
                && policy.restart(nrIssued(), ioThrottle)) {
            traceEpoch();
            queueConductor(0);
        }
        Task worker = config.keepIoContext() ? null : kiobandThread();
        Bio bio;
        while ((bio = issueList.poll()) != null) {
            if (worker != null) {
                bio.reissueFrom(worker);
            }
            context.passDown(bio);
        }
        Task task;
        while ((task = wakeList.poll()) != null) {
            context.wake(task);
        }
    }

    private enum Release { OK, BLOCK, YIELD }

    /** {@code release_bios}: the prio bios first, then the held ones in order. */
    private Release releaseBios(IobandGroup gp) {
        Release r = releasePrioBios(gp);
        return r != Release.OK ? r : releaseNormBios(gp);
    }

    private Release releasePrioBios(IobandGroup gp) {
        if (gp.prioBios.isEmpty()) {
            return Release.OK;
        }
        int sync = gp.prioSync ? SYNC : ASYNC;
        while (!gp.prioBios.isEmpty()) {
            if (policy.canSubmit(gp) == 0) {
                return Release.BLOCK;
            }
            if (issued[sync] >= ioLimit) {
                return Release.OK;
            }
            Bio bio = gp.prioBios.poll();
            if (makeIssueList(gp, bio, sync)) {
                return Release.YIELD;
            }
        }
        return Release.OK;
    }

    private Release releaseNormBios(IobandGroup gp) {
        while (gp.nrBlocked() - gp.prioBios.size() > 0) {
            if (policy.canSubmit(gp) == 0) {
                return Release.BLOCK;
            }
            if (!roomForBio()) {
                return Release.OK;
            }
            Bio bio = gp.heldBios.poll();
            int sync = bio.isSync() ? SYNC : ASYNC;
            if (issued[sync] >= ioLimit) {
                // push_prio_bio: no room in this direction; it goes first once there is
                if (gp.prioBios.isEmpty()) {
                    gp.prioSync = sync == SYNC;
                }
                gp.prioBios.add(bio);
                continue;
            }
            if (makeIssueList(gp, bio, sync)) {
                return Release.YIELD;
            }
        }
        return Release.OK;
    }

    /** {@code make_issue_list}: un-hold, wake the group's sleepers when it drained, charge. Returns yield. */
    private boolean makeIssueList(IobandGroup gp, Bio bio, int sync) {
        blocked[sync]--;
        gp.blocked[sync]--;
        if (gp.blocked[sync] == 0 && gp.groupBlocked[sync]) {
            gp.groupBlocked[sync] = false;
            drainInto(gp.waiters(sync), wakeList);
        }
        gp.dispatchedBios++;
        gp.dispatchedSectors += bio.sectors();
        issueList.add(bio);
        return prepareToIssue(gp, bio, sync);
    }

    /** {@code choose_best_group}: the group with held bios and the highest priority, first in order on ties. */
    private IobandGroup chooseBestGroup() {
        IobandGroup best = null;
        int highest = 0;
        for (int i = 0; i < groups.size(); i++) {
            IobandGroup gp = groups.get(i);
            if (gp.nrBlocked() == 0 || !roomForBio()) {
                continue;
            }
            if (gp.nrBlocked() == gp.prioBios.size() && issued[gp.prioSync ? SYNC : ASYNC] >= ioLimit) {
                continue;
            }
            int pri = policy.canSubmit(gp);
            if (pri > highest) {
                highest = pri;
                best = gp;
            }
        }
        return best;
    }

    /** {@code prepare_to_issue}: count the bio in flight and charge its tokens. Returns yield. */
    private boolean prepareToIssue(IobandGroup gp, Bio bio, int sync) {
        issued[sync]++;
        return policy.consume(gp, policy.policy().tokensFor(bio));
    }

    private void holdBio(IobandGroup gp, Bio bio, int sync) {
        blocked[sync]++;
        gp.blocked[sync]++;
        gp.heldBios.add(bio);
        gp.heldTotal++;
        if (trace.enabled()) {
            trace.message("ioband hold " + gp.cgroupPath + " " + RequestFlags.rwbs(bio.op(), bio.flags()) + " "
                    + bio.sector() + " + " + bio.sectors() + " tokens=" + gp.token + " held=" + gp.nrBlocked());
        }
    }

    private boolean deviceShouldBlock(int sync) {
        if (deviceBlocked[sync]) {
            return true;
        }
        if (blocked[sync] >= ioLimit) {
            deviceBlocked[sync] = true;
            return true;
        }
        return false;
    }

    private boolean groupShouldBlock(IobandGroup gp, int sync) {
        if (gp.groupBlocked[sync]) {
            return true;
        }
        // is_queue_full
        if (gp.blocked[sync] >= gp.limit) {
            gp.groupBlocked[sync] = true;
            return true;
        }
        return false;
    }

    /** {@code queue_delayed_work}: does nothing while the work is already pending. */
    private void queueConductor(long delayJiffies) {
        if (!conductor.isPending()) {
            conductor.arm(Jiffies.workDue(context.now(), delayJiffies));
        }
    }

    private ArrayDeque<Task> deviceWaiters(int sync) {
        return sync == SYNC ? syncDeviceWaiters : asyncDeviceWaiters;
    }

    private boolean roomForBio() {
        return issued[SYNC] < ioLimit || issued[ASYNC] < ioLimit;
    }

    private int nrIssued() {
        return issued[SYNC] + issued[ASYNC];
    }

    private int nrBlocked() {
        return blocked[SYNC] + blocked[ASYNC];
    }

    private IobandGroup groupOf(Bio bio) {
        Cgroup cgroup = bio.cgroup();
        if (cgroup.isRoot()) {
            return defaultGroup;
        }
        IobandGroup gp = groupsByPath.get(cgroup.path());
        if (gp == null) {
            gp = new IobandGroup(cgroup.path(), config.weightOf(cgroup));
            attach(gp);
        }
        return gp;
    }

    /** {@code ioband_group_attach}: a new group in this epoch, and every share recomputed. */
    private void attach(IobandGroup gp) {
        groups.add(gp);
        groupsByPath.put(gp.cgroupPath, gp);
        policy.initGroup(gp);
        // the root cgroup may have been created after this controller
        defaultGroup.weight = config.weightOf(rootCgroup());
        policy.setWeights(groups);
        if (trace.enabled()) {
            trace.message("ioband attach " + gp.cgroupPath + " weight=" + gp.weight + " token=" + gp.tokenInitial
                    + " limit=" + gp.limit);
        }
    }

    private Cgroup rootCgroup() {
        Cgroup root = context.cgroup("/");
        return root != null ? root : Cgroup.ROOT;
    }

    private Task kiobandThread() {
        if (kioband == null) {
            kioband = context.kernelThread("kioband");
            if (config.legacyWorkqueue()) {
                // before 2.6.36, worker_thread did set_user_nice(current, -5): ioprio level (nice + 20) / 5 = 3
                kioband.setIoprio(IoPrioClass.BE, Task.levelFromNice(-5));
            }
        }
        return kioband;
    }

    private static void drainInto(ArrayDeque<Task> from, ArrayDeque<Task> to) {
        Task t;
        while ((t = from.poll()) != null) {
            to.add(t);
        }
    }

    private void traceSleep(Task task, String where, int sync) {
        if (trace.enabled()) {
            trace.message("ioband sleep " + task + " on " + where + (sync == SYNC ? " sync" : " async"));
        }
    }

    private void traceEpoch() {
        if (trace.enabled()) {
            trace.message("ioband epoch " + policy.epoch() + " issued=" + nrIssued() + " held=" + nrBlocked());
        }
    }

    /**
     * Per group (keyed by cgroup path): bios and sectors dispatched, bios held now and in total, tokens left,
     * its share, its epoch and its submitters' sleeps; device-wide: the epoch, the effective io_limit and the
     * kernel threads' sleeps on the device limit.
     */
    @Override
    public Map<String, Number> statistics() {
        Map<String, Number> stats = new LinkedHashMap<>();
        stats.put("epoch", policy.epoch());
        stats.put("io_limit", ioLimit);
        stats.put("token_bucket", policy.tokenBucket());
        stats.put("device_sleeps", deviceSleeps);
        for (IobandGroup gp : groups) {
            String p = gp.cgroupPath + ".";
            stats.put(p + "weight", gp.weight);
            stats.put(p + "dispatched_bios", gp.dispatchedBios);
            stats.put(p + "dispatched_sectors", gp.dispatchedSectors);
            stats.put(p + "held", gp.nrBlocked());
            stats.put(p + "held_total", gp.heldTotal);
            stats.put(p + "tokens", gp.token);
            stats.put(p + "token_initial", gp.tokenInitial);
            stats.put(p + "epoch", gp.myEpoch);
            stats.put(p + "sleeps", gp.sleeps);
        }
        return stats;
    }
}
