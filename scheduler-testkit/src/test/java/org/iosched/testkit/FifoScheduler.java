package org.iosched.testkit;

import java.util.ArrayList;
import java.util.List;
import org.iosched.api.Bio;
import org.iosched.api.IoScheduler;
import org.iosched.api.IoSchedulerProvider;
import org.iosched.api.Request;
import org.iosched.api.SchedulerContext;
import org.iosched.api.Settings;

/**
 * A correct reference scheduler for the kit's tests, noop-like: one FIFO, one request per dispatch call through
 * {@code dispatchSort}, FIFO neighbours as former/latter requests, a front-merge lookup over the FIFO, and a
 * record of the hooks called. Subclasses break it on purpose.
 */
class FifoScheduler implements IoScheduler {
    final SchedulerContext context;
    final List<Request> fifo = new ArrayList<>();
    final List<String> hooks = new ArrayList<>();

    FifoScheduler(SchedulerContext context) {
        this.context = context;
    }

    /** A provider named {@code name} whose {@code create} calls {@code factory}. */
    static IoSchedulerProvider provider(String name, java.util.function.Function<SchedulerContext, IoScheduler> factory) {
        return new IoSchedulerProvider() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public IoScheduler create(SchedulerContext context, Settings settings) {
                return factory.apply(context);
            }
        };
    }

    @Override
    public void setRequest(Request rq) {
        hooks.add("set " + rq.id());
    }

    @Override
    public void putRequest(Request rq) {
        hooks.add("put " + rq.id());
    }

    @Override
    public void add(Request rq) {
        hooks.add("add " + rq.id());
        fifo.add(rq);
    }

    @Override
    public Request findFrontMerge(Bio bio) {
        for (Request rq : fifo) {
            if (rq.sector() == bio.endSector()) {
                return rq;
            }
        }
        return null;
    }

    @Override
    public void merged(Request rq, boolean front) {
        hooks.add((front ? "front-merged " : "back-merged ") + rq.id());
    }

    @Override
    public void requestsMerged(Request rq, Request next) {
        hooks.add("requests-merged " + rq.id() + " " + next.id());
        fifo.remove(next);
    }

    @Override
    public Request formerRequest(Request rq) {
        int index = fifo.indexOf(rq);
        return index > 0 ? fifo.get(index - 1) : null;
    }

    @Override
    public Request latterRequest(Request rq) {
        int index = fifo.indexOf(rq);
        return index >= 0 && index + 1 < fifo.size() ? fifo.get(index + 1) : null;
    }

    @Override
    public int dispatch(boolean force) {
        if (fifo.isEmpty()) {
            return 0;
        }
        context.dispatchSort(fifo.remove(0));
        return 1;
    }

    @Override
    public boolean hasQueued() {
        return !fifo.isEmpty();
    }

    @Override
    public void activate(Request rq) {
        hooks.add("activate " + rq.id());
    }

    @Override
    public void completed(Request rq) {
        hooks.add("completed " + rq.id());
    }
}
