package org.iosched.scheduler.kyber;

import java.util.ArrayList;
import java.util.List;
import org.iosched.api.HardwareQueue;
import org.iosched.api.MqScheduler;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.testkit.FakeMqSchedulerContext;

/** Creating Kyber on the testkit's {@link FakeMqSchedulerContext}, making its requests, and feeding it. */
final class Kybers {
    private Kybers() {
    }

    /**
     * A context of {@code cpus} CPUs over {@code hardwareQueues} queues of {@code driverTags} driver tags and
     * {@code schedulerTags} scheduler tags ({@code nr_requests}).
     */
    static FakeMqSchedulerContext context(int hz, int cpus, int hardwareQueues, int driverTags, int schedulerTags) {
        return FakeMqSchedulerContext.builder().hz(hz).cpus(cpus).hardwareQueues(hardwareQueues)
                .driverTagDepth(driverTags).nrRequests(schedulerTags).build();
    }

    /** HZ 250, one CPU, one hardware queue of 32 driver tags and 64 scheduler tags (a SATA disk). */
    static FakeMqSchedulerContext simple() {
        return context(250, 1, 1, 32, 64);
    }

    /** A request of the default task allocated now on CPU {@code cpu} (its software queue on its hardware queue). */
    static Request request(FakeMqSchedulerContext context, Op op, int flags, long sector, int sectors, int cpu) {
        return context.bind(context.requests().request(op, flags, sector, sectors), cpu);
    }

    static Request read(FakeMqSchedulerContext context, long sector, int cpu) {
        return request(context, Op.READ, 0, sector, 8, cpu);
    }

    static Request write(FakeMqSchedulerContext context, long sector, int cpu) {
        return request(context, Op.WRITE, 0, sector, 8, cpu);
    }

    static Request syncWrite(FakeMqSchedulerContext context, long sector, int cpu) {
        return request(context, Op.WRITE, RequestFlags.SYNC, sector, 8, cpu);
    }

    /** The queue runs asked for, as {@code "hctx0 async"} / {@code "hctx0 sync"}. */
    static List<String> runs(FakeMqSchedulerContext context) {
        List<String> runs = new ArrayList<>();
        for (FakeMqSchedulerContext.QueueRun run : context.runs()) {
            runs.add("hctx" + run.hardwareQueue() + (run.async() ? " async" : " sync"));
        }
        return runs;
    }

    /** {@code init_sched}, attached to the context, then {@code init_hctx} for every hardware queue; default tunables. */
    static KyberScheduler on(FakeMqSchedulerContext context) {
        return on(context, KyberTunables.defaults());
    }

    static KyberScheduler on(FakeMqSchedulerContext context, KyberTunables tunables) {
        KyberScheduler kyber = new KyberScheduler(context, tunables);
        context.attach(kyber);
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
