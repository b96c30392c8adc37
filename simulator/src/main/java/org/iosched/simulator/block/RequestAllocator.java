package org.iosched.simulator.block;

import org.iosched.api.Bio;
import org.iosched.api.MayQueue;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.InvariantViolationException;
import org.iosched.simulator.trace.BlockTrace;

/**
 * Request allocation ({@code get_request}, {@code get_request_wait}): asks the scheduler's
 * {@code mayQueue}, takes a slot from the {@link RequestPool}, creates the request and binds the
 * scheduler's per-request state ({@code setRequest}, except for FLUSH/FUA requests, which carry no
 * elevator data: {@code blk_rq_should_init_elevator}). A submitter that gets none sleeps on the wait
 * list of its kind (traced S) after unplugging the queue; woken, it becomes a batcher and retries.
 */
final class RequestAllocator {
    private final RequestQueue queue;
    private final RequestPool pool;
    private final EventQueue clock;
    private final BlockTrace trace;
    private GuardedScheduler scheduler;
    private Waiter freeWaiters;
    private long nextRequestId;

    RequestAllocator(RequestQueue queue, RequestPool pool, EventQueue clock, BlockTrace trace) {
        this.queue = queue;
        this.pool = pool;
        this.clock = clock;
        this.trace = trace;
    }

    void attach(GuardedScheduler guardedScheduler) {
        this.scheduler = guardedScheduler;
    }

    /** A run-unique request id. */
    long nextId() {
        return nextRequestId++;
    }

    /** A request for {@code bio}, or null when the task must sleep. */
    RqState allocate(Bio bio, boolean flushPath) {
        Task task = bio.task();
        boolean sync = bio.isSync();
        MayQueue may = scheduler.mayQueue(task, bio.op(), bio.flags());
        if (!pool.tryGet(task, sync, may)) {
            return null;
        }
        if (pool.count(sync) > pool.hardLimit()) {
            throw new InvariantViolationException("request pool above its limit: " + pool.count(sync) + " "
                    + (sync ? "sync" : "async") + " requests, limit " + pool.hardLimit());
        }
        long now = clock.now();
        Request rq = new Request(nextId(), bio, now);
        RqState rs = queue.bindState(rq);
        rs.where = RqState.ALLOCATED;
        rs.fromPool = true;
        rs.poolSync = sync;
        rs.allocTime = now;
        if (!flushPath) {
            rs.elvPriv = true;
            scheduler.setRequest(rq);
        }
        trace.request('G', rq);
        return rs;
    }

    /** The submitter of {@code bio} found no request: it sleeps, unplugging the queue first. */
    void sleep(Bio bio, boolean flushPath) {
        Waiter w = freeWaiters;
        if (w != null) {
            freeWaiters = w.next;
            w.next = null;
        } else {
            Waiter fresh = new Waiter();
            fresh.wakeTimer = clock.newTimer(null, () -> wokeUp(fresh));
            w = fresh;
        }
        w.bio = bio;
        w.sync = bio.isSync();
        w.flushPath = flushPath;
        pool.sleep(w);
        trace.bio('S', bio);
        queue.unplugBeforeSleep();
    }

    private void wokeUp(Waiter w) {
        Bio bio = w.bio;
        Task previous = trace.swapCurrent(bio.task());
        try {
            pool.wokeUp(bio.task());
            boolean flushPath = w.flushPath;
            RqState rs = allocate(bio, flushPath);
            if (rs == null) {
                pool.sleep(w);
                trace.bio('S', bio);
                queue.unplugBeforeSleep();
                return;
            }
            w.bio = null;
            w.next = freeWaiters;
            freeWaiters = w;
            queue.queueAfterSleep(rs, bio, flushPath);
        } finally {
            trace.swapCurrent(previous);
        }
    }
}
