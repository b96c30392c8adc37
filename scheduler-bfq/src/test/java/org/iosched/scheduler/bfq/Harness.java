package org.iosched.scheduler.bfq;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iosched.api.DeviceInfo;
import org.iosched.api.HardwareQueue;
import org.iosched.api.IoPrioClass;
import org.iosched.api.IoPriority;
import org.iosched.api.MqScheduler;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Settings;
import org.iosched.api.Task;
import org.iosched.api.Cgroup;
import org.iosched.testkit.FakeMqSchedulerContext;
import org.iosched.testkit.Requests;

/**
 * BFQ on a {@link FakeMqSchedulerContext}, driven by hand as the blk-mq core would: requests bound to CPU 0,
 * prepared and inserted one by one, dispatched one call at a time, completed when the test says.
 */
final class Harness {
    static final long MS = 1_000_000L;

    final FakeMqSchedulerContext context;
    final BfqScheduler scheduler;
    final HardwareQueue hctx;
    final Requests requests;

    Harness(DeviceInfo device, Map<String, String> tunables) {
        this.context = FakeMqSchedulerContext.builder().device(device).nrRequests(64).build();
        BfqSchedulerProvider provider = new BfqSchedulerProvider();
        MqScheduler started = context.start(provider, Settings.resolve(provider.name(), provider.tunables(), tunables));
        this.scheduler = (BfqScheduler) started;
        this.hctx = context.hardwareQueue(0);
        this.requests = context.requests();
    }

    Task task(String name, int level) {
        return requests.task(name, IoPrioClass.BE, level, Cgroup.ROOT);
    }

    Request read(Task task, long sector, int sectors) {
        return insert(requests.request(task, Op.READ, 0, sector, sectors));
    }

    Request read(Task task, long sector) {
        return read(task, sector, Requests.SECTORS);
    }

    Request asyncWrite(Task task, long sector) {
        return insert(requests.request(task, Op.WRITE, 0, sector, Requests.SECTORS));
    }

    Request syncWrite(Task task, long sector) {
        return insert(requests.request(task, Op.WRITE, RequestFlags.SYNC, sector, Requests.SECTORS));
    }

    Request insert(Request rq) {
        context.bind(rq, 0);
        rq.setIoPriority(IoPriority.of(rq.task()));
        scheduler.prepareRequest(rq);
        List<Request> list = new ArrayList<>(1);
        list.add(rq);
        scheduler.insertRequests(hctx, list, 0);
        context.freeMergedRequests();
        return rq;
    }

    /** One {@code dispatch_request} call. */
    Request dispatch() {
        return scheduler.dispatchRequest(hctx);
    }

    /** The driver completes {@code rq} now and frees it. */
    void complete(Request rq) {
        scheduler.completedRequest(rq, context.now());
        scheduler.finishRequest(rq);
    }

    /** Dispatches and completes one request 1 ms later. */
    Request serveOne() {
        Request rq = dispatch();
        if (rq != null) {
            context.advanceBy(MS);
            complete(rq);
        }
        return rq;
    }

    void advanceMillis(long millis) {
        context.advanceMillis(millis);
    }
}
