package org.iosched.scheduler.kyber;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.iosched.api.Bio;
import org.iosched.api.HardwareQueue;
import org.iosched.api.MqScheduler;
import org.iosched.api.MqSchedulerContext;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;

/**
 * The Kyber I/O scheduler of Linux 6.6 ({@code block/kyber-iosched.c}, Omar Sandoval), on the blk-mq scheduler SPI.
 * Kyber neither sorts nor reorders by sector: it bounds how many requests of each scheduling domain are in the
 * device at once, and resizes those bounds every 100 ms to keep latencies near their targets.
 *
 * <h2>Features</h2>
 * <ul>
 *   <li>Scheduling domains by operation ({@code kyber_sched_domain}): READ, WRITE (sync and async alike), DISCARD,
 *       OTHER (here: an empty {@link Op#FLUSH}, which 6.6 never hands to a scheduler).</li>
 *   <li>Domain tokens: one device-wide pool per domain of {@code kyber_depth} 256/128/64/16 tokens
 *       ({@link DomainTokens}); a request leaves the scheduler only with a token of its domain, held until it
 *       completes or is requeued ({@code kyber_finish_request} is also {@code requeue_request}). A hardware queue that
 *       finds a pool empty queues its wait entry on one of the pool's eight wait queues (round-robin per hardware
 *       queue and domain) and tries once more; when a freed token wakes it, the entry is dequeued and the hardware
 *       queue is run asynchronously ({@code kyber_domain_wake}).</li>
 *   <li>Per software queue (CPU) one FIFO list per domain ({@code kcq}); {@code insert_requests} appends (or puts at
 *       the head for {@code BLK_MQ_INSERT_AT_HEAD}) to the list of the request's software queue; a bio is merged only
 *       into the current CPU's list of its domain, through {@link MqSchedulerContext#bioListMerge}
 *       ({@code blk_bio_list_merge}, newest eight). No merge hash, no front-merge lookup, no insert merges.</li>
 *   <li>Dispatch per hardware queue ({@code kyber_dispatch_request}): keep serving {@code cur_domain} while fewer
 *       than its batch size (16/8/1/1) were dispatched in a row and it yields a request; otherwise reset the batch and
 *       try the next domains round-robin (READ, WRITE, DISCARD, OTHER), wrapping back to the current one. A domain
 *       yields the head of its flushed list {@code rqs[domain]} if it gets a token; with that list empty and some
 *       software-queue list of the domain non-empty, it takes a token first and only then moves every such list, in
 *       software-queue order, to {@code rqs[domain]} (so that requests stay mergeable while no token is free).</li>
 *   <li>{@code limit_depth}: an async request ({@code !op_is_sync}: a write without SYNC, FUA or PREFLUSH) may use
 *       {@code async_depth = (1 << sched_tags shift) * 75 / 100} bits of each scheduler-tag word
 *       ({@code KYBER_ASYNC_PERCENT}), recomputed at {@code init_hctx} and {@code depth_updated}.</li>
 *   <li>Latency: at {@code completed_request} (domains other than OTHER) one sample of the total latency
 *       ({@code now - start_time_ns}, from allocation) and one of the I/O latency ({@code now - io_start_time_ns},
 *       from issue) into the current CPU's histograms ({@link LatencyHistograms}), then
 *       {@code timer_reduce(timer, jiffies + HZ / 10)}: the timer fires at most 100 ms after the first completion
 *       since it last fired, and only completions arm it.</li>
 *   <li>The timer ({@code kyber_timer_fn}): flush the per-CPU histograms; "bad" if any domain's p90 I/O latency is
 *       above its target (bucket 4 or more); then per domain the p99 total latency: when bad, use the remembered p99
 *       if none is ready and forget it; when not bad, remember a ready p99. With a p99 and (bad, or the p99 above
 *       target) resize the domain to {@code clamp(depth * (p99 + 1) >> 2, 1, kyber_depth)}: bad latency elsewhere
 *       throttles a domain that meets its target, a domain above its target always gets more tokens.</li>
 *   <li>Tunables {@code read_lat_nsec} and {@code write_lat_nsec} ({@link KyberTunables}); the DISCARD target is
 *       5 s and fixed.</li>
 *   <li>Tracepoints as block-trace messages, in {@code include/trace/events/kyber.h}'s format without the device
 *       number (the trace line carries it): {@code kyber_latency: READ I/O p90 5/4 samples=500},
 *       {@code kyber_adjust: WRITE 32}, {@code kyber_throttled: WRITE}.</li>
 * </ul>
 *
 * <h2>Limitations</h2>
 * <ul>
 *   <li>Tunables are fixed for a run (the kernel's sysfs store changes a target at once).</li>
 *   <li>A request's token is reset to none when released (the kernel leaves the stale value, which nothing reads
 *       before the next dispatch sets it).</li>
 * </ul>
 *
 * <h2>Notes</h2>
 * <ul>
 *   <li>Time: jiffies are {@code floor(now * HZ / 10^9)} from 0 at the start of the run; the timer is armed for the
 *       first nanosecond of its expiry jiffy.</li>
 *   <li>Cost: insertion, merge and dispatch are O(1) amortised per request (a dispatch that flushes moves each queued
 *       request once); the timer is O(CPUs). Lists and pools are preallocated or grow to the requests queued; tokens
 *       are kept as shared {@code Integer}s in {@link Request#schedulerData()}, so the steady state allocates nothing.</li>
 * </ul>
 */
