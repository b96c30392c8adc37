package org.iosched.biocontrol.iolatency;

import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.iosched.api.Bio;
import org.iosched.api.Cgroup;
import org.iosched.api.RequestFlags;
import org.iosched.api.RqQosContext;
import org.iosched.api.RqQosPolicy;
import org.iosched.api.Timer;

/**
 * cgroup v2's {@code io.latency} of Linux 6.6 (block/blk-iolatency.c), an rq-qos policy: a group that misses its
 * latency target makes its siblings with a looser target (or none) throttle their I/O depth.
 *
 * <p>Features, with the kernel functions they model (reference/cgroup-v2-io.md §4):
 * <ul>
 *   <li>Per group ({@code iolatency_grp}): {@code min_lat_nsec} (the target), the window
 *       {@code cur_win_nsec = clamp(16 * target, 100 ms, 1 s)}, {@code max_depth} (unlimited at first), an in-flight
 *       count with FIFO sleepers ({@code rq_wait}), its copy of the parent's {@code scale_cookie}; per parent the
 *       children's {@code child_latency_info} ({@code scale_cookie} from 1 000 000, {@code scale_lat},
 *       {@code scale_grp}, {@code last_scale_event}, {@code nr_samples}). The root cgroup's own I/O is never
 *       throttled; every non-root ancestor level is.</li>
 *   <li>Samples ({@code iolatency_record_time}): for each throttled bio that ends, at each level with a target,
 *       completion minus the bio's issue time; a rotational device keeps the mean, a non-rotational one counts
 *       misses ({@code req_time >= target}); "good" is mean within target, or fewer than 10 % missed. A META bio
 *       ({@code issue_as_root}) is not waited for; while its group is throttled it is not sampled, and a fast one
 *       adds {@code target - req_time} to the group's delay.</li>
 *   <li>{@code iolatency_check_latencies} once a window passed (on a completion): nothing to do when good and the
 *       cookie is the default; else the window joins {@code cur_stat}; at most one scale event per 500 ms; good
 *       twice with at least 5 samples lets the group that caused the scale-down scale up; a miss by the group with
 *       the tightest missed target scales down ({@code scale_cookie_change}: down by {@code nr_requests / 4}, up by
 *       {@code nr_requests / 16}, by 1 once more than {@code nr_requests} below the default, no further than twice
 *       that).</li>
 *   <li>{@code check_scale_change} at submission: a group whose cookie differs from its parent's follows one step:
 *       down halves {@code max_depth} (a group with a tighter target than the victim, or with at most 5 % of the
 *       siblings' samples, is spared; at depth 1 it gets {@code use_delay} instead), up adds
 *       {@code nr_requests / 16} (or undoes one delay level at depth 1), back at the default cookie it is
 *       unthrottled; then the bio waits ({@code rq_qos_wait}, FIFO) until its group is below
 *       {@code max_depth}, at each level; a completion wakes one sleeper per level.</li>
 *   <li>The 1 s timer ({@code blkiolatency_timer_fn}, armed by throttling): a parent whose cookie is below the
 *       default moves it up a step when no {@code scale_grp} is left, and forgets the {@code scale_grp} 5 s after
 *       its last scale event.</li>
 *   <li>{@code use_delay}: the return-to-user delay ({@code blkcg_schedule_throttle}) is charged through
 *       {@link RqQosContext#delayTask}, at most 250 ms an event.</li>
 * </ul>
 *
 * <p>Limitations: the delay does not decay ({@code blkcg_maybe_throttle_blkg}'s once-a-second decay is not
 * modelled) and a queue that does not take {@code delayTask} ignores it; {@code lat_avg} (reporting only) is not
 * kept; REQ_SWAP and BLK_STS_AGAIN do not occur; windows and statistics are per group, not per CPU.
 */
final class IoLatency implements RqQosPolicy {
    static final long DEFAULT_SCALE_COOKIE = 1_000_000L;
    /** {@code BLKIOLATENCY_MIN_WIN_SIZE}, {@code BLKIOLATENCY_MAX_WIN_SIZE}. */
    static final long MIN_WINDOW_NANOS = 100_000_000L;
    static final long MAX_WINDOW_NANOS = 1_000_000_000L;
    /** {@code BLKIOLATENCY_MIN_ADJUST_TIME}. */
    static final long MIN_ADJUST_NANOS = 500_000_000L;
    /** {@code BLKIOLATENCY_MIN_GOOD_SAMPLES}. */
    static final long MIN_GOOD_SAMPLES = 5;
    static final long UNLIMITED = Integer.MAX_VALUE;
    /** The largest return-to-user delay of one event ({@code blkcg_maybe_throttle_blkg}: 250 ms). */
    static final long MAX_DELAY_NANOS = 250_000_000L;
    /** Ours on {@link Bio#qosFlags()}: the bio took an in-flight slot here ({@code BIO_QOS_THROTTLED}). */
    static final int THROTTLED = 1 << 20;

