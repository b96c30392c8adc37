package org.iosched.scheduler.mqdeadline;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iosched.api.Bio;
import org.iosched.api.HardwareQueue;
import org.iosched.api.IoPrioClass;
import org.iosched.api.IoPriority;
import org.iosched.api.MqScheduler;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Settings;
import org.iosched.testkit.FakeMqSchedulerContext;
import org.iosched.testkit.Requests;

/**
 * mq-deadline on a {@link FakeMqSchedulerContext}, driven by hand as the blk-mq core would: requests bound to CPU 0,
 * prepared and inserted one by one, dispatched one call at a time, finished when the test says.
 */
final class Harness {
    static final long MS = 1_000_000L;

    final FakeMqSchedulerContext context;
    final MqDeadlineScheduler scheduler;
    final HardwareQueue hctx;
    final Requests requests;

    Harness(Map<String, String> tunables) {
        this(FakeMqSchedulerContext.builder().build(), tunables);
    }

    Harness(FakeMqSchedulerContext context, Map<String, String> tunables) {
        this.context = context;
        MqDeadlineSchedulerProvider provider = new MqDeadlineSchedulerProvider();
        MqScheduler started = context.start(provider, Settings.resolve(provider.name(), provider.tunables(), tunables));
        this.scheduler = (MqDeadlineScheduler) started;
        this.hctx = context.hardwareQueue(0);
        this.requests = context.requests();
    }

    Harness() {
        this(Map.of());
    }

    /** A 4 KiB request of {@code op} at {@code sector} in class {@code ioprioClass} (null: the task's, BE). */
    Request request(Op op, long sector, IoPrioClass ioprioClass) {
        Request rq = requests.request(requests.defaultTask(), op, op == Op.READ ? 0 : RequestFlags.SYNC, sector,
                Requests.SECTORS);
        rq.setIoPriority(ioprioClass == null ? IoPriority.of(rq.task()) : IoPriority.of(ioprioClass, 0));
        return rq;
    }

    Request read(long sector) {
        return insert(request(Op.READ, sector, null), 0);
    }

    Request write(long sector) {
        return insert(request(Op.WRITE, sector, null), 0);
    }

    Request insert(Request rq, int flags) {
        context.bind(rq, 0);
        scheduler.prepareRequest(rq);
        List<Request> list = new ArrayList<>(1);
        list.add(rq);
        scheduler.insertRequests(hctx, list, flags);
        context.freeMergedRequests();
        return rq;
    }

    /** A bio of the default task's priority. */
    Bio bio(Op op, long sector) {
        Bio bio = requests.bio(op, op == Op.READ ? 0 : RequestFlags.SYNC, sector, Requests.SECTORS);
        bio.setIoPriority(IoPriority.of(bio.task()));
        return bio;
    }

    /** One {@code dispatch_request} call. */
    Request dispatch() {
        return scheduler.dispatchRequest(hctx);
    }

    /** Dispatches until null; the start sectors in order. */
    List<Long> drain() {
        List<Long> sectors = new ArrayList<>();
        for (Request rq = dispatch(); rq != null; rq = dispatch()) {
            sectors.add(rq.sector());
        }
        return sectors;
    }
}