public final class KyberScheduler implements MqScheduler {
    /** {@code KYBER_READ}. */
    static final int READ = 0;
    /** {@code KYBER_WRITE}. */
    static final int WRITE = 1;
    /** {@code KYBER_DISCARD}. */
    static final int DISCARD = 2;
    /** {@code KYBER_OTHER}. */
    static final int OTHER = 3;
    /** {@code KYBER_NUM_DOMAINS}. */
    static final int DOMAINS = 4;
    /** {@code KYBER_ASYNC_PERCENT}. */
    static final int ASYNC_PERCENT = 75;
    /** The DISCARD domain's latency target ({@code 5ULL * NSEC_PER_SEC}), not tunable. */
    static final long DISCARD_LAT_NSEC = 5_000_000_000L;

    private static final String[] DOMAIN_NAMES = {"READ", "WRITE", "DISCARD", "OTHER"};
    private static final String[] TYPE_NAMES = {"total", "I/O"};
    private static final int[] DEPTH = {256, 128, 64, 16};
    private static final int[] BATCH_SIZE = {16, 8, 1, 1};
    private static final long NSEC_PER_SEC = 1_000_000_000L;

    private final MqSchedulerContext context;
    private final TraceSink trace;
    private final int hz;
    private final DomainTokens[] tokens = new DomainTokens[DOMAINS];
    /** {@code latency_targets}: READ, WRITE, DISCARD. */
    private final long[] targets = new long[LatencyHistograms.DOMAINS];
    /** {@code domain_p99}. */
    private final int[] domainP99 = new int[LatencyHistograms.DOMAINS];
    private final LatencyHistograms histograms;
    private final Timer timer;
    /** One boxed token per bit, shared by every request that holds it. */
    private final Integer[] tokenValues;
    /** The software queue of each CPU: its hardware queue's data and its index there. */
    private final HctxData[] cpuHctx;
    private final int[] cpuIndex;
    private int asyncDepth;

    KyberScheduler(MqSchedulerContext context, KyberTunables tunables) {
        this.context = context;
        this.trace = context.trace();
        this.hz = context.hz();
        int maxDepth = 0;
        for (int d = 0; d < DOMAINS; d++) {
            tokens[d] = new DomainTokens(DEPTH[d]);
            maxDepth = Math.max(maxDepth, DEPTH[d]);
        }
        tokenValues = new Integer[maxDepth];
        for (int i = 0; i < maxDepth; i++) {
            tokenValues[i] = i;
        }
        targets[READ] = tunables.readLatNsec();
        targets[WRITE] = tunables.writeLatNsec();
        targets[DISCARD] = DISCARD_LAT_NSEC;
        Arrays.fill(domainP99, -1);
        histograms = new LatencyHistograms(context.cpuCount());
        cpuHctx = new HctxData[context.cpuCount()];
        cpuIndex = new int[context.cpuCount()];
        Arrays.fill(cpuIndex, -1);
        timer = context.newTimer(this::timerFired);
    }

    /** {@code kyber_sched_domain}. */
    static int domainOf(Op op) {
        return switch (op) {
            case READ -> READ;
            case WRITE -> WRITE;
            case DISCARD -> DISCARD;
            case FLUSH -> OTHER;
        };
    }

    /** {@code kyber_depth[domain]}. */
    static int maxDepth(int domain) {
        return DEPTH[domain];
    }

    /** {@code kyber_batch_size[domain]}. */
    static int batchSize(int domain) {
        return BATCH_SIZE[domain];
    }

    /** {@code kyber_domain_names[domain]}. */
    static String domainName(int domain) {
        return DOMAIN_NAMES[domain];
    }