    /** {@code struct latency_stat}: mean (rotational) or missed/total (non-rotational). */
    static final class Stat {
        long samples;
        long sum;
        long missed;

        void reset() {
            samples = 0;
            sum = 0;
            missed = 0;
        }

        void add(Stat other) {
            samples += other.samples;
            sum += other.sum;
            missed += other.missed;
        }
    }

    /** {@code struct iolatency_grp} with its {@code child_latency_info}. */
    static final class Group {
        final String path;
        final Group parent;
        long minLatNanos;
        long curWinNanos = MIN_WINDOW_NANOS;
        long windowStart;
        final Stat stat = new Stat();
        final Stat curStat = new Stat();
        long nrSamples;
        long maxDepth = UNLIMITED;
        int inflight;
        final ArrayDeque<Bio> waiters = new ArrayDeque<>();
        long scaleCookie = DEFAULT_SCALE_COOKIE;
        int useDelay;
        long delayNanos;
        // child_lat
        long childCookie = DEFAULT_SCALE_COOKIE;
        long childScaleLat;
        Group childScaleGroup;
        long childLastScaleEvent;
        long childNrSamples;
        // reported
        long minMaxDepth = UNLIMITED;
        long waits;

        Group(String path, Group parent) {
            this.path = path;
            this.parent = parent;
        }
    }

    private final RqQosContext context;
    private final boolean ssd;
    private final Map<String, Group> groups = new TreeMap<>();
    private final Group root;
    private final boolean enabled;
    private final Timer timer;
    private long scaleDowns;
    private long scaleUps;

    /**
     * @param context the queue's services
     * @param targets per cgroup path ({@code /grp1}), its target in µs (0: none)
     */
    IoLatency(RqQosContext context, Map<String, Long> targets) {
        this.context = context;
        this.ssd = !context.device().rotational();
        this.root = new Group("/", null);
        groups.put("/", root);
        boolean any = false;
        for (Map.Entry<String, Long> e : targets.entrySet()) {
            Group g = group(e.getKey());
            setTarget(g, e.getValue() * 1000L);
            any |= e.getValue() > 0;
        }
        this.enabled = any;
        this.timer = context.newTimer(this::timerFired);
    }

    /** {@code iolatency_set_min_lat_nsec}. */
    private void setTarget(Group g, long nanos) {
        g.minLatNanos = nanos;
        g.curWinNanos = Math.min(Math.max(nanos << 4, MIN_WINDOW_NANOS), MAX_WINDOW_NANOS);
        g.windowStart = context.now();
    }

    /** The group of {@code path}, created with its ancestors on first use (the policy data of every blkg). */
    Group group(String path) {
        Group g = groups.get(path);
        if (g != null) {
            return g;
        }
        int slash = path.lastIndexOf('/');
        String parentPath = slash <= 0 ? "/" : path.substring(0, slash);
        g = new Group(path, group(parentPath));
        g.windowStart = context.now();
        // iolatency_pd_init: a new group starts from its parent's cookie
        g.scaleCookie = g.parent.childCookie;
        groups.put(path, g);
        return g;
    }

    private long nrRequests() {
        return Math.max(1, context.nrRequests());
    }

    /** {@code scale_amount}. */
    static long scaleAmount(long qd, boolean up) {
        return Math.max(up ? qd >> 4 : qd >> 2, 1);
    }

    /** {@code bio_issue_as_root_blkg}: META (and SWAP) bios are never made to wait. */
    private static boolean issueAsRoot(Bio bio) {
        return (bio.flags() & RequestFlags.META) != 0;
    }

    private Group groupOf(Bio bio) {
        Cgroup cgroup = bio.cgroup();
        return cgroup == null || cgroup.isRoot() ? null : group(cgroup.path());
    }

    // ---------------------------------------------------------------- submission

    @Override
    public Throttle throttle(Bio bio) {
        if (!enabled) {
            return Throttle.PROCEED;
        }
        Group g = groupOf(bio);
        if (g == null) {
            return Throttle.PROCEED;
        }
        bio.setQosFlags(bio.qosFlags() | THROTTLED);
        if (!timer.isPending()) {
            timer.arm(context.now() + jiffiesToNanos(context.hz()));
        }
        return throttleFrom(bio, g) ? Throttle.PROCEED : Throttle.WAIT;
    }

