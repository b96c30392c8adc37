package org.iosched.simulator.block;

import java.util.ArrayList;
import java.util.List;
import org.iosched.api.Bio;
import org.iosched.api.IoScheduler;
import org.iosched.api.MayQueue;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.SchedulerContext;
import org.iosched.api.Task;

/**
 * A hand-written test scheduler: a FIFO that dispatches one request per call with {@code dispatchSort}
 * (or holds everything while {@link #hold} is set), finds front merges and sector-order neighbours among
 * the requests it holds, and logs every hook call as {@code "hook rqN"}.
 */
class RecordingScheduler implements IoScheduler {
    final SchedulerContext context;
    final List<String> log = new ArrayList<>();
    final List<Request> fifo = new ArrayList<>();
    boolean hold;
    boolean vetoMerges;
    boolean dispatchAddTail;
    /** Move every held request to the dispatch queue in one call, rather than one per call. */
    boolean dispatchAll;
    MayQueue mayQueueAnswer = MayQueue.MAY;

    RecordingScheduler(SchedulerContext context) {
        this.context = context;
    }

    static String name(Request rq) {
        return "rq" + rq.id();
    }

    @Override
    public void setRequest(Request rq) {
        log.add("setRequest " + name(rq));
    }

    @Override
    public void putRequest(Request rq) {
        log.add("putRequest " + name(rq));
    }

    @Override
    public MayQueue mayQueue(Task task, Op op, int flags) {
        return mayQueueAnswer;
    }

    @Override
    public Request findFrontMerge(Bio bio) {
        for (Request rq : fifo) {
            if (rq.op() == bio.op() && rq.sector() == bio.endSector()) {
                return rq;
            }
        }
        return null;
    }

    @Override
    public boolean allowMerge(Request rq, Bio bio) {
        return !vetoMerges;
    }

    @Override
    public void merged(Request rq, boolean front) {
        log.add((front ? "frontMerged " : "backMerged ") + name(rq));
    }

    @Override
    public void requestsMerged(Request rq, Request next) {
        fifo.remove(next);
        log.add("requestsMerged " + name(rq) + " " + name(next));
    }

    @Override
    public Request formerRequest(Request rq) {
        Request best = null;
        for (Request r : fifo) {
            if (r != rq && r.op() == rq.op() && r.sector() < rq.sector() && (best == null || r.sector() > best.sector())) {
                best = r;
            }
        }
        return best;
    }

    @Override
    public Request latterRequest(Request rq) {
        Request best = null;
        for (Request r : fifo) {
            if (r != rq && r.op() == rq.op() && r.sector() > rq.sector() && (best == null || r.sector() < best.sector())) {
                best = r;
            }
        }
        return best;
    }

    @Override
    public void add(Request rq) {
        fifo.add(rq);
        log.add("add " + name(rq));
    }

    @Override
    public int dispatch(boolean force) {
        if ((hold && !force) || fifo.isEmpty()) {
            return 0;
        }
        int moved = 0;
        do {
            Request rq = fifo.remove(0);
            if (dispatchAddTail) {
                context.dispatchAddTail(rq);
            } else {
                context.dispatchSort(rq);
            }
            moved++;
        } while (dispatchAll && !fifo.isEmpty());
        return moved;
    }

    /** Releases a held scheduler and asks the queue to run. */
    void release() {
        hold = false;
        context.kick();
    }

    @Override
    public boolean hasQueued() {
        return !fifo.isEmpty();
    }

    @Override
    public void activate(Request rq) {
        log.add("activate " + name(rq));
    }

    @Override
    public void deactivate(Request rq) {
        log.add("deactivate " + name(rq));
    }

    @Override
    public void completed(Request rq) {
        log.add("completed " + name(rq));
    }

    @Override
    public void taskExit(Task task) {
        log.add("taskExit " + task.pid());
    }

    List<String> hooks(String prefix) {
        List<String> out = new ArrayList<>();
        for (String s : log) {
            if (s.startsWith(prefix)) {
                out.add(s);
            }
        }
        return out;
    }
}
