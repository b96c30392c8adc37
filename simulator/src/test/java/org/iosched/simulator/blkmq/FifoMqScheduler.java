package org.iosched.simulator.blkmq;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.iosched.api.Bio;
import org.iosched.api.HardwareQueue;
import org.iosched.api.MqScheduler;
import org.iosched.api.MqSchedulerContext;
import org.iosched.api.MqSchedulerProvider;
import org.iosched.api.Request;
import org.iosched.api.Settings;

/**
 * A test scheduler for blk-mq: one device-wide FIFO with the generic merge helpers (hash at insert, try merge,
 * insert merge), recording every hook it is called with ("insert 8+8", "dispatch 8+8", ...).
 */
final class FifoMqScheduler implements MqScheduler {
    final MqSchedulerContext context;
    final ArrayDeque<Request> fifo = new ArrayDeque<>();
    final List<String> calls = new ArrayList<>();
    /** The hardware queue of every dispatch call, in order. */
    final List<Integer> askedBy = new ArrayList<>();
    int limitDepth;
    boolean returnNothing;
    /** Trace a message ({@code m N}) for each insertion. */
    boolean messages;

    FifoMqScheduler(MqSchedulerContext context) {
        this.context = context;
    }

    private static String at(Request rq) {
        return rq.sector() + "+" + rq.sectors();
    }

    @Override
    public int limitDepth(org.iosched.api.Op op, int flags, org.iosched.api.Task task, HardwareQueue hctx) {
        calls.add("limitDepth");
        return limitDepth;
    }

    @Override
    public void prepareRequest(Request rq) {
        calls.add("prepare " + at(rq));
    }

    @Override
    public void finishRequest(Request rq) {
        calls.add("finish " + at(rq));
    }

    @Override
    public boolean bioMerge(Bio bio) {
        return context.tryMerge(bio);
    }

    @Override
    public void requestMerged(Request rq, boolean front) {
        calls.add((front ? "front " : "back ") + at(rq));
    }

    @Override
    public void requestsMerged(Request rq, Request next) {
        calls.add("merged " + at(rq) + " " + next.id());
        fifo.remove(next);
        context.hashRemove(next);
    }

    @Override
    public void insertRequests(HardwareQueue hctx, List<Request> requests, int flags) {
        for (Request rq : requests) {
            calls.add("insert " + at(rq) + ((flags & INSERT_AT_HEAD) != 0 ? " head" : ""));
            if (messages) {
                context.trace().message("fifo-mq insert " + rq.sector());
            }
            if (context.tryInsertMerge(rq)) {
                continue;
            }
            context.hashAdd(rq);
            if ((flags & INSERT_AT_HEAD) != 0) {
                fifo.addFirst(rq);
            } else {
                fifo.addLast(rq);
            }
        }
    }

    @Override
    public Request dispatchRequest(HardwareQueue hctx) {
        askedBy.add(hctx.index());
        if (returnNothing) {
            calls.add("dispatch null");
            return null;
        }
        Request rq = fifo.pollFirst();
        if (rq != null) {
            context.hashRemove(rq);
            calls.add("dispatch " + at(rq));
        }
        return rq;
    }

    @Override
    public boolean hasWork(HardwareQueue hctx) {
        return !fifo.isEmpty();
    }

    @Override
    public void completedRequest(Request rq, long now) {
        calls.add("completed " + at(rq));
    }

    @Override
    public void requeueRequest(Request rq) {
        calls.add("requeue " + at(rq));
    }

    /** Its provider ({@code fifo-mq}). */
    static final class Provider implements MqSchedulerProvider {
        FifoMqScheduler last;
        /** Declare {@link #disablesDefaultWbt} (BFQ's {@code wbt_disable_default}). */
        boolean disableWbt;

        @Override
        public boolean disablesDefaultWbt() {
            return disableWbt;
        }

        @Override
        public String name() {
            return "fifo-mq";
        }

        @Override
        public MqScheduler create(MqSchedulerContext context, Settings settings) {
            last = new FifoMqScheduler(context);
            return last;
        }
    }
}