    private long jiffiesToNanos(long jiffies) {
        long jiffy = 1_000_000_000L / context.hz();
        return (context.now() / jiffy + jiffies) * jiffy - context.now();
    }

    // blkcg_iolatency_throttle's walk from `g` up to (not including) the root; false when the bio waits at a level
    private boolean throttleFrom(Bio bio, Group g) {
        boolean asRoot = issueAsRoot(bio);
        for (Group level = g; level != null && level.parent != null; level = level.parent) {
            checkScaleChange(level);
            if (level.useDelay > 0 && level.delayNanos > 0) {
                context.delayTask(bio.task(), Math.min(level.delayNanos, MAX_DELAY_NANOS));
            }
            if (asRoot) {
                level.inflight++;
                continue;
            }
            if (level.waiters.isEmpty() && level.inflight < level.maxDepth) {
                level.inflight++;
                continue;
            }
            level.waiters.addLast(bio);
            level.waits++;
            return false;
        }
        return true;
    }

    /** {@code check_scale_change}. */
    void checkScaleChange(Group g) {
        Group parent = g.parent;
        if (parent == null) {
            return;
        }
        long cur = parent.childCookie;
        int direction;
        if (cur < g.scaleCookie) {
            direction = -1;
        } else if (cur > g.scaleCookie) {
            direction = 1;
        } else {
            return;
        }
        g.scaleCookie = cur;
        if (direction < 0 && g.minLatNanos > 0) {
            long scaleLat = parent.childScaleLat;
            if (scaleLat == 0 || g.minLatNanos <= scaleLat) {
                return;
            }
            long thresh = Math.max(1, parent.childNrSamples * 5 / 100);
            if (g.nrSamples <= thresh) {
                return;
            }
        }
        if (g.maxDepth == 1 && direction < 0) {
            g.useDelay++;
            return;
        }
        if (cur == DEFAULT_SCALE_COOKIE) {
            g.useDelay = 0;
            g.delayNanos = 0;
            g.maxDepth = UNLIMITED;
            wakeAll(g);
            return;
        }
        scaleChange(g, direction > 0);
    }

    /** {@code scale_change}. */
    void scaleChange(Group g, boolean up) {
        long qd = nrRequests();
        long scale = scaleAmount(qd, up);
        long old = Math.min(g.maxDepth, qd);
        if (up) {
            if (old == 1 && g.useDelay > 0) {
                // blkcg_unuse_delay
                g.useDelay--;
                if (g.useDelay == 0) {
                    g.delayNanos = 0;
                }
                return;
            }
            if (old < qd) {
                g.maxDepth = Math.min(old + scale, qd);
                wakeAll(g);
            }
        } else {
            g.maxDepth = Math.max(old >> 1, 1);
            g.minMaxDepth = Math.min(g.minMaxDepth, g.maxDepth);
        }
    }

    /** {@code scale_cookie_change} on a parent's {@code child_lat}. */
    void scaleCookieChange(Group parent, boolean up) {
        long qd = nrRequests();
        long scale = scaleAmount(qd, up);
        long old = parent.childCookie;
        long maxScale = qd << 1;
        long diff = old < DEFAULT_SCALE_COOKIE ? DEFAULT_SCALE_COOKIE - old : 0;
        if (up) {
            scaleUps++;
            if (scale + old > DEFAULT_SCALE_COOKIE) {
                parent.childCookie = DEFAULT_SCALE_COOKIE;
            } else if (diff > qd) {
                parent.childCookie++;
            } else {
                parent.childCookie += scale;
            }
        } else {
            scaleDowns++;
            if (diff > qd) {
                if (diff < maxScale) {
                    parent.childCookie--;
                }
            } else {
                parent.childCookie -= scale;
            }
        }
    }

    // wake_up_all with rq_qos_wake_function: FIFO until one does not fit
    private void wakeAll(Group g) {
        wake(g, Integer.MAX_VALUE);
    }

    private void wake(Group g, int most) {
        for (int woken = 0; woken < most && !g.waiters.isEmpty() && g.inflight < g.maxDepth; woken++) {
            Bio bio = g.waiters.pollFirst();
            g.inflight++;
            // the rest of the walk, above this level
            if (throttleFrom(bio, g.parent)) {
                context.resume(bio);
            }
        }
    }

