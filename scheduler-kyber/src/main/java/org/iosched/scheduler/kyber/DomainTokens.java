package org.iosched.scheduler.kyber;

import java.util.ArrayList;
import java.util.List;

/**
 * One scheduling domain's token pool: the {@code sbitmap_queue} {@code kqd->domain_tokens[domain]} of Linux 6.6
 * ({@code lib/sbitmap.c} as Kyber uses it), device-wide and shared by every hardware queue.
 *
 * <h2>Features</h2>
 * <ul>
 *   <li>A bitmap of {@code maxDepth} bits of which the first {@link #depth()} may be handed out
 *       ({@code __sbitmap_queue_get}, no shallow limit); {@link #resize} changes the usable depth without revoking
 *       tokens already held above it ({@code sbitmap_queue_resize}).</li>
 *   <li>Wake batching: {@code wake_batch = clamp(depth / 8, 1, 8)} ({@code sbq_calc_wake_batch} with Kyber's
 *       unset {@code min_shallow_depth}), recomputed on resize. A freed token counts towards
 *       {@code completion_cnt} only while some waiter is queued ({@code ws_active}); once
 *       {@code completion_cnt - wakeup_cnt >= wake_batch}, {@code wakeup_cnt} grows by {@code wake_batch} and the
 *       waiters are woken ({@code sbitmap_queue_wake_up}).</li>
 *   <li>Eight wait queues ({@code SBQ_WAIT_QUEUES}); a waiter picks one round-robin with its own index
 *       ({@code sbq_wait_ptr}). Kyber's entries are added with {@code add_wait_queue}, i.e. non-exclusive and at the
 *       head of the queue, so a wake-up ({@code wake_up_nr}) wakes every one of them in every queue, queue 0 first
 *       ({@code sbq->wake_index} advances by all eight queues and so stays where it was).</li>
 * </ul>
 *
 * <h2>Limitations</h2>
 * <ul>
 *   <li>The lowest free bit is handed out; the kernel starts at a per-CPU hint. Which bit a request holds has no
 *       effect on anything Kyber decides.</li>
 * </ul>
 */
final class DomainTokens {
    /** {@code SBQ_WAIT_QUEUES}. */
    static final int WAIT_QUEUES = 8;
    /** {@code SBQ_WAKE_BATCH}. */
    static final int MAX_WAKE_BATCH = 8;

    /** Who is told when a wake-up reaches its wait entry ({@code kyber_domain_wake}). */
    interface Waiter {
        /** The entry was taken off its wait queue by a wake-up. */
        void woken();
    }

    private final int maxDepth;
    private final long[] words;
    private int depth;
    private int inUse;
    private int wakeBatch;
    private int completionCount;
    private int wakeupCount;
    private int activeWaiters;
    private final List<List<Waiter>> waitQueues = new ArrayList<>(WAIT_QUEUES);
    private final List<Waiter> woken = new ArrayList<>();

    DomainTokens(int maxDepth) {
        if (maxDepth <= 0) {
            throw new IllegalArgumentException("token depth must be positive: " + maxDepth);
        }
        this.maxDepth = maxDepth;
        this.words = new long[(maxDepth + 63) >>> 6];
        for (int i = 0; i < WAIT_QUEUES; i++) {
            waitQueues.add(new ArrayList<>());
        }
        this.depth = maxDepth;
        this.wakeBatch = wakeBatchFor(maxDepth);
    }

    /** {@code sbq_calc_wake_batch} for a queue without a shallow-depth user. */
    static int wakeBatchFor(int depth) {
        return Math.max(1, Math.min(depth / WAIT_QUEUES, MAX_WAKE_BATCH));
    }

    /** {@code sb.depth}: tokens that may be handed out. */
    int depth() {
        return depth;
    }

    /** The depth the pool was created with ({@code kyber_depth[domain]}). */
    int maxDepth() {
        return maxDepth;
    }

    /** Tokens held, including any above {@link #depth()} after a shrink. */
    int inUse() {
        return inUse;
    }

    /** {@code wake_batch}. */
    int wakeBatch() {
        return wakeBatch;
    }

    /** {@code ws_active}: wait entries queued. */
    int activeWaiters() {
        return activeWaiters;
    }

    /** {@code __sbitmap_queue_get}: the lowest free token below {@link #depth()}, or -1. */
    int get() {
        for (int w = 0; w < words.length; w++) {
            long free = ~words[w];
            if (free == 0) {
                continue;
            }
            int bit = (w << 6) + Long.numberOfTrailingZeros(free);
            if (bit >= depth) {
                return -1;
            }
            words[w] |= 1L << (bit & 63);
            inUse++;
            return bit;
        }
        return -1;
    }

    /** {@code sbitmap_queue_clear}: give {@code token} back, then count it towards a wake-up. */
    void clear(int token) {
        long mask = 1L << (token & 63);
        int w = token >>> 6;
        if ((words[w] & mask) == 0) {
            throw new IllegalStateException("token " + token + " is not held");
        }
        words[w] &= ~mask;
        inUse--;
        wakeUp(1);
    }

    /** {@code sbitmap_queue_resize}: new wake batch, then the new usable depth. */
    void resize(int newDepth) {
        if (newDepth < 1 || newDepth > maxDepth) {
            throw new IllegalArgumentException("token depth " + newDepth + " outside 1.." + maxDepth);
        }
        wakeBatch = wakeBatchFor(newDepth);
        depth = newDepth;
    }

    /**
     * {@code sbitmap_add_wait_queue} on the wait queue {@code index} (0..7): queue {@code waiter} at the head of it.
     */
    void addWaiter(int index, Waiter waiter) {
        waitQueues.get(index).add(0, waiter);
        activeWaiters++;
    }

    /** {@code sbitmap_del_wait_queue}: take {@code waiter} off the wait queue {@code index}; no-op if not queued. */
    void removeWaiter(int index, Waiter waiter) {
        if (waitQueues.get(index).remove(waiter)) {
            activeWaiters--;
        }
    }

    private void wakeUp(int freed) {
        if (activeWaiters == 0) {
            return;
        }
        completionCount += freed;
        if (completionCount - wakeupCount < wakeBatch) {
            return;
        }
        wakeupCount += wakeBatch;
        // wake_up_nr on each of the eight queues; non-exclusive entries are all woken, whatever nr is
        woken.clear();
        for (int q = 0; q < WAIT_QUEUES; q++) {
            List<Waiter> queue = waitQueues.get(q);
            for (int i = 0; i < queue.size(); i++) {
                woken.add(queue.get(i));
            }
            activeWaiters -= queue.size();
            queue.clear();
        }
        for (int i = 0; i < woken.size(); i++) {
            woken.get(i).woken();
        }
        woken.clear();
    }
}
