package org.iosched.scheduler.kyber;

import java.util.ArrayList;
import java.util.List;
import org.iosched.api.HardwareQueue;
import org.iosched.api.MqScheduler;
import org.iosched.api.Request;

/** Creating Kyber on a {@link FakeMqContext} and feeding it. */
final class Kybers {
    private Kybers() {
    }

    /** {@code init_sched} then {@code init_hctx} for every hardware queue, with default tunables. */
    static KyberScheduler on(FakeMqContext context) {
        return on(context, KyberTunables.defaults());
    }

    static KyberScheduler on(FakeMqContext context, KyberTunables tunables) {
        KyberScheduler kyber = new KyberScheduler(context, tunables);
        for (int i = 0; i < context.hardwareQueueCount(); i++) {
            kyber.initHardwareQueue(context.hardwareQueue(i));
        }
        return kyber;
    }

    /** {@code prepare_request} then {@code insert_requests} of one request on its hardware queue. */
    static Request insert(KyberScheduler kyber, Request rq) {
        kyber.prepareRequest(rq);
        kyber.insertRequests(rq.hardwareQueue(), List.of(rq), 0);
        return rq;
    }

    static void insertAtHead(KyberScheduler kyber, Request rq) {
        kyber.insertRequests(rq.hardwareQueue(), List.of(rq), MqScheduler.INSERT_AT_HEAD);
    }

    /** Dispatches until the scheduler returns null or {@code max} requests came out. */
    static List<Request> drain(KyberScheduler kyber, HardwareQueue hctx, int max) {
        List<Request> out = new ArrayList<>();
        Request rq;
        while (out.size() < max && (rq = kyber.dispatchRequest(hctx)) != null) {
            out.add(rq);
        }
        return out;
    }

    /** The letters R, W, D, F of dispatched requests' ops, for readable order assertions. */
    static String ops(List<Request> requests) {
        StringBuilder sb = new StringBuilder();
        for (Request rq : requests) {
            sb.append(rq.op().name().charAt(0));
        }
        return sb.toString();
    }
}