    // ---------------------------------------------------------------- completion

    @Override
    public void doneBio(Bio bio) {
        if ((bio.qosFlags() & THROTTLED) == 0) {
            return;
        }
        bio.setQosFlags(bio.qosFlags() & ~THROTTLED);
        Group g = groupOf(bio);
        if (g == null) {
            return;
        }
        long now = context.now();
        boolean asRoot = issueAsRoot(bio);
        for (Group level = g; level != null && level.parent != null; level = level.parent) {
            level.inflight--;
            if (level.minLatNanos > 0) {
                recordTime(level, bio.submitTime(), now, asRoot);
                long start = level.windowStart;
                if (now > start && now - start >= level.curWinNanos) {
                    level.windowStart = now;
                    checkLatencies(level, now);
                }
            }
            // wake_up: one exclusive sleeper
            wake(level, 1);
        }
    }

    /** {@code iolatency_record_time}. */
    void recordTime(Group g, long issue, long now, boolean asRoot) {
        if (issue < 0 || now <= issue) {
            return;
        }
        long reqTime = now - issue;
        if (asRoot && g.maxDepth != UNLIMITED) {
            if (reqTime < g.minLatNanos) {
                // blkcg_add_delay
                g.delayNanos += g.minLatNanos - reqTime;
            }
            return;
        }
        g.stat.samples++;
        if (ssd) {
            if (reqTime >= g.minLatNanos) {
                g.stat.missed++;
            }
        } else {
            g.stat.sum += reqTime;
        }
    }

    /** {@code latency_sum_ok}. */
    boolean good(Group g, Stat s) {
        if (ssd) {
            long thresh = Math.max(1, s.samples / 10);
            return s.missed < thresh;
        }
        return s.samples == 0 || s.sum / s.samples <= g.minLatNanos;
    }

    /** {@code iolatency_check_latencies}. */
    void checkLatencies(Group g, long now) {
        Stat stat = new Stat();
        stat.add(g.stat);
        g.stat.reset();
        Group parent = g.parent;
        if (parent == null) {
            return;
        }
        if (good(g, stat) && parent.childCookie == DEFAULT_SCALE_COOKIE) {
            return;
        }
        g.curStat.add(stat);
        parent.childNrSamples -= g.nrSamples;
        parent.childNrSamples += g.curStat.samples;
        g.nrSamples = g.curStat.samples;
        if (parent.childLastScaleEvent >= now || now - parent.childLastScaleEvent < MIN_ADJUST_NANOS) {
            return;
        }
        if (good(g, g.curStat) && good(g, stat)) {
            if (g.curStat.samples < MIN_GOOD_SAMPLES) {
                return;
            }
            if (parent.childScaleGroup == g) {
                parent.childLastScaleEvent = now;
                scaleCookieChange(parent, true);
            }
        } else if (parent.childScaleLat == 0 || parent.childScaleLat >= g.minLatNanos) {
            parent.childLastScaleEvent = now;
            if (parent.childScaleGroup == null || parent.childScaleLat > g.minLatNanos) {
                parent.childScaleLat = g.minLatNanos;
                parent.childScaleGroup = g;
            }
            scaleCookieChange(parent, false);
        }
        g.curStat.reset();
    }

    /** {@code blkiolatency_timer_fn}. */
    void timerFired() {
        long now = context.now();
        for (Group g : groups.values()) {
            if (g.childCookie >= DEFAULT_SCALE_COOKIE || g.childLastScaleEvent >= now) {
                continue;
            }
            if (g.childScaleGroup == null) {
                scaleCookieChange(g, true);
                continue;
            }
            if (now - g.childLastScaleEvent >= 5_000_000_000L) {
                g.childScaleGroup = null;
            }
        }
    }

    @Override
    public Map<String, Number> statistics() {
        Map<String, Number> all = new LinkedHashMap<>();
        all.put("scale_downs", scaleDowns);
        all.put("scale_ups", scaleUps);
        for (Group g : groups.values()) {
            if (g.parent == null) {
                continue;
            }
            String name = g.path.substring(1);
            if (g.minLatNanos > 0) {
                all.put(name + ".target_usec", g.minLatNanos / 1000);
            }
            all.put(name + ".max_depth", g.maxDepth == UNLIMITED ? -1 : g.maxDepth);
            all.put(name + ".min_max_depth", g.minMaxDepth == UNLIMITED ? -1 : g.minMaxDepth);
            all.put(name + ".throttled_waits", g.waits);
        }
        return all;
    }
}