    /** {@code op_is_sync}: reads, and anything carrying SYNC, FUA or PREFLUSH. */
    static boolean opIsSync(Op op, int flags) {
        return op == Op.READ || (flags & (RequestFlags.SYNC | RequestFlags.FUA | RequestFlags.PREFLUSH)) != 0;
    }

    // ---- hardware queues and depths

    @Override
    public void initHardwareQueue(HardwareQueue hctx) {
        HctxData khd = new HctxData(hctx);
        hctx.setSchedulerData(khd);
        for (int i = 0; i < khd.contexts; i++) {
            int cpu = hctx.softwareQueueCpu(i);
            if (cpu >= 0 && cpu < cpuHctx.length) {
                cpuHctx[cpu] = khd;
                cpuIndex[cpu] = i;
            }
        }
        depthUpdated(hctx);
    }

    @Override
    public void exitHardwareQueue(HardwareQueue hctx) {
        hctx.setSchedulerData(null);
    }

    /** {@code kyber_depth_updated}. */
    @Override
    public void depthUpdated(HardwareQueue hctx) {
        asyncDepth = (1 << hctx.schedulerTagShift()) * ASYNC_PERCENT / 100;
        hctx.setMinShallowDepth(asyncDepth);
    }

    /** {@code kyber_limit_depth}: async requests get {@code async_depth} bits per word; 6.6 skips REQ_OP_FLUSH. */
    @Override
    public int limitDepth(Op op, int flags, Task task, HardwareQueue hctx) {
        if (op == Op.FLUSH || opIsSync(op, flags)) {
            return 0;
        }
        return asyncDepth;
    }

    /** {@code kqd->async_depth}. */
    int asyncDepth() {
        return asyncDepth;
    }

    // ---- requests in

    /** {@code kyber_prepare_request}: no token yet. */
    @Override
    public void prepareRequest(Request rq) {
        rq.setSchedulerData(null);
    }

    @Override
    public boolean bioMerge(Bio bio) {
        int cpu = context.currentCpu();
        HctxData khd = cpu >= 0 && cpu < cpuHctx.length ? cpuHctx[cpu] : null;
        if (khd == null) {
            return false;
        }
        return context.bioListMerge(khd.kcqs[cpuIndex[cpu]][domainOf(bio.op())], bio);
    }

    @Override
    public void insertRequests(HardwareQueue hctx, List<Request> requests, int flags) {
        HctxData khd = data(hctx);
        boolean atHead = (flags & INSERT_AT_HEAD) != 0;
        for (int i = 0; i < requests.size(); i++) {
            Request rq = requests.get(i);
            int domain = domainOf(rq.op());
            List<Request> list = khd.kcqs[softwareQueueOf(khd, rq)][domain];
            if (atHead) {
                list.add(0, rq);
            } else {
                list.add(rq);
            }
            khd.pending[domain]++;
        }
    }

    // ---- dispatch

    @Override
    public Request dispatchRequest(HardwareQueue hctx) {
        HctxData khd = data(hctx);
        if (khd.batching < BATCH_SIZE[khd.curDomain]) {
            Request rq = dispatchCurrentDomain(khd);
            if (rq != null) {
                return rq;
            }
        }
        khd.batching = 0;
        for (int i = 0; i < DOMAINS; i++) {
            khd.curDomain = khd.curDomain == DOMAINS - 1 ? 0 : khd.curDomain + 1;
            Request rq = dispatchCurrentDomain(khd);
            if (rq != null) {
                return rq;
            }
        }
        return null;
    }

    /** {@code kyber_dispatch_cur_domain}. */
    private Request dispatchCurrentDomain(HctxData khd) {
        int domain = khd.curDomain;
        ArrayDeque<Request> rqs = khd.rqs[domain];
        if (!rqs.isEmpty()) {
            int token = getDomainToken(khd);
            if (token >= 0) {
                khd.batching++;
                Request rq = rqs.pollFirst();
                rq.setSchedulerData(tokenValues[token]);
                return rq;
            }
            traceThrottled(domain);
        } else if (khd.pending[domain] > 0) {
            int token = getDomainToken(khd);
            if (token >= 0) {
                flushSoftwareQueues(khd, domain);
                khd.batching++;
                Request rq = rqs.pollFirst();
                rq.setSchedulerData(tokenValues[token]);
                return rq;
            }
            traceThrottled(domain);
        }
        return null;
    }

    /** {@code kyber_flush_busy_kcqs}: every software queue's list of {@code domain}, in order, to {@code rqs}. */
    private static void flushSoftwareQueues(HctxData khd, int domain) {
        ArrayDeque<Request> rqs = khd.rqs[domain];
        for (int ctx = 0; ctx < khd.contexts; ctx++) {
            ArrayList<Request> list = khd.kcqs[ctx][domain];
            for (int i = 0; i < list.size(); i++) {
                rqs.addLast(list.get(i));
            }
            list.clear();
        }
        khd.pending[domain] = 0;
    }

