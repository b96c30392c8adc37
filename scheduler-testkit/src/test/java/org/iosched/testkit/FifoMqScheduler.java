package org.iosched.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.iosched.api.Bio;
import org.iosched.api.HardwareQueue;
import org.iosched.api.MqScheduler;
import org.iosched.api.MqSchedulerContext;
import org.iosched.api.MqSchedulerProvider;
import org.iosched.api.Request;
import org.iosched.api.Settings;

/**
 * A correct reference blk-mq scheduler for the kit's tests: one FIFO shared by all hardware queues, merges through
 * the context's hash ({@code tryMerge}, {@code tryInsertMerge}), FIFO neighbours that touch as next/former requests,
 * a front-merge lookup over the FIFO, and a record of the hooks called. Subclasses break it on purpose.
 */
class FifoMqScheduler implements MqScheduler {
    final MqSchedulerContext context;
    final List<Request> fifo = new ArrayList<>();
    final List<String> hooks = new ArrayList<>();

    FifoMqScheduler(MqSchedulerContext context) {
        this.context = context;
    }

    /** A provider named {@code name} whose {@code create} calls {@code factory}. */
    static MqSchedulerProvider provider(String name, Function<MqSchedulerContext, MqScheduler> factory) {
        return new MqSchedulerProvider() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public MqScheduler create(MqSchedulerContext context, Settings settings) {
                return factory.apply(context);
            }
        };
    }

    @Override
    public void prepareRequest(Request rq) {
        hooks.add("prepare " + rq.id());
    }

    @Override
    public void finishRequest(Request rq) {
        hooks.add("finish " + rq.id());
    }

    @Override
    public boolean bioMerge(Bio bio) {
        return context.tryMerge(bio);
    }

    @Override
    public Request requestMerge(Bio bio) {
        for (Request rq : fifo) {
            if (rq.sector() == bio.endSector()) {
                return rq;
            }
        }
        return null;
    }

    @Override
    public void requestMerged(Request rq, boolean front) {
        hooks.add((front ? "front " : "back ") + rq.id());
    }

    @Override
    public void requestsMerged(Request rq, Request next) {
        hooks.add("merged " + next.id() + " into " + rq.id());
        fifo.remove(next);
        context.hashRemove(next);
    }

    @Override
    public Request nextRequest(Request rq) {
        for (Request other : fifo) {
            if (other != rq && other.sector() == rq.endSector()) {
                return other;
            }
        }
        return null;
    }

    @Override
    public Request formerRequest(Request rq) {
        for (Request other : fifo) {
            if (other != rq && other.endSector() == rq.sector()) {
                return other;
            }
        }
        return null;
    }

    @Override
    public void insertRequests(HardwareQueue hctx, List<Request> requests, int flags) {
        for (Request rq : requests) {
            hooks.add("insert " + rq.id());
            if (context.tryInsertMerge(rq)) {
                continue;
            }
            if ((flags & INSERT_AT_HEAD) != 0) {
                fifo.add(0, rq);
            } else {
                fifo.add(rq);
                context.hashAdd(rq);
            }
        }
    }

    @Override
    public Request dispatchRequest(HardwareQueue hctx) {
        if (fifo.isEmpty()) {
            return null;
        }
        Request rq = fifo.remove(0);
        context.hashRemove(rq);
        if (context.lastMerge() == rq) {
            context.setLastMerge(null);
        }
        hooks.add("dispatch " + rq.id());
        return rq;
    }

    @Override
    public boolean hasWork(HardwareQueue hctx) {
        return !fifo.isEmpty();
    }
}
