package org.iosched.scheduler.cfq;

import java.util.HashMap;
import java.util.Map;
import org.iosched.api.Cgroup;
import org.iosched.api.DeviceInfo;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Settings;
import org.iosched.api.Task;
import org.iosched.testkit.FakeSchedulerContext;
import org.iosched.testkit.Requests;

/**
 * Drives one {@link CfqScheduler} by hand for specification tests: make tasks and requests, insert them,
 * dispatch one request at a time as a driver would, complete requests, and move the clock in milliseconds or
 * jiffies. Exposes CFQ's internal state ({@link #cfqd}) for assertions.
 */
final class CfqHarness {
    static final long MS = 1_000_000L;

    final FakeSchedulerContext ctx;
    final CfqScheduler cfq;
    final CfqData cfqd;
    private final Requests requests;

    CfqHarness(Map<String, String> tunables) {
        this(250, FakeSchedulerContext.HDD, tunables);
    }

    CfqHarness(int hz, DeviceInfo device, Map<String, String> tunables) {
        this.ctx = FakeSchedulerContext.builder().hz(hz).device(device).build();
        this.requests = Requests.on(ctx);
        // start one second in, as a booted kernel's clock is
        ctx.advanceTo(1_000 * MS);
        this.cfq = new CfqScheduler(ctx, Settings.resolve("cfq", CfqTunables.DESCRIPTORS, tunables));
        this.cfqd = cfq.data();
    }

    static CfqHarness defaults() {
        return new CfqHarness(Map.of());
    }

    static CfqHarness with(String... keyValues) {
        Map<String, String> map = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return new CfqHarness(map);
    }

    Task task(String name) {
        return task(name, IoPrioClass.BE, 4, Cgroup.ROOT);
    }

    Task task(String name, IoPrioClass cls, int level) {
        return task(name, cls, level, Cgroup.ROOT);
    }

    Task task(String name, IoPrioClass cls, int level, Cgroup cgroup) {
        return requests.task(name, cls, level, cgroup);
    }

    /** A request as the block layer makes it: allocated ({@code set_req_fn}) but not inserted. */
    Request allocate(Task task, Op op, int flags, long sector, int sectors) {
        Request rq = requests.request(task, op, flags, sector, sectors);
        cfq.setRequest(rq);
        return rq;
    }

    /** Allocate and insert. */
    Request submit(Task task, Op op, int flags, long sector, int sectors) {
        Request rq = allocate(task, op, flags, sector, sectors);
        cfq.add(rq);
        return rq;
    }

    Request read(Task task, long sector) {
        return submit(task, Op.READ, 0, sector, 8);
    }

    Request read(Task task, long sector, int sectors) {
        return submit(task, Op.READ, 0, sector, sectors);
    }

    Request asyncWrite(Task task, long sector) {
        return submit(task, Op.WRITE, 0, sector, 8);
    }

    Request syncWrite(Task task, long sector, int extraFlags) {
        return submit(task, Op.WRITE, RequestFlags.SYNC | extraFlags, sector, 8);
    }

    /** One {@code dispatch(false)} call; the request it moved, taken by the driver, or null. */
    Request dispatchOne() {
        int before = ctx.dispatched().size();
        int n = cfq.dispatch(false);
        if (n == 0) {
            return null;
        }
        Request rq = ctx.dispatched().get(ctx.dispatched().size() - 1);
        if (ctx.dispatched().size() - before != 1) {
            throw new IllegalStateException("dispatch moved " + (ctx.dispatched().size() - before) + " requests");
        }
        take(rq);
        return rq;
    }

    /** The driver takes {@code rq} from the dispatch queue ({@code blk_start_request}). */
    void take(Request rq) {
        cfq.activate(rq);
        ctx.take(rq);
    }

    /** The device completed {@code rq}: {@code completed_req_fn} then {@code put_req_fn}. */
    void complete(Request rq) {
        ctx.complete(rq);
        cfq.completed(rq);
        cfq.putRequest(rq);
    }

    void advanceMs(long ms) {
        ctx.advanceMillis(ms);
    }

    /** Advance by whole jiffies at the harness's HZ. */
    void advanceJiffies(long jiffies) {
        long target = cfqd.clock.startOf(cfqd.now() + jiffies);
        ctx.advanceTo(Math.max(target, ctx.now()));
    }

    long jiffies() {
        return cfqd.now();
    }

    CfqQueue queueOf(Request rq) {
        return CfqRq.of(rq).cfqq;
    }

    CfqQueue syncQueue(Task task) {
        return CfqIoContext.lookup(cfqd, task).cfqq[1];
    }
}
