package org.iosched.simulator.block;

import java.util.IdentityHashMap;
import java.util.Map;
import org.iosched.api.MayQueue;
import org.iosched.api.Task;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.KernelClock;

/**
 * The request pool of one queue ({@code struct request_list}, 2.6.32-3.0): {@code nr_requests} counted
 * separately for sync and async requests, with the kernel's full/congested flags, batching and wait
 * lists ({@code get_request}, {@code get_request_wait}, {@code freed_request}).
 *
 * <ul>
 *   <li>Congestion is flagged when {@code count + 1 >= nr - nr/8 + 1} and cleared below
 *       {@code nr - nr/8 - nr/16 - 1} ({@code blk_queue_congestion_threshold}).</li>
 *   <li>The task whose allocation fills the pool ({@code count + 1 >= nr}) becomes a batcher: it may take
 *       {@value #BATCH_REQUESTS} more requests within 20 ms ({@code BLK_BATCH_REQ}, {@code BLK_BATCH_TIME}).
 *       While the pool is full only batchers and {@link MayQueue#MUST} callers get requests.</li>
 *   <li>No count exceeds {@code 3 * nr / 2}.</li>
 *   <li>A task that gets none sleeps FIFO on the wait list of its kind; a free wakes one waiter when
 *       {@code count + 1 <= nr}. A woken task becomes a batcher and retries.</li>
 *   <li>A {@link MayQueue#NO} answer with nothing allocated of that kind marks the kind starved, so that a
 *       free of the other kind also wakes it.</li>
 * </ul>
 */
public final class RequestPool {
    /** {@code BLK_BATCH_REQ}. */
    public static final int BATCH_REQUESTS = 32;

    private final EventQueue clock;
    private final KernelClock kernelClock;
    private final int nrRequests;
    private final int congestionOn;
    private final int congestionOff;
    private final int hardLimit;
    private final int[] count = new int[2];
    private final boolean[] full = new boolean[2];
    private final boolean[] congested = new boolean[2];
    private final boolean[] starved = new boolean[2];
    private final Waiter[] waitHead = new Waiter[2];
    private final Waiter[] waitTail = new Waiter[2];
    private int waiting;
    private final Map<Task, IoContext> contexts = new IdentityHashMap<>();

    /** The batching part of a task's io_context. */
    private static final class IoContext {
        int batchRequests;
        long lastWaitedJiffies;
    }

    /**
     * @param clock       virtual time
     * @param kernelClock HZ, for the batching window
     * @param nrRequests  {@code queue/nr_requests}
     */
    public RequestPool(EventQueue clock, KernelClock kernelClock, int nrRequests) {
        if (nrRequests < 4) {
            throw new IllegalArgumentException("nr_requests must be at least 4 (BLKDEV_MIN_RQ), not " + nrRequests);
        }
        this.clock = clock;
        this.kernelClock = kernelClock;
        this.nrRequests = nrRequests;
        this.congestionOn = Math.min(nrRequests - nrRequests / 8 + 1, nrRequests);
        this.congestionOff = Math.max(nrRequests - nrRequests / 8 - nrRequests / 16 - 1, 1);
        this.hardLimit = 3 * nrRequests / 2;
    }

    private static int kind(boolean sync) {
        return sync ? 1 : 0;
    }

    /** {@code nr_requests}. */
    public int nrRequests() {
        return nrRequests;
    }

    /** The most requests of one kind that may be allocated ({@code 3 * nr / 2}). */
    public int hardLimit() {
        return hardLimit;
    }

    /** Requests allocated and not freed, of one kind ({@code rl->count[]}). */
    public int count(boolean sync) {
        return count[kind(sync)];
    }

    /** Whether the kind is congested ({@code blk_set_queue_congested}); writeback throttles on it. */
    public boolean congested(boolean sync) {
        return congested[kind(sync)];
    }

    /** Whether the kind is marked full. */
    public boolean full(boolean sync) {
        return full[kind(sync)];
    }

    /** Congestion on threshold. */
    public int congestionOnThreshold() {
        return congestionOn;
    }

    /** Congestion off threshold. */
    public int congestionOffThreshold() {
        return congestionOff;
    }

    /** Tasks sleeping for a request. */
    public int waiting() {
        return waiting;
    }

    /**
     * {@code get_request}'s accounting: whether {@code task} may take a request of this kind now; if so it
     * is counted.
     */
    boolean tryGet(Task task, boolean sync, MayQueue may) {
        int k = kind(sync);
        if (may == MayQueue.NO) {
            if (count[k] == 0) {
                starved[k] = true;
            }
            return false;
        }
        IoContext ioc = null;
        if (count[k] + 1 >= congestionOn) {
            if (count[k] + 1 >= nrRequests) {
                ioc = context(task);
                if (!full[k]) {
                    setBatching(ioc);
                    full[k] = true;
                } else if (may != MayQueue.MUST && !batching(ioc)) {
                    return false;
                }
            }
            congested[k] = true;
        }
        if (count[k] >= hardLimit) {
            return false;
        }
        count[k]++;
        starved[k] = false;
        // only an allocation that met a full pool spends batch credit; below the limit nothing counts
        if (ioc != null && batching(ioc)) {
            ioc.batchRequests--;
        }
        return true;
    }

    /** {@code freed_request}: one request of this kind was freed; may wake a waiter. */
    void put(boolean sync) {
        int k = kind(sync);
        count[k]--;
        if (count[k] < 0) {
            throw new IllegalStateException("request pool count went negative");
        }
        freed(k);
        if (starved[k ^ 1]) {
            freed(k ^ 1);
        }
    }

    private void freed(int k) {
        if (count[k] < congestionOff) {
            congested[k] = false;
        }
        if (count[k] + 1 <= nrRequests) {
            Waiter w = waitHead[k];
            if (w != null) {
                waitHead[k] = w.next;
                if (waitHead[k] == null) {
                    waitTail[k] = null;
                }
                w.next = null;
                waiting--;
                w.wakeTimer.arm(clock.now());
            }
            full[k] = false;
        }
    }

    /** Queue a task at the tail of its kind's wait list (exclusive wait). */
    void sleep(Waiter w) {
        int k = kind(w.sync);
        w.next = null;
        if (waitTail[k] == null) {
            waitHead[k] = w;
        } else {
            waitTail[k].next = w;
        }
        waitTail[k] = w;
        waiting++;
    }

    /** {@code ioc_set_batching} for a task that slept and woke. */
    void wokeUp(Task task) {
        setBatching(context(task));
    }

    /** The task exited: drop its batching state. */
    void forget(Task task) {
        contexts.remove(task);
    }

    private IoContext context(Task task) {
        IoContext ioc = contexts.get(task);
        if (ioc == null) {
            ioc = new IoContext();
            contexts.put(task, ioc);
        }
        return ioc;
    }

    private void setBatching(IoContext ioc) {
        if (batching(ioc)) {
            return;
        }
        ioc.batchRequests = BATCH_REQUESTS;
        ioc.lastWaitedJiffies = kernelClock.jiffies(clock.now());
    }

    // ioc_batching: a fresh batcher, or one with requests left inside BLK_BATCH_TIME = HZ/50 jiffies
    private boolean batching(IoContext ioc) {
        if (ioc.batchRequests == BATCH_REQUESTS) {
            return true;
        }
        return ioc.batchRequests > 0
                && kernelClock.jiffies(clock.now()) < ioc.lastWaitedJiffies + kernelClock.hz() / 50;
    }
}