    /** {@code kyber_get_domain_token} for {@code khd.curDomain}. */
    private int getDomainToken(HctxData khd) {
        int domain = khd.curDomain;
        DomainTokens pool = tokens[domain];
        DomainWait wait = khd.waits[domain];
        int token = pool.get();
        if (token < 0 && wait.queue < 0) {
            wait.queue = khd.waitIndex[domain];
            khd.waitIndex[domain] = (khd.waitIndex[domain] + 1) % DomainTokens.WAIT_QUEUES;
            pool.addWaiter(wait.queue, wait);
            // a token may have been freed before the entry was queued
            token = pool.get();
        }
        if (token >= 0 && wait.queue >= 0) {
            pool.removeWaiter(wait.queue, wait);
            wait.queue = -1;
        }
        return token;
    }

    @Override
    public boolean hasWork(HardwareQueue hctx) {
        HctxData khd = data(hctx);
        for (int d = 0; d < DOMAINS; d++) {
            if (!khd.rqs[d].isEmpty() || khd.pending[d] > 0) {
                return true;
            }
        }
        return false;
    }

    // ---- requests out

    @Override
    public void completedRequest(Request rq, long now) {
        int domain = domainOf(rq.op());
        if (domain == OTHER) {
            return;
        }
        int cpu = context.currentCpu();
        long target = targets[domain];
        histograms.add(cpu, domain, LatencyHistograms.TOTAL, target, now - rq.startTime());
        histograms.add(cpu, domain, LatencyHistograms.IO, target, now - rq.ioStartTime());
        // timer_reduce(&kqd->timer, jiffies + HZ / 10)
        long expires = startOfJiffy(jiffiesAt(now) + hz / 10);
        if (!timer.isPending() || expires < timer.expiresAt()) {
            timer.arm(expires);
        }
    }

    /** {@code kyber_finish_request}: give the request's domain token back (waking waiters per wake batch). */
    @Override
    public void finishRequest(Request rq) {
        Object token = rq.schedulerData();
        if (token instanceof Integer value) {
            rq.setSchedulerData(null);
            tokens[domainOf(rq.op())].clear(value);
        }
    }

    /** Kyber's {@code requeue_request} is {@code kyber_finish_request}. */
    @Override
    public void requeueRequest(Request rq) {
        finishRequest(rq);
    }

    /** {@code kyber_exit_sched}: {@code timer_shutdown_sync}. */
    @Override
    public void exit() {
        timer.cancel();
    }

    // ---- the timer

    /** {@code kyber_timer_fn}. */
    void timerFired() {
        long jiffies = jiffiesAt(context.now());
        histograms.flush();
        boolean bad = false;
        for (int d = 0; d < LatencyHistograms.DOMAINS; d++) {
            int p90 = percentile(d, LatencyHistograms.IO, 90, jiffies);
            if (p90 >= LatencyHistograms.GOOD_BUCKETS) {
                bad = true;
            }
        }
        for (int d = 0; d < LatencyHistograms.DOMAINS; d++) {
            int p99 = percentile(d, LatencyHistograms.TOTAL, 99, jiffies);
            if (bad) {
                if (p99 < 0) {
                    p99 = domainP99[d];
                }
                domainP99[d] = -1;
            } else if (p99 >= 0) {
                domainP99[d] = p99;
            }
            if (p99 < 0) {
                continue;
            }
            if (bad || p99 >= LatencyHistograms.GOOD_BUCKETS) {
                int depth = (tokens[d].depth() * (p99 + 1)) >>> LatencyHistograms.LATENCY_SHIFT;
                resizeDomain(d, depth);
            }
        }
    }

    private int percentile(int domain, int type, int percentile, long jiffies) {
        int bucket = histograms.percentile(domain, type, percentile, jiffies, hz);
        if (bucket >= 0 && trace.enabled()) {
            trace.message("kyber_latency: " + DOMAIN_NAMES[domain] + " " + TYPE_NAMES[type] + " p" + percentile + " "
                    + (bucket + 1) + "/" + LatencyHistograms.GOOD_BUCKETS + " samples=" + histograms.lastSamples());
        }
        return bucket;
    }

    /** {@code kyber_resize_domain}. */
    private void resizeDomain(int domain, int depth) {
        int clamped = Math.max(1, Math.min(depth, DEPTH[domain]));
        if (clamped != tokens[domain].depth()) {
            tokens[domain].resize(clamped);
            if (trace.enabled()) {
                trace.message("kyber_adjust: " + DOMAIN_NAMES[domain] + " " + clamped);
            }
        }
    }

    private void traceThrottled(int domain) {
        if (trace.enabled()) {
            trace.message("kyber_throttled: " + DOMAIN_NAMES[domain]);
        }
    }

    // ---- state for tests

    /** The token pool of {@code domain}. */
    DomainTokens tokens(int domain) {
        return tokens[domain];
    }

    /** The histograms. */
    LatencyHistograms histograms() {
        return histograms;
    }

    /** {@code latency_targets[domain]}. */
    long target(int domain) {
        return targets[domain];
    }

    /** {@code domain_p99[domain]}. */
    int rememberedP99(int domain) {
        return domainP99[domain];
    }

    /** The timer ({@code kqd->timer}). */
    Timer timer() {
        return timer;
    }

    /** {@code khd->cur_domain} of {@code hctx}. */
    static int currentDomain(HardwareQueue hctx) {
        return data(hctx).curDomain;
    }

    /** {@code khd->batching} of {@code hctx}. */
    static int batching(HardwareQueue hctx) {
        return data(hctx).batching;
    }

    /** Whether {@code hctx}'s wait entry for {@code domain} is queued on the domain's pool. */
    static boolean waiting(HardwareQueue hctx, int domain) {
        return data(hctx).waits[domain].queue >= 0;
    }

    /** The token {@code rq} holds, or -1. */
    static int tokenOf(Request rq) {
        return rq.schedulerData() instanceof Integer value ? value : -1;
    }

    // ---- helpers

    private static HctxData data(HardwareQueue hctx) {
        return (HctxData) hctx.schedulerData();
    }

    private static int softwareQueueOf(HctxData khd, Request rq) {
        int index = rq.softwareQueue();
        if (index < 0 || index >= khd.contexts) {
            throw new IllegalStateException(rq + " names software queue " + index + " of hardware queue "
                    + khd.hctx.index() + ", which has " + khd.contexts);
        }
        return index;
    }

    private long jiffiesAt(long nanos) {
        return nanos / NSEC_PER_SEC * hz + nanos % NSEC_PER_SEC * hz / NSEC_PER_SEC;
    }

    private long startOfJiffy(long jiffy) {
        long seconds = jiffy / hz;
        long rest = jiffy % hz;
        return seconds * NSEC_PER_SEC + (rest * NSEC_PER_SEC + hz - 1) / hz;
    }

    /** A hardware queue's wait entry on one domain's pool ({@code khd->domain_wait[domain]}). */
    private final class DomainWait implements DomainTokens.Waiter {
        private final HardwareQueue hctx;
        /** The wait queue the entry is on, or -1 ({@code list_empty_careful(&wait->wait.entry)}). */
        private int queue = -1;

        DomainWait(HardwareQueue hctx) {
            this.hctx = hctx;
        }

        /** {@code kyber_domain_wake}: off the wait queue, then run the hardware queue asynchronously. */
        @Override
        public void woken() {
            queue = -1;
            context.runHardwareQueue(hctx, true);
        }
    }

    /** {@code kyber_hctx_data}. */
    private final class HctxData {
        private final HardwareQueue hctx;
        private final int contexts;
        /** {@code kcqs[ctx].rq_list[domain]}. */
        private final ArrayList<Request>[][] kcqs;
        /** Requests in the software-queue lists per domain (the domain's {@code kcq_map} is non-empty when > 0). */
        private final int[] pending = new int[DOMAINS];
        /** {@code rqs[domain]}: flushed from the software queues, waiting for a token. */
        private final ArrayDeque<Request>[] rqs;
        private final DomainWait[] waits = new DomainWait[DOMAINS];
        /** {@code wait_index[domain]}. */
        private final int[] waitIndex = new int[DOMAINS];
        private int curDomain;
        private int batching;

        @SuppressWarnings("unchecked")
        HctxData(HardwareQueue hctx) {
            this.hctx = hctx;
            this.contexts = hctx.softwareQueueCount();
            this.kcqs = new ArrayList[contexts][DOMAINS];
            for (int ctx = 0; ctx < contexts; ctx++) {
                for (int d = 0; d < DOMAINS; d++) {
                    kcqs[ctx][d] = new ArrayList<>();
                }
            }
            this.rqs = new ArrayDeque[DOMAINS];
            for (int d = 0; d < DOMAINS; d++) {
                rqs[d] = new ArrayDeque<>();
                waits[d] = new DomainWait(hctx);
            }
        }
    }
}
